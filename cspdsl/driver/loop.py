"""The one loop every command and API function solves through: compile -> search -> check.

    compile_within(engine, problem, deadline)   the backend's compile, stopped at the deadline
    checked_search(search, checker, ...)         a search whose solutions the checker sees, each once

`solve.py` puts the two together for one model; optimising (`optimum.py`), counting
(`counting.py`), iterating (`iterate.py`), plans (`plans.py`, `unrolled.py`), `compare` and batches
(`instances/`) are strategies over them, not copies of them: a time limit ends a compile or a search
the same way everywhere, and every solution shown has passed the independent checker (`checking.py`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..backends import Assignment, Backend, Compiled, Outcome
from ..core.deadline import TimeLimitReached, seconds_left, time_limited
from ..core.record import Record, field
from ..core.static_types import Any, Protocol
from ..ir import Problem

# A search as the loop calls it: a backend's `solve` on its compiled model, or a batch session's
# search of one instance, with the keywords of `Backend.solve`.
Search = Callable[..., Outcome]


class Checker(Protocol):
    """What checks a search's solutions: `SolutionCheck`, or a batch's check of one instance."""

    def check(self, solution: Assignment) -> None: ...

    def all_checked(self, solutions: list[Assignment]) -> tuple[list[Assignment], bool]: ...


class Searched(Record, frozen=False):
    """A search's solutions once checked, and how it ended: `complete` when it ran to the end and
    every solution found was checked; `timed_out` when the time limit stopped the search or cut the
    checking short. `seconds` is the search's own time, checking after it left out."""

    solutions: list[Assignment]
    complete: bool
    timed_out: bool
    stats: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


def compile_within(engine: Backend, problem: Problem, deadline: float | None) -> Compiled | None:
    """The backend's compile of the problem, or None when the deadline passed during one of its steps
    that look at the time (the passes' and the SAT encoder's: `core.deadline.check_deadline`)."""
    try:
        with time_limited(deadline):
            compiled = engine.compile(problem)
    except TimeLimitReached:
        return None
    return compiled


def checked_search(search: Search, checker: Checker | None, *, limit: int | None, deadline: float | None,
                   seed: int | None, during: bool = True) -> Searched:
    """Run `search` for up to `limit` solutions within the deadline, each solution checked: while the
    search goes on (`during`, so that the time limit covers the checking too) or after it (so that the
    search's time is its own). A deadline that passes before every solution is checked cuts them
    there, and the search then counts as stopped by the time limit. `checker` None leaves the checking
    to the caller, which checks the solutions whole (a count by components checks each part beside
    the others')."""
    on_solution = checker.check if checker is not None and during else None
    started = time.perf_counter()
    outcome = search(limit=limit, timeout=seconds_left(deadline), seed=seed, on_solution=on_solution)
    seconds = time.perf_counter() - started
    solutions, cut = checker.all_checked(outcome.solutions) if checker is not None else (outcome.solutions, False)
    stats = dict(outcome.stats)
    if cut:
        stats["unchecked_at_time_limit"] = len(outcome.solutions) - len(solutions)
    return Searched(solutions, outcome.complete and not cut, outcome.timed_out or cut, stats, seconds)


def checked_outcome(outcome: Outcome, searched: Searched) -> Outcome:
    """An optimising search's outcome with its solutions replaced by those checked (`optimum.py`):
    the value the backend claims is kept only when it is the last checked solution's."""
    claimed = outcome.objective if len(searched.solutions) == len(outcome.solutions) else None
    return Outcome(searched.solutions, searched.complete, searched.timed_out, searched.stats, claimed, outcome.bound)


def search_of(engine: Backend, compiled: Compiled) -> Search:
    """The backend's search of its compiled model, as `checked_search` calls it."""

    def search(**keywords: Any) -> Outcome:
        return engine.solve(compiled, **keywords)

    return search
