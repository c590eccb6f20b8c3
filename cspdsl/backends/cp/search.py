"""One depth-first search of the CP solver, stopped at a time limit, at Ctrl-C or at enough solutions.

The solver calls the search's limit (`Watch`) at each node: it reads the clock against the deadline
and a flag that Ctrl-C sets (during the search SIGINT only sets it: the Python exception would arise
inside a call from C++). The solutions come one at a time from `NextSolution`, each handed to the
caller as it comes.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator

from ...core.record import Record, field
from ...core.static_types import Any
from ..protocol import Assignment

Values = Callable[[], Assignment]  # the current solution's values
Take = Callable[[Assignment], bool]  # keeps one solution; False when the search should stop


class Watch:
    """The search's limit: True (stop) once the deadline has passed or Ctrl-C was pressed."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.timed_out = False
        self.interrupted = False

    def __call__(self) -> bool:
        if self.interrupted:
            return True
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.timed_out = True
            return True
        return False

    def interrupt(self, *_: object) -> None:
        self.interrupted = True


class Ended(Record, frozen=False):
    """How a search ended: `exhausted` when the solver had no further solution, `timed_out` when the
    deadline stopped it; its branches, failures and seconds."""

    exhausted: bool = False
    timed_out: bool = False
    stats: dict[str, Any] = field(default_factory=dict)


@contextlib.contextmanager
def ctrl_c_to(watch: Watch) -> Iterator[None]:
    """SIGINT sets the watch's flag while the search runs (in the main thread: elsewhere Python gets
    no signals anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, watch.interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def run(solver: Any, decisions: Any, monitors: list[Any], deadline: float | None, values: Values,
        take: Take) -> Ended:
    """Search with `decisions` and `monitors`, each solution's `values` given to `take` until it says
    stop or the solver has no more; KeyboardInterrupt if Ctrl-C stopped it."""
    watch = Watch(deadline)
    limit = solver.CustomLimit(watch)
    branches, failures, started = solver.Branches(), solver.Failures(), time.perf_counter()
    ended = Ended()
    with ctrl_c_to(watch):
        solver.NewSearch(decisions, [*monitors, limit])
        try:
            while True:
                if not solver.NextSolution():
                    ended.exhausted = not (watch.timed_out or watch.interrupted)
                    break
                if not take(values()):
                    break
        finally:
            solver.EndSearch()
    if watch.interrupted:
        raise KeyboardInterrupt
    ended.timed_out = watch.timed_out
    ended.stats = {"wall_seconds": time.perf_counter() - started, "branches": solver.Branches() - branches,
                   "failures": solver.Failures() - failures}
    return ended
