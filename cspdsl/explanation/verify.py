"""Each explanation checked by other means than found it, before anyone sees it: the SAT backend's
ordinary compile and search on the model cut down to the clues in question (with the facts in
question as constraints), and the independent checker on every solution that search returns
(`cspdsl.check.problem`). The oracle's selectors, reified clues and assumptions play no part."""

from __future__ import annotations

from ..backends import Assignment, get_backend
from ..core.errors import InternalError
from ..core.static_types import TYPE_CHECKING
from ..driver.checking import SolutionCheck
from ..driver.loop import checked_search, compile_within, search_of
from ..ir import Constraint, InSet, Or, Problem
from ..ir.walk import variables_of
from ..lower import Lowered
from ..lower.layout import Layout
from .clues import Clue, cut
from .facts import Fact

if TYPE_CHECKING:
    from . import Explanation

# The SAT backend as the checks configure it: without looking for the model's symmetries, which
# only an enumeration of every solution uses and which took half of the stars' checks (400 of them,
# one compile each); the compile, the search and the checker are the ordinary ones.
CHECK_BACKEND = ("sat", {"symmetry": "false"})

# The proper subsets of a conflict (or of a minimal set of clues) are checked when it has at most
# this many clues.
SUBSETS_CHECKED_UP_TO = 40


class ExplanationRejected(Exception):
    """An explanation failed its check: a bug in cspdsl, never shown as an answer."""


def verify(problem: Problem, explanation: Explanation) -> None:
    """Raise ExplanationRejected unless every claim of the explanation holds."""
    check = {"unsatisfiable": _unsatisfiable, "not_unique": _not_unique, "unique": _unique}.get(explanation.status)
    if check is not None:
        check(problem, explanation)


def _unsatisfiable(problem: Problem, explanation: Explanation) -> None:
    every = _numbers(explanation.clues)
    conflict = _numbers(explanation.conflict)
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


def _not_unique(problem: Problem, explanation: Explanation) -> None:
    """Two different solutions, each a solution: with its values of the model's own variables fixed,
    the model solves (its auxiliary variables, which the solutions shown leave out, found again)."""
    every = _numbers(explanation.clues)
    first, second = explanation.solutions
    if first == second:
        raise ExplanationRejected("the two solutions shown are the same")
    for solution in (first, second):
        fixed: list[Constraint] = [InSet(name, (value,)) for name, value in solution.items()]
        if not _solutions(problem, every, 1, fixed)[0]:
            raise ExplanationRejected(f"a solution shown is not one: {solution}")


def _unique(problem: Problem, explanation: Explanation) -> None:
    every = _numbers(explanation.clues)
    (solution,) = explanation.solutions
    _only(problem, every, solution, "the model")
    for clue in explanation.redundant:
        _only(problem, every - {clue.number}, solution, f"the model without clue {clue.number}")
    minimal = _numbers(explanation.minimal)
    _only(problem, minimal, solution, "the minimal set of clues")
    if len(minimal) <= SUBSETS_CHECKED_UP_TO:
        for number in minimal:
            if len(_solutions(problem, minimal - {number}, 2)[0]) < 2:
                raise ExplanationRejected(f"the set of clues {sorted(minimal)} is not minimal: {number} is not needed")
    order = [clue.number for clue in explanation.clues]
    for forced in explanation.forced:
        _follows(problem, set(order[: order.index(forced.number) + 1]), [], forced.facts, solution)
    for step in explanation.steps:
        _follows(problem, _numbers(step.clues), step.used, step.derived, solution)
    _steps_place_everything(problem, explanation, solution)


def _only(problem: Problem, keep: set[int], solution: Assignment, what: str) -> None:
    found = _solutions(problem, keep, 2)[0]
    if len(found) != 1 or any(found[0][name] != solution[name] for name in problem.outputs):
        raise ExplanationRejected(f"{what} was said to have this one solution only, and has {len(found)}")


def _follows(problem: Problem, keep: set[int], used: list[Fact], derived: list[Fact], solution: Assignment) -> None:
    """The derived facts hold in the solution and follow from the clues `keep` and the facts used:
    with those, no solution breaks any of them."""
    wrong = [fact for fact in derived if (solution[fact.var] == fact.value) != fact.holds]
    if wrong:
        raise ExplanationRejected(f"{wrong[0]} is not true of the solution")
    given = [fact.constraint(problem) for fact in used]
    broken: Constraint = Or(tuple(Fact(f.var, f.value, not f.holds).constraint(problem) for f in derived))
    if _solutions(problem, keep, 1, [*given, broken], mentioned_only=True)[0]:
        raise ExplanationRejected(f"the facts {derived} do not follow from clues {sorted(keep)} and {used}")


def _steps_place_everything(problem: Problem, explanation: Explanation, solution: Assignment) -> None:
    """The steps, when there are any, end with every variable's value placed."""
    derived = {fact for step in explanation.steps for fact in step.derived}
    for name in problem.outputs if explanation.steps else []:
        if len(problem.variables[name].domain) > 1 and Fact(name, solution[name], True) not in derived:
            raise ExplanationRejected(f"the steps never place {name}")


def _numbers(clues: list[Clue]) -> set[int]:
    return {clue.number for clue in clues}


def _solutions(problem: Problem, keep: set[int], limit: int, extra: list[Constraint] | None = None,
               mentioned_only: bool = False) -> tuple[list[dict[str, int]], bool]:
    """(the solutions of the declarations, the clues `keep` and `extra`, up to `limit`, each checked;
    whether that is all of them). `mentioned_only`: only the variables the constraints mention
    (whether there is a solution does not depend on the others, which are free; how many there are
    does)."""
    part = cut(problem, keep)
    for constraint in extra or []:
        part.post(constraint)
    if mentioned_only:
        mentioned = set().union(*(variables_of(p.constraint) for p in part.constraints))
        part.variables = {name: var for name, var in part.variables.items() if name in mentioned}
        part.outputs = [name for name in part.outputs if name in mentioned]
    return checked_solutions(part, limit, f"clues {sorted(keep)}")


def checked_solutions(problem: Problem, limit: int, what: str) -> tuple[list[dict[str, int]], bool]:
    """(the problem's solutions up to `limit`; whether that is all of them) by the SAT backend's
    ordinary compile and search, each one checked by the independent checker (`what` names the
    problem when one breaks it)."""
    backend = get_backend(*CHECK_BACKEND)
    compiled = compile_within(backend, problem, None)
    assert compiled is not None  # no deadline: the compile runs to its end
    checker = SolutionCheck(Lowered(problem, Layout()), backend.name)
    try:
        searched = checked_search(search_of(backend, compiled), checker, limit=limit, deadline=None, seed=None)
    except InternalError as error:
        raise ExplanationRejected(f"a solution of {what}: {error}") from None
    return searched.solutions, searched.complete
