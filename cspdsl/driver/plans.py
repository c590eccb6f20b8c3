"""Solving a sequential puzzle (a start, moves, a goal): its plans, each checked move by move.

On `search` the states are explored directly; on every other exact backend the puzzle is unrolled
over a bounded number of steps (`passes/unroll.py`) into an ordinary problem, solved as any model is,
and its solutions read back as plans (`unrolled.py`). Every plan meets the independent plan checker
(`check/plan.py`) before it is returned, whichever backend found it, and the cheapest plans each
cost what the backend says they cost.

Ctrl-C during a search raises `PlansInterrupted`, a KeyboardInterrupt that carries what was known by
then: the best plan found, checked (an unrolled search of the least cost has one from its first
bound with a plan on), or how many states the search had expanded.
"""

from __future__ import annotations

import time

from ..backends import get_backend
from ..check.plan import PlanChecker
from ..core import limits
from ..core.deadline import deadline_after
from ..core.errors import CspdslError, InternalError
from ..core.static_types import Any
from ..lower import Lowered
from .loop import compile_within
from .result import PlanResult, PlansInterrupted

SEARCH = "search"


def solve_plans(model: Lowered, backend: str = SEARCH, *, limit: int | None = 2, timeout: float | None = None,
                options: dict[str, str] | None = None, count_only: bool = False) -> PlanResult:
    """Up to `limit` plans of a sequential puzzle (None: all of them) and their number; `count_only`
    asks for the number alone. Every plan returned has passed the plan checker."""
    if model.problem.sequential is None:
        raise CspdslError("this model has no moves: it is not a sequential puzzle")
    timeout, _ = limits.checked(timeout, None)
    timeout = limits.no_limit_as_none(timeout)
    started = time.perf_counter()
    deadline = deadline_after(timeout)
    try:
        if backend == SEARCH:
            result = _searched(model, limit, deadline, options, count_only)
        else:
            result = _unrolled(model, backend, limit, deadline, options, count_only)
    except PlansInterrupted as stop:
        _check(model, backend, stop.partial)
        stop.partial.stats["total_seconds"] = time.perf_counter() - started
        raise
    _check(model, backend, result)
    result.stats["total_seconds"] = time.perf_counter() - started
    return result


def _unrolled(model: Lowered, backend: str, limit: int | None, deadline: float | None,
              options: dict[str, str] | None, count_only: bool) -> PlanResult:
    """On a backend that solves models as a whole: the cheapest plans over bounds chosen from the
    costs (`cheapest.py`), else the plans over the model's bound or the shortest by deepening."""
    seq = model.problem.sequential
    assert seq is not None
    if seq.cheapest:
        from .cheapest import solve_cheapest

        return solve_cheapest(model, backend, limit=limit, deadline=deadline, options=options, count_only=count_only)
    from .unrolled import solve_unrolled

    return solve_unrolled(model, backend, limit=limit, deadline=deadline, options=options, count_only=count_only)


def _check(model: Lowered, backend: str, result: PlanResult) -> None:
    """Every plan through the plan checker, and the cheapest ones of the cost claimed."""
    checker = PlanChecker(model.problem)
    for plan in result.plans:
        fault = checker.fault(plan) or (checker.cost_fault(plan, result.cost) if result.cost is not None else None)
        if fault is not None:
            raise InternalError(f"backend '{backend}' returned a plan that fails the check: {fault}")


def _searched(model: Lowered, limit: int | None, deadline: float | None, options: dict[str, str] | None,
              count_only: bool) -> PlanResult:
    engine: Any = get_backend(SEARCH, options)
    compiled = compile_within(engine, model.problem, deadline)
    if compiled is None:
        return PlanResult(model, SEARCH, [], None, False, True, limit)
    outcome = engine.plans(compiled, limit=limit, deadline=deadline, count_only=count_only)
    stats = dict(outcome.stats, compile_seconds=compiled.compile_seconds)
    cheapest = outcome.cost is not None
    result = PlanResult(model, SEARCH, outcome.plans, outcome.count, outcome.complete, outcome.timed_out, limit,
                        outcome.shortest, outcome.length, dict(compiled.size), stats, cheapest, outcome.cost)
    if outcome.interrupted:
        raise PlansInterrupted(result)
    return result
