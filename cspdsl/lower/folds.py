"""Clues that lowering folds to a constant, reported with their place: one that can never hold makes
the model unsatisfiable whatever the rest says (`x + 1 == x`, `1 == 2`), one that always holds says
nothing (`x == x`, `forall i in 1..3: i > 0`). A `forall` clue always holds only when every instance
does; it can never hold when one instance cannot, named by its values."""

from __future__ import annotations

from ..core.errors import Span, caret_lines
from ..core.record import Record


class Folded(Record):
    """A clue that lowering found constant: it `never` holds, or always does."""

    span: Span
    never: bool
    instance: tuple[tuple[str, str], ...] = ()

    @property
    def message(self) -> str:
        if not self.never:
            return "this clue always holds, so it says nothing"
        values = f" (with {', '.join(f'{k}={v}' for k, v in self.instance)})" if self.instance else ""
        return f"this clue can never hold{values}, so the model has no solution"

    def render(self) -> str:
        """As a warning is shown: file:line:col, the line, a caret under the clue."""
        return "\n".join([f"{self.span.location()}: warning: {self.message}", *caret_lines(self.span)])


class Folds:
    """What lowering saw of each clue statement: the instances it posted, the ones that folded."""

    def __init__(self) -> None:
        # The clues that posted a constraint, kept as a list (each `forall` clue once) and made a set
        # only if a clue folded: hashing a span a clue costs a tenth of a big model's lowering.
        self.posted: list[Span] = []
        self.always: dict[Span, Folded] = {}
        self.never: dict[Span, Folded] = {}

    def saw(self, span: Span, posted: int, false: tuple[tuple[str, str], ...] | None) -> None:
        """The clue at `span`: how many constraints it posted, and the first instance (the `forall`
        values) that folded to false, if one did."""
        if false is not None:
            self.never.setdefault(span, Folded(span, True, false))
        if posted:
            if not self.posted or self.posted[-1] is not span:
                self.posted.append(span)
        else:
            self.always.setdefault(span, Folded(span, False))

    def found(self) -> list[Folded]:
        """The clues that can never hold, then those that always hold, each in the model's order."""
        posted = set(self.posted) if self.always else set()
        always = [fold for span, fold in self.always.items() if span not in posted]
        return sorted(self.never.values(), key=_place) + sorted(always, key=_place)


def _place(fold: Folded) -> tuple[int, int]:
    return fold.span.line, fold.span.column
