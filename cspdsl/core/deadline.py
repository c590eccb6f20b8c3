"""The time limit of the solve in progress, for the steps that may run long before a search starts;
and the command's clock, from which a command's `--timeout` counts (`left_of_command`).

`driver.loop.compile_within` sets the deadline around a backend's compile (`time_limited`); a pass
or an encoder that loops over a model checks it between steps (`check_deadline`), which raises
`TimeLimitReached` once it has passed, and the solve then ends as a time limit like a search that the limit stops. The
deadline is ambient rather than a parameter: the loops that check it sit several calls below
`Backend.compile`, whose signature every backend shares, and with no limit set a check costs one
lookup. Times are `time.monotonic()` seconds, as the child processes' limits are. It lives in
`core/`, below the passes and the backends that look at it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# What a search is given at least, however little of the time limit is left: a search given none at
# all could not report that the limit stopped it.
MIN_SEARCH_SECONDS = 0.001


class TimeLimitReached(Exception):
    """The time limit passed while a step that checks it was running."""


_DEADLINE: ContextVar[float | None] = ContextVar("cspdsl_deadline", default=None)


def deadline_after(seconds: float | None) -> float | None:
    """The deadline `seconds` from now (None: no limit)."""
    return None if seconds is None else time.monotonic() + seconds


def seconds_left(deadline: float | None, at_least: float = MIN_SEARCH_SECONDS) -> float | None:
    """The seconds from now to `deadline` (None: no limit), but `at_least` this many."""
    return None if deadline is None else max(deadline - time.monotonic(), at_least)


@contextmanager
def time_limited(deadline: float | None) -> Iterator[None]:
    """Within the block, `check_deadline` raises once `deadline` has passed (None: never)."""
    token = _DEADLINE.set(deadline)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def current_deadline() -> float | None:
    """The deadline that `time_limited` set, if any."""
    return _DEADLINE.get()


def check_deadline() -> None:
    """Raise TimeLimitReached if the deadline set by `time_limited` has passed."""
    deadline = _DEADLINE.get()
    if deadline is not None and time.monotonic() >= deadline:
        raise TimeLimitReached


# -- the command's clock: a command's time limit counted from its start, which lowering is part of ------

_COMMAND: list[float] = []  # the start of the command under way, as a time.monotonic() time


def start_command(with_the_process: bool = False) -> None:
    """A command starts (`cli.main`): now, or when the process started for the process's own command
    (the console script, `entry.run`), so that Python's start and the imports count too."""
    now = time.monotonic()
    age = _process_age() if with_the_process else 0.0
    _COMMAND[:] = [now - (age if age <= MAX_START_SECONDS else 0.0)]


# A process older than this at its command's start is taken to have started now: not a command's own.
MAX_START_SECONDS = 60.0


def _process_age() -> float:
    """Seconds since this process started (Linux: /proc/self/stat's start time against the boot clock;
    0 where that cannot be read)."""
    import os

    try:
        with open("/proc/self/stat", "rb") as stat:  # bytes: no codec module to load for one line
            fields = stat.read().rsplit(b")", 1)[1].split()  # after the command's name, which may hold spaces
        ticks = int(fields[19])  # field 22, the start time in clock ticks after boot
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0
    return age if age >= 0 else 0.0


def command_started() -> float:
    """The `time.monotonic()` time the command under way started (now if none started)."""
    return _COMMAND[0] if _COMMAND else time.monotonic()


def left_of_command(seconds: float | None) -> float | None:
    """What is left of a command's time limit of `seconds` (None or inf: no limit, as given), counted
    from the command's start (`start_command`; now if none started): the model's reading and lowering
    come out of it. At least MIN_SEARCH_SECONDS, so that what is given one says the limit stopped it."""
    if seconds is None or seconds == float("inf"):
        return seconds
    return max(seconds - (time.monotonic() - command_started()), MIN_SEARCH_SECONDS)


def command_deadline(seconds: float | None) -> float | None:
    """The deadline of a command's time limit of `seconds`, counted from the command's start."""
    if seconds is None or seconds == float("inf"):
        return None
    return max(command_started() + seconds, time.monotonic() + MIN_SEARCH_SECONDS)
