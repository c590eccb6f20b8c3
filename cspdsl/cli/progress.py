"""The progress line of `--all` and `--count`: how many solutions were found and how long it has
taken, on standard error, so that a count of a million solutions does not sit silent for a minute.

The line stays below the solutions that `--all` prints: it is wiped before each one and drawn again
at once after it, and a clock thread redraws it every TICK_SECONDS, so that the time moves on while
the search looks for its next solution. A count redraws it at most every TICK_SECONDS however fast its
solutions come. One lock keeps the clock's redraws out of a solution being printed, and out of a fork.

Only on a terminal: where standard error is a file or a pipe (a script, CI, a log) nothing is
written, so what a program reads there stays the messages alone. No rich here: a plain solve starts
without it (tests/test_startup_imports.py), and the line is one `\\r`-redrawn line of text.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable

from ..core.static_types import Any

TICK_SECONDS = 0.25
WIPE = "\r\033[K"  # back to the line's start, and clear it

# Held while a line is written. A search under a time limit runs in a forked child (backends/child.py):
# the fork waits until no line is being written, so that the child never starts with the clock
# thread's hold on standard error's buffer, which no thread of the child would ever let go.
_WRITING = threading.RLock()
os.register_at_fork(before=_WRITING.acquire, after_in_parent=_WRITING.release, after_in_child=_WRITING.release)


def solutions_text(found: int) -> str:
    """`17,691 solutions`: a number of solutions as every line of the solve's text writes it."""
    return f"{found:,} solution{'' if found == 1 else 's'}"


class Progress:
    """found/elapsed on one line of `stream`, kept below the printed solutions."""

    def __init__(self, stream: Any, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.clock = clock
        self.started = self.drawn_at = clock()
        self.found = 0
        self.shown = False  # whether a line is on the screen now
        self.lock = _WRITING
        self._stopped = threading.Event()
        self._ticker: threading.Thread | None = None

    @classmethod
    def on_terminal(cls, stream: Any = None) -> Progress | None:
        """A progress line on `stream` (standard error) if it is a terminal, else None."""
        stream = sys.stderr if stream is None else stream
        isatty = getattr(stream, "isatty", None)
        return cls(stream) if isatty is not None and isatty() else None

    def start(self) -> Progress:
        """The first line, and the clock thread that redraws it until `close`."""
        self.draw()
        self._ticker = threading.Thread(target=self._tick, name="progress", daemon=True)
        self._ticker.start()
        return self

    def _tick(self) -> None:
        while not self._stopped.wait(TICK_SECONDS):
            self.draw()

    def line(self, now: float) -> str:
        return f"{solutions_text(self.found)} found, {now - self.started:.1f} s (Ctrl-C stops and keeps them)"

    def draw(self) -> None:
        """The line drawn afresh in place (nothing once closed)."""
        with self.lock:
            if self._stopped.is_set():
                return
            now = self.drawn_at = self.clock()
            self.stream.write(f"{WIPE}{self.line(now)}")
            self.stream.flush()
            self.shown = True

    def solution(self, _solution: object = None) -> None:
        """One more solution; the line is redrawn if it has not been for TICK_SECONDS."""
        self.found += 1
        if self.clock() - self.drawn_at >= TICK_SECONDS:
            self.draw()

    def printed(self, then: Callable[[Any], None], solution: Any) -> None:
        """`then(solution)` (which prints it) with the line wiped before and drawn again below it."""
        with self.lock:
            self.wipe()
            then(solution)
            self.found += 1
            self.draw()

    def wipe(self) -> None:
        """Clear the line (before other output)."""
        with self.lock:
            if self.shown:
                self.stream.write(WIPE)
                self.stream.flush()
                self.shown = False

    def close(self) -> None:
        """The line cleared and the clock stopped: what follows is printed on a clean screen."""
        with self.lock:
            self.wipe()
            self._stopped.set()
        if self._ticker is not None and self._ticker is not threading.current_thread():
            self._ticker.join(timeout=1.0)  # it wakes at once: the event is set


def watching(progress: Progress | None, then: Callable[[Any], None] | None) -> Callable[[Any], None] | None:
    """The callback for each solution: printed by `then` above the line, or counted on it."""
    if progress is None:
        return then
    if then is None:
        return progress.solution

    def watch(solution: Any) -> None:
        progress.printed(then, solution)

    return watch
