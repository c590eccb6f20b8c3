"""Every IR constraint kind is handled everywhere: by every dispatch table in the package, and by every
backend, at the top level and inside a condition. A new kind (docs/architecture.md, "Adding a constraint
kind") starts by adding its row to SAMPLES; these tests and tests/test_kind_places.py (each exact
backend, the checkers, the evaluators) then name each place that still lacks it.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from brute import make_problem

import cspdsl
from cspdsl.backends import REGISTRY, backend_class, get_backend
from cspdsl.backends.base import Translator, Unsupported
from cspdsl.check.problem import holds, violated
from cspdsl.ir import (
    CONDITION_KINDS,
    DISPATCH_TABLES,
    FALSE,
    GLOBAL_KINDS,
    KINDS,
    AllDifferent,
    And,
    Connected,
    Constraint,
    Count,
    InSet,
    InvalidProblem,
    Linear,
    Not,
    Or,
    Posted,
    Product,
    Regular,
    Table,
    Var,
    by_kind,
    kinds,
    validate,
)

DOMAINS = {"a": (1, 2, 3), "b": (1, 2, 3), "c": (0, 1, 2)}

# One constraint of each kind (with some solutions and some non-solutions over DOMAINS).
SAMPLES: dict[type, Constraint] = {
    AllDifferent: AllDifferent(("a", "b", "c")),
    Table: Table(("a", "c"), ((1, 0), (3, 2), (2, 2))),
    # An automaton over a, c, b (deterministic, not layered: a state may be met at any position).
    Regular: Regular(
        ("a", "c", "b"),
        ((0, 1, 1), (0, 2, 1), (0, 3, 2), (1, 0, 1), (1, 1, 2), (1, 2, 2), (1, 3, 3), (2, 0, 0), (2, 1, 2), (2, 2, 3)),
        0,
        (1, 3),
    ),
    Product: Product("b", ("a", "c")),
    Linear: Linear(((1, "a"), (2, "b"), (-1, "c")), "<=", 4),
    InSet: InSet("b", (1, 3)),
    Count: Count((InSet("a", (1,)), Linear(((1, "b"), (-1, "c")), "==", 1), InSet("c", (0,))), ">=", 2),
    And: And((InSet("a", (2, 3)), Linear(((1, "b"), (1, "c")), "!=", 3))),
    Or: Or((InSet("a", (1,)), InSet("c", (2,)))),
    Not: Not(Linear(((1, "a"), (-1, "b")), "==", 0)),
    # A path a - b - c: the nodes that hold must be one stretch of it.
    Connected: Connected((InSet("a", (1, 2)), InSet("b", (1,)), InSet("c", (0, 1))), ((0, 1), (1, 2))),
}
GLOBALS = GLOBAL_KINDS  # the kinds with TOP_LEVEL_ONLY (ir.validate)


def test_every_kind_has_a_sample() -> None:
    assert set(SAMPLES) == set(KINDS)


def _import_everything() -> None:
    for module in pkgutil.walk_packages(cspdsl.__path__, "cspdsl."):
        if not module.name.endswith("__main__"):  # that one runs the command
            importlib.import_module(module.name)


def _translators() -> list[type[Translator[object]]]:
    """The package's translators, one per backend that translates constraint by constraint (the leaves
    of the class tree: a backend may build its translator from several parts)."""
    _import_everything()
    found, todo = [], list(Translator.__subclasses__())
    while todo:
        cls = todo.pop()
        parts = [sub for sub in cls.__subclasses__() if sub.__module__.startswith("cspdsl.")]
        if cls.__module__.startswith("cspdsl.") and not parts:
            found.append(cls)
        todo.extend(parts)
    return found


def test_every_dispatch_table_covers_every_kind() -> None:
    problem = make_problem(DOMAINS)
    translators = _translators()
    assert translators
    for cls in translators:
        cls(problem)  # type: ignore[arg-type]  # each backend's translator takes its problem
    assert DISPATCH_TABLES, "no table was built with by_kind"
    for where, table in DISPATCH_TABLES.items():
        assert set(table) == set(KINDS), where


def test_the_globals_are_the_kinds_that_say_so() -> None:
    assert set(GLOBALS) == {AllDifferent, Table, Regular, Product, Connected}
    assert set(CONDITION_KINDS) == set(KINDS) - set(GLOBALS)


def test_a_kind_without_its_traits_stops_the_import(monkeypatch: pytest.MonkeyPatch) -> None:
    class Element(Linear):  # inherits Linear's traits, declares none of its own
        pass

    monkeypatch.setattr(kinds, "KINDS", (*KINDS, Element))
    with pytest.raises(TypeError, match="IR kind Element must declare TOP_LEVEL_ONLY on its class"):
        kinds._check_traits()


def test_a_table_without_a_kind_is_refused_when_built() -> None:
    with pytest.raises(TypeError, match="missing Not"):
        by_kind("a test table", {kind: None for kind in KINDS if kind is not Not})


def test_something_that_is_no_kind_fails_at_the_dispatch() -> None:
    class Element(Linear):  # a kind that no table knows yet
        pass

    with pytest.raises(TypeError, match=r"check\.holds has no case for Element"):
        holds(Element(((1, "a"),), "==", 1), {"a": 1})


def test_every_translator_writes_the_kinds_without_a_default() -> None:
    """The base decomposes or combines every kind but sums and sets of values: how numbers are written
    is each backend's own, so each translator has both."""
    for cls in _translators():
        for name in ("reify_linear", "reify_in_set"):
            assert getattr(cls, name) is not getattr(Translator, name), f"{cls.__name__} lacks {name}"


