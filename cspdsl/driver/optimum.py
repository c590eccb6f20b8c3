"""Solving a model with an objective (`minimize` / `maximize`): the best value, proved, and its solutions.

Two steps on any backend:
1. `Backend.optimise`: the backend's own method (CP-SAT's objective, the SAT backend's bound
   tightening, branch and bound, a local search's cost) finds better and better solutions and, when it
   can, proves the last optimal. Each is checked by the independent checker, and its value recomputed
   from the IR (`check.problem.objective_value`): a value the backend claims that the checker does not find
   is a bug. A lexicographic objective is optimised a part at a time (`cspdsl.driver.lexicographic`).
2. When more than one optimal solution is wanted (the default two, that tell whether the optimum is
   reached once only, `--all`, `--count`) and the optimum was proved: the problem with the objective
   fixed at the optimum (every part of a list) is solved as any problem is, on the same backend, every
   solution checked again and its value too.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from ..backends import Assignment, Compiled, Outcome
from ..check.problem import objective_value, objective_values
from ..core.errors import InternalError
from ..core.static_types import Any
from ..ir import Objective, Problem
from ..lower import Lowered
from .checking import SolutionCheck
from .lexicographic import Values, shown, shown_bound, stage, with_parts_fixed
from .loop import checked_outcome, checked_search, compile_within, search_of
from .result import Interrupted, Result


class Best:
    """A search of one plain objective, checked: the best solution found, its value, the bound proved."""

    def __init__(self, solution: Assignment | None, value: int | None, bound: int | None, proved: bool,
                 timed_out: bool) -> None:
        self.solution, self.value, self.bound = solution, value, bound
        self.proved, self.timed_out = proved, timed_out


class Optimum:
    """The outcome of step 1 over every part of the objective (one, unless it is a list): the best
    solution, its values (recomputed), the bound proved (a number a part, None where unknown)."""

    def __init__(self) -> None:
        self.solution: Assignment | None = None
        self.values: Values | None = None
        self.bound: tuple[int | None, ...] | None = None
        self.proved = self.timed_out = False
        self.latest: Assignment | None = None  # the last improving solution checked, for Ctrl-C

    def saw(self, solution: Assignment) -> None:
        """An improving solution, once checked: the best so far, should Ctrl-C stop the search."""
        self.latest = solution

    def shown(self, objective: Objective) -> tuple[Any, Any]:
        """The value and the bound as `Result.objective` and `Result.bound` hold them."""
        return shown(objective, self.values), shown_bound(objective, self.bound)


def value_checked(objective: Objective, backend: str, solution: Assignment, claimed: int | None) -> int:
    """The solution's objective value, recomputed; InternalError when the backend claimed another."""
    value = objective_value(objective, solution)
    if claimed is not None and claimed != value:
        raise InternalError(
            f"backend '{backend}' claims objective value {claimed} for a solution whose value is {value}"
        )
    return value


def best_of(objective: Objective, backend: str, outcome: Outcome, checker: SolutionCheck) -> Best:
    """A search of one plain objective checked: each improving solution against the model, each better
    than the one before, the last one's claimed value recomputed; a deadline that cut the checking cuts
    the solutions."""
    solutions, cut = checker.all_checked(outcome.solutions)
    values = [objective_value(objective, solution) for solution in solutions]
    for before, after in itertools.pairwise(values):
        if not objective.better(after, before):
            raise InternalError(f"backend '{backend}' gave a solution of value {after} after one of {before}")
    if not solutions:  # none proved (unsatisfiable: no bound), or none found yet
        proved = outcome.complete and not cut
        return Best(None, None, None if proved else outcome.bound, proved, outcome.timed_out or cut)
    value = value_checked(objective, backend, solutions[-1], outcome.objective)
    proved = outcome.complete and not cut
    bound = value if proved else outcome.bound
    if bound is not None and objective.better(value, bound):
        raise InternalError(f"backend '{backend}' proved the bound {bound}, but found a solution of value {value}")
    return Best(solutions[-1], value, bound, proved, outcome.timed_out or cut)


