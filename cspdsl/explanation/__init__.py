"""Explanations of a model, for each way it can be:

- **no solution:** the smallest set of clues that cannot hold together and every clue whose removal
  alone would give it solutions (`conflicts`);
- **more than one solution:** two of them side by side, and clues in the model's language that would
  each leave one (`distinguish`);
- **exactly one:** the clues the others imply, a minimal set of clues that keeps it the only one,
  the facts each clue forces in the model's order (`unique`), and on request a step-by-step solution
  a person can follow, with a difficulty (`steps`).

Every explanation is checked before it is returned, by other means than found it (`verify`): each
claim is solved again by the SAT backend's ordinary compile and search on the model cut down to the
clues (and facts) in question, with every solution it returns checked by the independent checker.
"""

from __future__ import annotations

import time

from ..backends import Assignment
from ..core import limits
from ..core.errors import CspdslError
from ..core.record import Record, field
from ..ir import Problem
from ..lower import Lowered
from ..lower.layout import Layout
from .clues import Clue
from .conflicts import OverBudget, minimal_conflict, repairs, smallest_conflict
from .facts import Fact, solution_facts
from .oracle import ClueOracle
from .steps import Difficulty, Step, StepSearch, difficulty
from .unique import Forced, forced_in_order, minimal_clues, redundant

# A repair's solutions are counted up to this many.
REPAIR_COUNT_LIMIT = 100


class Repair(Record):
    """A clue whose removal alone gives the model solutions, and how many (up to a limit)."""

    clue: Clue
    solutions: int
    complete: bool  # False: there are more than `solutions`


class Explanation(Record, frozen=False):
    """What `explain` found. `status`: "unsatisfiable" (then `conflict` and `repairs`), "declarations"
    (the declarations contradict each other, before any clue), "not_unique" (then two `solutions`,
    `differing` and `suggestions`) or "unique" (then the `solutions`' one, `redundant`, `minimal`,
    `forced`, and `steps` when asked for)."""

    status: str
    clues: list[Clue]
    conflict: list[Clue] = field(default_factory=list)
    smallest: bool = False  # the conflict is a smallest one (else minimal: no clue can be left out)
    repairs: list[Repair] = field(default_factory=list)
    solutions: list[Assignment] = field(default_factory=list)
    found: int = 0  # solutions found (not unique: up to distinguish.SOLUTIONS_LOOKED_AT)
    complete: bool = True  # `found` is all of them
    differing: list[str] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    redundant: list[Clue] = field(default_factory=list)
    minimal: list[Clue] = field(default_factory=list)
    forced: list[Forced] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    difficulty: Difficulty | None = None
    layout: Layout | None = field(default=None, repr=False)  # to name the facts as the model does
    seconds: float = 0.0


def explain(model: Lowered, timeout: float | None = None, steps: bool = False) -> Explanation:
    """Why the model has no solution, more than one, or exactly one (and with `steps`, how a person
    would find it); see the module's docstring. `timeout` bounds the searches for a smallest
    conflict and for the cheapest steps; past it they give what they have, and say so (`math.inf`:
    no limit; `backends.limits` gives its range)."""
    limit, _ = limits.checked(timeout)
    objective = model.problem.objective
    if objective is not None:  # uniqueness and steps are about the clues' solutions, not the best one
        raise CspdslError(
            f"explain tells why a puzzle has no solution, several or one; this model asks for the best "
            f"value of '{objective.text}', which it does not explain",
            objective.span,
            "cspdsl solve proves the optimum; without this line, explain explains the clues",
        )
    return explain_problem(model.problem, limits.no_limit_as_none(limit), steps, model)


def explain_problem(problem: Problem, timeout: float | None = None, steps: bool = False,
                    model: Lowered | None = None) -> Explanation:
    """`explain` on the IR, whose posted constraints say which are clues (`Posted.clue`); without
    the model's text no clue can be suggested to a puzzle that is not unique."""
    started = time.perf_counter()
    deadline = None if timeout is None else started + timeout
    oracle = ClueOracle(problem)
    try:
        explanation = _explain(oracle, timeout, deadline, steps, model)
    finally:
        oracle.close()
    from .verify import verify

    explanation.layout = model.layout if model is not None else None
    verify(problem, explanation)
    explanation.seconds = time.perf_counter() - started
    return explanation


def _explain(oracle: ClueOracle, timeout: float | None, deadline: float | None, steps: bool,
             model: Lowered | None) -> Explanation:
    numbers = [clue.number for clue in oracle.clues]
    if not oracle.holds([]):
        return Explanation("declarations", oracle.clues)
    if not oracle.holds(numbers):
        return _unsatisfiable(oracle, numbers, timeout)
    from .distinguish import SOLUTIONS_LOOKED_AT, differing, suggestions

    found, complete = oracle.solutions(numbers, SOLUTIONS_LOOKED_AT)
    solutions = [{name: s[name] for name in oracle.problem.outputs} for s in found]  # the model's own
    if len(solutions) == 1:
        return _unique(oracle, numbers, solutions[0], steps, deadline)
    explanation = Explanation("not_unique", oracle.clues, solutions=solutions[:2], found=len(solutions),
                              complete=complete)
    if model is not None:
        explanation.differing = differing(model, solutions[0], solutions[1])
        explanation.suggestions = [s.text for s in suggestions(model, solutions)]
    return explanation


def _unsatisfiable(oracle: ClueOracle, numbers: list[int], timeout: float | None) -> Explanation:
    try:
        conflict, smallest = smallest_conflict(oracle, numbers, timeout), True
    except OverBudget:
        conflict, smallest = minimal_conflict(oracle, numbers), False
    found = [
        Repair(oracle.by_number([number])[0], count, complete)
        for number, count, complete in repairs(oracle, numbers, conflict, REPAIR_COUNT_LIMIT)
    ]
    return Explanation("unsatisfiable", oracle.clues, oracle.by_number(conflict), smallest, found)


def _unique(oracle: ClueOracle, numbers: list[int], solution: Assignment, steps: bool,
            deadline: float | None) -> Explanation:
    targets = solution_facts(oracle.problem, solution)
    explanation = Explanation(
        "unique", oracle.clues, solutions=[solution], found=1,
        redundant=oracle.by_number(redundant(oracle, numbers, solution)),
        minimal=oracle.by_number(minimal_clues(oracle, numbers, solution)),
        forced=forced_in_order(oracle, numbers, targets),
    )
    if steps:
        explanation.steps = StepSearch(oracle, targets, deadline).run()
        explanation.difficulty = difficulty(explanation.steps)
    return explanation


__all__ = ["Clue", "Difficulty", "Explanation", "Fact", "Forced", "Repair", "Step", "explain", "explain_problem"]
