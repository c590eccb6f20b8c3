"""Solutions whose clue numbers make the puzzle unique, found by changing a solution where a second
one differs from it rather than by drawing new ones at random.

Digits drawn at random seldom make a kakuro with one answer: the run sums of a 7x7's random digits
leave most of its cells free to take another value, and draw after draw does no better. So, when the
numbers read off a solution leave a second one, a cell that some second solution gives another value
is found (the first, in an order drawn from the seed, that can take another value under these
numbers: a fact of the model, not of the solver's search), and the solution is changed there: that
cell takes another value and the cells of the clues it is in are drawn again, every other cell kept
(`solution.changed_solution`). The new numbers are those of the changed solution, and the question
is asked again. A change is kept when it leaves no more ambiguous cells than there were (a climb
towards none, that may walk across a plateau); after `rounds` changes tried, the model is said to
have no such solution. A 7x7 kakuro takes one to a few hundred changes. The questions are asked of
one session that holds every number of every item (`itemclues.py`), not of the text lowered again."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..backends import Assignment, ClueSession
from ..core.deadline import check_deadline
from ..core.errors import InternalError
from ..explanation.oracle import ClueOracle
from ..ir import Posted, variables_of
from .clues import GivenClues
from .solution import changed_solution, random_solution

# Changes tried before a model is said to have no solution its clue numbers make the only one.
ROUNDS = 1000


def ambiguous_cells(oracle: ClueOracle, numbers: list[int], solution: Assignment, cells: list[str],
                    rng: random.Random) -> list[str]:
    """The cells that some solution of these clues gives another value than `solution` does."""
    return differing_cells(oracle.session, [oracle.selector[n] for n in sorted(numbers)], solution, cells, rng)


def differing_cells(session: ClueSession, selectors: list[int], solution: Assignment, cells: list[str],
                    rng: random.Random) -> list[str]:
    """The cells, in an order drawn from `rng`, that some solution under these selectors gives
    another value than `solution` does: none when it is their only one. Each question asks for a
    solution that differs in a cell not yet found, and every cell it differs in is found; the last
    has none (the solver is asked to prefer solutions that differ in many). Which cells these are
    is a fact of the model, whatever solutions the solver finds."""
    unknown, found = set(cells), set()
    while unknown:
        check_deadline()
        active = session.switch()
        others = [-session.literal(cell, solution[cell]) for cell in sorted(unknown)]
        session.add([-active, *others])
        session.prefer(others)  # a solution that differs in many cells at once: fewer questions
        try:
            if not session.solve([active, *selectors]):
                break
            other = session.assignment()
        finally:
            session.add([-active])
        differ = {cell for cell in unknown if other[cell] != solution[cell]}
        found |= differ
        unknown -= differ
    return [cell for cell in rng.sample(cells, len(cells)) if cell in found] if found else []


def neighbourhoods(comparisons: list[Posted], cells: list[str]) -> dict[str, set[str]]:
    """Each cell's neighbours: the cells of every comparison it is in, itself among them."""
    near = {cell: {cell} for cell in cells}
    for posted in comparisons:
        inside = variables_of(posted.constraint) & near.keys()
        for cell in inside:
            near[cell] |= inside
    return near


class Repairer:
    """What changes a solution: the base's session and each cell's neighbours."""

    def __init__(self, session: GivenClues, near: dict[str, set[str]]) -> None:
        self.session, self.near = session, near

    def settled(self, ambiguous: Callable[[Assignment], list[str]], rng: random.Random,
                rounds: int) -> Assignment | None:
        """A solution that `ambiguous` finds no cell of (its numbers make it the only one): a random
        one, changed at its first ambiguous cell, each change kept when it leaves no more ambiguous
        cells than before; None after `rounds` changes."""
        solution = random_solution(self.session, rng)[1]
        cells = ambiguous(solution)
        for _ in range(rounds):
            if not cells:
                return solution
            check_deadline()
            candidate = self.changed(solution, cells[0], rng)
            found = ambiguous(candidate)
            if len(found) <= len(cells):
                solution, cells = candidate, found
        return None if cells else solution

    def changed(self, solution: Assignment, cell: str, rng: random.Random) -> Assignment:
        """The solution with `cell` at another value, its neighbours drawn again (every cell, when
        that is not enough)."""
        for free in (self.near[cell], set(self.session.cells)):
            changed = changed_solution(self.session, solution, cell, free, rng)
            if changed is not None:
                return changed
        raise InternalError(f"'{cell}' is the same in every solution of the base, and a second one differs there")
