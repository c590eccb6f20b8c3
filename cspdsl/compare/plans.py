"""`cspdsl compare` on a sequential puzzle: `search` and the backends that solve it unrolled over a
bound (`unrolled.py`), side by side, on the same file.

A plan is told apart by its start state and its moves. Each run asks for a first plan, then (with
`--all`) for every plan; every plan has passed the plan checker (`plans.solve_plans`). The rows are
`compare.Run`s, so agreement is settled as for any model: the same set of plans with `--all`, the same
verdict (a plan or none) without it. Each time is end to end (`solve_plans` compiles, searches and
checks the plans); the first plan and all plans are two searches, each from its own compile, both
by the run's deadline.
"""

from __future__ import annotations

import time

from ..core.deadline import seconds_left
from ..driver.plans import solve_plans
from ..driver.result import PlanResult
from ..ir.sequential import Plan
from ..lower import Lowered
from .rows import Row, Run

PlanKey = tuple[int, ...]


def plan_key(plan: Plan) -> PlanKey:
    """The start state's values, then the moves' numbers: one plan, one key."""
    return (*plan.states[0], -1, *plan.moves)


def run_plans(model: Lowered, row: Row, all_plans: bool, deadline: float | None) -> Run:
    """One backend, one repeat, by `deadline`: a first plan, then every plan when `all_plans` and there is one."""
    first, first_seconds = _timed(model, row.backend, 1, deadline)
    row.size = dict(first.size)
    compile_seconds = float(first.stats.get("compile_seconds", 0.0))
    status = first.status
    found = frozenset(plan_key(plan) for plan in first.plans)
    if not all_plans or status != "solved":
        return Run(status, len(first.plans), compile_seconds, first_seconds if first.plans else None, None,
                   found=found)
    every, every_seconds = _timed(model, row.backend, None, deadline)
    keys = frozenset(plan_key(plan) for plan in every.plans)
    finished = every.complete and not every.timed_out
    return Run("solved" if finished else "timeout", len(keys), compile_seconds, first_seconds,
               every_seconds if finished else None, keys if finished else None, keys)


def _timed(model: Lowered, backend: str, limit: int | None, deadline: float | None) -> tuple[PlanResult, float]:
    started = time.perf_counter()
    result = solve_plans(model, backend, limit=limit, timeout=seconds_left(deadline))
    return result, time.perf_counter() - started
