"""Each explanation checked by other means than found it, before anyone sees it: the SAT backend's
ordinary compile and search on the model cut down to the clues in question, and the independent
checker on every solution that search returns (`cspdsl.ir.check`)."""

from __future__ import annotations

from ..ir import Problem
from ..ir.check import violated
from .clues import clue_numbers

# The proper subsets of a conflict are checked when it has at most this many clues.
SUBSETS_CHECKED_UP_TO = 40


class ExplanationRejected(Exception):
    """An explanation failed its check: a bug in cspdsl, never shown as an answer."""


def verify(problem: Problem, explanation: object) -> None:
    """Raise ExplanationRejected unless every claim of the explanation holds."""
    from . import Explanation

    assert isinstance(explanation, Explanation)
    every = {clue.number for clue in explanation.clues}
    if explanation.status == "unsatisfiable":
        conflict = {clue.number for clue in explanation.conflict}
        if _solutions(problem, conflict, 1)[0]:
            raise ExplanationRejected(f"the clues {sorted(conflict)} hold together after all")
        if len(conflict) <= SUBSETS_CHECKED_UP_TO:
            for number in conflict:
                if not _solutions(problem, conflict - {number}, 1)[0]:
                    raise ExplanationRejected(f"the conflict {sorted(conflict)} is not minimal: {number} is not needed")
        for repair in explanation.repairs:
            found = _solutions(problem, every - {repair.clue.number}, repair.solutions + 1)[0]
            if len(found) != repair.solutions + (0 if repair.complete else 1):
                raise ExplanationRejected(f"removing clue {repair.clue.number} gives {len(found)} solutions, "
                                          f"not {repair.solutions}")
    elif explanation.status == "satisfiable" and not _solutions(problem, every, 1)[0]:
        raise ExplanationRejected("the model was said to hold, and has no solution")


def _solutions(problem: Problem, keep: set[int], limit: int) -> tuple[list[dict[str, int]], bool]:
    """(the solutions of the declarations and the clues `keep`, up to `limit`, each checked; whether
    that is all of them), by the SAT backend's ordinary compile and search."""
    from ..backends.sat import SatBackend

    numbers = clue_numbers(problem)
    part = Problem(variables=dict(problem.variables), outputs=list(problem.outputs))
    part.constraints = [p for p, n in zip(problem.constraints, numbers, strict=True) if n is None or n in keep]
    backend = SatBackend()
    outcome = backend.solve(backend.compile(part), limit=limit, timeout=None, seed=None)
    for solution in outcome.solutions:
        if violated(part, solution):
            raise ExplanationRejected(f"a solution of clues {sorted(keep)} breaks {violated(part, solution)[0]}")
    return outcome.solutions, outcome.complete
