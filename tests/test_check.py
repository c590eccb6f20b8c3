"""The independent checker, and the guarantee that no unchecked solution is ever shown."""

from __future__ import annotations

from typing import ClassVar

import pytest
from helpers import MODELS

from cspdsl import api, ir
from cspdsl.backends import REGISTRY, Capabilities, Compiled, Outcome
from cspdsl.check.fast import WRITE_AFTER, all_hold_function, fast_test
from cspdsl.check.problem import holds, violated


def small_problem() -> ir.Problem:
    problem = ir.Problem()
    problem.add_var("x", (1, 2, 3))
    problem.add_var("y", (1, 2, 3))
    problem.post(ir.AllDifferent(("x", "y")))
    problem.post(ir.Linear(((1, "x"), (1, "y")), "==", 4))
    return problem


def test_holds_reads_each_constraint_kind():
    a = {"x": 1, "y": 3}
    assert holds(ir.AllDifferent(("x", "y")), a)
    assert holds(ir.Linear(((2, "x"), (-1, "y")), "<=", -1), a)
    assert not holds(ir.Linear(((2, "x"), (-1, "y")), ">=", 0), a)
    assert holds(ir.InSet("y", (2, 3)), a)
    assert holds(ir.Table(("x", "y"), ((1, 3), (2, 2))), a)
    assert holds(ir.Count((ir.InSet("x", (1,)), ir.InSet("y", (1,))), "==", 1), a)
    assert holds(ir.Or((ir.FALSE, ir.Not(ir.InSet("x", (2,))))), a)
    assert holds(ir.TRUE, a) and not holds(ir.FALSE, a)


def test_violated_names_the_broken_clue():
    problem = small_problem()
    assert violated(problem, {"x": 1, "y": 3}) == []
    broken = violated(problem, {"x": 2, "y": 2})
    assert [type(p.constraint) for p in broken] == [ir.AllDifferent]
    assert violated(problem, {"x": 9, "y": 3})[0].constraint == ir.InSet("x", (1, 2, 3))


KINDS_HELD = [  # (constraint, whether it holds under x = 1, y = 3)
    (ir.AllDifferent(("x", "y")), True),
    (ir.AllDifferent(("x", "x")), False),
    (ir.AllDifferent(()), True),
    (ir.Linear(((2, "x"), (-1, "y")), "<=", -1), True),
    (ir.Linear(((2, "x"), (-1, "y")), ">=", 0), False),
    (ir.Linear(((1, "x"),), "!=", 1), False),
    (ir.Linear((), "==", 0), True),
    (ir.InSet("y", (2, 3)), True),
    (ir.InSet("y", ()), False),
    (ir.Table(("x", "y"), ((1, 3), (2, 2))), True),
    (ir.Table(("x",), ((2,),)), False),
    (ir.Table((), ((),)), True),
    (ir.Count((ir.InSet("x", (1,)), ir.InSet("y", (1,))), "==", 1), True),
    (ir.Count((ir.InSet("x", (1,)), ir.InSet("y", (3,))), "<=", 1), False),
    (ir.Or((ir.FALSE, ir.Not(ir.InSet("x", (2,))))), True),
    (ir.And((ir.TRUE, ir.InSet("x", (2,)))), False),
    (ir.TRUE, True),
    (ir.FALSE, False),
]


@pytest.mark.parametrize(("constraint", "held"), KINDS_HELD)
def test_the_fast_path_agrees_with_the_walk_on_each_kind(constraint, held):
    problem = small_problem()
    problem.constraints.clear()
    problem.post(constraint)
    test = all_hold_function(problem)
    assert test is not None
    assert holds(constraint, {"x": 1, "y": 3}) is held
    assert test({"x": 1, "y": 3}) is held
    assert test({"x": 9, "y": 3}) is False and test({"x": 1}) is False  # a domain left, a variable missing


@pytest.mark.parametrize("name", ["einstein", "aristotle", "tiles", "kakuro4", "killer4", "sendmore"])
def test_the_fast_path_accepts_exactly_what_the_walk_accepts(name):
    """Each solution of the models, and each of them with one variable moved to another value."""
    import random

    model = api.load(MODELS / f"{name}.puz")
    problem = model.problem
    test = all_hold_function(problem)
    assert test is not None
    rng = random.Random(name)
    solutions = api.solve(model, limit=20).solutions
    for solution in solutions:
        for _ in range(20):
            changed = dict(solution)
            var = rng.choice(list(problem.variables.values()))
            changed[var.name] = rng.choice(var.domain)
            walked = not any(not holds(p.constraint, changed) for p in problem.constraints)
            assert test(changed) is walked
        assert test(solution) is True


def test_the_fast_path_of_one_variable_and_of_none():
    """The variables are read by one call when there are several; one alone, or none, are read too."""
    problem = ir.Problem()
    none = all_hold_function(problem)
    assert none is not None and none({}) is True
    problem.add_var("x", (1, 2, 3))
    problem.post(ir.InSet("x", (2, 3)))
    one = all_hold_function(problem)
    assert one is not None
    assert [one({"x": v}) for v in (1, 2, 3, 4)] == [False, True, True, False] and one({}) is False


def test_violated_takes_the_fast_path_after_a_few_dozen_checks_and_still_names_what_breaks():
    problem = small_problem()
    for _ in range(WRITE_AFTER + 1):
        assert violated(problem, {"x": 1, "y": 3}) == []
    assert fast_test(problem) is not None
    assert [type(p.constraint) for p in violated(problem, {"x": 2, "y": 2})] == [ir.AllDifferent]


class LyingBackend:
    """A backend with a bug: it returns an assignment that breaks the model."""

    name = "liar"
    exact = True
    CAPABILITIES = Capabilities(exact=True, optimises=False, plans=False, sequential_only=False, every_kind=True,
                                acyclic=False, incremental=False, forks=False)
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = {}

    def compile(self, problem: ir.Problem) -> Compiled:
        return Compiled(problem, None)

    def solve(self, compiled: Compiled, *, limit, timeout, seed, on_solution=None) -> Outcome:
        return Outcome([{"x": 2, "y": 2}], complete=True)


def test_a_solution_that_fails_the_check_is_an_internal_error(monkeypatch):
    monkeypatch.setitem(REGISTRY, "liar", ("test_check", "LyingBackend"))
    model = api.loads("var x in 1..3\nvar y in 1..3\nx + y == 4\nx != y\n", "m.puz")
    with pytest.raises(api.InternalError, match=r"breaks the clue at m.puz:4:1"):
        api.solve(model, "liar")
