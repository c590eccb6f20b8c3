"""Regions drawn as a map of labels over a grid (killer-sudoku cages, jigsaw regions, KenKen cages):
the picture read against the grid's shape, each label's cells as a named group. A label is a letter
or digit a cell, or, where a map has more regions than that, a word a cell separated by blanks (`AA
AB AC`, `10 11 12`): a row is read as words where its characters do not match the grid's width and its
words do. A region must be connected, side by side: in every puzzle drawn this way a region that falls
apart is a slip of the pen, so it is refused at the first cell, in reading order, that the region's
first cell does not reach."""

from __future__ import annotations

from ..core.errors import CspdslError
from ..syntax import ast
from .context import error
from .values import Array, RegionsValue


def read_regions(s: ast.RegionsDecl, target: Array) -> RegionsValue:
    """The regions of a map drawn over `target`, checked for shape and connectedness."""
    labelled = map_labels(s, target)
    places: dict[str, list[tuple[int, int]]] = {}
    spans: dict[tuple[int, int], ast.PictureCell] = {}
    for r, row in enumerate(labelled):
        for c, cell in enumerate(row):
            places.setdefault(cell.char, []).append((r, c))
            spans[(r, c)] = cell
    regions = {}
    for label in sorted(places, key=label_order):
        apart = _first_cell_apart(places[label])
        if apart is not None:
            raise CspdslError(
                f"region {label} is not connected: this {label} does not reach the first {label} side by side",
                spans[apart].span,
                "a region's cells touch side by side; give each part a label of its own, and join "
                f"regions in a clue with '+' where one needs them together: sum({s.name}.A + {s.name}.B)",
            )
        regions[label] = [_cell(target, r, c, spans[(r, c)]) for r, c in places[label]]
    return RegionsValue(s.name, regions)


def label_order(label: str) -> tuple[int, int, str]:
    """Regions in the order a person counts them: numbers by value, then words as spelt (A..Z, a..z, AA..)."""
    return (0, int(label), "") if label.isdigit() else (1, len(label), label)


def map_labels(s: ast.RegionsDecl, target: Array) -> tuple[tuple[ast.PictureCell, ...], ...]:
    """Each row's labels: its characters where they fit the grid's width, else its blank-separated
    words where those do; a row that fits neither way is an error at the row."""
    rows = s.picture.rows
    shape = [1, len(target.ranges[0])] if len(target.ranges) == 1 else [len(r) for r in target.ranges]
    expected = f"{shape[0]}x{shape[1]}" if len(target.ranges) == 2 else f"1 row of {shape[1]}"
    if len(rows) != shape[0]:
        span = rows[shape[0]].span if len(rows) > shape[0] else s.picture.span
        raise error(f"region map has {len(rows)} rows; '{s.grid}' is {expected}", span)
    labelled = []
    for row in rows:
        labels = row_labels(row, shape[1])
        if labels is None:
            raise CspdslError(
                f"region map row has {len(row.cells)} cells; '{s.grid}' is {expected}", row.span,
                "a label is one letter or digit a cell, or a word a cell with blanks between (AA AB AC)",
            )
        labelled.append(labels)
    return tuple(labelled)


def row_labels(row: ast.PictureRow, width: int) -> tuple[ast.PictureCell, ...] | None:
    """A map row's labels for a grid `width` cells wide: its characters, else its words; None if neither fits."""
    if len(row.cells) == width:
        return row.cells
    return row.words if len(row.words) == width else None


def _cell(target: Array, r: int, c: int, at: ast.PictureCell) -> str:
    """The variable at the picture's row r, column c (a 1-D array is one row)."""
    index = (target.ranges[0][c],) if len(target.ranges) == 1 else (target.ranges[0][r], target.ranges[1][c])
    if index not in target.cells:
        from .runs import black_cell

        raise black_cell(target.name, index, at)
    return target.cells[index]


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


def letters_text(labels: list[str]) -> str:
    """Region labels as a person writes them: runs of consecutive letters or numbers as A..K, 1..12."""
    runs: list[list[str]] = []
    for label in labels:
        if runs and _follows(runs[-1][-1], label):
            runs[-1].append(label)
        else:
            runs.append([label])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}..{run[-1]}" for run in runs)


def _follows(before: str, label: str) -> bool:
    """Whether `label` comes right after `before`: the next number, or the same word but for its last
    letter, the next one (B after A, AC after AB)."""
    if before.isdigit() and label.isdigit():
        return int(label) == int(before) + 1
    return len(before) == len(label) and before[:-1] == label[:-1] and ord(label[-1]) == ord(before[-1]) + 1


def region_group(value: RegionsValue, node: ast.Member) -> list[str] | list[list[str]]:
    """`cage.A`: the cells of region A; `cage.regions`: every region, in the labels' order."""
    if node.name == "regions":
        return list(value.regions.values())
    if node.name in value.regions:
        return value.regions[node.name]
    raise CspdslError(
        f"no region {node.name}; the regions of '{value.name}' are {letters_text(list(value.regions))}",
        node.name_span,
    )
