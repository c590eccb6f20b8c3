"""New puzzles of a model: for each seed, a random full solution, the givens cut down to a minimal
set that only it meets, and the model's text with its `given` blocks showing them."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..core.errors import CspdslError
from ..core.limits import MAX_SEED
from ..core.record import Record
from ..ir import validate
from ..lower import Lowered
from .clues import GivenClues
from .givens import GENERATED_MARK, GivenBlocks, check_written
from .reduce import minimal_givens
from .solution import random_solution

# Seeds tried for each puzzle asked for, before a run of many says the model has too few puzzles.
SEEDS_A_PUZZLE = 10


class Generated(Record):
    """One new puzzle: the model's text with its new givens, the seed that makes it, its givens."""

    text: str
    seed: int
    givens: dict[str, int]


class Generator:
    """A model's generator: its `given` blocks, and the clue session on the model without them,
    compiled once for every puzzle."""

    def __init__(self, model: Lowered) -> None:
        if model.problem.sequential is not None:
            raise CspdslError("'cspdsl generate' takes a model solved as a whole, not a sequential puzzle")
        if model.problem.objective is not None:
            raise CspdslError("'cspdsl generate' makes puzzles with one solution, not a model with an objective")
        self.name = model.name
        self.blocks = GivenBlocks(model.text, model.name)
        base = self.blocks.base()
        validate(base.problem)
        self.grids = {grid.name: grid for grid in base.layout.grids}
        for decl in self.blocks.decls:
            if decl.name not in self.grids:
                raise CspdslError(f"generate fills the givens of a grid of variables; '{decl.name}' is not one",
                                  decl.name_span)
        self.clues = GivenClues(base.problem, self.blocks.cells(self.grids))

    def puzzle(self, seed: int) -> Generated:
        """The puzzle of this seed: a fact of the model and the seed alone."""
        rng = random.Random(seed)
        cells, solution = random_solution(self.clues, rng)
        givens = minimal_givens(self.clues, cells, solution, rng)
        header = f"{GENERATED_MARK} --seed {seed}: {givens_text(len(givens))}"
        text = self.blocks.rewritten(self.grids, givens, header)
        check_written(text, self.name, self.grids, givens)
        return Generated(text, seed, givens)

    def close(self) -> None:
        self.clues.close()


def givens_text(count: int) -> str:
    return f"{count} given" if count == 1 else f"{count} givens"


def generate(model: Lowered, count: int, seed: int) -> Iterator[Generated]:
    """`count` distinct puzzles of the model, from the seeds `seed`, `seed + 1`, ... (a seed whose
    puzzle came already is passed over), each its own seed's; fewer, with an error, when the model
    has too few."""
    generator = Generator(model)
    try:
        seen: set[tuple[tuple[str, int], ...]] = set()
        for tried in range(count * SEEDS_A_PUZZLE):
            if len(seen) == count:
                return
            puzzle = generator.puzzle((seed + tried) % (MAX_SEED + 1))
            key = tuple(sorted(puzzle.givens.items()))
            if key not in seen:
                seen.add(key)
                yield puzzle
        if len(seen) < count:
            raise CspdslError(f"only {len(seen)} different puzzles came from {count * SEEDS_A_PUZZLE} seeds: "
                              f"the model has too few for {count}")
    finally:
        generator.close()
