"""Solutions one at a time, as the search finds them: `solutions(model)` for a `for` loop.

    >>> from cspdsl import load, solutions
    >>> for solution in solutions(load("models/lock.puz"), limit=2):
    ...     print(solution["a"])

The backends hand their solutions to a callback (`driver.solve`'s `on_solution`) and return when the
search ends, so the search runs on a thread of its own and each checked solution is passed over a
queue to the loop, which gets it while the search goes on. Leaving the loop early (`break`, an
exception, Ctrl-C) stops the search at its next solution: the callback then raises, which every
backend takes as the end of its search (a child process is stopped, CP-SAT is told to stop).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

from ..backends import DEFAULT_BACKEND, Assignment
from ..core.static_types import Any
from ..lower import Lowered
from .result import Result
from .solve import solve

# How often the loop waking for a solution looks up, so that Ctrl-C reaches it while it waits.
WAKE_SECONDS = 0.1


class SearchLeft(Exception):
    """Raised into the search by the callback once the loop has gone: the search ends there."""


class _Search:
    """The search on its thread, and the queue that its checked solutions go over, in order: then
    ("done", its Result), or ("failed", what it raised). Holds no reference to the loop's iterator,
    so that an iterator dropped early is collected and stops the search."""

    def __init__(self, model: Lowered, backend: str, solve_args: dict[str, Any]) -> None:
        self.found: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self.left = threading.Event()
        thread = threading.Thread(target=self._run, args=(model, backend, solve_args), daemon=True)
        thread.start()

    def _run(self, model: Lowered, backend: str, solve_args: dict[str, Any]) -> None:
        try:
            self.found.put(("done", solve(model, backend, on_solution=self._hand_over, **solve_args)))
        except SearchLeft:
            self.found.put(("done", None))
        except BaseException as error:  # a bad option, a local search asked for all: raised in the loop
            self.found.put(("failed", error))

    def _hand_over(self, solution: Assignment) -> None:
        if self.left.is_set():
            raise SearchLeft
        self.found.put(("solution", solution))

    def next_message(self) -> tuple[str, Any]:
        while True:
            try:
                return self.found.get(timeout=WAKE_SECONDS)
            except queue.Empty:
                continue


class Solutions:
    """The checked solutions of one search, in the order found; `result` is the search's Result
    once the loop has taken the last of them (`finished` says whether it has)."""

    def __init__(self, model: Lowered, backend: str, **solve_args: Any) -> None:
        self._result: Result | None = None
        self._search = _Search(model, backend, solve_args)
        self._done = False

    def __iter__(self) -> Iterator[Assignment]:
        return self

    def __next__(self) -> Assignment:
        if self._done:
            raise StopIteration
        try:
            kind, payload = self._search.next_message()
        except BaseException:  # Ctrl-C while waiting
            self.close()
            raise
        if kind == "solution":
            solution: Assignment = payload
            return solution
        self._done = True
        if kind == "failed":
            raise payload
        self._result = payload
        raise StopIteration

    @property
    def finished(self) -> bool:
        """Whether the loop took the last solution, so that `result` is there."""
        return self._result is not None

    @property
    def result(self) -> Result:
        """The search's Result, as `solve` gives it, once the loop has ended; a LookupError before
        then, and after a loop that left early (the search was stopped: it has no result)."""
        if self._result is None:
            raise LookupError("the search has no result until the loop has taken its last solution")
        return self._result

    def close(self) -> None:
        """Stop the search at its next solution (an iterator dropped before its end does this)."""
        self._done = True
        self._search.left.set()

    def __del__(self) -> None:
        self._search.left.set()


def solutions(
    model: Lowered,
    backend: str = DEFAULT_BACKEND,
    *,
    limit: int | None = None,
    timeout: float | None = None,
    seed: int | None = None,
    options: dict[str, str] | None = None,
) -> Solutions:
    """The model's solutions, each checked, as the search finds them: all of them, or up to `limit`,
    within `timeout` seconds (as `driver.solve` takes them). Once the loop has taken the last one, the
    iterator's `result` tells how the search ended (complete, timed out) and its stats."""
    return Solutions(model, backend, limit=limit, timeout=timeout, seed=seed, options=options)
