"""Sums too large for a decision diagram, written as binary numbers through adders
(`backends/sat/binary_sums.py`): exactly their solutions with every auxiliary variable defined (checked
by enumerating the CNF's models, with the diagrams' budget at nothing so that every sum takes adders),
and models that sat once refused solved as CP-SAT solves them."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_sat_backend import ABCD, assert_encodes

from cspdsl.api import load, loads, solve
from cspdsl.backends.sat import compile_cnf
from cspdsl.backends.sat.sums import SumClauses
from cspdsl.check.problem import violated
from cspdsl.ir import Count, InSet, Linear, Not, Or

DATA = Path(__file__).resolve().parent / "data"
OPS = ["==", "!=", "<=", ">="]
# Sums with coefficients of both signs and one larger than the others, and a variable whose values
# are not a range (`c`): each term's value goes in bits over its lowest value.
SUMS = [((2, "a"), (-1, "b"), (3, "c"), (1, "d")), ((37, "a"), (-21, "c")), ((-5, "b"), (-4, "c"), (100, "d"))]


@pytest.fixture
def adders_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SumClauses, "sum_diagram_edges", 0)


@pytest.mark.usefixtures("adders_only")
@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("rhs", [-200, -3, 0, 4, 7, 30, 137])
@pytest.mark.parametrize("terms", SUMS)
def test_sums_through_adders_have_exactly_their_solutions(
    terms: tuple[tuple[int, str], ...], op: str, rhs: int
) -> None:
    assert_encodes(ABCD, Linear(terms, op, rhs))
    assert_encodes(ABCD, Or((Linear(terms, op, rhs), InSet("a", (1,)))))
    assert_encodes(ABCD, Not(Linear(terms, op, rhs)))


@pytest.mark.usefixtures("adders_only")
@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("k", [0, 1, 2, 4])
def test_counts_through_adders_have_exactly_their_solutions(op: str, k: int) -> None:
    conds = (InSet("a", (1, 2)), InSet("b", (0,)), Not(InSet("c", (4,))), InSet("d", (1,)))
    assert_encodes(ABCD, Count(conds, op, k))


def test_the_cryptarithm_once_refused_has_cpsat_answer_on_sat() -> None:
    model = load(str(DATA / "cryptarithm_number_words.puz"))
    on_sat, on_cpsat = solve(model, "sat", limit=None), solve(model, "cpsat", limit=None)
    shown = [name for name in model.problem.variables if not name.startswith("_")]
    assert on_sat.found == on_cpsat.found == 1
    assert [on_sat.solutions[0][name] for name in shown] == [on_cpsat.solutions[0][name] for name in shown]
    assert len(compile_cnf(model.problem).cnf.clauses) < 5_000  # bits, not totals: a diagram took past 200,000 edges


# (case, model): sums whose diagrams pass 200,000 edges, once refused at their clue.
LARGE_SUMS = [
    ("five terms of 100 values",
     "var x[1..5] in 0..99\n137*x[1] + 251*x[2] + 391*x[3] + 517*x[4] + 613*x[5] == 54321\n"),
    ("twelve terms of 301 values", "var x[1..12] in 0..300\nsum([i * x[i] for i in 1..12]) <= 12345\nx[12] >= 75\n"),
    ("no solution", "var x[1..5] in 0..99\n200*x[1] + 400*x[2] + 600*x[3] + 800*x[4] + 1000*x[5] == 54321\n"),
]


@pytest.mark.parametrize(("case", "text"), LARGE_SUMS, ids=[case for case, _ in LARGE_SUMS])
def test_large_sums_are_solved_as_on_cpsat(case: str, text: str) -> None:
    model = loads(text, "m.puz")
    on_sat, on_cpsat = solve(model, "sat", limit=1), solve(model, "cpsat", limit=1)
    assert on_sat.status == on_cpsat.status and on_sat.found == on_cpsat.found
    for solution in on_sat.solutions:
        assert not violated(model.problem, solution)
