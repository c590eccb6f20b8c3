"""`cspdsl compare`: one model on several backends, side by side, and whether they agree.

Each repeat runs every backend once, in turn, so that drift of the machine (another process, a
warmer cache) touches all of them alike; the figures shown are medians over the repeats, each time
end to end from the compile's start (`rows.py`). Every
solution is checked by the independent checker, as in `solve`. With `--all`, the backends that
finished must report the same set of solutions (compared on the model's own variables); without
it, the exact backends must agree on whether there is a solution at all. On a model with an objective
they must prove the same optimum (`optimum.py`); a sequential puzzle's backends, the same plans
(`plans.py`).

A run's time limit covers its compile as well as its search. The command line's `--timeout` is the
whole comparison's, counted from the command's start: each run is given an equal share of what is
left of it when the run starts (`run_deadline`), so that a run that ends early leaves its time to
the runs after it, and the command ends within its limit however many runs it has.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..backends import declaration, get_backend
from ..core import limits
from ..core.deadline import deadline_after
from ..core.static_types import Any
from ..driver.checking import SolutionCheck
from ..driver.loop import checked_search, compile_within, search_of
from ..driver.result import status_of
from ..lower import Lowered
from .optimum import run_optimum, settle_optima
from .plans import run_plans
from .rows import Row, Run


class ComparisonInterrupted(KeyboardInterrupt):
    """Ctrl-C during a comparison: the rows of the runs done by then (a backend with none left out),
    agreement settled among them, for the command to show before it stops."""

    def __init__(self, rows: list[Row], done: int, total: int) -> None:
        super().__init__(f"{done} of {total} runs done")
        self.rows, self.done, self.total = rows, done, total


def compare_backends(
    model: Lowered,
    backends: list[str],
    *,
    all_solutions: bool,
    repeat: int,
    timeout: float | None,
    seed: int | None = None,
    progress: Callable[[str], None] | None = None,
    deadline: float | None = None,
) -> list[Row]:
    """Run the model on each backend `repeat` times, round robin, and settle agreement. `timeout`
    limits each run, compile and search (`math.inf`: none; `backends.limits` gives the ranges of it
    and of `seed`); `deadline` (a `time.monotonic()` time; None: none) ends the whole comparison, each
    run given at most an equal share of what is left of it (`run_deadline`). `progress` is told of
    each run as it starts. Ctrl-C raises `ComparisonInterrupted` with the runs done by then."""
    limit, seed = limits.checked(timeout, seed)
    timeout = limits.no_limit_as_none(limit)
    rows = [Row(name, declaration(name).capabilities.exact) for name in backends]  # no solver imported yet
    done, total = 0, repeat * len(rows)
    try:
        for number in range(1, repeat + 1):
            for row in rows:
                if progress is not None:
                    progress(f"run {number}/{repeat}: {row.backend}")
                ends = run_deadline(timeout, deadline, total - done)
                row.runs.append(_run(model, row, all_solutions, ends, seed))
                done += 1
    except KeyboardInterrupt:
        kept = [row for row in rows if row.runs]
        _settled(model, kept, all_solutions)
        raise ComparisonInterrupted(kept, done, repeat * len(rows)) from None
    _settled(model, rows, all_solutions)
    return rows


def run_deadline(timeout: float | None, deadline: float | None, runs_left: int) -> float | None:
    """The deadline of the run starting now: `timeout` from now, and no later than an equal share of
    what is left before the comparison's `deadline` among the `runs_left` runs (this one included)."""
    now = time.monotonic()
    own = deadline_after(timeout)
    if deadline is None:
        return own
    share = now + max(deadline - now, 0.0) / max(runs_left, 1)
    return share if own is None else min(own, share)


def _run(model: Lowered, row: Row, all_solutions: bool, deadline: float | None, seed: int | None) -> Run:
    """One backend, one repeat, as the model asks: plans, an optimum, or solutions; ended by `deadline`
    (one already past: a time limit, the backend not even loaded)."""
    if deadline is not None and time.monotonic() >= deadline:
        return Run("timeout", 0, None, None, None)
    if model.problem.sequential is not None:  # a start, moves and a goal: plans, not solutions
        return run_plans(model, row, all_solutions, deadline)
    if model.problem.objective is not None:
        return run_optimum(model, row, all_solutions, deadline, seed)
    return _run_once(model, row, all_solutions, deadline, seed)


def _settled(model: Lowered, rows: list[Row], all_solutions: bool) -> None:
    objective = model.problem.objective
    if objective is None or all_solutions:
        _settle_agreement(rows, all_solutions)
    if objective is not None:
        settle_optima(rows, objective)


def _run_once(model: Lowered, row: Row, all_solutions: bool, deadline: float | None, seed: int | None) -> Run:
    """One backend, one repeat: compile, then one search, its solutions checked as they come, all by
    `deadline`. With `all_solutions` on an exact backend the search enumerates them all, and the first
    solution's time is when the same search had it checked; otherwise it stops at the first. Each
    time runs from the compile's start (rows.py)."""
    engine = get_backend(row.backend)
    started = time.perf_counter()
    compiled = compile_within(engine, model.problem, deadline)
    if compiled is None:  # the time limit ended the compile: no search, no compile time to show
        return Run("timeout", 0, None, None, None)
    compile_seconds = time.perf_counter() - started
    row.size = dict(compiled.size)
    enumerate_all = all_solutions and row.exact
    first: list[float] = []

    def first_checked(_: Any) -> None:
        if not first:
            first.append(time.perf_counter() - started)

    check = SolutionCheck(model, engine.name, then=first_checked)
    searched = checked_search(search_of(engine, compiled), check, limit=None if enumerate_all else 1,
                              deadline=deadline, seed=seed)
    ended = time.perf_counter() - started
    keys = frozenset(model.problem.project(s) for s in searched.solutions)
    first_seconds = first[0] if first and searched.solutions else None
    if not enumerate_all:
        status = status_of(bool(searched.solutions), searched.complete, searched.timed_out)
        return Run(status, len(keys), compile_seconds, first_seconds, None, found=keys)
    finished = searched.complete and not searched.timed_out
    if finished and not searched.solutions:
        return Run("unsatisfiable", 0, compile_seconds, None, None)
    return Run("solved" if finished else "timeout", len(keys), compile_seconds, first_seconds,
               ended if finished else None, keys if finished else None, keys)


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
