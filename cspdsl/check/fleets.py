"""Pieces placed on a grid of cell variables, checked from the cells alone: each cell's value is 1
exactly where a placed piece covers it, and no two pieces touch where the model says they may not
(side by side, or at a corner too).

It shares no code with the lowering that wrote the counts (`lower/fleets.py`)."""

from __future__ import annotations

from ..lower.layout import Tiling

Assignment = dict[str, int]
Cell = tuple[int, int]
BESIDE = [(0, 1), (1, 0)]
AT_CORNERS = [(1, 1), (1, -1)]


def grid_faults(tiling: Tiling, solution: Assignment) -> list[str]:
    """What is wrong with the grid's cells and the pieces' touching, in words; [] when nothing is."""
    if not tiling.cells:
        return []
    owner: dict[Cell, int] = {}
    placed = [cells for var, (_, cells) in tiling.placements.items() if solution.get(var) == 1]
    for n, cells in enumerate(placed):
        owner.update((cell, n) for cell in cells)
    faults = [f"cell {cell} is {solution.get(var)}, but {'a piece covers it' if cell in owner else 'no piece does'}"
              for cell, var in tiling.cells.items() if solution.get(var) != (1 if cell in owner else 0)]
    steps = {"no_touching": BESIDE + AT_CORNERS, "no_side_touching": BESIDE, "": []}[tiling.apart]
    for (r, c), n in sorted(owner.items()):
        for dr, dc in steps:
            other = owner.get((r + dr, c + dc))
            if other is not None and other != n:
                faults.append(f"two pieces touch at {(r, c)} and {(r + dr, c + dc)}")
    return faults
