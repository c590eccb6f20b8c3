"""Offset variables (`y == x + c`) written on their base's literals (`backends/sat/offsets.py`): the
counts stay those of brute force and of CP-SAT, with negative offsets, chains of offsets and an
equality that contradicts the others; and the queens' CNF stays within a size its pair tables passed."""

from __future__ import annotations

import itertools

import pytest
from helpers import MODELS

from cspdsl.api import load, loads, solve
from cspdsl.backends.sat import compile_cnf, offsets
from cspdsl.driver.counting import count

# (case, model, the count by brute force). Domains of more than `offsets.ALIAS_MIN` values, so that
# the aliases are made.
OFFSET_MODELS = [
    (
        "all-different of negative and positive offsets",
        "var x[1..3] in 1..25\nalldifferent([x[i] - 7 * i for i in 1..3])\nalldifferent([x[i] + 2 for i in 1..3])\n"
        "x[1] + x[2] + x[3] == 30\n",
        sum(1 for x in itertools.product(range(1, 26), repeat=3)
            if sum(x) == 30 and len({x[i] - 7 * (i + 1) for i in range(3)}) == 3 and len(set(x)) == 3),
    ),
    (
        "a chain of offsets, one equality implied by the chain",
        "var a in 1..30\nvar b in 11..40\nvar c in 21..50\nb == a + 10\nc == b + 10\nc == a + 20\na + c <= 30\n",
        sum(1 for a in range(1, 31) if a + a + 20 <= 30),
    ),
    ("an equality the chain contradicts", "var a in 1..30\nvar b in 11..40\nb == a + 10\nb == a + 9\n", 0),
    (
        "offsets read back in a condition",
        "var a in 1..30\nvar b in -29..0\nb == a - 30\nb >= -3 or a == 1\n",
        sum(1 for a in range(1, 31) if a - 30 >= -3 or a == 1),
    ),
]


@pytest.mark.parametrize(("case", "text", "expected"), OFFSET_MODELS, ids=[case for case, _, _ in OFFSET_MODELS])
def test_offsets_on_their_base_keep_the_count(case: str, text: str, expected: int) -> None:
    model = loads(text, "m.puz")
    on_sat, on_cpsat = solve(model, "sat", limit=None), solve(model, "cpsat", limit=None)
    assert on_sat.found == on_cpsat.found == expected
    assert sorted(map(sorted, (s.items() for s in on_sat.solutions))) == sorted(
        map(sorted, (s.items() for s in on_cpsat.solutions))
    )


def test_the_offset_variables_take_no_literals_of_their_own() -> None:
    model = loads(OFFSET_MODELS[1][1], "m.puz")
    sat = compile_cnf(model.problem)
    a, b, c = (dict(sat.values[name]) for name in ("a", "b", "c"))
    assert all(b[v + 10] == a[v] and c[v + 20] == a[v] for v in a)
    found = offsets.offset_aliases(model.problem)
    assert found.base == {"b": ("a", 10), "c": ("a", 20)} and len(found.covered) == 3


# (n, the number of n-queens boards), with the aliases as they are (none below 21 values) and made for
# every domain (ALIAS_MIN 0).
QUEENS_COUNTS = [(8, 92), (10, 724)]


@pytest.mark.parametrize("alias_min", [offsets.ALIAS_MIN, 0])
@pytest.mark.parametrize(("n", "boards"), QUEENS_COUNTS)
def test_queens_counts_on_sat(n: int, boards: int, alias_min: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(offsets, "ALIAS_MIN", alias_min)
    assert count(load(str(MODELS / "queens.puz"), {"n": n}), "sat").count == boards


def test_queens_50_cnf_is_smaller_than_its_pair_tables() -> None:
    """The diagonals' offsets tabulated pair by pair took 21,343 variables and 70,889 clauses."""
    sat = compile_cnf(load(str(MODELS / "queens.puz"), {"n": 50}).problem)
    assert sat.cnf.num_vars <= 12_000 and len(sat.cnf.clauses) <= 42_000
