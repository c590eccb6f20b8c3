"""Explanations of a model: for one with no solution, the smallest set of clues that cannot hold
together and every clue whose removal alone would give it solutions (`explain`).

Every explanation is checked before it is returned, by other means than found it (`verify`): a
conflict is solved again by the SAT backend's ordinary compile and search (no selectors, no reified
clues) and must have no solution, while leaving out any one of its clues must give a solution that the
independent checker accepts; a repair's solutions are counted again the same way, each one checked.
"""

from __future__ import annotations

import time

from ..backends import limits
from ..ir import Problem
from ..lower import Lowered
from ..record import Record, field
from .clues import Clue
from .conflicts import OverBudget, minimal_conflict, repairs, smallest_conflict
from .oracle import ClueOracle

# A repair's solutions are counted up to this many.
REPAIR_COUNT_LIMIT = 100


class Repair(Record):
    """A clue whose removal alone gives the model solutions, and how many (up to a limit)."""

    clue: Clue
    solutions: int
    complete: bool  # False: there are more than `solutions`


class Explanation(Record, frozen=False):
    """What `explain` found. `status`: "unsatisfiable" (then `conflict` and `repairs`),
    "declarations" (the declarations contradict each other, before any clue), or "satisfiable"."""

    status: str
    clues: list[Clue]
    conflict: list[Clue] = field(default_factory=list)
    smallest: bool = False  # the conflict is a smallest one (else minimal: no clue can be left out)
    repairs: list[Repair] = field(default_factory=list)
    solutions: int = 0  # satisfiable: solutions found, up to 2
    seconds: float = 0.0


def explain(model: Lowered, timeout: float | None = None) -> Explanation:
    """Why the model has no solution (or that it has one); see the module's docstring. `timeout`
    bounds the search for a smallest conflict (`math.inf`: none; `backends.limits` gives its range)."""
    limit, _ = limits.checked(timeout)
    return explain_problem(model.problem, limits.no_limit_as_none(limit))


def explain_problem(problem: Problem, timeout: float | None = None) -> Explanation:
    """`explain` on the IR, whose posted constraints say which are clues (`Posted.clue`)."""
    started = time.perf_counter()
    oracle = ClueOracle(problem)
    try:
        explanation = _explain(oracle, timeout)
    finally:
        oracle.close()
    from .verify import verify

    verify(problem, explanation)
    explanation.seconds = time.perf_counter() - started
    return explanation


def _explain(oracle: ClueOracle, timeout: float | None) -> Explanation:
    numbers = [clue.number for clue in oracle.clues]
    if not oracle.holds([]):
        return Explanation("declarations", oracle.clues)
    if oracle.holds(numbers):
        solutions, _ = oracle.count(numbers, 2)
        return Explanation("satisfiable", oracle.clues, solutions=solutions)
    try:
        conflict, smallest = smallest_conflict(oracle, numbers, timeout), True
    except OverBudget:
        conflict, smallest = minimal_conflict(oracle, numbers), False
    found = [
        Repair(oracle.by_number([number])[0], count, complete)
        for number, count, complete in repairs(oracle, numbers, conflict, REPAIR_COUNT_LIMIT)
    ]
    return Explanation("unsatisfiable", oracle.clues, oracle.by_number(conflict), smallest, found)


__all__ = ["Clue", "Explanation", "Repair", "explain", "explain_problem"]
