"""Neighbourhoods: which cells of a grid or a board are next to each other, as pairs (`g.adjacent`,
`g.touching`) and as the list of one cell's neighbours (`neighbours(g[r, c])`, `around(g[r, c])`).

"No two stars touch, not even diagonally" is then one line, `forall p in s.touching: sum(p) <= 1`,
not a quantifier over every direction with its edge cases. A grid's cells are adjacent when they share
a side and touching when they share a side or a corner (a king's move). A board's are the ones its
drawing puts next to each other: the cells joined by a drawn line when it has connectors; else the
cells one step apart on its scaled lattice, along a row or column of a square drawing (and also
slanted, for touching), or the six around a cell of a hexagonal one (rows offset by half a step).
Along a line, `segments(b.lines, k)` gives the runs of k cells that follow each other, both ways.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from ..core.static_types import Any

Pairs = list[list[str]]
SQUARE_SIDES = ((0, 1), (1, 0))
SQUARE_CORNERS = ((1, 1), (1, -1))
HEX_STEPS = ((0, 2), (1, 1), (1, -1))


def grid_neighbourhoods(ranges: list[list[int]], cells: dict[tuple[int, ...], str]) -> dict[str, Pairs]:
    """`adjacent` and `touching` of a grid, each pair once in reading order of its first cell (a 1-D
    array is one row); black cells (absent from `cells`) have no neighbours."""
    positions = [first_places(r) for r in ranges]
    places = {_place(positions, index): var for index, var in cells.items()}
    return {"adjacent": _pairs(places, SQUARE_SIDES), "touching": _pairs(places, SQUARE_SIDES + SQUARE_CORNERS)}


def first_places(indices: list[int]) -> dict[int, int]:
    """Each index's place in its range (the first, if it is written twice), looked up in constant time."""
    places: dict[int, int] = {}
    for place, index in enumerate(indices):
        places.setdefault(index, place)
    return places


def _place(positions: list[dict[int, int]], index: tuple[int, ...]) -> tuple[int, int]:
    """Where an index sits: its (row, column) by position in the index ranges, not by value."""
    if len(index) == 1:
        return (0, positions[0][index[0]])
    return (positions[0][index[0]], positions[1][index[1]])


def board_neighbourhoods(lattice: dict[tuple[int, int], str], lines: Iterable[list[str]] | None) -> dict[str, Pairs]:
    """`adjacent` and `touching` of a board: the consecutive cells of its drawn `lines`, or (no
    connectors: `lines` is None) the cells one step apart on its lattice."""
    if lines is not None:
        where = {name: place for place, name in lattice.items()}
        drawn = {tuple(sorted(pair, key=where.__getitem__)) for line in lines for pair in itertools.pairwise(line)}
        pairs = [list(pair) for pair in sorted(drawn, key=lambda pair: (where[pair[0]], where[pair[1]]))]
        return {"adjacent": pairs, "touching": pairs}
    if len({(r + c) % 2 for r, c in lattice}) == 1 and len(lattice) > 1:  # a hexagonal lattice
        hexagonal = _pairs(lattice, HEX_STEPS)
        return {"adjacent": hexagonal, "touching": hexagonal}
    return {"adjacent": _pairs(lattice, SQUARE_SIDES), "touching": _pairs(lattice, SQUARE_SIDES + SQUARE_CORNERS)}


def _pairs(places: dict[tuple[int, int], str], steps: tuple[tuple[int, int], ...]) -> Pairs:
    """Each cell with the cells a step away, forward (so each pair once), in reading order."""
    found = []
    for (r, c), var in sorted(places.items()):
        for dr, dc in steps:
            other = places.get((r + dr, c + dc))
            if other is not None:
                found.append([var, other])
    return found


def neighbours_of(pairs: Pairs, order: list[str]) -> dict[str, list[str]]:
    """Each cell's neighbours (the cells paired with it), in `order`: the grid's or board's cells in
    reading order."""
    rank = {cell: i for i, cell in enumerate(order)}
    found: dict[str, list[str]] = {cell: [] for cell in order}
    for a, b in pairs:
        found[a].append(b)
        found[b].append(a)
    return {cell: sorted(near, key=rank.__getitem__) for cell, near in found.items()}


def segments(lines: list[list[Any]], length: int) -> list[list[Any]]:
    """`segments(b.lines, k)`: every run of `length` (at least 1) consecutive cells along each line,
    in both directions (the jumps of peg solitaire are the segments of 3 of the board's lines)."""
    found: list[list[Any]] = []
    for cells in lines:
        for i in range(len(cells) - length + 1):
            run = cells[i : i + length]
            found.append(run)
            if length > 1:
                found.append(run[::-1])
    return found
