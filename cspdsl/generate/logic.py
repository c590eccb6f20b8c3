"""New logic grids of a model, in its own clue language: the model's positions and attributes kept,
its clues replaced by a minimal set of new ones that only a random solution meets.

For each seed: a random solution of the declarations alone (`solution.random_solution`, the same
draw as a grid's); every clue of the language's relations that it makes true (`relations.py`), all
lowered at once behind a selector each in one clue session (`explanation.oracle.ClueOracle`); then
the clues dropped one at a time, the kinds a puzzle book writes least first, each drop kept while the
solution stays the only one. What is left is minimal, so no clue follows from the others. The text
is the model's, its clue lines (and the comments among them) replaced by the new clues."""

from __future__ import annotations

import random

from ..backends import Assignment
from ..core.deadline import check_deadline
from ..core.errors import CspdslError, InternalError
from ..explanation.oracle import ClueOracle
from ..lower import Lowered
from ..lower.load import loads
from ..syntax import ast
from ..syntax.parser import parse
from .clues import GivenClues
from .givens import BOM, GENERATED_MARK
from .relations import KINDS, Candidate, candidates
from .solution import check_unique, random_solution

# How far a kind's rank is blurred when the clues are dropped in turn (KINDS: 0 kept longest, 9 dropped first).
BLUR = 4.0
# What a logic grid declares; every other statement of it is a clue, and is replaced.
DECLARATIONS = (ast.PuzzleDecl, ast.ParamDecl, ast.LetDecl, ast.PositionsDecl, ast.KeyDecl, ast.AttributeDecl,
                ast.QuestionDecl, ast.ShowDecl)


def clues_text(count: int) -> str:
    return f"{count} clue" if count == 1 else f"{count} clues"


class LogicGrid:
    """A logic-grid model's generator: its declarations' text and the session that draws solutions."""

    def __init__(self, model: Lowered) -> None:
        self.name, self.text = model.name, model.text.removeprefix(BOM)
        if self.text.startswith(GENERATED_MARK):  # an earlier generator's line: replaced, not kept
            self.text = self.text.split("\n", 1)[1] if "\n" in self.text else ""
        tree = parse(self.text, self.name)
        others = [s for s in tree.statements if not isinstance(s, DECLARATIONS)]
        _refuse_other_declarations(others)
        self.lines = self.text.split("\n")
        self.clue_lines = _clue_lines(others, self.lines)
        self.base = loads(self.declarations(), self.name)
        entities = self.base.layout.entities
        assert entities is not None  # a logic grid: the caller checked
        self.entities = entities
        cells = [var for values in entities.attributes.values() for var in values.values()]
        self.session = GivenClues(self.base.problem, cells)

    def declarations(self, clues: list[str] | None = None, header: str | None = None) -> str:
        """The model's text without its clues, `clues` in their place, and `header` as its first line."""
        kept = [line for number, line in enumerate(self.lines, 1) if number not in self.clue_lines]
        at = self.first_clue_line() - 1
        kept[at:at] = clues or []
        return "\n".join([header, *kept] if header else kept)

    def first_clue_line(self) -> int:
        """The line the first clue takes in `declarations(clues)`: where the model's first stood, or,
        for a model without clues, after its last line (before the empty string its last newline
        leaves, so that the text still ends with one)."""
        return min(self.clue_lines, default=len(self.lines) + (self.lines[-1] != ""))

    def puzzle(self, seed: int) -> tuple[str, list[str]]:
        """(the text of this seed's puzzle, its clues): a fact of the model and the seed alone."""
        rng = random.Random(seed)
        _, solution = random_solution(self.session, rng)
        lines = candidates(self.entities, solution)
        text = self.declarations([c.text for c in lines])
        chosen = minimal_clues(text, self.first_clue_line(), lines, solution, rng)
        clues = [lines[i].text for i in chosen]
        header = f"{GENERATED_MARK} --seed {seed}: {clues_text(len(clues))}"
        text = self.declarations(clues, header)
        check_unique(text, self.name, solution)
        return text, clues

    def close(self) -> None:
        self.session.close()


def minimal_clues(text: str, first_line: int, lines: list[Candidate], solution: Assignment,
                  rng: random.Random) -> list[int]:
    """The candidates (indices, in the order they will be written: drawn from `rng`) that are kept:
    all of them to start with, which place every value, then each dropped in turn, least telling kind
    first, while `solution` stays the only one. `text` holds candidate i on line first_line + i."""
    oracle = ClueOracle(loads(text, "<clues>").problem)
    try:
        number = {clue.span.line - first_line: clue.number for clue in oracle.clues if clue.span is not None}
        kept = {i for i in range(len(lines)) if i in number}
        if not oracle.unique([number[i] for i in kept], solution):
            raise InternalError("the clues a solution makes true do not make it the only one")
        # Least telling first, roughly: a kind's rank blurred over its neighbours', so a set keeps a mix.
        blurred = {i: KINDS.index(lines[i].kind) + BLUR * rng.random() for i in sorted(kept)}
        order = sorted(blurred, key=lambda i: -blurred[i])
        for i in order:
            check_deadline()  # a run's --timeout, looked at between two questions
            if oracle.unique([number[j] for j in kept if j != i], solution):
                kept.discard(i)
        return rng.sample(sorted(kept), len(kept))
    finally:
        oracle.close()


def _clue_lines(clues: list[ast.Node], lines: list[str]) -> set[int]:
    """The lines the clues take (1-based), the comment lines among them and the comment right above
    them: what describes the old clues goes with them."""
    taken = {number for clue in clues for number in range(clue.span.line, clue.span.end_line + 1)}
    if not taken:
        return taken
    first = min(taken)
    while first > 1 and lines[first - 2].strip().startswith("#"):  # the comment right above them
        first -= 1
    between = range(first, max(taken) + 1)
    return taken | {n for n in between if lines[n - 1].strip().startswith("#") or not lines[n - 1].strip()}


def _refuse_other_declarations(statements: list[ast.Node]) -> None:
    """A logic grid declares positions and attributes only: a model with variables or pictures of
    its own is not one `generate` rewrites."""
    for statement in statements:
        if type(statement).__name__.endswith("Decl"):
            raise CspdslError(
                "generate writes the clues of a logic grid (positions and attributes) or the givens of a "
                "grid's `given` block; this model declares something else too", statement.span,
            )
