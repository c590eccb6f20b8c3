"""One clue session for every number a clue list's item can have: the base (the model without the
items' comparisons) with each (item, number) behind its own selector, so that the numbers read off
any solution are a set of assumptions, as `clues.py` makes a set of givens one.

`repair.py` asks, for solution after solution, whether its numbers leave a second one; lowering and
compiling the text again for each would cost a compile a question (most of a 7x7 kakuro's time).
Each item's comparison for a number is made from the two lowering gave when the list was read
(`letlists.item_readers`: the item as written, and one more): a sum's right-hand side, a count's
number or one variable's value, moved by as many steps. The numbers an item can have are those its
comparison's value can reach over the variables' domains; an item's number at or below its list's
blank is no clue, and has no selector."""

from __future__ import annotations

import random

from ..backends import Assignment, ClueSession, open_clue_session
from ..core.deadline import check_deadline
from ..core.errors import InternalError
from ..core.record import Record
from ..ir import Constraint, Count, InSet, Linear, Problem
from .repair import differing_cells

# Selectors at most: a model whose items can have more numbers than this is read text by text instead.
MOST_NUMBERS = 20_000
# The backend whose session answers, as `clues.CLUE_BACKEND`.
ITEM_BACKEND = "sat"

Item = tuple[str, int]


class Comparison(Record):
    """An item's comparison as lowering made it with the item `written`, and with it one more."""

    written: Constraint
    shifted: Constraint
    number: int


def at_number(comparison: Comparison, number: int) -> Constraint:
    """The comparison the item makes when it is `number`."""
    one, other, moved = comparison.written, comparison.shifted, number - comparison.number
    if isinstance(one, Linear) and isinstance(other, Linear):
        return Linear(one.terms, one.op, one.rhs + moved * (other.rhs - one.rhs))
    if isinstance(one, Count) and isinstance(other, Count):
        return Count(one.conds, one.op, one.k + moved * (other.k - one.k))
    if isinstance(one, InSet) and isinstance(other, InSet):
        return InSet(one.var, (one.values[0] + moved * (other.values[0] - one.values[0]),))
    raise InternalError(f"an item's comparison {one} is no sum, count or value")


def reachable(comparison: Comparison, problem: Problem) -> range:
    """The numbers the item can have: those of the values its comparison's side can reach."""
    one, other = comparison.written, comparison.shifted
    domain = {name: var.domain for name, var in problem.variables.items()}
    if isinstance(one, Linear) and isinstance(other, Linear):
        low = sum(min(k * v for v in domain[x]) for k, x in one.terms)
        high = sum(max(k * v for v in domain[x]) for k, x in one.terms)
        first, step = one.rhs, other.rhs - one.rhs
    elif isinstance(one, Count) and isinstance(other, Count):
        low, high, first, step = 0, len(one.conds), one.k, other.k - one.k
    elif isinstance(one, InSet) and isinstance(other, InSet):
        low, high = min(domain[one.var]), max(domain[one.var])
        first, step = one.values[0], other.values[0] - one.values[0]
    else:
        raise InternalError(f"an item's comparison {one} is no sum, count or value")
    ends = sorted(comparison.number + (value - first) * step for value in (low, high))
    return range(ends[0], ends[1] + 1)


def countable(comparisons: dict[Item, Comparison], problem: Problem) -> bool:
    """Whether one session can hold every number of every item (MOST_NUMBERS at most)."""
    return sum(len(reachable(c, problem)) for c in comparisons.values()) <= MOST_NUMBERS


class ItemClues:
    """The base's session with a selector for each (item, number) that is a clue."""

    def __init__(self, base: Problem, comparisons: dict[Item, Comparison], blank: dict[Item, int | None]) -> None:
        self.base = base
        pairs = [(item, number) for item, comparison in sorted(comparisons.items())
                 for number in reachable(comparison, base) if _clue(number, blank[item])]
        self.number = {pair: number for number, pair in enumerate(pairs, 1)}
        clues = {number: (at_number(comparisons[item], n),) for (item, n), number in self.number.items()}
        self.session: ClueSession = open_clue_session(ITEM_BACKEND, base, clues)
        self.blank = blank

    def selectors(self, numbers: dict[Item, int]) -> list[int]:
        """The assumptions that give the items these numbers (a blank one, none)."""
        chosen = [pair for pair in sorted(numbers.items()) if pair in self.number]
        if any(pair not in self.number and pair[1] != self.blank[pair[0]] for pair in numbers.items()):
            raise InternalError("an item's number is out of the reach of its comparison")
        return [self.session.selectors[self.number[pair]] for pair in chosen]

    def ambiguous(self, numbers: dict[Item, int], solution: Assignment, rng: random.Random) -> list[str]:
        """The cells, in an order drawn from `rng`, that some solution of these numbers gives another
        value than `solution` does (`repair.differing_cells`): none when it is their only one."""
        session, outputs = self.session, self.base.outputs
        selectors = self.selectors(numbers)
        check_deadline()
        if not session.solve([*selectors, *(session.literal(name, solution[name]) for name in outputs)]):
            raise InternalError("the lists' numbers read off a solution do not hold of it")
        return differing_cells(session, selectors, solution, outputs, rng)

    def close(self) -> None:
        self.session.close()


def _clue(number: int, blank: int | None) -> bool:
    """Whether an item's number is a clue: above its list's blank, when it has one."""
    return blank is None or number > blank
