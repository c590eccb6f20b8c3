"""New puzzles from a model (`cspdsl generate`): for a grid puzzle whose clues are a `given` block, a
random full solution, then givens removed one at a time while the puzzle stays unique, written as the
model's own text with new givens. `puzzle` makes one, `givens` reads and rewrites the blocks,
`solution` and `reduce` ask the one clue session (`clues`) their questions; `command` is the CLI's.
A logic grid's clues are new lines of its language (`logic`, `relations`); a model's number clue
lines (cage sums, runs) get new numbers (`lines`, `numbered`)."""

from __future__ import annotations

from .puzzle import Generated, Generator, generate

__all__ = ["Generated", "Generator", "generate"]
