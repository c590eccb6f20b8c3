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
from collections.abc import Callable

from ..backends import Assignment
from ..core import limits
from ..core.errors import CspdslError
from ..core.record import Record, field
from ..core.static_types import Any
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

# What `explain` tells as it goes (`partial.Partial.tell`): ("stage", the search it starts), ("step",
# a step taken), or (a field of `Explanation`, its value found), so that Ctrl-C keeps what was found.
Tell = Callable[[str, Any], None]


def _untold(_kind: str, _value: Any) -> None:
    """No one listens."""


class Repair(Record):
    """A clue whose removal alone gives the model solutions, and how many (up to a limit)."""

    clue: Clue
    solutions: int
    complete: bool  # False: there are more than `solutions`


class Explanation(Record, frozen=False):
    """What `explain` found. `status`: "unsatisfiable" (then `conflict` and `repairs`), "declarations"
    (the declarations contradict each other, before any clue), "not_unique" (then two `solutions`,
    `differing` and `suggestions`), "unique" (then the `solutions`' one, `redundant`, `minimal`,
    `forced`, and `steps` when asked for) or "timeout" (nothing found and checked within `limit`)."""

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
    outputs: list[str] = field(default_factory=list, repr=False)  # the model's own variables, for its JSON
    seconds: float = 0.0
    limit: float | None = None  # the time limit, in seconds
    cut_short: bool = False  # the time limit stopped a search early: what it found is shown, marked


def explain(model: Lowered, timeout: float | None = None, steps: bool = False, tell: Tell = _untold,
            cheapest: bool = False) -> Explanation:
    """Why the model has no solution, more than one, or exactly one (and with `steps`, how a person
    would find it; with `cheapest` too, a cheapest step at each point under the cost model of
    `costs.py`, by OCUS: `cheapest.py`); see the module's docstring. `timeout` (seconds; `math.inf`: no limit;
    `core.limits` gives its range) bounds all of it, the clue session's compile and every check
    included (`timed`): the searches that can give a lesser answer early stop at half of it and say
    so (`cut_short`); an explanation not found and checked within it has the status "timeout".
    `tell` hears each part as it is found (`Tell`), also from the child that a time limit uses."""
    limit, _ = limits.checked(timeout)
    seconds = limits.no_limit_as_none(limit)
    objective = model.problem.objective
    if objective is not None:  # uniqueness and steps are about the clues' solutions, not the best one
        raise CspdslError(
            f"explain tells why a puzzle has no solution, several or one; this model asks for the best "
            f"value of '{objective.text}', which it does not explain",
            objective.span,
            "cspdsl solve proves the optimum; without this line, explain explains the clues",
        )
    if seconds is None:
        return explain_problem(model.problem, None, steps, model, tell, cheapest)
    from .timed import explain_within

    return explain_within(model.problem, model, seconds, steps, tell, cheapest)


def explain_problem(problem: Problem, timeout: float | None = None, steps: bool = False,
                    model: Lowered | None = None, tell: Tell = _untold, cheapest: bool = False) -> Explanation:
    """`explain` on the IR, whose posted constraints say which are clues (`Posted.clue`); without
    the model's text no clue can be suggested to a puzzle that is not unique. In this process:
    `timeout` bounds only the searches that can give a lesser answer early (the smallest conflict,
    the steps, the solutions counted, the clues suggested), not each question or check."""
    started = time.perf_counter()
    deadline = None if timeout is None else started + timeout
    oracle = ClueOracle(problem)
    try:
        tell("clues", oracle.clues)
        explanation = _explain(oracle, timeout, deadline, _step_search(steps, cheapest), model, tell)
    finally:
        oracle.close()
    from .verify import verify

    explanation.layout = model.layout if model is not None else None
    explanation.outputs = list(problem.outputs)
    tell("stage", "check")
    verify(problem, explanation)
    explanation.seconds = time.perf_counter() - started
    return explanation


