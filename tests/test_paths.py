"""Open paths written as the cells' numbers: `paths(g, ends)` (Numberlink) and `numbered_path(g)`
(Numbrix, Hidato with `around`) on small grids. Every exact backend finds the fillings the rule itself
gives, enumerated here in Python by walking each path from one end (not over the IR), brute force
over the IR agrees, the genre models have their published answers, and bad uses are errors at their
place."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from brute import brute_force
from helpers import run_cli

from cspdsl.api import load, loads, solve
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError

GENRES = Path(__file__).resolve().parent.parent / "models" / "genres"
Cell = tuple[int, int]
SIDES = ((0, 1), (1, 0), (0, -1), (-1, 0))
AROUND = (*SIDES, (1, 1), (1, -1), (-1, 1), (-1, -1))


def beside(a: Cell, b: Cell, steps: tuple[Cell, ...] = SIDES) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in steps


def walks_from_end_to_end(cells: set[Cell], start: Cell, end: Cell) -> bool:
    """The cells, walked from `start` one neighbour at a time, are one path to `end` that never runs
    beside itself: each cell on it has no neighbour among the cells but the one before and after it."""
    order, here = [start], start
    while here != end:
        ahead = [c for c in cells if beside(here, c) and c not in order]
        if len(ahead) != 1:
            return False
        here = ahead[0]
        order.append(here)
    if set(order) != cells:
        return False
    return all(beside(a, b) == (abs(i - j) == 1) for (i, a), (j, b) in itertools.combinations(enumerate(order), 2))


def linked(ends: list[list[int]]) -> Callable[[dict[Cell, int]], bool]:
    """Numberlink's rule over a filling: each number's cells walk from one of its ends to the other."""
    places = {(r + 1, c + 1): k for r, row in enumerate(ends) for c, k in enumerate(row) if k}

    def rule(g: dict[Cell, int]) -> bool:
        if any(g[p] != k for p, k in places.items()):
            return False
        if any(k and k not in places.values() for k in g.values()):
            return False
        for k in set(places.values()):
            a, b = sorted(p for p, v in places.items() if v == k)
            if not walks_from_end_to_end({p for p, v in g.items() if v == k}, a, b):
                return False
        return True

    return rule


def numbered(steps: tuple[Cell, ...]) -> Callable[[dict[Cell, int]], bool]:
    """Numbrix's rule: 1..n once each, each number beside the one before it."""
    def rule(g: dict[Cell, int]) -> bool:
        at = {v: p for p, v in g.items()}
        if sorted(at) != list(range(1, len(g) + 1)):
            return False
        return all(beside(at[k], at[k + 1], steps) for k in range(1, len(g)))
    return rule


def grid_text(ends: list[list[int]]) -> str:
    return "[" + ", ".join("[" + ", ".join(map(str, row)) + "]" for row in ends) + "]"


# name -> (model, rows, columns, the rule over g's values by cell)
ROWS: dict[str, tuple[str, int, int, Callable[[dict[Cell, int]], bool]]] = {
    "two-paths-3x3": ("var g[1..3, 1..3] in 0..2\npaths(g, [[1, 0, 2], [0, 0, 0], [1, 0, 2]])\n", 3, 3,
                      linked([[1, 0, 2], [0, 0, 0], [1, 0, 2]])),
    "no-empty-cell": ("var g[1..2, 1..4] in 1..2\npaths(g, [[1, 0, 0, 1], [2, 0, 0, 2]])\n", 2, 4,
                      linked([[1, 0, 0, 1], [2, 0, 0, 2]])),
    "one-path-2x4": ("var g[1..2, 1..4] in 0..1\npaths(g, [[1, 0, 0, 0], [0, 0, 0, 1]])\n", 2, 4,
                     linked([[1, 0, 0, 0], [0, 0, 0, 1]])),
    "numbrix-2x3": ("var g[1..2, 1..3] in 1..6\nnumbered_path(g)\n", 2, 3, numbered(SIDES)),
    "numbrix-given": ("var g[1..3, 1..3] in 1..9\nnumbered_path(g)\ng[2, 2] == 1\n", 3, 3,
                      lambda g: numbered(SIDES)(g) and g[(2, 2)] == 1),
    "hidato-2x3": ("var g[1..2, 1..3] in 1..6\nnumbered_path(g, around)\ng[1, 1] == 1\n", 2, 3,
                   lambda g: numbered(AROUND)(g) and g[(1, 1)] == 1),
}


@cache
def rule_solutions(row: str) -> set[tuple[int, ...]]:
    text, rows, cols, rule = ROWS[row]
    problem = loads(text, "path.puz").problem
    names = list(problem.outputs)
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    assert names == [f"g[{r},{c}]" for r, c in cells]
    domain = problem.variables[names[0]].domain
    # A numbered path holds each number once: its fillings are among the orders of 1..n.
    fillings = (itertools.permutations(domain) if "numbered_path" in text
                else itertools.product(domain, repeat=len(cells)))
    return {values for values in fillings if rule(dict(zip(cells, values, strict=True)))}