def best_solution(
    engine: Any, model: Lowered, compiled: Compiled, deadline: float | None, seed: int | None,
    found: Optimum | None = None,
) -> tuple[Optimum, dict[str, Any]]:
    """Step 1: each part of the objective optimised in turn on the model with the parts before it fixed
    (`lexicographic.stage`; one search for a plain objective), until a part is not proved optimal (a
    time limit; a local search goes on, each part at the best it found). The stats are the first
    search's, with the improving solutions of all of them counted."""
    objective = model.problem.objective
    assert objective is not None
    found = Optimum() if found is None else found  # the caller's, to read the best so far at Ctrl-C
    stats: dict[str, Any] = {"improving_solutions": 0}
    optima: list[int] = []
    for index, part in enumerate(objective.parts):
        reached = None if found.values is None else found.values[index]
        staged = _compiled_stage(engine, compiled, stage(model.problem, index, tuple(optima), reached), index,
                                 deadline)
        if staged is None:
            found.timed_out, found.proved = True, False
            found.bound = (*optima, None) if engine.CAPABILITIES.exact else None
            break
        best, searched = _search_part(engine, model, staged, part, deadline, seed, found.saw)
        improving = stats["improving_solutions"] + searched["improving_solutions"]
        stats = {**searched, **stats, "improving_solutions": improving}  # the first search's stats
        _take(found, objective, best, index)
        found.bound = (*optima, best.bound) if engine.CAPABILITIES.exact else None
        goes_on = best.proved or not (engine.CAPABILITIES.exact or best.timed_out)  # a local search: each part its best
        if found.values is None or not goes_on:
            break
        optima.append(found.values[index])
    if objective.lexicographic:
        stats["parts_optimised"] = len(optima)
    return found, stats


def _compiled_stage(engine: Any, compiled: Compiled, staged: Problem, index: int,
                    deadline: float | None) -> Compiled | None:
    """The backend's model of one part's search: the first part's is the model compiled already (no
    backend's model holds the objective, which its `optimise` reads); a later part's adds the bounds
    that fix the parts before it, compiled anew (None when the deadline passed during the compile)."""
    if index == 0:
        return Compiled(staged, compiled.native, compiled.size, compiled.compile_seconds)
    return compile_within(engine, staged, deadline)


def _search_part(
    engine: Any, model: Lowered, staged: Compiled, part: Objective, deadline: float | None, seed: int | None,
    saw: Callable[[Assignment], None] | None = None,
) -> tuple[Best, dict[str, Any]]:
    """One plain objective optimised by the backend, each improving solution checked (a checker of its
    own: a later part may find again the solution an earlier part ended with) and then given to `saw`."""
    improving = SolutionCheck(model, engine.name, deadline, saw, distinct=False)
    claimed: list[Outcome] = []

    def optimise(*, limit: int | None, **keywords: Any) -> Outcome:
        claimed.append(engine.optimise(staged, **keywords))
        return claimed[0]

    searched = checked_search(optimise, improving, limit=None, deadline=deadline, seed=seed)
    outcome = checked_outcome(claimed[0], searched)
    best = best_of(part, engine.name, outcome, improving)
    stats = dict(outcome.stats)
    stats["improving_solutions"] = len(claimed[0].solutions)
    return best, stats


def _take(found: Optimum, objective: Objective, best: Best, index: int) -> None:
    """Step 1's outcome after a part's search: its solution (every part's value recomputed), whether
    it is proved optimal; a later part that proves there is no solution, where one is known, is a bug."""
    found.proved, found.timed_out = best.proved, best.timed_out
    if best.solution is not None:
        found.solution, found.values = best.solution, objective_values(objective, best.solution)
    elif index and best.proved:
        raise InternalError(f"part {index + 1} of the objective has no solution, yet one is known")


