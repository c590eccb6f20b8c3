"""A sequential puzzle on a backend that solves models as a whole (sat, cpsat, csp): unrolled over a
bound (`passes/unroll.py`), solved and checked as any model is (`api.solve`), its solutions read back
as plans.

The bound is the model's (`steps <= N`). A puzzle that asks for its fewest moves, or has no bound,
is deepened: unrolled over 0, 1, 2, ... steps until the first bound with a plan, each shorter bound
proved to have none, so the plans found are the shortest.
"""

from __future__ import annotations

from .api import solve
from .lower import Lowered
from .lower.layout import Layout
from .passes.deadline import seconds_left
from .passes.unroll import plan_of, unroll
from .plans import PlanResult
from .static_types import Any

MAX_DEEPENING = 200  # the longest plan deepening looks for, without a bound in the model

# What suits an unrolled puzzle, unless the user's options say otherwise. On sat: its symmetry search
# and implied sums cost seconds on a plan's thousands of copies and find nothing to use (pegs: 8 s of
# compiling to 0.4 s). On csp: the variables in the model's order are the plan's steps in time order,
# so each move fixes the state after it (jugs: 5 times faster than the greedy order).
UNROLLED_OPTIONS = {"sat": {"symmetry": "false", "implied": "false"}, "csp": {"order": "model"}}


def unrolled_model(model: Lowered, horizon: int) -> Lowered:
    """The puzzle unrolled over `horizon` steps, as a model of its own."""
    return Lowered(unroll(model.problem, horizon), Layout(title=model.layout.title), name=model.name)


def solve_unrolled(model: Lowered, backend: str, *, limit: int | None, deadline: float | None,
                   options: dict[str, str] | None, count_only: bool) -> PlanResult:
    """Plans of a sequential puzzle on `backend`, by deepening or over the model's bound (see above)."""
    seq = model.problem.sequential
    assert seq is not None
    options = {**UNROLLED_OPTIONS.get(backend, {}), **(options or {})}
    deepen = seq.shortest or seq.bound is None
    horizon = 0 if deepen else (seq.bound or 0)
    result: Any = None
    while True:  # deepening looks for one plan at each bound; the last bound is solved as asked
        probe = deepen and limit != 1
        result = solve(unrolled_model(model, horizon), backend, limit=1 if probe else limit,
                       timeout=seconds_left(deadline), options=options)
        if probe and result.solutions:
            result = solve(unrolled_model(model, horizon), backend, limit=limit, timeout=seconds_left(deadline),
                           options=options)
        if not deepen or result.solutions or result.timed_out or horizon >= _deepest(seq.bound):
            break
        horizon += 1
    plans = [plan_of(seq, solution, horizon) for solution in result.solutions]
    count = len(plans) if result.complete else None
    stats = dict(result.stats, horizon=horizon)
    shortest = deepen and bool(plans)
    return PlanResult(model, backend, [] if count_only else plans, count, result.complete, result.timed_out, limit,
                      shortest, horizon if shortest else None, dict(result.size), stats)


def _deepest(bound: int | None) -> int:
    return bound if bound is not None else MAX_DEEPENING
