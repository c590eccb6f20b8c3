"""The cp backend's own behaviour: N-queens as three all-differents, the views it makes of shifted
auxiliary variables, its options. Its answers against brute force and the other backends are in the
table-driven suites (test_exact_backends, test_agreement, test_counting, test_time_limits)."""

from __future__ import annotations

import pytest
from helpers import MODELS

from cspdsl.api import load, loads, solve
from cspdsl.backends import get_backend
from cspdsl.backends.cp.aliases import aliases
from cspdsl.core.errors import CspdslError


@pytest.mark.parametrize("n", [100, 200])
def test_queens_as_three_all_differents_reach_a_first_board_by_propagation(n: int) -> None:
    """The target of docs/performance.md: a first board of 100 and 200 queens, found with a handful of
    failures (the propagation does the work), and checked like every solution."""
    model = load(MODELS / "queens.puz", {"n": n})
    result = solve(model, "cp", limit=1)
    assert result.status == "solved" and len(result.solutions) == 1
    assert result.size == {"variables": n, "constraints": 3}
    assert result.stats["failures"] < 100


def test_eight_queens_in_both_forms_give_the_92_boards() -> None:
    pairwise = ("param n = 8\nvar q[1..n] in 1..n\nalldifferent(q)\n"
                "forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i\n")
    boards = [{tuple(s[f"q[{i}]"] for i in range(1, 9)) for s in solve(model, "cp", limit=None).solutions}
              for model in (load(MODELS / "queens.puz"), loads(pairwise))]
    assert len(boards[0]) == 92 and boards[0] == boards[1]


def test_shifted_auxiliary_variables_become_views() -> None:
    """`_expr#k - q[k] == k` makes `_expr#k` the view q[k] + k; the model's own variables never become
    views, and a variable is never a view of itself through a chain."""
    problem = load(MODELS / "queens.puz", {"n": 4}).problem
    found = aliases(problem)
    assert sorted((a.base, a.offset) for a in found.values()) == sorted(
        [(f"q[{i}]", i) for i in range(1, 5)] + [(f"q[{i}]", -i) for i in range(1, 5)])
    assert not set(found) & set(problem.outputs)
    chain = loads("var a in 1..5\nvar _b in 1..9\nvar _c in 1..9\n_b == a + 1\n_c == _b + 2\n_b == _c - 2\n").problem
    views = {name: (alias.base, alias.offset) for name, alias in aliases(chain).items()}
    assert views == {"_b": ("a", 1), "_c": ("a", 3)}
    result = solve(loads("var a in 1..5\nvar _b in 3..4\n_b == a + 1\n"), "cp", limit=None)
    assert sorted(s["a"] for s in result.solutions) == [2, 3]  # the view keeps _b's own domain


@pytest.mark.parametrize(("options", "message"), [
    ({"variables": "smallest"}, "option variables of backend 'cp' must be one of min-size, first, not 'smallest'"),
    ({"values": "median"}, "option values of backend 'cp' must be one of min, max, center, random, not 'median'"),
    ({"order": "first"}, "backend 'cp' has no option 'order'"),
])
def test_a_bad_option_is_refused_with_its_choices(options: dict[str, str], message: str) -> None:
    with pytest.raises(CspdslError) as caught:
        get_backend("cp", options)
    assert caught.value.message == message


@pytest.mark.parametrize("options", [{"variables": "first"}, {"values": "max"}, {"values": "center"},
                                     {"values": "random"}])
def test_every_search_order_finds_the_same_boards(options: dict[str, str]) -> None:
    model = load(MODELS / "queens.puz", {"n": 6})
    result = solve(model, "cp", limit=None, options=options, seed=7)
    assert result.count == 4


def test_a_random_first_value_follows_the_seed() -> None:
    model = load(MODELS / "queens.puz", {"n": 30})
    firsts = [solve(model, "cp", limit=1, options={"values": "random"}, seed=seed).solutions[0] for seed in (1, 1, 2)]
    assert firsts[0] == firsts[1]
