"""Grids, boards and pieces: named groups of a grid, lines of an ASCII-art board derived from its
geometry, and the placing of pieces with copies and alternative values."""

from __future__ import annotations

import math
from collections.abc import Callable

from .. import ir
from ..core.errors import Span
from ..core.static_types import Any


def box_shape(ranges: list[list[int]]) -> tuple[int, int] | None:
    if len(ranges) != 2 or len(ranges[0]) != len(ranges[1]):
        return None
    side = math.isqrt(len(ranges[0]))
    return (side, side) if side > 1 and side * side == len(ranges[0]) else None


# The groups of a grid of two dimensions, which a grid of more has not.
PLANE_GROUPS = ("rows", "columns", "diagonals", "boxes", "adjacent", "touching")


def array_groups(
    ranges: list[list[int]], cells: dict[tuple[int, ...], str], box: tuple[int, int] | None
) -> dict[str, Any]:
    """Named groups of an array: cells, adjacent and touching pairs; and of a 2-D grid: rows, columns,
    diagonals, boxes. An array of three or more dimensions has its cells."""
    from .neighbours import grid_neighbourhoods

    if len(ranges) == 1:
        return {"cells": [list(cells.values())], **grid_neighbourhoods(ranges, cells)}
    if len(ranges) > 2:  # its lines are slices: g[i, j, ..]
        missing = "an array of three or more dimensions has cells; take its lines as slices: g[i, j, ..]"
        return {"cells": [list(cells.values())], **dict.fromkeys(PLANE_GROUPS, missing)}
    rows, cols = ranges
    groups: dict[str, Any] = {
        "rows": [[cells[(r, c)] for c in cols] for r in rows],
        "columns": [[cells[(r, c)] for r in rows] for c in cols],
        "cells": [list(cells.values())],
    }
    groups["diagonals"] = _diagonals(rows, cols, cells)
    groups["boxes"] = _boxes(rows, cols, cells, box)
    groups.update(grid_neighbourhoods(ranges, cells))
    return groups


def _diagonals(rows: list[int], cols: list[int], cells: dict[tuple[int, ...], str]) -> list[list[str]] | str:
    """The two diagonals of a square grid; of another grid, why it has none."""
    if len(rows) != len(cols):
        return "only a square grid has diagonals"
    return [
        [cells[(rows[i], cols[i])] for i in range(len(rows))],
        [cells[(rows[i], cols[len(cols) - 1 - i])] for i in range(len(rows))],
    ]


def _boxes(
    rows: list[int], cols: list[int], cells: dict[tuple[int, ...], str], box: tuple[int, int] | None
) -> list[list[str]] | str:
    """The boxes of a grid with a box shape, row by row; of another grid, why it has none."""
    if box is None:
        return "boxes need a square grid whose side is a square number (4, 9, 16, ...)"
    h, w = box
    return [
        [cells[(rows[br + i], cols[bc + j])] for i in range(h) for j in range(w)]
        for br in range(0, len(rows), h)
        for bc in range(0, len(cols), w)
    ]


def piece_kinds(pieces: list[tuple[tuple[int, ...], int]]) -> dict[tuple[int, ...], int]:
    """Identical pieces as one kind: a kind's values, sorted -> its copies (the MiniZinc export
    writes the same kinds)."""
    kinds: dict[tuple[int, ...], int] = {}
    for alternatives, copies in pieces:
        key = tuple(sorted(alternatives))
        kinds[key] = kinds.get(key, 0) + copies
    return kinds


def place(
    problem: ir.Problem,
    pieces: list[tuple[tuple[int, ...], int]],
    cells: list[str],
    span: Span,
    new_name: Callable[[str], str],
) -> None:
    """Each cell holds one piece, in one of its orientations; each piece is used once.

    Identical pieces form one kind with a number of copies, so swapping two of them never makes a
    new solution. When the kinds' values do not overlap, a cell's value tells its kind, and counting
    the cells of each kind is enough; otherwise an auxiliary kind variable per cell is linked to the
    cell's value by a table.
    """
    kinds = piece_kinds(pieces)
    all_values = sorted({v for key in kinds for v in key})
    for cell in cells:
        problem.post(ir.InSet(cell, tuple(all_values)), span)
    disjoint = len(all_values) == sum(len(key) for key in kinds)
    if disjoint:
        for key, copies in kinds.items():
            problem.post(ir.Count(tuple(ir.InSet(c, key) for c in cells), "==", copies), span)
        return
    _count_kinds_by_variables(problem, kinds, cells, span, new_name)


def _count_kinds_by_variables(
    problem: ir.Problem,
    kinds: dict[tuple[int, ...], int],
    cells: list[str],
    span: Span,
    new_name: Callable[[str], str],
) -> None:
    """Kinds whose values overlap: a kind variable per cell, tied to the cell's value by a table,
    and the kinds' copies counted over those variables."""
    kind_ids = list(range(len(kinds)))
    allowed = tuple((i, v) for i, key in enumerate(kinds) for v in key)
    kind_vars = []
    for cell in cells:
        kind_var = new_name("kind")
        problem.add_var(kind_var, tuple(kind_ids), output=False)
        problem.post(ir.Table((kind_var, cell), allowed), span)
        kind_vars.append(kind_var)
    for i, copies in zip(kind_ids, kinds.values(), strict=False):
        problem.post(ir.Count(tuple(ir.InSet(k, (i,)) for k in kind_vars), "==", copies), span)
