"""Narrowing domains by top-level one-variable constraints keeps exactly the same solutions."""

from __future__ import annotations

from brute import brute_force, make_problem
from conftest import MODELS

from cspdsl.api import load
from cspdsl.ir import And, InSet, Linear, Not, Or
from cspdsl.presolve import narrow_domains

ABC = {"a": (1, 2, 3), "b": (1, 2, 3), "c": (0, 1, 2, 3)}


def test_unary_constraints_become_domains() -> None:
    problem = make_problem(
        ABC,
        InSet("a", (1, 2, 9)),
        Not(Linear(((2, "b"),), ">=", 5)),
        And((Not(Not(InSet("c", (0, 3)))), Linear(((1, "a"), (1, "b")), "==", 3))),
        Or((InSet("a", (1,)), InSet("c", (0,)))),
    )
    narrowed = narrow_domains(problem)
    assert narrowed.variables["a"].domain == (1, 2)
    assert narrowed.variables["b"].domain == (1, 2)
    assert narrowed.variables["c"].domain == (0, 3)
    assert [p.constraint for p in narrowed.constraints] == [
        Linear(((1, "a"), (1, "b")), "==", 3),
        Or((InSet("a", (1,)), InSet("c", (0,)))),
    ]
    assert brute_force(narrowed) == brute_force(problem)
    assert narrowed.outputs == problem.outputs


def test_contradicting_unary_constraints_empty_the_domain() -> None:
    narrowed = narrow_domains(make_problem(ABC, InSet("a", (1,)), Not(InSet("a", (1, 2)))))
    assert narrowed.variables["a"].domain == ()
    assert brute_force(narrowed) == set()


def test_the_tile_square_keeps_only_tile_values() -> None:
    problem = load(MODELS / "tiles.puz").problem
    narrowed = narrow_domains(problem)
    assert {len(v.domain) for v in narrowed.variables.values()} == {16}
    assert len(narrowed.constraints) == len(problem.constraints) - 16
