"""Areas of a given size (`sized_areas(area, n[, borders])`, docs/language/areas.md) on small grids:
every exact backend finds the label grids the rule itself accepts, enumerated here in Python over the
cells' values (each area joined side by side by a flood fill, of n cells, numbered by its first cell,
its border counts kept), apart from the IR; brute force over the IR agrees on the smallest; bad uses
are located with a hint."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from brute import brute_force
from helpers import check_refuses

from cspdsl.api import loads, solve
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError

Place = tuple[int, int]


def areas_hold(labels: dict[Place, int], columns: int, size: int, borders: dict[Place, int]) -> bool:
    """Each label's cells are one area joined side by side, of `size` cells, labelled with its first
    cell's number in reading order (places from 0); each bordered cell has that many sides off its area."""
    groups: dict[int, set[Place]] = {}
    for q, label in labels.items():
        groups.setdefault(label, set()).add(q)
    for label, cells in groups.items():
        first = min(cells)
        if len(cells) != size or label != first[0] * columns + first[1] + 1:
            return False
        found, todo = {first}, [first]
        while todo:
            r, c = todo.pop()
            for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if q in cells and q not in found:
                    found.add(q)
                    todo.append(q)
        if found != cells:
            return False
    sides = lambda q: sum(labels.get(p) == labels[q] for p in ((q[0] - 1, q[1]), (q[0] + 1, q[1]),  # noqa: E731
                                                              (q[0], q[1] - 1), (q[0], q[1] + 1)))
    return all(4 - sides(q) == k for q, k in borders.items())


def model(rows: int, cols: int, size: int, borders: list[list[int]] | None = None, first: int = 1) -> str:
    ranges = f"{first}..{first + rows - 1}, {first}..{first + cols - 1}"
    if borders is None:
        return f"var a[{ranges}] in 1..{rows * cols}\nsized_areas(a, {size})\n"
    return f"let borders = {borders}\nvar a[{ranges}] in 1..{rows * cols}\nsized_areas(a, {size}, borders)\n"


# name -> (model, its cells' places (from 0) in the shown variables' order, columns, size, borders)
Row = tuple[str, list[Place], int, int, dict[Place, int]]


def grid(rows: int, cols: int) -> list[Place]:
    return [(r, c) for r in range(rows) for c in range(cols)]


def counted(borders: list[list[int]]) -> dict[Place, int]:
    return {(r, c): k for r, row in enumerate(borders) for c, k in enumerate(row) if k >= 0}


B2X3 = [[3, -1, -1], [-1, -1, -1]]  # two of the three answers of "trominoes"
ROWS: dict[str, Row] = {
    "dominoes": (model(2, 2, 2), grid(2, 2), 2, 2, {}),
    "trominoes": (model(2, 3, 3), grid(2, 3), 3, 3, {}),
    "with-borders": (model(2, 3, 3, B2X3), grid(2, 3), 3, 3, counted(B2X3)),
    "size-one": (model(2, 2, 1), grid(2, 2), 2, 1, {}),
    "not-dividing": (model(2, 2, 3), grid(2, 2), 2, 3, {}),
    "a-zero-is-no-way": (model(2, 3, 2, [[-1, -1, -1], [-1, 0, -1]]), grid(2, 3), 3, 2, {(1, 1): 0}),
    "indices-from-0": (model(2, 2, 2, [[3, -1], [-1, -1]], first=0), grid(2, 2), 2, 2, {(0, 0): 3}),
    "black-cells": ('var a in 1..6 shape """\n. . #\n# . .\n"""\nsized_areas(a, 2)\n',
                    [(0, 0), (0, 1), (1, 1), (1, 2)], 3, 2, {}),
}
SMALL = ("dominoes", "size-one", "not-dividing")
NO_WAY = ("not-dividing", "a-zero-is-no-way")


def rule_solutions(row: Row) -> set[tuple[int, ...]]:
    text, places, cols, size, borders = row
    problem = loads(text, "areas.puz").problem
    domains = [problem.variables[name].domain for name in problem.outputs]
    return {values for values in itertools.product(*domains)
            if areas_hold(dict(zip(places, values, strict=True)), cols, size, borders)}


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("row", sorted(ROWS))
def test_every_backend_finds_the_areas_the_rule_finds(row: str, backend: str) -> None:
    expected = rule_solutions(ROWS[row])
    assert bool(expected) == (row not in NO_WAY), f"{row}: the rule accepts {len(expected)} grids"
    lowered = loads(ROWS[row][0], "areas.puz")
    result = solve(lowered, backend, limit=None)
    assert result.complete
    assert {lowered.problem.project(s) for s in result.solutions} == expected


def test_the_rows_tell_sets_of_answers_apart() -> None:
    assert len(rule_solutions(ROWS["trominoes"])) == 3  # two rows, or two L shapes either way
    assert len(rule_solutions(ROWS["dominoes"])) == 2
    assert len(rule_solutions(ROWS["with-borders"])) == 2


