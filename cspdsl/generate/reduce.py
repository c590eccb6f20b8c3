"""The minimising loop: from every cell of a solution given, remove the givens one at a time in a
random order, keeping each removal that leaves the puzzle unique; with a symmetry, an orbit at a time
(`symmetry.orbits`: the cells the symmetry maps onto each other), so that the layout stays symmetric.

The result is minimal by construction: a given (an orbit) kept was needed when it was tried, with more
givens around it than at the end, so removing it from the end's fewer givens leaves a second solution
all the more. Each check is one solve of the clue session under assumptions (`clues.GivenClues`), its
answer a fact about the model: the same order gives the same givens whatever the solver."""

from __future__ import annotations

import random

from ..backends import Assignment
from ..core.errors import CspdslError
from .clues import GivenClues


def minimal_givens(clues: GivenClues, cells: dict[str, int], solution: Assignment,
                   rng: random.Random, orbits: list[tuple[str, ...]] | None = None) -> dict[str, int]:
    """A subset of the cells' values (`cells`, of `solution`) that only `solution` meets, in the
    cells' own order: a union of `orbits` (default: each cell its own) from which no orbit can be
    removed."""
    active = clues.other_than(solution)
    try:
        if not clues.unique_under(active, cells):
            raise CspdslError("even with every cell of its `given` grids given the model has more than one "
                              "solution: its givens cannot make it unique")
        kept = dict(cells)
        groups = orbits if orbits is not None else [(var,) for var in cells]
        for orbit in rng.sample(groups, len(groups)):
            trial = {name: value for name, value in kept.items() if name not in orbit}
            if clues.unique_under(active, trial):
                kept = trial
        return {var: value for var, value in cells.items() if var in kept}
    finally:
        clues.retire(active)
