"""New puzzles of a model: for each seed, a random full solution, the givens cut down to a minimal
set that only it meets, and the model's text with its `given` blocks showing them; for a logic
grid, its clues replaced by a minimal set of new ones (`logic.py`); for a model of number clue lines
(cage sums, runs), new numbers in a minimal set of its lines (`numbered.py`), or in every item of
its clue lists (`letlists.py`); for a Futoshiki, new signs and givens (`signs.py`); for a Star
Battle, a new region map (`regions.py`)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator

from ..core.errors import CspdslError
from ..core.limits import MAX_SEED
from ..core.record import Record, field
from ..ir import validate
from ..lower import Lowered
from ..syntax import ast
from ..syntax.plain import parse_model
from .clues import GivenClues
from .difficulty import CANDIDATES, Level, NoCandidate, Rated, chosen, difficulty_text, rated
from .givens import GENERATED_MARK, GivenBlocks, check_written, picture_cells
from .letlists import ListsGenerator, clue_lists
from .lines import number_lines
from .logic import LogicGrid, clues_text
from .many import Spec, made
from .numbered import NoNumberLines, NumberedGenerator
from .reduce import minimal_givens
from .regions import RegionsGenerator, region_map
from .signs import SignsGenerator, sign_statements
from .solution import random_solution
from .symmetry import orbits

# Seeds tried for each puzzle asked for, before a run of many says the model has too few puzzles.
SEEDS_A_PUZZLE = 10


class Generated(Record):
    """One new puzzle: the model's text with its new givens or clues, the seed that makes it, and
    its givens (a grid's) or its clues (a logic grid's, as written)."""

    text: str
    seed: int
    givens: dict[str, int] = field(default_factory=dict)
    clues: tuple[str, ...] = ()
    difficulty: tuple[int, int] | None = None  # (the hardest step's size, all together), when asked for

    @property
    def summary(self) -> str:
        """`23 givens`, `17 clues` (and its difficulty when one was asked for): what its first line records."""
        said = clues_text(len(self.clues)) if self.clues else givens_text(len(self.givens))
        return said if self.difficulty is None else f"{said}, difficulty {self.difficulty[0]}"

    def key(self) -> tuple[object, ...]:
        """What tells two puzzles apart: their givens, or their clues in any order."""
        return tuple(sorted(self.clues)) if self.clues else tuple(sorted(self.givens.items()))


class Generator:
    """A model's generator: its `given` blocks, and the clue session on the model without them,
    compiled once for every puzzle."""

    def __init__(self, model: Lowered, symmetry: str = "none") -> None:
        _refuse_sequential_and_objective(model)
        self.name, self.symmetry = model.name, symmetry
        self.blocks = GivenBlocks(model.text, model.name)
        base = self.blocks.base()
        validate(base.problem)
        self.grids = {grid.name: grid for grid in base.layout.grids}
        for decl in self.blocks.decls:
            if decl.name not in self.grids:
                raise CspdslError(f"generate fills the givens of a grid of variables; '{decl.name}' is not one",
                                  decl.name_span)
        pictures = [(decl, picture_cells(decl, self.grids[decl.name])) for decl in self.blocks.decls]
        self.orbits = orbits(symmetry, pictures)
        self.clues = GivenClues(base.problem, self.blocks.cells(self.grids))

    def puzzle(self, seed: int) -> Generated:
        """The puzzle of this seed: a fact of the model and the seed alone."""
        rng = random.Random(seed)
        cells, solution = random_solution(self.clues, rng)
        givens = minimal_givens(self.clues, cells, solution, rng, self.orbits)
        flags = "" if self.symmetry == "none" else f" --symmetry {self.symmetry}"
        header = f"{GENERATED_MARK} --seed {seed}{flags}: {givens_text(len(givens))}"
        text = self.blocks.rewritten(self.grids, givens, header)
        check_written(text, self.name, self.grids, givens)
        return Generated(text, seed, givens)

    def close(self) -> None:
        self.clues.close()


class LogicGridGenerator:
    """A logic grid's generator, as `Generator` is a grid's: one puzzle a seed."""

    def __init__(self, model: Lowered) -> None:
        _refuse_sequential_and_objective(model)
        self.grid = LogicGrid(model)

    def puzzle(self, seed: int) -> Generated:
        text, clues = self.grid.puzzle(seed)
        return Generated(text, seed, clues=tuple(clues))

    def close(self) -> None:
        self.grid.close()


class FutoshikiGenerator:
    """A Futoshiki's generator (`signs.py`), as `Generator` is a grid's: one puzzle a seed."""

    def __init__(self, model: Lowered) -> None:
        _refuse_sequential_and_objective(model)
        self.signs = SignsGenerator(model)

    def puzzle(self, seed: int) -> Generated:
        text, clues = self.signs.puzzle(seed)
        return Generated(text, seed, clues=tuple(clues))

    def close(self) -> None:
        self.signs.close()


class RegionMapGenerator:
    """A Star Battle's generator (`regions.py`), as `Generator` is a grid's: one puzzle a seed."""

    def __init__(self, model: Lowered, decl: ast.RegionsDecl) -> None:
        _refuse_sequential_and_objective(model)
        self.regions = RegionsGenerator(model, decl)

    def puzzle(self, seed: int) -> Generated:
        text, rows = self.regions.puzzle(seed)
        return Generated(text, seed, clues=tuple(rows))

    def close(self) -> None:
        self.regions.close()


class NumberCluesGenerator:
    """A generator of new numbers for the model's clue lines (`numbered.py`), as `Generator` is a
    `given` block's: one puzzle a seed, all from `picture` when one is drawn."""

    def __init__(self, model: Lowered, picture: str | None = None) -> None:
        _refuse_sequential_and_objective(model)
        self.numbered: NumberedGenerator | ListsGenerator
        try:
            self.numbered = NumberedGenerator(model, picture)
        except NoNumberLines:  # its clue numbers may stand in `let` lists instead
            self.numbered = ListsGenerator(model, picture)

    def puzzle(self, seed: int) -> Generated:
        text, clues = self.numbered.puzzle(seed)
        return Generated(text, seed, clues=tuple(clues))

    def close(self) -> None:
        self.numbered.close()


