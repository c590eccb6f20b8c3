"""An explanation's steps as the page plays them, one event a step: the clues it uses (their places,
for the editor to mark), the facts it uses and finds in the model's words, and the board as it is
known after it, drawn (`render.svg.partial_svg`) with the values it has just found set apart.

A variable is known once a step finds its value, or rules out every value of its domain but one.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.static_types import Any
from ..explanation import Explanation
from ..explanation.clues import Clue
from ..explanation.facts import Fact, Namer
from ..lower import Lowered

MAX_FACTS = 40  # the facts of a step listed in words; past them, how many more


class Board:
    """What the steps have found so far: each variable's values left, and those known."""

    def __init__(self, domains: dict[str, tuple[int, ...]]) -> None:
        self.left = {var: set(values) for var, values in domains.items()}
        self.known: dict[str, int] = {}

    def learn(self, facts: list[Fact]) -> list[str]:
        """Take in a step's facts; the variables they make known, in the order they became so."""
        found = []
        for fact in facts:
            left = self.left.get(fact.var)
            if left is None or fact.var in self.known:
                continue
            if fact.holds:
                left.intersection_update({fact.value})
            else:
                left.discard(fact.value)
            if len(left) == 1:
                self.known[fact.var] = next(iter(left))
                found.append(fact.var)
        return found


def step_events(model: Lowered, explanation: Explanation, room: Any) -> Iterator[dict[str, Any]]:
    """One `step` event a step of `explanation`, its board drawn while `room()` says there is room."""
    from ..driver.result import drawn_marks
    from ..render.svg import Marks, partial_svg

    board = Board(model.problem.domains())
    namer = Namer(explanation.layout)
    marks = drawn_marks(model)
    total = len(explanation.steps)
    for index, step in enumerate(explanation.steps, start=1):
        found = board.learn(step.derived)
        fresh = Marks(marks.regions, marks.loops, frozenset(found))
        svg = partial_svg(model.layout, board.known, model.problem, fresh) if room() else None
        yield {"type": "step", "index": index, "of": total, "clues": [_place(clue) for clue in step.clues],
               "givens": step.givens, "used": _words(step.used, namer), "derived": _words(step.derived, namer),
               "found": [namer.fact(Fact(var, board.known[var], True)) for var in found],
               "known": len(board.known), "svg": svg}


def _place(clue: Clue) -> dict[str, Any]:
    span = clue.span
    if span is None:
        return {"text": clue.text}
    return {"text": clue.text, "line": span.line, "column": span.column, "end_line": span.end_line,
            "end_column": span.end_column}


def _words(facts: list[Fact], namer: Namer) -> list[str]:
    words = [namer.fact(fact) for fact in facts[:MAX_FACTS]]
    if len(facts) > MAX_FACTS:
        words.append(f"and {len(facts) - MAX_FACTS} more")
    return words
