"""A random full solution of the base model, drawn from a seeded random generator, and the check that a
written puzzle has it as its only one (`check_unique`).

The cells are visited in a random order, and each takes the first value, in a random order of its
domain, that still leaves the base a solution with the cells placed before it. Which value that is
is a fact about the model, not about the solver's search: the same seed gives the same solution
whatever the solver's state, version or speed."""

from __future__ import annotations

import random

from ..backends import Assignment
from ..check.problem import violated
from ..core.errors import CspdslError, InternalError
from ..explanation.oracle import ClueOracle
from ..lower.load import loads
from .clues import GivenClues


def random_solution(clues: GivenClues, rng: random.Random) -> tuple[dict[str, int], Assignment]:
    """(the cells' values, the whole solution they belong to: every variable of the base)."""
    if not clues.holds({}):
        raise CspdslError("the model has no solution even without its givens: there is no puzzle to make")
    current = clues.found()
    placed: dict[str, int] = {}
    for var in rng.sample(clues.cells, len(clues.cells)):
        for value in rng.sample(clues.domain(var), len(clues.domain(var))):
            if current[var] == value:  # the last solution found has it: no question to ask
                break
            if clues.holds({**placed, var: value}):
                current = clues.found()
                break
        placed[var] = current[var]
    broken = violated(clues.base, current)
    if broken:  # the independent checker's word against the solver's
        raise InternalError(f"the solver's solution breaks {broken[0].constraint}")
    return {var: placed[var] for var in clues.cells}, current


def check_unique(text: str, name: str, solution: Assignment) -> None:
    """The written puzzle has `solution` as its one solution, read back from its text and solved
    afresh, or this is a bug in the generator."""
    oracle = ClueOracle(loads(text, name).problem)
    try:
        found, complete = oracle.solutions([clue.number for clue in oracle.clues], 2)
    finally:
        oracle.close()
    if not complete or len(found) != 1 or not _same(found[0], solution, oracle.problem.outputs):
        raise InternalError("the generated puzzle does not have its solution as its only one")


def _same(found: Assignment, solution: Assignment, outputs: list[str]) -> bool:
    """Whether two solutions agree on the model's own variables."""
    return all(found[var] == solution[var] for var in outputs)
