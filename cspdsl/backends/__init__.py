"""The backend protocol and registry.

A backend compiles an IR `Problem` into its native model once, then solves it. Backends know the IR
and nothing above it. The registry maps a name to a module path, so that a heavy solver (ortools) is
imported only when its backend is used.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import CspdslError
from ..ir import Problem

Assignment = dict[str, int]


@dataclass
class Compiled:
    """A backend's native model, with its size in the backend's own terms."""

    problem: Problem
    native: Any
    size: dict[str, int] = field(default_factory=dict)
    compile_seconds: float = 0.0


@dataclass
class Outcome:
    """What one solve produced.

    `complete` is true when the search ran to the end (so `solutions` are all there are, up to
    `limit`), or when it proved there is none; `timed_out` when the time limit stopped it first.
    Solutions are distinct on the problem's own (output) variables.
    """

    solutions: list[Assignment]
    complete: bool
    timed_out: bool = False
    stats: dict[str, Any] = field(default_factory=dict)


class Backend(Protocol):
    name: str

    def compile(self, problem: Problem) -> Compiled: ...

    def solve(
        self,
        compiled: Compiled,
        *,
        limit: int | None,
        timeout: float | None,
        seed: int | None,
    ) -> Outcome: ...


# name -> (module, class). New backends join by adding a line here.
REGISTRY: dict[str, tuple[str, str]] = {
    "cpsat": ("cspdsl.backends.cpsat", "CpSatBackend"),
}
DEFAULT_BACKEND = "cpsat"


def get_backend(name: str) -> Backend:
    """The backend registered under `name`, imported on first use."""
    if name not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise CspdslError(f"unknown backend '{name}'", hint=f"available backends: {known}")
    module_name, class_name = REGISTRY[name]
    backend: Backend = getattr(importlib.import_module(module_name), class_name)()
    return backend