def optimal_solutions(
    engine: Any,
    model: Lowered,
    best: Optimum,
    limit: int | None,
    deadline: float | None,
    checker: Callable[[Callable[[Assignment], None] | None], SolutionCheck],
    on_solution: Callable[[Assignment], None] | None,
) -> tuple[list[Assignment], bool, bool]:
    """Step 2: (the optimal solutions, whether they are all there are, whether the time limit cut them),
    up to `limit`; the best solution alone when the optimum is not proved, one is enough, or the time
    left was too short to look for more."""
    objective = model.problem.objective
    assert objective is not None and best.solution is not None and best.values is not None
    if not best.proved or limit == 1 or not engine.CAPABILITIES.exact:
        return _alone(best.solution, on_solution), False, best.timed_out
    values = best.values
    fixed = with_parts_fixed(model.problem, objective.parts, values)
    compiled = compile_within(engine, fixed, deadline)
    if compiled is None:
        return _alone(best.solution, on_solution), False, True

    def also_optimal(solution: Assignment) -> None:
        if objective_values(objective, solution) != values:
            raise InternalError(f"backend '{engine.name}' gave a solution of value "
                                f"{list(objective_values(objective, solution))} as one of the optimum {list(values)}")
        if on_solution is not None:
            on_solution(solution)

    searched = checked_search(search_of(engine, compiled), checker(also_optimal), limit=limit, deadline=deadline,
                              seed=None)
    if not searched.solutions:  # the time ran out before the search found one again
        return _alone(best.solution, on_solution), False, True
    return searched.solutions, searched.complete, searched.timed_out


def _alone(solution: Assignment, on_solution: Callable[[Assignment], None] | None) -> list[Assignment]:
    if on_solution is not None:
        on_solution(solution)
    return [solution]


def solve_optimum(
    engine: Any,
    model: Lowered,
    compiled: Compiled,
    *,
    limit: int | None,
    deadline: float | None,
    seed: int | None,
    on_solution: Callable[[Assignment], None] | None,
) -> tuple[Result, dict[str, Any]]:
    """Both steps: the Result (its solutions the optimal ones found) and the stats of step 1. Ctrl-C
    raises `Interrupted` with the best solution found by then, or the optimal ones found once the
    optimum was proved."""
    backend = engine.name
    objective = model.problem.objective
    assert objective is not None
    best = Optimum()
    try:
        best, stats = best_solution(engine, model, compiled, deadline, seed, best)
    except KeyboardInterrupt:
        raise Interrupted(_best_so_far(model, backend, best, limit)) from None
    if best.solution is None:
        result = Result(model, backend, [], best.proved, best.timed_out, limit)
    else:
        checks: list[SolutionCheck] = []

        def checker(then: Callable[[Assignment], None] | None) -> SolutionCheck:
            checks.append(SolutionCheck(model, backend, deadline, then))
            return checks[-1]

        try:
            solutions, complete, timed_out = optimal_solutions(engine, model, best, limit, deadline, checker,
                                                               on_solution)
        except KeyboardInterrupt:
            found = [solution for check in checks for solution in check.checked.values()]
            raise Interrupted(_optimal_so_far(model, backend, best, found, limit)) from None
        result = Result(model, backend, solutions, complete, timed_out, limit)
    result.objective, result.bound = best.shown(objective)
    result.optimal = best.proved
    return result, stats


def _best_so_far(model: Lowered, backend: str, best: Optimum, limit: int | None) -> Result:
    """What Ctrl-C leaves of step 1: the last improving solution checked, its value recomputed, not
    proved optimal (no bound either: the search that would have proved one was stopped)."""
    result = Result(model, backend, [], False, False, limit)
    if best.latest is not None:
        objective = model.problem.objective
        assert objective is not None
        result.solutions = [best.latest]
        result.objective = shown(objective, objective_values(objective, best.latest))
    return result


def _optimal_so_far(model: Lowered, backend: str, best: Optimum, found: list[Assignment],
                    limit: int | None) -> Result:
    """What Ctrl-C leaves of step 2: the optimum, proved, and the optimal solutions checked by then
    (the best solution of step 1 when none was found again yet)."""
    objective = model.problem.objective
    assert objective is not None and best.solution is not None
    result = Result(model, backend, found or [best.solution], False, False, limit)
    result.objective, result.bound = best.shown(objective)
    result.optimal = best.proved
    return result