@pytest.mark.parametrize("backend", [name for name in sorted(REGISTRY) if not backend_class(name).CAPABILITIES.exact])
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_every_local_search_finds_a_solution_of_every_kind(backend: str, kind: type) -> None:
    problem = make_problem(DOMAINS, SAMPLES[kind])
    outcome = get_backend(backend).solve(get_backend(backend).compile(problem), limit=1, timeout=60, seed=1)
    assert len(outcome.solutions) == 1 and violated(problem, outcome.solutions[0]) == []


@pytest.mark.parametrize("kind", GLOBALS, ids=lambda kind: kind.__name__)
def test_a_global_inside_a_condition_breaks_the_ir_rules(kind: type) -> None:
    for nested in (Or((SAMPLES[kind], FALSE)), Not(SAMPLES[kind])):
        with pytest.raises(InvalidProblem, match=f"internal: nested {kind.__name__}"):
            validate(make_problem(DOMAINS, nested))
    validate(make_problem(DOMAINS, And((SAMPLES[kind],))))  # a top-level and is the top level


def test_validate_refuses_what_no_backend_expects() -> None:
    undeclared = make_problem(DOMAINS, InSet("d", (1,)))
    with pytest.raises(InvalidProblem, match="undeclared variable 'd'"):
        validate(undeclared)
    with pytest.raises(InvalidProblem, match="unknown comparison '<'"):
        validate(make_problem(DOMAINS, Linear(((1, "a"),), "<", 2)))
    with pytest.raises(InvalidProblem, match="unknown comparison '<'"):  # a sum nested, checked the same
        validate(make_problem(DOMAINS, Or((InSet("a", (1,)), Linear(((1, "a"),), "<", 2)))))
    with pytest.raises(InvalidProblem, match="a constraint names the undeclared variable 'd'"):
        validate(make_problem(DOMAINS, And((Linear(((1, "a"), (-1, "d")), "!=", 2),))))
    with pytest.raises(InvalidProblem, match="does not fit"):
        validate(make_problem(DOMAINS, Table(("a", "b"), ((1,),))))


def test_a_problem_that_changed_since_it_passed_is_validated_again() -> None:
    """`validate` lets a problem that passed through at once only while it holds the same records."""
    problem = make_problem(DOMAINS, InSet("a", (1,)))
    validate(problem)
    validate(problem)
    problem.post(InSet("d", (1,)))
    with pytest.raises(InvalidProblem, match="undeclared variable 'd'"):
        validate(problem)
    problem.constraints[-1] = Posted(InSet("b", (1,)))
    validate(problem)
    problem.constraints[-1] = Posted(Linear(((1, "a"),), "<", 2))
    with pytest.raises(InvalidProblem, match="unknown comparison '<'"):
        validate(problem)
    problem.constraints.pop()
    problem.variables["a"] = Var("a", (2, 1))
    with pytest.raises(InvalidProblem, match="sorted and distinct"):
        validate(problem)


def test_a_translator_without_a_form_says_so() -> None:
    class Bare(Translator[int]):
        backend = "bare"

    with pytest.raises(Unsupported, match="backend 'bare' cannot express a sum inside a condition"):
        Bare(DOMAINS).post(Or((SAMPLES[Linear], FALSE)))