@pytest.mark.parametrize("backend", exact_backends(partial=True))
@pytest.mark.parametrize("row", sorted(ROWS))
def test_every_backend_finds_the_paths_the_rule_allows(row: str, backend: str) -> None:
    text = ROWS[row][0]
    if backend not in exact_backends() and "paths(" in text:
        pytest.skip("cp has no connected areas: refused, below")
    expected = rule_solutions(row)
    assert expected, f"{row}: the rule accepts nothing, a row that cannot tell backends apart"
    model = loads(text, "path.puz")
    result = solve(model, backend, limit=None)
    assert result.complete
    assert {model.problem.project(s) for s in result.solutions} == expected


@pytest.mark.parametrize("row", ["one-path-2x4", "numbrix-2x3", "hidato-2x3"])
def test_brute_force_over_the_ir_agrees_with_the_rule(row: str) -> None:
    assert brute_force(loads(ROWS[row][0], "path.puz").problem) == rule_solutions(row)


def test_the_cp_backend_refuses_paths_with_its_message() -> None:
    with pytest.raises(CspdslError, match="no constraint for a connected area"):
        solve(loads(ROWS["two-paths-3x3"][0], "path.puz"), "cp", limit=None)


NUMBERLINK = ["11222", "21232", "21232", "21232", "22233"]


@pytest.mark.parametrize("backend", exact_backends())
def test_numberlink_has_its_published_answer(backend: str) -> None:
    result = solve(load(GENRES / "numberlink.puz"), backend, limit=None)
    assert result.complete and result.count == 1
    found = result.solutions[0]
    assert ["".join(str(found[f"link[{r},{c}]"]) for c in range(1, 6)) for r in range(1, 6)] == NUMBERLINK


HIDOKU = [[31, 32, 24, 23, 36, 37, 38], [30, 25, 33, 35, 22, 39, 40], [29, 27, 26, 34, 21, 20, 41],
          [28, 3, 2, 1, 18, 19, 42], [4, 5, 6, 17, 16, 15, 43], [10, 8, 7, 49, 14, 46, 44],
          [9, 11, 12, 13, 48, 47, 45]]


# csp and cp find no answer to the 7x7 in minutes (a disjunction a cell, no native path): sat and cpsat.
@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_hidoku_has_multi_puzzle_solvers_answer(backend: str) -> None:
    result = solve(load(GENRES / "hidoku.puz"), backend, limit=None)
    assert result.complete and result.count == 1
    found = result.solutions[0]
    assert [[found[f"number[{r},{c}]"] for c in range(1, 8)] for r in range(1, 8)] == HIDOKU


# multi-puzzle-solver's 3x3 toy Hidoku, on every backend: 9 . 1 / . 4 . / 6 . . has one answer.
def test_the_toy_hidoku_on_every_backend() -> None:
    text = ("var g[1..3, 1..3] in 1..9\nnumbered_path(g, around)\n"
            "g[1, 1] == 9\ng[1, 3] == 1\ng[2, 2] == 4\ng[3, 1] == 6\n")
    for backend in exact_backends(partial=True):
        result = solve(loads(text, "hidoku.puz"), backend, limit=None)
        assert result.complete and result.count == 1, backend
        assert [result.solutions[0][f"g[{r},{c}]"] for r in (1, 2, 3) for c in (1, 2, 3)] == [9, 8, 1, 7, 4, 2, 6, 5, 3]


ERRORS = {
    "one-end": ("var g[1..2, 1..3] in 0..3\npaths(g, [[1, 1, 3], [2, 0, 2]])\n",
                "m.puz:2:10: error: paths(g, ends): a path has two ends, and 3 stands in 1 cell of ends"),
    "ends-shape": ("var g[1..2, 1..3] in 0..3\npaths(g, [[1, 1], [2, 2]])\n",
                   "m.puz:2:10: error: paths(g, ends): ends must be a grid of numbers of g's shape, 2 x 3"),
    "end-not-a-value": ("var g[1..2, 1..2] in 0..1\npaths(g, [[1, 1], [2, 2]])\n",
                        "m.puz:2:10: error: paths(g, ends): 2 is not a value of the cells of g"),
    "not-a-grid": ("var x in 0..1\npaths(x, [[1, 1]])\n",
                   "m.puz:2:7: error: paths: its first argument must be a var grid of two dimensions"),
    "numbers-too-large": ("var g[1..2, 1..2] in 1..5\nnumbered_path(g)\n",
                          "m.puz:2:15: error: numbered_path: the 4 cells of the grid hold 1..4"),
    "not-around": ("var g[1..2, 1..2] in 1..4\nnumbered_path(g, diagonal)\n",
                   "m.puz:2:18: error: numbered_path's second argument is the word around"),
    "in-a-condition": ("var g[1..2, 1..2] in 1..4\nnot numbered_path(g)\n",
                       "m.puz:2:5: error: numbered_path(...) is a clue of its own"),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_bad_uses_are_errors_at_their_place(name: str) -> None:
    text, message = ERRORS[name]
    with pytest.raises(CspdslError) as caught:
        loads(text, "m.puz")
    shown = caught.value.render()
    assert message in shown
    assert "^" in shown and "hint:" in shown


def test_the_command_line_says_a_bad_use_at_its_place_with_exit_2(tmp_path: Path) -> None:
    model = tmp_path / "m.puz"
    model.write_text(ERRORS["one-end"][0], encoding="utf-8")
    done = run_cli("solve", str(model))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{model}:2:10: error: paths(g, ends): a path has two ends" in done.stderr and "^" in done.stderr
