"""Solving a sequential puzzle (a start, moves, a goal): its plans, each checked move by move.

On `search` the states are explored directly; on every other exact backend the puzzle is unrolled
over a bounded number of steps (`passes/unroll.py`) into an ordinary problem, solved as any model is,
and its solutions read back as plans (`unrolled.py`). Every plan meets the independent plan checker
(`check/plan.py`) before it is returned, whichever backend found it.
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
from .result import PlanResult

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
    if backend == SEARCH:
        result = _searched(model, limit, deadline, options, count_only)
    else:
        from .unrolled import solve_unrolled

        result = solve_unrolled(model, backend, limit=limit, deadline=deadline, options=options,
                                count_only=count_only)
    checker = PlanChecker(model.problem)
    for plan in result.plans:
        fault = checker.fault(plan)
        if fault is not None:
            raise InternalError(f"backend '{backend}' returned a plan that fails the check: {fault}")
    result.stats["total_seconds"] = time.perf_counter() - started
    return result


def _searched(model: Lowered, limit: int | None, deadline: float | None, options: dict[str, str] | None,
              count_only: bool) -> PlanResult:
    engine: Any = get_backend(SEARCH, options)
    compiled = compile_within(engine, model.problem, deadline)
    if compiled is None:
        return PlanResult(model, SEARCH, [], None, False, True, limit)
    outcome = engine.plans(compiled, limit=limit, deadline=deadline, count_only=count_only)
    stats = dict(outcome.stats, compile_seconds=compiled.compile_seconds)
    return PlanResult(model, SEARCH, outcome.plans, outcome.count, outcome.complete, outcome.timed_out, limit,
                      outcome.shortest, outcome.length, dict(compiled.size), stats)
