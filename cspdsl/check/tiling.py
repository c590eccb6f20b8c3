"""A tiling checked from its cells alone, apart from the IR's counts: the pieces a solution places
must be the model's shapes (as turned and flipped as allowed), each kind as often as it has copies,
covering each cell of the board once (at most once) and nothing outside it.

It shares no code with the lowering that wrote the counts (`lower/tilings.py`, `lower/polyominoes.py`),
so that a slip there is caught here rather than printed as a tiling."""

from __future__ import annotations

from collections import Counter

from ..lower.layout import Tiling
from .fleets import grid_faults

Assignment = dict[str, int]
Cell = tuple[int, int]
# The eight symmetries of the square as (row, column) -> (a*row + b*column, c*row + d*column).
TURNS = [(1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0)]
FLIPPED = [(a, -b, c, -d) for a, b, c, d in TURNS]


def _moved_to_corner(cells: list[Cell]) -> frozenset[Cell]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def _images(shape: tuple[Cell, ...], turns: bool, flips: bool) -> set[frozenset[Cell]]:
    """The shape as it may lie: the identity, the turns and the flips that are allowed."""
    maps = [m for m in TURNS if turns or m == TURNS[0]]
    if flips:
        maps += [m for m in FLIPPED if turns or m == FLIPPED[0]]
    return {_moved_to_corner([(a * r + b * c, cc * r + d * c) for r, c in shape]) for a, b, cc, d in maps}


def tiling_faults(tiling: Tiling, solution: Assignment) -> list[str]:
    """What is wrong with the tiling a solution makes, in words; [] when it is a tiling."""
    placed = [tiling.placements[var] for var in tiling.placements if solution.get(var) == 1]
    faults = []
    used = Counter(kind for kind, _ in placed)
    for kind, copies in tiling.copies.items():
        if used[kind] != copies:
            faults.append(f"shape {kind} is placed {used[kind]} times, not {copies}")
    for kind, cells in placed:
        if _moved_to_corner(list(cells)) not in _images(tiling.shapes[kind], tiling.turns, tiling.flips):
            faults.append(f"the cells {sorted(cells)} placed as {kind} are not its shape")
    covered = Counter(cell for _, cells in placed for cell in cells)
    board = set(tiling.board)
    faults += [f"cell {cell} is off the board" for cell in covered if cell not in board]
    faults += [f"cell {cell} is covered {n} times" for cell, n in covered.items() if n > 1]
    if tiling.exact:
        faults += [f"cell {cell} is not covered" for cell in tiling.board if cell not in covered]
    return faults + grid_faults(tiling, solution)
