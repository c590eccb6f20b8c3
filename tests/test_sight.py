"""Sight lines (`seen(g[r, c])`, `sight(g[r, c])`) on small grids: every exact backend finds the
solutions the rule itself gives, enumerated here in Python over the grid's cells (not over the IR),
and brute force over the IR agrees. The rows cover each comparison, a view as a number (added up,
compared with a variable), views inside conditions and quantifiers, grids that start anywhere, values
other than 0 and 1, black cells of a shape, and the cells in sight of a bound cell."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from brute import brute_force

from cspdsl.api import loads, solve
from cspdsl.backends import exact_backends

Values = dict[str, int]
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


WAYS = {"right": 0, "down": 1, "left": 2, "up": 3}


def in_view(v: Values, grid: str, r: int, c: int, way: str | None = None) -> list[str]:
    """The cells (r, c) of `grid` sees, itself first: every cell up to one other than 0, a black cell
    (no variable) or the edge; none from a cell other than 0. Along one way: those cells, not itself."""
    def open_cell(i: int, j: int) -> bool:
        return v.get(f"{grid}[{i},{j}]", 1) == 0

    if not open_cell(r, c):
        return []
    cells = [f"{grid}[{r},{c}]"] if way is None else []
    for dr, dc in STEPS if way is None else [STEPS[WAYS[way]]]:
        i, j = r + dr, c + dc
        while open_cell(i, j):
            cells.append(f"{grid}[{i},{j}]")
            i, j = i + dr, j + dc
    return cells


def seen(v: Values, grid: str, r: int, c: int, way: str | None = None) -> int:
    return len(in_view(v, grid, r, c, way))


def lamps_in_sight(v: Values, grid: str, r: int, c: int, way: str | None = None) -> int:
    """The lamps (1s) that (r, c) sees through the cells that have a variable (the walls have none)."""
    walls = {name: 0 for name in v if name.startswith(f"{grid}[")}
    return sum(v[name] for name in in_view(walls, grid, r, c, way))


# name -> (model, the rule over the values of the model's shown variables)
ROWS: dict[str, tuple[str, Callable[[Values], bool]]] = {
    "equal": ("var b[1..3, 1..3] in bool\nseen(b[2, 2]) == 5\n", lambda v: seen(v, "b", 2, 2) == 5),
    "at-most-and-more-than": ("var b[1..3, 1..3] in bool\nseen(b[1, 1]) <= 3\nseen(b[3, 3]) > 2\n",
                              lambda v: seen(v, "b", 1, 1) <= 3 and seen(v, "b", 3, 3) > 2),
    "constant-first": ("var b[1..2, 1..3] in bool\n4 == seen(b[1, 2])\n", lambda v: seen(v, "b", 1, 2) == 4),
    "not-equal-and-less": ("var b[1..2, 1..3] in bool\nseen(b[2, 3]) != 0\nseen(b[1, 1]) < 3\n",
                           lambda v: seen(v, "b", 2, 3) != 0 and seen(v, "b", 1, 1) < 3),
    "added-up": ("var b[1..3, 1..3] in bool\nseen(b[1, 1]) + seen(b[3, 3]) == 6\n",
                 lambda v: seen(v, "b", 1, 1) + seen(v, "b", 3, 3) == 6),
    "against-a-variable": ("var b[1..2, 1..3] in bool\nvar k in 0..4\nseen(b[1, 2]) == k + 1\n",
                           lambda v: seen(v, "b", 1, 2) == v["k"] + 1),
    "against-a-cell": ("var b[1..2, 1..2] in 0..2\nseen(b[1, 1]) >= b[2, 2]\n",
                       lambda v: seen(v, "b", 1, 1) >= v["b[2,2]"]),
    "in-conditions": ("var b[1..3, 1..3] in bool\nif b[1, 1] == 0 then seen(b[1, 1]) >= 4\n"
                      "not (seen(b[2, 2]) == 1)\nexactly 1 of [seen(b[1, 3]) == 3, seen(b[3, 1]) == 3]\n",
                      lambda v: (v["b[1,1]"] != 0 or seen(v, "b", 1, 1) >= 4) and seen(v, "b", 2, 2) != 1
                      and (seen(v, "b", 1, 3) == 3) + (seen(v, "b", 3, 1) == 3) == 1),
    "under-a-forall": ("var b[1..2, 1..3] in bool\nforall r in 1..2, c in 1..3: seen(b[r, c]) != 2\n",
                       lambda v: all(seen(v, "b", r, c) != 2 for r in (1, 2) for c in (1, 2, 3))),
    "from-zero-other-values": ("var g[0..1, 0..2] in 0..2\nseen(g[0, 0]) == 3\n", lambda v: seen(v, "g", 0, 0) == 3),
    "black-cells-block": ('var s in bool shape """\n. # .\n. . .\n. . #\n"""\nseen(s[2, 1]) == 4\nseen(s[1, 3]) <= 2\n',
                          lambda v: seen(v, "s", 2, 1) == 4 and seen(v, "s", 1, 3) <= 2),
    "cells-in-sight": ('var lamp in bool shape """\n. . #\n. # .\n. . .\n"""\nsum(sight(lamp[1, 1])) == 1\n'
                       "sum(sight(lamp[3, 3])) <= 1\n",
                       lambda v: lamps_in_sight(v, "lamp", 1, 1) == 1 and lamps_in_sight(v, "lamp", 3, 3) <= 1),
    "one-way": ("var b[1..3, 1..4] in bool\nseen(b[2, 2], right) == 1\nseen(b[2, 2], up) + seen(b[2, 3], down) >= 1\n"
                "seen(b[3, 4], left) < 2\n",
                lambda v: seen(v, "b", 2, 2, "right") == 1
                and seen(v, "b", 2, 2, "up") + seen(v, "b", 2, 3, "down") >= 1 and seen(v, "b", 3, 4, "left") < 2),
    "cells-in-sight-one-way": ('var lamp in bool shape """\n. . . #\n. # . .\n"""\nsum(sight(lamp[1, 1], right)) == 1\n'
                               "sum(sight(lamp[2, 3], up)) + sum(sight(lamp[2, 3], left)) == 0\n",
                               lambda v: lamps_in_sight(v, "lamp", 1, 1, "right") == 1
                               and lamps_in_sight(v, "lamp", 2, 3, "up") == 0
                               and lamps_in_sight(v, "lamp", 2, 3, "left") == 0),
    "cells-in-sight-of-a-bound-cell": ('var lamp in bool shape """\n. . .\n# . .\n"""\n'
                                       "forall cell in lamp.cells: sum(sight(cell)) >= 1\n"
                                       "forall cell in lamp.cells: if cell == 1 then sum(sight(cell)) == 1\n",
                                       lambda v: all(lamps_in_sight(v, "lamp", r, c) >= 1 and
                                                     (v[f"lamp[{r},{c}]"] == 0 or lamps_in_sight(v, "lamp", r, c) == 1)
                                                     for r, c in [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3)])),
}


