"""`cspdsl compare`: one model on several backends, side by side, and whether they agree.

Each repeat runs every backend once, in turn, so that drift of the machine (another process, a
warmer cache) touches all of them alike; the figures shown are medians over the repeats. Every
solution is checked by the independent checker, as in `solve`. With `--all`, the backends that
finished must report the same set of solutions (compared on the model's own variables); without
it, the exact backends must agree on whether there is a solution at all. On a model with an objective
they must prove the same optimum (`optimum.py`); a sequential puzzle's backends, the same plans
(`plans.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..backends import Backend, Compiled, backend_class, get_backend
from ..core import limits
from ..core.deadline import deadline_after
from ..core.static_types import Any
from ..driver.checking import SolutionCheck
from ..driver.loop import Searched, checked_search, compile_within, search_of
from ..driver.result import status_of
from ..lower import Lowered
from .optimum import run_optimum, settle_optima
from .plans import run_plans
from .rows import Row, Run


def compare_backends(
    model: Lowered,
    backends: list[str],
    *,
    all_solutions: bool,
    repeat: int,
    timeout: float | None,
    seed: int | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[Row]:
    """Run the model on each backend `repeat` times, round robin, and settle agreement. `timeout`
    limits each search (`math.inf`: none; `backends.limits` gives the ranges of it and of `seed`)."""
    limit, seed = limits.checked(timeout, seed)
    timeout = limits.no_limit_as_none(limit)
    rows = [Row(name, backend_class(name).CAPABILITIES.exact) for name in backends]
    for number in range(1, repeat + 1):
        for row in rows:
            if progress is not None:
                progress(f"run {number}/{repeat}: {row.backend}")
            if model.problem.sequential is not None:  # a start, moves and a goal: plans, not solutions
                row.runs.append(run_plans(model, row, all_solutions, timeout))
            else:
                row.runs.append(_run_once(model, row, all_solutions, timeout, seed))
    objective = model.problem.objective
    if objective is None or all_solutions:
        _settle_agreement(rows, all_solutions)
    if objective is not None:
        settle_optima(rows, objective)
    return rows


def _run_once(model: Lowered, row: Row, all_solutions: bool, timeout: float | None, seed: int | None) -> Run:
    """One backend, one repeat: compile, a first solution, then with `all_solutions` every solution,
    each search timed on its own and its solutions checked after it."""
    if model.problem.objective is not None:
        return run_optimum(model, row, all_solutions, timeout, seed)
    engine = get_backend(row.backend)
    compiled = compile_within(engine, model.problem, None)
    assert compiled is not None  # no deadline: the compile runs to its end
    row.size = dict(compiled.size)
    first = _timed_search(model, engine, compiled, 1, timeout, seed)
    status = status_of(bool(first.solutions), first.complete, first.timed_out)
    first_keys = frozenset(model.problem.project(s) for s in first.solutions)
    if not all_solutions or not row.exact or status != "solved":
        seconds = first.seconds if first.solutions else None
        return Run(status, len(first.solutions), compiled.compile_seconds, seconds, None, found=first_keys)
    every = _timed_search(model, engine, compiled, None, timeout, seed)
    keys = frozenset(model.problem.project(s) for s in every.solutions)
    finished = every.complete and not every.timed_out
    return Run("solved" if finished else "timeout", len(keys), compiled.compile_seconds, first.seconds,
               every.seconds if finished else None, keys if finished else None, keys)


def _timed_search(model: Lowered, engine: Backend, compiled: Compiled, limit: int | None, timeout: float | None,
                  seed: int | None) -> Searched:
    """A search within `timeout`, its solutions checked after it (its `seconds` are the backend's alone)."""
    return checked_search(search_of(engine, compiled), SolutionCheck(model, engine.name), limit=limit,
                          deadline=deadline_after(timeout), seed=seed, during=False)


def _settle_agreement(rows: list[Row], all_solutions: bool) -> None:
    """Agreement among the backends that settled the question; None for those that could not."""
    if all_solutions:
        sets = {row.backend: row.runs[-1].solution_set for row in rows}
        settled = {name: s for name, s in sets.items() if s is not None}
        reference = _most_common(list(settled.values()))
        for row in rows:
            if row.backend in settled:
                row.agrees = settled[row.backend] == reference
            elif row.status == "unsatisfiable":
                row.agrees = reference is None or reference == frozenset()
            elif row.status in ("solved", "feasible") and reference is not None:  # a local search: one of them
                row.agrees = row.runs[-1].found <= reference
        return
    verdicts = {row.backend: row.status for row in rows if row.exact and row.status in ("solved", "unsatisfiable")}
    reference_status = _most_common(list(verdicts.values()))
    for row in rows:
        if row.backend in verdicts:
            row.agrees = verdicts[row.backend] == reference_status
        elif row.status == "solved":  # a local search found a (checked) solution: consistent with "solved"
            row.agrees = reference_status in (None, "solved")


def _most_common(values: list[Any]) -> Any:
    if not values:
        return None
    return max(values, key=values.count)


def disagreement(rows: list[Row]) -> list[str]:
    return [row.backend for row in rows if row.agrees is False]
