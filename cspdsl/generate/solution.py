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
    current = _filled(clues, {}, rng.sample(clues.cells, len(clues.cells)), rng, None)
    assert current is not None  # every cell takes the value of a solution, at the least
    return {var: current[var] for var in clues.cells}, current


def changed_solution(clues: GivenClues, solution: Assignment, cell: str, free: set[str],
                     rng: random.Random) -> Assignment | None:
    """A solution of the base that gives `cell` another value than `solution` does, drawn as a random
    one is, the cells outside `free` (and `cell`) kept as they are; None when none does."""
    placed = {var: solution[var] for var in clues.cells if var not in free and var != cell}
    if not clues.holds(placed):
        return None
    rest = sorted(free - {cell} - set(placed))
    return _filled(clues, placed, [cell, *rng.sample(rest, len(rest))], rng, (cell, solution[cell]))


def _filled(clues: GivenClues, placed: dict[str, int], order: list[str], rng: random.Random,
            avoided: tuple[str, int] | None) -> Assignment | None:
    """The solution the cells of `order` fill, each in turn with the first value, in an order drawn
    from `rng`, that leaves a solution with the cells placed before it (`placed` holds, and the base
    has a solution with it); the `avoided` cell never takes the `avoided` value (None: it can take
    no other)."""
    current = clues.found()
    placed = dict(placed)
    for var in order:
        values = rng.sample(clues.domain(var), len(clues.domain(var)))
        if avoided is not None and var == avoided[0]:
            values = [value for value in values if value != avoided[1]]
        for value in values:
            if current[var] == value:  # the last solution found has it: no question to ask
                break
            if clues.holds({**placed, var: value}):
                current = clues.found()
                break
        else:
            return None
        placed[var] = current[var]
    broken = violated(clues.base, current)
    if broken:  # the independent checker's word against the solver's
        raise InternalError(f"the solver's solution breaks {broken[0].constraint}")
    return current


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