AnyGenerator = Generator | LogicGridGenerator | NumberCluesGenerator | RegionMapGenerator | FutoshikiGenerator
Made = tuple[Generated, Rated | None]  # a seed's puzzle, and its rating when it was made with one


def generator_for(model: Lowered, picture: str | None = None, symmetry: str = "none") -> AnyGenerator:
    """A model with a `given` block makes grids with new givens (their layout symmetric as
    `symmetry` says); one of positions and attributes without it, logic grids with new clues; any
    other, new numbers for its number clue lines (from `picture`, a drawing of its grid's solution,
    when there is one)."""
    tree = parse_model(model.text, model.name)
    given = any(isinstance(s, ast.GivenDecl) for s in tree.statements)
    if picture is not None and given:
        raise CspdslError("--picture draws the solution of a model's number clue lines; this model has a "
                          "`given` block, whose givens generate draws itself")
    if given and sign_statements(tree, {s.name for s in tree.statements if isinstance(s, ast.GivenDecl)}):
        return _without_symmetry(FutoshikiGenerator(model), symmetry, "a Futoshiki's signs")
    if given:
        return Generator(model, symmetry)
    if model.layout.entities is not None:
        if picture is not None:
            raise CspdslError("--picture draws a grid's solution; this model is a logic grid")
        return _without_symmetry(LogicGridGenerator(model), symmetry, "a logic grid's lines")
    decl = region_map(tree)
    if decl is not None and not number_lines(tree) and not clue_lists(tree)[0]:
        if picture is not None:
            raise CspdslError("--picture draws the solution of a model's number clue lines; this model's clue "
                              "is its region map")
        return _without_symmetry(RegionMapGenerator(model, decl), symmetry, "a region map")
    # which says what there is to generate when there is nothing
    numbered = NumberCluesGenerator(model, picture)
    said = "clue lines of numbers" if isinstance(numbered.numbered, NumberedGenerator) else "numbers of `let` lists"
    return _without_symmetry(numbered, symmetry, said)