def rule_solutions(text: str, rule: Callable[[Values], bool]) -> set[tuple[int, ...]]:
    """The assignments of the model's shown variables that the rule accepts, in the model's order."""
    problem = loads(text, "sight.puz").problem
    names = list(problem.outputs)
    domains = [problem.variables[name].domain for name in names]
    return {values for values in itertools.product(*domains) if rule(dict(zip(names, values, strict=True)))}


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("row", sorted(ROWS))
def test_every_backend_sees_what_the_rule_sees(row: str, backend: str) -> None:
    text, rule = ROWS[row]
    expected = rule_solutions(text, rule)
    assert expected, f"{row}: the rule accepts nothing, a row that cannot tell backends apart"
    model = loads(text, "sight.puz")
    result = solve(model, backend, limit=None)
    assert result.complete
    assert {model.problem.project(s) for s in result.solutions} == expected


@pytest.mark.parametrize("row", sorted(ROWS))
def test_brute_force_over_the_ir_agrees_with_the_rule(row: str) -> None:
    text, rule = ROWS[row]
    assert brute_force(loads(text, "sight.puz").problem) == rule_solutions(text, rule)


def test_a_clue_compared_with_a_constant_adds_no_variable() -> None:
    problem = loads("var b[1..3, 1..3] in bool\nseen(b[2, 2]) == 5\n", "sight.puz").problem
    assert len(problem.variables) == 9


def test_a_view_as_a_number_adds_a_variable_for_each_cell_it_may_see() -> None:
    problem = loads("var b[1..3, 1..3] in bool\nseen(b[2, 2]) + 0 == 5\n", "sight.puz").problem
    assert len(problem.variables) == 9 + 5  # the cell itself and the 4 cells along its lines


# The k-th cell (r, c) sees in a 3x3 grid without walls: itself, then right, down, left and up.
IN_ORDER = {1: "g[2,2]", 2: "g[2,3]", 3: "g[3,2]", 4: "g[2,1]", 5: "g[1,2]"}


@pytest.mark.parametrize("k", sorted(IN_ORDER))
def test_the_cells_in_sight_are_the_cell_then_right_down_left_up(k: int) -> None:
    model = loads(f"var g[1..3, 1..3] in bool\nsum(g) == 1\nsight(g[2, 2])[{k}] == 1\n", "sight.puz")
    result = solve(model, "sat", limit=None)
    assert result.complete and [name for name, value in result.solutions[0].items() if value] == [IN_ORDER[k]]


def test_a_white_cells_view_is_itself_and_its_four_ways() -> None:
    ways = " + ".join(f"seen(b[2, 2], {way})" for way in WAYS)
    text = f"var b[1..3, 1..3] in bool\nb[2, 2] == 0\nseen(b[2, 2]) == 1 + {ways}\n"
    result = solve(loads(text, "sight.puz"), "sat", limit=None)
    assert result.complete and result.count == 2**8  # every shading of the other eight cells
