"""A sequential puzzle on a backend that solves models as a whole (sat, cpsat, csp): unrolled over a
bound (`passes/unroll.py`), solved, its solutions read back as plans (each then checked move by move
by `plans.py`).

On cpsat and csp the unrolled model is solved and checked as any model is (`solve.py`). A backend
that declares a "bounds" session solves the bounds itself: sat writes the CNF straight from the moves
(`backends/sat/bounded.py`), its plans checked here as any others.

The bound is the model's (`steps <= N`). A puzzle that asks for its fewest moves, or has no bound,
is deepened: unrolled over 0, 1, 2, ... steps until the first bound with a plan, each shorter bound
proved to have none, so the plans found are the shortest. (A puzzle that asks for its least cost is
solved by `cheapest.py`, over bounds it chooses.)

Ctrl-C raises `interrupted.PlansInterrupted`, with the plans of the bound being solved that were found by
then (an enumeration's), and the bound reached.
"""

from __future__ import annotations

from collections.abc import Callable

from ..backends import has_session, open_bounds_session
from ..core.deadline import seconds_left
from ..core.record import Record, field
from ..core.static_types import Any
from ..lower import Lowered
from ..lower.layout import Layout
from ..passes.unroll import plan_of, unroll
from .result import Interrupted, PlanResult, PlansInterrupted
from .solve import solve

MAX_DEEPENING = 200  # the longest plan deepening looks for, without a bound in the model

# What suits an unrolled puzzle on csp, unless the user's options say otherwise: the variables in the
# model's order are the plan's steps in time order, so each move fixes the state after it (jugs: 5
# times faster than the greedy order).
UNROLLED_OPTIONS = {"csp": {"order": "model"}}


class Bounded(Record):
    """The solutions of the puzzle unrolled over one bound (assignments of `x@t` and `move@t`)."""

    solutions: list[dict[str, int]]
    complete: bool
    timed_out: bool
    stats: dict[str, Any] = field(default_factory=dict)
    size: dict[str, int] = field(default_factory=dict)


Solver = Callable[[int, "int | None", "float | None"], Bounded]  # (horizon, limit, deadline)


def unrolled_model(model: Lowered, horizon: int) -> Lowered:
    """The puzzle unrolled over `horizon` steps, as a model of its own."""
    return Lowered(unroll(model.problem, horizon), Layout(title=model.layout.title), name=model.name)


def solve_unrolled(model: Lowered, backend: str, *, limit: int | None, deadline: float | None,
                   options: dict[str, str] | None, count_only: bool) -> PlanResult:
    """Plans of a sequential puzzle on `backend`, by deepening or over the model's bound (see above)."""
    seq = model.problem.sequential
    assert seq is not None
    bounded = bounded_solver(model, backend, options)
    deepen = seq.shortest or seq.bound is None
    horizon = 0 if deepen else (seq.bound or 0)
    try:
        while True:  # deepening looks for one plan at each bound; the last bound is solved as asked
            probe = deepen and limit != 1
            result = bounded(horizon, 1 if probe else limit, deadline)
            if probe and result.solutions:
                result = bounded(horizon, limit, deadline)
            if not deepen or result.solutions or result.timed_out or horizon >= deepest(seq.bound):
                break
            horizon += 1
    except KeyboardInterrupt as stop:
        found = stop.partial.solutions if isinstance(stop, Interrupted) else []
        plans = [plan_of(seq, solution, horizon) for solution in found]
        raise PlansInterrupted(PlanResult(model, backend, plans, None, False, False, limit,
                                          stats={"horizon": horizon})) from stop
    plans = [plan_of(seq, solution, horizon) for solution in result.solutions]
    count = len(plans) if result.complete else None
    stats = dict(result.stats, horizon=horizon)
    shortest = deepen and bool(plans)
    kept = [] if count_only and count is not None else plans  # a stopped count shows what it found
    return PlanResult(model, backend, kept, count, result.complete, result.timed_out, limit,
                      shortest, horizon if shortest else None, dict(result.size), stats)


def bounded_solver(model: Lowered, backend: str, options: dict[str, str] | None) -> Solver:
    """What solves the puzzle unrolled over one bound on `backend`: its "bounds" session where it
    declares one (sat's CNF straight from the moves), else the unrolled model solved as any model is."""
    if not has_session(backend, "bounds"):
        return _model_solver(model, backend, options)
    session = open_bounds_session(backend, model.problem, options)

    def bounded(horizon: int, limit: int | None, deadline: float | None) -> Bounded:
        outcome, size = session(horizon, limit, deadline)
        return Bounded(outcome.solutions, outcome.complete, outcome.timed_out, dict(outcome.stats), size)

    return bounded


def _model_solver(model: Lowered, backend: str, options: dict[str, str] | None) -> Solver:
    """The unrolled model solved and checked by `driver.solve`, as any model is."""
    options = {**UNROLLED_OPTIONS.get(backend, {}), **(options or {})}

    def bounded(horizon: int, limit: int | None, deadline: float | None) -> Bounded:
        result = solve(unrolled_model(model, horizon), backend, limit=limit, timeout=seconds_left(deadline),
                       options=options)
        return Bounded(result.solutions, result.complete, result.timed_out, dict(result.stats), dict(result.size))

    return bounded


def deepest(bound: int | None) -> int:
    return bound if bound is not None else MAX_DEEPENING
