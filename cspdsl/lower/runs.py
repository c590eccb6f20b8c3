"""Grids with black cells (kakuro): the shape drawn as a picture of '#' and '.', read against the
grid's index ranges, and the runs its rows and columns split into at the black cells. A black cell
has no variable at all, so nothing can be said about it by mistake; its rows and columns are not
whole lines any more, so a shaped grid offers its runs in their place."""

from __future__ import annotations

from ..core.errors import CspdslError
from ..core.static_types import Any
from ..syntax import ast
from .context import error
from .neighbours import grid_neighbourhoods

BLACK = "#"
NO_LINES = "a grid with black cells has no whole lines or boxes; its groups are across, down, runs and cells"


def picture_ranges(s: ast.ShapedVarDecl) -> list[list[int]]:
    """The index ranges 1..R and 1..C of a shape drawn without dims; its rows must be as long."""
    rows = s.picture.rows
    if not rows:
        raise error("the shape is empty", s.picture)
    for row in rows[1:]:
        if len(row.cells) != len(rows[0].cells):
            raise error(f"shape row has {len(row.cells)} cells; its first row has {len(rows[0].cells)}", row.span)
    return [list(range(1, len(rows) + 1)), list(range(1, len(rows[0].cells) + 1))]


def white_cells(s: ast.ShapedVarDecl, ranges: list[list[int]]) -> list[tuple[int, int]]:
    """The indices of the shape's cells that are not black, in reading order; the picture must have
    the grid's shape."""
    if len(ranges) != 2:
        raise error("a shape is drawn for a grid of two dimensions", s.dims[0] if s.dims else s)
    rows = s.picture.rows
    expected = f"{len(ranges[0])}x{len(ranges[1])}"
    if len(rows) != len(ranges[0]):
        span = rows[len(ranges[0])].span if len(rows) > len(ranges[0]) else s.picture.span
        raise error(f"shape has {len(rows)} rows; '{s.name}' is {expected}", span)
    for row in rows:
        if len(row.cells) != len(ranges[1]):
            raise error(f"shape row has {len(row.cells)} cells; '{s.name}' is {expected}", row.span)
    return [
        (ranges[0][r], ranges[1][c])
        for r, row in enumerate(rows)
        for c, cell in enumerate(row.cells)
        if cell.char != BLACK
    ]


def run_groups(ranges: list[list[int]], cells: dict[tuple[int, ...], str]) -> dict[str, Any]:
    """The groups of a grid with black cells: its runs of two or more cells side by side, across
    (row by row, left to right) and down (in the reading order of their first cells), and its cells;
    rows, columns, diagonals and boxes say why they are missing."""
    rows, cols = ranges
    across = [run for r in rows for run in _runs([(r, c) for c in cols], cells)]
    down_by_column = [run for c in cols for run in _runs([(r, c) for r in rows], cells)]
    down = [run for _, run in sorted((_place(run[0], ranges), run) for run in down_by_column)]
    return {
        "rows": NO_LINES, "columns": NO_LINES, "diagonals": NO_LINES, "boxes": NO_LINES,
        "cells": [[cells[(r, c)] for r in rows for c in cols if (r, c) in cells]],
        "across": [[cells[i] for i in run] for run in across],
        "down": [[cells[i] for i in run] for run in down],
        "runs": [[cells[i] for i in run] for run in across + down],
        **grid_neighbourhoods(ranges, cells),
    }


def _place(index: tuple[int, int], ranges: list[list[int]]) -> tuple[int, int]:
    """Where an index is in reading order: its row's and its column's positions in the ranges."""
    return ranges[0].index(index[0]), ranges[1].index(index[1])


def _runs(line: list[tuple[int, int]], cells: dict[tuple[int, ...], str]) -> list[list[tuple[int, int]]]:
    """The stretches of two or more white cells of a line, between its black cells."""
    runs: list[list[tuple[int, int]]] = [[]]
    for index in line:
        if index in cells:
            runs[-1].append(index)
        elif runs[-1]:
            runs.append([])
    return [run for run in runs if len(run) >= 2]


def black_cell(name: str, index: tuple[int, ...], at: ast.Node | Any, hint: str | None = None) -> CspdslError:
    """The error for a black cell named where a cell is needed."""
    text = ",".join(map(str, index))
    return error(f"{name}[{text}] is a black cell ('#' in its shape): it has no variable", at, hint)
