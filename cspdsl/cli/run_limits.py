"""The command line's limits on one run: the sizes a model may reach (`--max-cells`, `--max-values`,
`--max-combinations`, `--max-terms`: `lower/sizes.py`) and the memory the run may take (`--max-memory`).

The memory ceiling is the operating system's (RLIMIT_DATA, which the search processes inherit), so
that no model, however it grows, can take the machine: past it an allocation fails, and the run ends
with one line and exit code 5, never a traceback. Where the platform has no such limit (Windows), the
flag is accepted and does nothing. docs/guarantees.md states the defaults.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from ..core.static_types import TYPE_CHECKING

if TYPE_CHECKING:
    from ..lower.sizes import SizeLimits

# `lower.sizes` is imported in the functions that read it, as a command that reads a model builds its
# flags: importing it loads the whole `lower` package and the parser's tables, which `cspdsl --help`,
# `backends` and `examples` never use (docs/performance.md, Start-up).

DEFAULT_MAX_MEMORY_MB = 4096
MIN_MEMORY_MB = 256  # below this, loading the solvers' libraries (OpenBLAS with OR-Tools) fails already

_WHAT = {
    "cells": "the cells of one array",
    "values": "the values of all the variables together",
    "combinations": "the combinations of values the quantifiers go through, in all",
    "terms": "the items of the lists the clues go through, in all",
}


def add_limit_flags(command: argparse.ArgumentParser) -> None:
    """The --max-* flags of a command that reads a model."""
    from ..lower.sizes import FLAGS, SizeLimits

    defaults = SizeLimits()
    limits = command.add_argument_group("limits")
    for name, flag in FLAGS.items():
        default = getattr(defaults, name)
        limits.add_argument(flag, type=whole_number, default=default, metavar="N",
                            help=f"at most N {_WHAT[name]} (default {default:,})")
    limits.add_argument("--max-memory", type=_megabytes, default=DEFAULT_MAX_MEMORY_MB, metavar="MB",
                        help=f"the memory this run may take, in megabytes (default {DEFAULT_MAX_MEMORY_MB})")


def limits_of(args: argparse.Namespace) -> SizeLimits:
    from ..lower.sizes import SizeLimits

    return SizeLimits(args.max_cells, args.max_values, args.max_combinations, args.max_terms)


def set_memory_ceiling(megabytes: int) -> None:
    """Hold this process and the searches it starts to `megabytes` of data (never above a ceiling
    the system already sets)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return
    wanted = megabytes * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (wanted, hard))


def out_of_memory_message(megabytes: int) -> str:
    return (f"error: the run reached its memory ceiling of {megabytes} MB\n"
            "hint: raise it with --max-memory MB, or make the model smaller")


def whole_number(text: str, at_least: int = 1, unit: str = "") -> int:
    """A flag's whole number, `at_least` this much (`unit` named in the words when there is one)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < at_least:
        raise argparse.ArgumentTypeError(f"must be at least {at_least}" + (f" ({unit})" if unit else ""))
    return value


def _megabytes(text: str) -> int:
    """A memory ceiling: MIN_MEMORY_MB at least (0 gets the same words as 255)."""
    return whole_number(text, MIN_MEMORY_MB, "megabytes")


@contextmanager
def run_limits(args: argparse.Namespace) -> Iterator[None]:
    """A command's run under its flags' limits: the memory ceiling, and the sizes every model it
    loads is held to (a command that reads no model has neither)."""
    if not hasattr(args, "max_memory"):
        yield
        return
    from ..lower.sizes import held_to

    set_memory_ceiling(args.max_memory)
    with held_to(limits_of(args)):
        yield
