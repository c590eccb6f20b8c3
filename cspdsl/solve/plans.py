"""Solving a sequential puzzle (a start, moves, a goal): its plans, each checked move by move.

On `search` the states are explored directly; on every other exact backend the puzzle is unrolled
over a bounded number of steps (`passes/unroll.py`) into an ordinary problem, solved as any model is,
and its solutions read back as plans (`unrolled.py`). Every plan meets the independent plan checker
(`ir/check_plan.py`) before it is returned, whichever backend found it.
"""

from __future__ import annotations

import time

from ..api import InternalError
from ..backends import get_backend
from ..check.plan import PlanChecker
from ..core import limits
from ..core.deadline import deadline_after
from ..core.errors import CspdslError
from ..core.record import Record, field
from ..core.static_types import Any
from ..ir.sequential import Plan
from ..lower import Lowered

SEARCH = "search"


class PlanResult(Record, frozen=False):
    """Checked plans of one sequential puzzle on one backend, and how the search ended.

    `count` is the number of plans when the search settled it (None when it stopped first);
    `shortest` that the plans are proved the shortest there are (breadth-first search, or deepening
    that proved every shorter bound has none)."""

    model: Lowered
    backend: str
    plans: list[Plan]
    count: int | None
    complete: bool
    timed_out: bool
    limit: int | None
    shortest: bool = False
    length: int | None = None  # of the shortest plans, when `shortest`
    size: dict[str, int] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def status(self) -> str:
        if self.plans or self.count:
            return "solved"
        return "timeout" if self.timed_out else "unsatisfiable" if self.complete else "timeout"

    @property
    def found(self) -> int:
        return len(self.plans)

    def words(self, index: int = 0) -> list[str]:
        """A plan's moves in words."""
        seq = self.model.problem.sequential
        assert seq is not None
        return self.plans[index].words(seq)


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
    compiled = engine.compile(model.problem)
    outcome = engine.plans(compiled, limit=limit, deadline=deadline, count_only=count_only)
    stats = dict(outcome.stats, compile_seconds=compiled.compile_seconds)
    return PlanResult(model, SEARCH, outcome.plans, outcome.count, outcome.complete, outcome.timed_out, limit,
                      outcome.shortest, outcome.length, dict(compiled.size), stats)