def _explain(oracle: ClueOracle, timeout: float | None, deadline: float | None, steps: type[StepSearch] | None,
             model: Lowered | None, tell: Tell) -> Explanation:
    numbers = [clue.number for clue in oracle.clues]
    if not oracle.holds([]):
        return Explanation("declarations", oracle.clues)
    if not oracle.holds(numbers):
        return _unsatisfiable(oracle, numbers, timeout, deadline, tell)
    from .distinguish import SOLUTIONS_LOOKED_AT, differing, suggestions

    found, complete = oracle.solutions(numbers, SOLUTIONS_LOOKED_AT, deadline)
    solutions = [{name: s[name] for name in oracle.problem.outputs} for s in found]  # the model's own
    if len(solutions) == 1 and complete:
        return _unique(oracle, numbers, solutions[0], steps, deadline, tell)
    if len(solutions) == 1:  # the time limit came before a second was looked for
        found, complete = oracle.solutions(numbers, 2)
        solutions = [{name: s[name] for name in oracle.problem.outputs} for s in found]
        if len(solutions) == 1:
            return _unique(oracle, numbers, solutions[0], steps, deadline, tell)
    explanation = Explanation("not_unique", oracle.clues)
    _found(explanation, tell, status="not_unique", solutions=solutions[:2], found=len(solutions), complete=complete,
           cut_short=not complete and len(solutions) < SOLUTIONS_LOOKED_AT)
    if model is not None:
        tell("stage", "suggestions")
        explanation.differing = differing(model, solutions[0], solutions[1])
        shown, cut = suggestions(model, solutions, deadline)
        explanation.suggestions = [s.text for s in shown]
        explanation.cut_short |= cut
    return explanation


def _found(explanation: Explanation, tell: Tell, **fields: Any) -> None:
    """Set these fields of the explanation, and tell each one."""
    for name, value in fields.items():
        setattr(explanation, name, value)
        tell(name, value)


def _unsatisfiable(oracle: ClueOracle, numbers: list[int], timeout: float | None,
                   deadline: float | None, tell: Tell) -> Explanation:
    explanation = Explanation("unsatisfiable", oracle.clues)
    tell("status", "unsatisfiable")
    tell("stage", "conflict")
    try:
        conflict, smallest = smallest_conflict(oracle, numbers, timeout), True
    except OverBudget:
        conflict, smallest = minimal_conflict(oracle, numbers), False
    _found(explanation, tell, conflict=oracle.by_number(conflict), smallest=smallest)
    tell("stage", "repairs")
    explanation.repairs = [
        Repair(oracle.by_number([number])[0], count, complete)
        for number, count, complete in repairs(oracle, numbers, conflict, REPAIR_COUNT_LIMIT, deadline)
    ]
    explanation.cut_short = deadline is not None and time.perf_counter() >= deadline
    return explanation


def _unique(oracle: ClueOracle, numbers: list[int], solution: Assignment, steps: type[StepSearch] | None,
            deadline: float | None, tell: Tell) -> Explanation:
    targets = solution_facts(oracle.problem, solution)
    explanation = Explanation("unique", oracle.clues)
    _found(explanation, tell, status="unique", solutions=[solution], found=1)
    tell("stage", "redundant")
    _found(explanation, tell, redundant=oracle.by_number(redundant(oracle, numbers, solution)))
    tell("stage", "minimal")
    _found(explanation, tell, minimal=oracle.by_number(minimal_clues(oracle, numbers, solution)))
    tell("stage", "forced")
    _found(explanation, tell, forced=forced_in_order(oracle, numbers, targets))
    if steps is not None:
        tell("targets", targets)
        tell("stage", "steps")
        explanation.steps = steps(oracle, targets, deadline, lambda step: tell("step", step)).run()
        explanation.difficulty = difficulty(explanation.steps)
        explanation.cut_short = any(step.rest for step in explanation.steps)
    return explanation


def _step_search(steps: bool, cheapest: bool) -> type[StepSearch] | None:
    """The steps' search asked for: none, the default's, or the cheapest steps' (`cheapest.py`,
    which imports PySAT's RC2; asking for it asks for the steps)."""
    if not cheapest:
        return StepSearch if steps else None
    from .cheapest import CheapestSearch

    return CheapestSearch


__all__ = ["Clue", "Difficulty", "Explanation", "Fact", "Forced", "Repair", "Step", "explain", "explain_problem"]
