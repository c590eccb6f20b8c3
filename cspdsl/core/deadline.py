"""The time limit of the solve in progress, for the steps that may run long before a search starts.

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
