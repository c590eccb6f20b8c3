"""Regions drawn as a letter map over a grid (killer-sudoku cages, jigsaw regions, KenKen cages):
the picture read against the grid's shape, each letter's cells as a named group. A region must be
connected, side by side: in every puzzle drawn this way a region that falls apart is a slip of the
pen, so it is refused at the first cell, in reading order, that the region's first cell does not reach."""

from __future__ import annotations

from ..core.errors import CspdslError
from ..syntax import ast
from .context import error
from .values import Array, RegionsValue


def read_regions(s: ast.RegionsDecl, target: Array) -> RegionsValue:
    """The regions of a letter map drawn over `target`, checked for shape and connectedness."""
    _check_shape(s, target)
    places: dict[str, list[tuple[int, int]]] = {}
    spans: dict[tuple[int, int], ast.PictureCell] = {}
    for r, row in enumerate(s.picture.rows):
        for c, cell in enumerate(row.cells):
            places.setdefault(cell.char, []).append((r, c))
            spans[(r, c)] = cell
    regions = {}
    for letter in sorted(places):
        apart = _first_cell_apart(places[letter])
        if apart is not None:
            raise CspdslError(
                f"region {letter} is not connected: this {letter} does not reach the first {letter} side by side",
                spans[apart].span,
                "a region's cells touch side by side; give each part a letter of its own, and join "
                f"regions in a clue with '+' where one needs them together: sum({s.name}.A + {s.name}.B)",
            )
        regions[letter] = [_cell(target, r, c, spans[(r, c)]) for r, c in places[letter]]
    return RegionsValue(s.name, regions)


def _cell(target: Array, r: int, c: int, at: ast.PictureCell) -> str:
    """The variable at the picture's row r, column c (a 1-D array is one row)."""
    index = (target.ranges[0][c],) if len(target.ranges) == 1 else (target.ranges[0][r], target.ranges[1][c])
    if index not in target.cells:
        from .runs import black_cell

        raise black_cell(target.name, index, at)
    return target.cells[index]


def _check_shape(s: ast.RegionsDecl, target: Array) -> None:
    """The map has the rows and columns of the grid it divides (a 1-D array: one row)."""
    rows = s.picture.rows
    shape = [1, len(target.ranges[0])] if len(target.ranges) == 1 else [len(r) for r in target.ranges]
    expected = f"{shape[0]}x{shape[1]}" if len(target.ranges) == 2 else f"1 row of {shape[1]}"
    if len(rows) != shape[0]:
        span = rows[shape[0]].span if len(rows) > shape[0] else s.picture.span
        raise error(f"region map has {len(rows)} rows; '{s.grid}' is {expected}", span)
    for row in rows:
        if len(row.cells) != shape[1]:
            raise error(f"region map row has {len(row.cells)} cells; '{s.grid}' is {expected}", row.span)


def _first_cell_apart(cells: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The first cell, in reading order, that the region's first cell cannot reach side by side."""
    inside = set(cells)
    reached, stack = {cells[0]}, [cells[0]]
    while stack:
        r, c = stack.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in inside and near not in reached:
                reached.add(near)
                stack.append(near)
    return next((cell for cell in cells if cell not in reached), None)


def letters_text(letters: list[str]) -> str:
    """Region letters as a person writes them: runs of consecutive letters as A..K."""
    runs: list[list[str]] = []
    for letter in letters:
        if runs and ord(letter) == ord(runs[-1][-1]) + 1:
            runs[-1].append(letter)
        else:
            runs.append([letter])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}..{run[-1]}" for run in runs)


def region_group(value: RegionsValue, node: ast.Member) -> list[str] | list[list[str]]:
    """`cage.A`: the cells of region A; `cage.regions`: every region, in letter order."""
    if node.name == "regions":
        return list(value.regions.values())
    if node.name in value.regions:
        return value.regions[node.name]
    raise CspdslError(
        f"no region {node.name}; the regions of '{value.name}' are {letters_text(list(value.regions))}",
        node.name_span,
    )
