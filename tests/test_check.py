"""The independent checker, and the guarantee that no unchecked solution is ever shown."""

from __future__ import annotations

from typing import ClassVar

import pytest

from cspdsl import api, ir
from cspdsl.backends import REGISTRY, Compiled, Outcome
from cspdsl.ir.check import holds, violated


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


class LyingBackend:
    """A backend with a bug: it returns an assignment that breaks the model."""

    name = "liar"
    exact = True
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
