"""The local searches on a model with an objective: the objective joins the cost after feasibility.

A first search finds a solution, as for any model. Then, round after round, the bound `objective <=
best - 1` (minimised) joins the paid constraints, graded by how far the objective is above it
(`local/cost.py`'s violation of a sum), and a new search looks for a solution of cost 0 again, which is
a strictly better one. The rounds end when one finds nothing within its time slice or the time limit
ends. A local search proves nothing: what it reports is the best it found, never an optimum, and no
bound.

Each round after the first gets `ROUND_FACTOR` times the first one's time, at least `MIN_ROUND_SECONDS`,
so a model whose first solution comes quickly is not held to the whole time limit of a local search.
"""

from __future__ import annotations

import time

from ...core.deadline import TimeLimitReached, time_limited
from ...core.static_types import Any
from ...ir import Linear, Posted, Problem
from ..protocol import Assignment, Compiled, OnSolution, Outcome

ROUND_FACTOR = 3.0
MIN_ROUND_SECONDS = 0.5


def tightened(problem: Problem, bound: Linear) -> Problem:
    """The problem with one more paid constraint: the objective's bound."""
    return Problem(dict(problem.variables), [*problem.constraints, Posted(bound)], list(problem.outputs))


def optimise(
    backend: Any, compiled: Compiled, timeout: float | None, seed: int | None, on_solution: OnSolution | None
) -> Outcome:
    """`Backend.optimise` for a local search (see the module docstring)."""
    objective = compiled.problem.objective
    assert objective is not None
    terms = objective.minimised()
    started = time.perf_counter()
    deadline = None if timeout is None else started + timeout
    first = backend.solve(compiled, limit=1, timeout=timeout, seed=seed)
    stats: dict[str, Any] = dict(first.stats)
    if not first.solutions:
        return Outcome([], False, first.timed_out, stats)
    found = [_shown(first.solutions[0], on_solution)]
    round_seconds = max(MIN_ROUND_SECONDS, ROUND_FACTOR * (time.perf_counter() - started))
    timed_out, rounds = False, 0
    while terms:
        left = round_seconds if deadline is None else min(round_seconds, deadline - time.perf_counter())
        if left <= 0:
            timed_out = True
            break
        value = sum(coef * found[-1][name] for coef, name in terms)
        try:  # a round's compile is as long as the first's: within the time left too
            with time_limited(None if deadline is None else time.monotonic() + left):
                harder = backend.compile(tightened(compiled.problem, Linear(terms, "<=", value - 1)))
        except TimeLimitReached:
            timed_out = True
            break
        rounds += 1
        outcome = backend.solve(harder, limit=1, timeout=left, seed=None if seed is None else seed + rounds)
        if not outcome.solutions:
            break
        found.append(_shown(outcome.solutions[0], on_solution))
    stats["improving_rounds"] = rounds
    result = Outcome(found, False, timed_out, stats)
    result.objective = objective.value_of(sum(coef * found[-1][name] for coef, name in terms))
    return result


def _shown(solution: Assignment, on_solution: OnSolution | None) -> Assignment:
    if on_solution is not None:
        on_solution(solution)
    return solution
