"""Solving a model with an objective (`minimize` / `maximize`): the best value, proved, and its solutions.

Two steps on any backend:
1. `Backend.optimise`: the backend's own method (CP-SAT's objective, the SAT backend's bound tightening,
   branch and bound, a local search's cost) finds better and better solutions and, when it can, proves
   the last optimal. Each is checked by the independent checker, and its value recomputed from the IR
   (`ir.check.objective_value`): a value the backend claims that the checker does not find is a bug.
2. When more than one optimal solution is wanted (the default two, that tell whether the optimum is
   reached once only, `--all`, `--count`) and the optimum was proved: the problem with the objective
   fixed at the optimum is solved as any problem is, on the same backend, every solution checked
   again and its value too.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from .backends import Assignment, Compiled, Outcome
from .ir import Linear, Objective, Posted, Problem
from .ir.check import objective_value
from .passes.deadline import TimeLimitReached, seconds_left, time_limited
from .static_types import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .api import Result, SolutionCheck
    from .lower import Lowered


class Best:
    """The outcome of step 1, checked: the best solution found, its value, the bound proved."""

    def __init__(self, solution: Assignment | None, value: int | None, bound: int | None, proved: bool,
                 timed_out: bool) -> None:
        self.solution, self.value, self.bound = solution, value, bound
        self.proved, self.timed_out = proved, timed_out


def with_objective_fixed(problem: Problem, objective: Objective, value: int) -> Problem:
    """The problem whose solutions are exactly its solutions of objective value `value`. The value is
    posted as two bounds, not one equality: an equality would join the SAT backend's system of sums
    (`passes.sums`), whose implied equalities cost more than they save on an objective's sum (the coin
    change's second compile: seconds, not a fraction of one)."""
    fixed = Problem(dict(problem.variables), list(problem.constraints), list(problem.outputs),
                    projected=problem.projected)
    rhs = value - objective.constant
    for op in ("<=", ">="):
        fixed.constraints.append(Posted(Linear(objective.terms, op, rhs), objective.span))
    return fixed


def value_checked(objective: Objective, backend: str, solution: Assignment, claimed: int | None) -> int:
    """The solution's objective value, recomputed; InternalError when the backend claimed another."""
    from .api import InternalError

    value = objective_value(objective, solution)
    if claimed is not None and claimed != value:
        raise InternalError(
            f"backend '{backend}' claims objective value {claimed} for a solution whose value is {value}"
        )
    return value


def best_of(model: Lowered, backend: str, outcome: Outcome, checker: SolutionCheck) -> Best:
    """Step 1's outcome checked: each improving solution against the model, each better than the one
    before, the last one's claimed value recomputed; a deadline that cut the checking cuts the solutions."""
    from .api import InternalError

    objective = model.problem.objective
    assert objective is not None
    solutions, cut = checker.all_checked(outcome.solutions)
    values = [objective_value(objective, solution) for solution in solutions]
    for before, after in itertools.pairwise(values):
        if not objective.better(after, before):
            raise InternalError(f"backend '{backend}' gave a solution of value {after} after one of {before}")
    if not solutions:  # none proved (unsatisfiable: no bound), or none found yet
        proved = outcome.complete and not cut
        return Best(None, None, None if proved else outcome.bound, proved, outcome.timed_out or cut)
    claimed = outcome.objective if len(solutions) == len(outcome.solutions) else None
    value = value_checked(objective, backend, solutions[-1], claimed)
    proved = outcome.complete and not cut
    bound = value if proved else outcome.bound
    if bound is not None and objective.better(value, bound):
        raise InternalError(f"backend '{backend}' proved the bound {bound}, but found a solution of value {value}")
    return Best(solutions[-1], value, bound, proved, outcome.timed_out or cut)


def optimal_solutions(
    engine: Any,
    model: Lowered,
    best: Best,
    limit: int | None,
    deadline: float | None,
    checker: Callable[[Callable[[Assignment], None] | None], SolutionCheck],
    on_solution: Callable[[Assignment], None] | None,
) -> tuple[list[Assignment], bool, bool]:
    """Step 2: (the optimal solutions, whether they are all there are, whether the time limit cut them),
    up to `limit`; the best solution alone when the optimum is not proved, one is enough, or the time
    left was too short to look for more."""
    objective = model.problem.objective
    assert objective is not None and best.solution is not None and best.value is not None
    if not best.proved or limit == 1 or not engine.exact:
        return _alone(best.solution, on_solution), False, best.timed_out
    value = best.value
    fixed = with_objective_fixed(model.problem, objective, value)
    try:
        with time_limited(deadline):
            compiled: Compiled = engine.compile(fixed)
    except TimeLimitReached:
        return _alone(best.solution, on_solution), False, True

    def also_optimal(solution: Assignment) -> None:
        value_checked(objective, engine.name, solution, value)
        if on_solution is not None:
            on_solution(solution)

    check = checker(also_optimal)
    outcome = engine.solve(compiled, limit=limit, timeout=seconds_left(deadline, 0.001), seed=None,
                           on_solution=check.check)
    solutions, cut = check.all_checked(outcome.solutions)
    if not solutions:  # the time ran out before the search found one again
        return _alone(best.solution, on_solution), False, True
    return solutions, outcome.complete and not cut, outcome.timed_out or cut


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
    """Both steps: the Result (its solutions the optimal ones found) and the stats of step 1."""
    from .api import MIN_SEARCH_SECONDS, Result, SolutionCheck

    backend = engine.name
    improving = SolutionCheck(model, backend, deadline)
    outcome = engine.optimise(compiled, timeout=seconds_left(deadline, MIN_SEARCH_SECONDS), seed=seed,
                              on_solution=improving.check)
    best = best_of(model, backend, outcome, improving)
    stats = dict(outcome.stats)
    stats["improving_solutions"] = len(outcome.solutions)
    if best.solution is None:
        result = Result(model, backend, [], best.proved, best.timed_out, limit)
    else:
        solutions, complete, timed_out = optimal_solutions(
            engine, model, best, limit, deadline,
            lambda then: SolutionCheck(model, backend, deadline, then), on_solution,
        )
        result = Result(model, backend, solutions, complete, timed_out, limit)
    result.objective, result.bound, result.optimal = best.value, best.bound, best.proved
    return result, stats
