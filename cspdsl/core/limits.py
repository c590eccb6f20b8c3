"""The time limit and the seed a run takes, checked once where a user gives them (the command line's
flags, `timeout=` and `seed=` in Python), so that no backend meets a value it cannot take.

- A time limit is a number of seconds above 0. `inf` means no time limit (a local search then runs
  until its own budget ends). A finite one above `MAX_TIMEOUT` is taken as `MAX_TIMEOUT`: the parent
  of a timed csp or sat search waits on the operating system, whose waits are bounded (select() fails
  past about 9e9 s, a Windows wait past 49 days). NaN, 0 and negative limits are refused.
- A seed is a whole number from 0 to `MAX_SEED`, for every backend alike: CP-SAT takes 32-bit seeds
  only, and the local searches draw their own seeds from this range.

docs/guarantees.md states these ranges; tests/test_cli.py holds each flag to them.
"""

from __future__ import annotations

import math

from .errors import CspdslError

MAX_TIMEOUT = 1_000_000.0  # seconds: about 11.5 days
MAX_SEED = 2**31 - 1


class LimitError(ValueError):
    """A time limit or seed outside its range; the face that was called words where it came from."""


def time_limit(value: object) -> float | None:
    """A time limit in seconds checked and clamped: None stays None (the default), inf stays inf (no
    limit), a finite one above MAX_TIMEOUT becomes MAX_TIMEOUT. Raises LimitError."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LimitError("the time limit must be a number of seconds")
    return _seconds(value)


def _seconds(value: float) -> float:
    if value != value:  # NaN (math.isnan would overflow on a very large int)
        raise LimitError("the time limit must be a number of seconds")
    if value <= 0:
        raise LimitError("the time limit must be more than 0 seconds")
    return math.inf if value == math.inf else float(min(value, MAX_TIMEOUT))


def no_limit_as_none(seconds: float | None) -> float | None:
    """What a backend is given: None for no time limit (inf), else the seconds."""
    return None if seconds is not None and math.isinf(seconds) else seconds


def seed_in_range(value: object) -> int | None:
    """A seed checked: None (the solver's own choice), or a whole number 0..MAX_SEED. Raises LimitError."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise LimitError(f"the seed must be a whole number from 0 to {MAX_SEED}")
    return value


def checked(timeout: object, seed: object = None) -> tuple[float | None, int | None]:
    """`timeout=` and `seed=` of a Python call, checked; a bad one is a CspdslError that names it."""
    try:
        limit = time_limit(timeout)
    except LimitError as error:
        raise CspdslError(f"timeout={timeout!r}: {error}") from None
    try:
        return limit, seed_in_range(seed)
    except LimitError as error:
        raise CspdslError(f"seed={seed!r}: {error}") from None


def seconds_flag(text: str) -> float:
    """--timeout S (an argparse type): a number of seconds, `inf` for none."""
    try:
        value = float(text)
    except ValueError:
        raise _flag_error(f"'{text}' is not a number of seconds") from None
    try:
        return _seconds(value)
    except LimitError as error:
        raise _flag_error(f"'{text}' is not a number of seconds" if value != value else str(error)) from None


def seed_flag(text: str) -> int:
    """--seed N (an argparse type): a whole number 0..MAX_SEED."""
    try:
        value = int(text)
    except ValueError:
        raise _flag_error(f"'{text}' is not a whole number") from None
    try:
        seed_in_range(value)
    except LimitError as error:
        raise _flag_error(str(error)) from None
    return value


def _flag_error(words: str) -> Exception:
    import argparse  # the command line has imported it already; a Python caller never comes here

    return argparse.ArgumentTypeError(words)
