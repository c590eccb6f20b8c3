"""A progress line for long enumerations: how many solutions were found and how long it has taken,
redrawn in place on standard error while `--all` or `--count` runs, so that a count of a million
solutions does not sit silent for a minute.

Only on a terminal: where standard error is a file or a pipe (a script, CI, a log) nothing is
written, so what a program reads there stays the messages alone. The line is redrawn at most every
REDRAW_SECONDS, whatever the pace of the solutions, and wiped before anything else is printed.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from ..core.static_types import Any

REDRAW_SECONDS = 0.2
WIPE = "\r\033[K"  # back to the line's start, and clear it


class Progress:
    """found/elapsed on one line of `stream`, redrawn in place as solutions are found."""

    def __init__(self, stream: Any, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.clock = clock
        self.started = self.drawn_at = clock()
        self.found = 0
        self.shown = False  # whether a line is on the screen now

    @classmethod
    def on_terminal(cls, stream: Any = None) -> Progress | None:
        """A progress line on `stream` (standard error) if it is a terminal, else None."""
        stream = sys.stderr if stream is None else stream
        isatty = getattr(stream, "isatty", None)
        return cls(stream) if isatty is not None and isatty() else None

    def solution(self, _solution: object = None) -> None:
        """One more solution; the line is redrawn if it has not been for REDRAW_SECONDS."""
        self.found += 1
        now = self.clock()
        if now - self.drawn_at >= REDRAW_SECONDS:
            self.drawn_at = now
            self.stream.write(f"{WIPE}{self.line(now)}")
            self.stream.flush()
            self.shown = True

    def line(self, now: float) -> str:
        plural = "" if self.found == 1 else "s"
        return f"{self.found:,} solution{plural} found, {now - self.started:.1f} s"

    def wipe(self) -> None:
        """Clear the line (before other output, and at the end)."""
        if self.shown:
            self.stream.write(WIPE)
            self.stream.flush()
            self.shown = False


def watching(progress: Progress | None, then: Callable[[Any], None] | None) -> Callable[[Any], None] | None:
    """The callback for each solution: the line wiped, `then` (which prints it), the line counted."""
    if progress is None:
        return then

    def watch(solution: Any) -> None:
        if then is not None:
            progress.wipe()
            then(solution)
        progress.solution(solution)

    return watch