@pytest.mark.parametrize("row", SMALL)
def test_brute_force_over_the_ir_agrees_with_the_rule(row: str) -> None:
    assert brute_force(loads(ROWS[row][0], "areas.puz").problem) == rule_solutions(ROWS[row])


def test_border_counts_drop_shapes_before_the_search() -> None:
    """A shape that breaks a count is never a variable: with a 0 in its middle cell, a 1x3 row's
    only area of 3 cells breaks it, and no shape is left."""
    free = loads(model(1, 3, 3), "a.puz").problem
    counted_ = loads(model(1, 3, 3, [[-1, 2, -1]]), "a.puz").problem
    assert len(free.variables) == len(counted_.variables) == 3 + 1
    assert loads(model(1, 3, 3, [[-1, 0, -1]]), "a.puz").problem.variables.keys() == {"a[1,1]", "a[1,2]", "a[1,3]"}


GRIDS = "var a[1..2, 1..2] in 1..4\nvar q[1..3] in 1..3\nlet borders = [[3, -1], [-1, -1]]\n"
HINT = ("hint: sized_areas(area, n) or sized_areas(area, n, borders): a var grid, the areas' size, and a "
        "constant grid of border counts (-1 for none)")
# name -> (the bad line, after GRIDS; its error, caret and hint)
ERRORS = {
    "in-a-condition": ("not sized_areas(a, 2)", [
        "m.puz:4:5: error: sized_areas(...) is a clue of its own: it cannot stand inside a condition or a value",
        " 4 | not sized_areas(a, 2)", "   |     ^^^^^^^^^^^^^^^^^",
        "hint: write it on a line of its own: sized_areas(area, n)"]),
    "one-argument": ("sized_areas(a)", [
        "m.puz:4:1: error: sized_areas takes two or three arguments, not 1", " 4 | sized_areas(a)",
        "   | ^^^^^^^^^^^^^^", HINT]),
    "of-a-row": ("sized_areas(q, 2)", [
        "m.puz:4:13: error: sized_areas(area, n): area must be a var grid of two dimensions",
        " 4 | sized_areas(q, 2)", "   |             ^", HINT]),
    "size-of-a-variable": ("sized_areas(a, q[1])", [
        "m.puz:4:16: error: sized_areas(area, n): n, the size of every area, must be a constant number of 1 or more",
        " 4 | sized_areas(a, q[1])", "   |                ^^^^", HINT]),
    "count-off-the-grid": ("sized_areas(a, 2, [[-1, -1, 2]])", [
        "m.puz:4:19: error: sized_areas: the border count at row 1, column 3 is off the grid",
        " 4 | sized_areas(a, 2, [[-1, -1, 2]])", "   |                   ^^^^^^^^^^^^^",
        "hint: the grid of counts has a row for each row of the grid and a number for each of its cells"]),
    "count-of-five": ("sized_areas(a, 2, [[5, -1]])", [
        "m.puz:4:19: error: sized_areas: a cell has 4 sides, so 5 is no border count",
        " 4 | sized_areas(a, 2, [[5, -1]])", "   |                   ^^^^^^^^^", "hint: a count is 0 to 4 (-1: none)"]),
    "count-of-a-variable": ("sized_areas(a, 2, [[a[1, 1], -1]])", [
        "m.puz:4:19: error: sized_areas: the border counts must be a grid of constant numbers (a list of rows)",
        " 4 | sized_areas(a, 2, [[a[1, 1], -1]])", "   |                   ^^^^^^^^^^^^^^^", HINT]),
    "too-few-values": ("sized_areas(q2, 2)", [
        "m.puz:5:13: error: sized_areas: the grid's values must include 1..4, the numbers of its cells in reading "
        "order (an area holds the number of its first cell)", " 5 | sized_areas(q2, 2)", "   |             ^^",
        "hint: declare it so: var ...[...] in 1..4"]),
    "misspelt": ("sized_area(a, 2)", [
        "m.puz:4:1: error: unknown function 'sized_area'", " 4 | sized_area(a, 2)", "   | ^^^^^^^^^^",
        "hint: did you mean 'sized_areas'?"]),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_a_bad_use_is_located_with_a_hint(case: str) -> None:
    line, expected = ERRORS[case]
    if case == "too-few-values":
        line = "var q2[1..2, 1..2] in 1..3\n" + line
    with pytest.raises(CspdslError) as caught:
        loads(GRIDS + line + "\n", "m.puz")
    assert caught.value.render() == "\n".join(expected)


def test_the_command_line_exits_2_on_a_bad_use(tmp_path: Path) -> None:
    path, said = check_refuses(tmp_path, GRIDS + "sized_areas(a)\n")
    assert said.startswith(f"{path}:4:1: error: sized_areas takes two or three arguments, not 1")
