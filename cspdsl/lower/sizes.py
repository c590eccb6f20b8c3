"""How large a model may grow, checked before what is measured is built: the cells of an array, the
values of all the variables together, the combinations the quantifiers of the model run through, and
the items of the lists its clues go through.

A model past a limit is refused at the statement that passes it, with the limit's name and the flag
that raises it, before its variables or clues are made: `var q[1..1000000] in 1..1000000` would
otherwise take gigabytes, `forall i in 1..1000000, j in 1..500000: ...` years, and the half a million
combinations of 1,000 queens minutes. The limits are well above what a puzzle needs (the models in
`models/` stay under a fiftieth of each), and a user who means it raises them: `--max-cells N` on
the command line, `limits=SizeLimits(cells=N)` in Python. docs/guarantees.md states them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ..core.errors import CspdslError, Span
from ..core.record import Record

MAX_CELLS = 1_000_000  # the cells of one array
MAX_VALUES = 10_000_000  # the values of all the variables together (the sum of their domains' sizes)
# The combinations of values the quantifiers of a model go through, in all: at about 40 us of lowering
# and 3 KB each (a clue of every combination made and kept, its body compiled once: `bodies.py`),
# 200,000 lower in about eight seconds of CPU and 0.6 GB (632 queens: docs/performance.md).
MAX_COMBINATIONS = 200_000
# The items of the lists the clues go through (`x in list`, `exactly k of [...]`, `sum(list)`), in all:
# at about 10 us of lowering each (a term of a clue made and kept), 1,000,000 lower in about ten seconds.
MAX_TERMS = 1_000_000


class SizeLimits(Record):
    """The limits one lowering holds a model to (each a whole number above 0)."""

    cells: int = MAX_CELLS
    values: int = MAX_VALUES
    combinations: int = MAX_COMBINATIONS
    terms: int = MAX_TERMS


_HELD_TO: ContextVar[SizeLimits | None] = ContextVar("cspdsl_size_limits", default=None)


def current_limits() -> SizeLimits:
    """The limits a lowering holds a model to when it is given none: those of `held_to`, or the defaults."""
    return _HELD_TO.get() or SizeLimits()


@contextmanager
def held_to(limits: SizeLimits) -> Iterator[None]:
    """Every model lowered inside holds to `limits` (the command line's --max-* flags, for all the
    loads of a command, an explanation's included)."""
    token = _HELD_TO.set(limits)
    try:
        yield
    finally:
        _HELD_TO.reset(token)


# The flag that raises each limit, as its error's hint names it.
FLAGS = {"cells": "--max-cells", "values": "--max-values", "combinations": "--max-combinations",
         "terms": "--max-terms"}


class TooLarge(CspdslError):
    """A model past one of its size limits: the whole model's, so no one clue's values name it."""


def too_large(message: str, span: Span, limit: str) -> CspdslError:
    """The error of a model past `limit`, with the flag that raises it."""
    return TooLarge(message, span, f"if this is meant, raise the limit with {FLAGS[limit]} N")


class Sizes:
    """What one lowering has used of its limits so far: values declared, quantifier combinations met."""

    def __init__(self, limits: SizeLimits) -> None:
        self.limits = limits
        self.values = 0
        self.combinations = 0
        self.terms = 0

    def check_cells(self, name: str, cells: int, span: Span) -> None:
        if cells > self.limits.cells:
            raise too_large(f"array {name} has {cells} cells; at most {self.limits.cells} are supported", span, "cells")

    def add_values(self, what: str, values: int, span: Span) -> None:
        """Count the values of a declaration (`what`: 'array q', 'x') before its variables are made."""
        self.values += values
        if self.values > self.limits.values:
            raise too_large(
                f"{what} brings the variables' values to {self.values} in all; at most {self.limits.values} "
                "are supported", span, "values",
            )

    def expect_combinations(self, count: int, what: str, span: Span) -> None:
        """Refuse a quantifier whose combinations (`what`: '6 combinations of i, j'; for a count cut
        short, 'more than ...'), counted before it runs, would take the model past the limit: the
        limit is the whole model's, so where earlier quantifiers used some of it, the message says
        what they bring it to."""
        limit = self.limits.combinations
        if self.combinations + count <= limit:
            return
        if self.combinations == 0:
            raise too_large(f"this quantifier goes through {what}; at most {limit} combinations are supported "
                            "in a model", span, "combinations")
        total = f"more than {limit}" if what.startswith("more than") else str(self.combinations + count)
        raise too_large(
            f"this quantifier goes through {what}, which brings the model's quantifiers to {total} "
            f"combinations in all; at most {limit} are supported in a model, all its quantifiers together",
            span, "combinations",
        )

    def add_pairs(self, pairs: int, what: str, span: Span) -> None:
        """Count the pairs of items or values a construct goes through, before it is built (`what`:
        'this product goes through 10 pairs of values'): they count among the model's combinations."""
        self.combinations += pairs
        if self.combinations > self.limits.combinations:
            raise too_large(f"{what}; at most {self.limits.combinations} combinations are supported in a model",
                            span, "combinations")

    def add_terms(self, terms: int, what: str, span: Span) -> None:
        """Count the items of a list a clue goes through, before its terms are made (`what`: 'this
        clue goes through a list of 1000000 items')."""
        self.terms += terms
        if self.terms > self.limits.terms:
            raise too_large(f"{what}, which brings the model's clues to {self.terms} terms; at most "
                            f"{self.limits.terms} are supported", span, "terms")

    def counts(self) -> tuple[int, int, int]:
        """What is counted so far, to be taken back to (`take_back_to`) where work is done again."""
        return self.values, self.combinations, self.terms

    def take_back_to(self, counts: tuple[int, int, int]) -> None:
        self.values, self.combinations, self.terms = counts

    def room(self) -> int:
        """How many more combinations the model may go through."""
        return self.limits.combinations - self.combinations

    def add_combination(self, span: Span) -> None:
        """Count one combination as a quantifier reaches it (ranges that hang on earlier names are
        counted so, as they are met)."""
        self.combinations += 1
        if self.combinations > self.limits.combinations:
            raise too_large(
                f"the quantifiers of this model go through more than {self.limits.combinations} combinations "
                f"of values by here; at most {self.limits.combinations} are supported in a model, all its "
                "quantifiers together", span, "combinations",
            )
