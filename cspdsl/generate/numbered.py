"""New puzzles of a model whose clues are numbers in its own clue lines (`lines.py`): killer cages'
and kakuro sums, KenKen's products, Skyscrapers' counts, a nonogram's runs.

The model without those lines is the base: its solutions are drawn as a grid's are
(`solution.random_solution`, on the one clue session of `clues.py`), or come from a picture the
setter draws (a nonogram's image). Each clue line then gets the numbers the solution gives it, the
text is lowered once with all of them, each line behind a selector of its own
(`explanation.oracle.ClueOracle`, clue numbers mapped to lines by span), and the lines are dropped in
an order drawn from the seed while the solution stays the only one. What is left is minimal: each
line kept was needed with more lines around it than at the end. The text is the model's, the
numbers changed where they stand and the dropped lines removed, read back and solved afresh."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..backends import Assignment
from ..core.deadline import check_deadline
from ..core.errors import CspdslError, InternalError
from ..explanation.clues import cut
from ..explanation.oracle import ClueOracle
from ..lower import Lowered
from ..lower.layout import Grid
from ..lower.load import loads
from ..syntax.plain import parse_model
from .clues import GivenClues
from .givens import GENERATED_MARK, nothing_to_generate
from .lines import NumberLine, Numbers, clue_text, number_lines, reader, rewritten
from .solution import check_unique, random_solution

# Random solutions drawn for one seed before the model is said to have none its clue lines make unique.
TRIES = 300
# A picture's cells: shaded, blank, or a number of the cell's domain.
PICTURE_SYMBOLS = {"#": 1, ".": 0}


def clues_text(count: int) -> str:
    return f"{count} clue" if count == 1 else f"{count} clues"


class NoNumberLines(CspdslError):
    """The model has no clue line of numbers (it may still have clue lists: `letlists.py`)."""


class NumberedGenerator:
    """A model's generator for its number clue lines: the lines, the base's session, and the picture
    every puzzle is drawn from (None: a random solution each seed)."""

    def __init__(self, model: Lowered, picture: str | None = None) -> None:
        self.name, self.text = model.name, model.text
        tree = parse_model(self.text, self.name)
        oracle = ClueOracle(model.problem)
        oracle.close()
        by_line = {clue.span.line: clue for clue in oracle.clues if clue.span is not None}
        self.lines: list[NumberLine] = []
        self.readers = []
        for line in number_lines(tree):
            read = reader(line, by_line[line.line]) if line.line in by_line else None
            if read is not None:
                self.lines.append(line)
                self.readers.append(read)
        if not self.lines:
            error = nothing_to_generate(tree, self.text, self.name)
            raise NoNumberLines(error.message, error.span, error.hint)
        numbered = {by_line[line.line].number for line in self.lines}
        base = cut(model.problem, {clue.number for clue in oracle.clues} - numbered)
        self.session = GivenClues(base, list(base.outputs))
        self.picture = None if picture is None else drawn(self.session, picture, model.layout.grids)

    def puzzle(self, seed: int) -> tuple[str, list[str]]:
        """(the text of this seed's puzzle, its clue lines as written): a fact of the model and the seed."""
        rng = random.Random(seed)
        for solution in solutions_tried(self.session, self.picture, rng):
            numbers = {i: read(solution) for i, read in enumerate(self.readers)}
            kept = self.minimal(numbers, solution, rng)
            if kept is not None:
                break
        else:
            if self.picture is not None:
                raise CspdslError("the picture's clue lines, all of them given, leave the puzzle more than one "
                                  "solution: this picture makes no puzzle with one answer")
            raise CspdslError(f"none of {TRIES} random solutions is made unique by the model's clue lines, "
                              "all of them given: there is no puzzle of this model to make")
        chosen = {i: numbers[i] for i in kept}
        header = f"{GENERATED_MARK} --seed {seed}: {clues_text(len(chosen))}"
        text = rewritten(self.text, self.lines, chosen, header)
        check_unique(text, self.name, solution)
        return text, [clue_text(self.lines[i], chosen[i]) for i in sorted(chosen)]

    def minimal(self, numbers: dict[int, Numbers], solution: Assignment, rng: random.Random) -> list[int] | None:
        """The lines kept (indices into `lines`, in order): every line with its numbers to start with,
        then each dropped in turn, in an order drawn from `rng`, while `solution` stays the only one;
        None when all of them leave more than one."""
        text = rewritten(self.text, self.lines, numbers, None)
        oracle = ClueOracle(loads(text, self.name).problem)
        try:
            number = {clue.span.line: clue.number for clue in oracle.clues if clue.span is not None}
            ours = {i: number[line.line] for i, line in enumerate(self.lines) if line.line in number}
            fixed = [clue.number for clue in oracle.clues if clue.number not in ours.values()]
            if not holds_of(oracle, [*fixed, *ours.values()], solution):
                raise InternalError("the clue lines' numbers read off a solution do not hold of it")
            if not oracle.unique([*fixed, *ours.values()], solution):
                return None
            kept = set(ours)  # a line whose numbers always hold posts nothing, and goes at once
            for i in rng.sample(sorted(ours), len(ours)):
                check_deadline()
                if oracle.unique([*fixed, *(ours[j] for j in kept if j != i)], solution):
                    kept.discard(i)
            return sorted(kept)
        finally:
            oracle.close()

    def close(self) -> None:
        self.session.close()


def drawn(session: GivenClues, picture: str, grids: list[Grid]) -> Assignment:
    """The solution of the base that the picture draws (its first grid, a cell a symbol)."""
    if not grids:
        raise CspdslError("--picture draws a grid of variables, and the model declares none")
    cells = picture_cells(picture, grids[0])
    if not session.holds(cells):
        raise CspdslError(f"the picture is not a solution of the model without its clues "
                          f"(of '{grids[0].name}'): there is no puzzle with this picture")
    return session.found()


def picture_cells(picture: str, grid: Grid) -> dict[str, int]:
    """The grid's cells as a picture draws them: a row a line (blank lines skipped), a cell a symbol
    (`#` shaded, `.` blank, or a number), apart or run together."""
    rows = [_symbols(line) for line in picture.splitlines() if line.strip()]
    ranges = grid.index_ranges
    shape = (len(ranges[0]), len(ranges[-1])) if len(ranges) == 2 else (1, len(ranges[0]))
    if (len(rows), *{len(row) for row in rows}) != shape:
        raise CspdslError(f"the picture is {len(rows)} rows of {', '.join(sorted({str(len(r)) for r in rows}))} "
                          f"cells; '{grid.name}' is {shape[0]} rows of {shape[1]}")
    cells: dict[str, int] = {}
    for r, row in enumerate(rows):
        for c, symbol in enumerate(row):
            index = (ranges[0][r], ranges[1][c]) if len(ranges) == 2 else (ranges[0][c],)
            var = grid.cells.get(index)
            if var is not None:
                cells[var] = _symbol(symbol, r + 1, c + 1)
    return cells


def _symbols(line: str) -> list[str]:
    tokens = line.split()
    return tokens if len(tokens) > 1 else list(tokens[0])


def _symbol(symbol: str, row: int, column: int) -> int:
    if symbol in PICTURE_SYMBOLS:
        return PICTURE_SYMBOLS[symbol]
    if symbol.lstrip("-").isdigit():
        return int(symbol)
    raise CspdslError(f"the picture's row {row}, cell {column} is '{symbol}': a cell is `#`, `.` or a number")


def holds_of(oracle: ClueOracle, numbers: list[int], solution: Assignment) -> bool:
    """Whether these clues (and the declarations) hold of the solution."""
    session = oracle.session
    placed = [session.literal(var, solution[var]) for var in oracle.problem.outputs]
    return session.solve([*placed, *(oracle.selector[n] for n in sorted(numbers))])


def solutions_tried(session: GivenClues, picture: Assignment | None, rng: random.Random) -> Iterator[Assignment]:
    """The solutions a seed's puzzle is tried from: the setter's picture alone, else up to TRIES random
    solutions; a run's --timeout is looked at between two of them."""
    for _ in range(1 if picture is not None else TRIES):
        check_deadline()
        yield picture if picture is not None else random_solution(session, rng)[1]