def _without_symmetry(generator: AnyGenerator, symmetry: str, clues: str) -> AnyGenerator:
    """The generator of a model without a `given` block, or the error when a symmetry is asked of it."""
    if symmetry == "none":
        return generator
    generator.close()
    raise CspdslError(f"--symmetry {symmetry} lays out the givens of a `given` block's grid; this model has no "
                      f"`given` block, its clues are {clues}", hint="leave --symmetry out for this model")


def _refuse_sequential_and_objective(model: Lowered) -> None:
    if model.problem.sequential is not None:
        raise CspdslError("'cspdsl generate' takes a model solved as a whole, not a sequential puzzle")
    if model.problem.objective is not None:
        raise CspdslError("'cspdsl generate' makes puzzles with one solution, not a model with an objective")


def givens_text(count: int) -> str:
    return f"{count} given" if count == 1 else f"{count} givens"


def generate(model: Lowered, count: int, seed: int, picture: str | None = None,
             difficulty: Level | None = None, symmetry: str = "none", workers: int | None = None,
             ray_address: str | None = None) -> Iterator[Generated]:
    """`count` distinct puzzles of the model, from the seeds `seed`, `seed + 1`, ... (a seed whose
    puzzle came already is passed over), each its own seed's; fewer, with an error, when the model
    has too few. `picture`: the solution every puzzle has, drawn (`numbered.picture_cells`).
    `difficulty`: each puzzle kept among candidates from the next seeds, as `difficulty.chosen` says.
    `symmetry`: the layout of a grid's givens (`symmetry.py`). `workers`, `ray_address`: where the
    seeds' puzzles are made (`many.made`); the same puzzles wherever."""
    generator = generator_for(model, picture, symmetry)
    tries = count * SEEDS_A_PUZZLE * (1 if difficulty is None else CANDIDATES)
    seeds = [(seed + tried) % (MAX_SEED + 1) for tried in range(tries)]
    spec = Spec(model.text, model.name, picture, symmetry, difficulty is not None)
    try:
        with contextlib.closing(made(spec, generator, generator_for, seeds, workers, ray_address)) as stream:
            seen: set[tuple[object, ...]] = set()
            fresh = _fresh(stream, seen)
            while len(seen) < count:
                puzzle = next(fresh, (None, None))[0] if difficulty is None else _at(difficulty, fresh, model.name)
                if puzzle is None:
                    raise CspdslError(f"only {len(seen)} different puzzles came from {tries} seeds: "
                                      f"the model has too few for {count}")
                seen.add(puzzle.key())
                yield puzzle
    finally:
        generator.close()


def _fresh(stream: Iterator[Made], seen: set[tuple[object, ...]]) -> Iterator[Made]:
    """The puzzles of the stream (with their ratings, when made with them), but those already `seen`."""
    for puzzle, rating in stream:
        if puzzle.key() not in seen:
            yield puzzle, rating


def _at(asked: Level, fresh: Iterator[Made], name: str) -> Generated | None:
    """The puzzle kept at the difficulty asked, its first line saying its difficulty; None when no
    candidate is left. A candidate rated where it was made is not rated again."""
    ratings: dict[str, Rated] = {}

    def candidates() -> Iterator[tuple[str, object]]:
        for puzzle, rating in fresh:
            if rating is not None:
                ratings[puzzle.text] = rating
            yield puzzle.text, puzzle

    def rate(text: str, name: str) -> Rated:
        return ratings.pop(text) if text in ratings else rated(text, name)

    try:
        kept, rating = chosen(asked, candidates(), name, rate)
    except NoCandidate:
        return None
    assert isinstance(kept, Generated)
    first, rest = kept.text.split("\n", 1)
    return Generated(f"{first}; {difficulty_text(rating)}\n{rest}", kept.seed, kept.givens, kept.clues,
                     (rating.hardest, rating.total))
