"""The backend protocol and registry.

A backend compiles an IR `Problem` into its native model once, then solves it. Backends know the IR
and nothing above it. The registry maps a name to a module path, so that a heavy solver (ortools) is
imported only when its backend is used.
"""

from __future__ import annotations

import importlib
import math
import sys
from collections.abc import Callable

from ..core.errors import CspdslError
from ..core.record import Record, field
from ..core.static_types import Any, ClassVar, Protocol
from ..ir import Problem

Assignment = dict[str, int]
# What a caller of `Backend.solve` may give it to see each solution as soon as it is found, in the
# calling process, once, before the solution joins the outcome (the same object); an exception from
# it stops the search and goes through to the caller. `api.solve` checks each solution with it while
# the search goes on, so that its time limit covers the checking too, and checks afterwards those a
# backend did not show it (the SAT backend's first short try in this process, which may start over).
OnSolution = Callable[[Assignment], None]


class Compiled(Record, frozen=False):
    """A backend's native model, with its size in the backend's own terms."""

    problem: Problem
    native: Any
    size: dict[str, int] = field(default_factory=dict)
    compile_seconds: float = 0.0


class Outcome(Record, frozen=False):
    """What one solve produced.

    `complete` is true when the search ran to the end (so `solutions` are all there are, up to
    `limit`), or when it proved there is none; `timed_out` when the time limit stopped it first.
    Solutions are distinct on the problem's own (output) variables.

    Of `Backend.optimise`: `solutions` are the improving solutions in the order found, the best last;
    `complete` that the search proved the last one optimal (or that there is none); `objective` the
    value the backend claims for it and `bound` the best bound it proved, in the model's terms (the
    checker recomputes the value: `ir.check.objective_value`).
    """

    solutions: list[Assignment]
    complete: bool
    timed_out: bool = False
    stats: dict[str, Any] = field(default_factory=dict)
    objective: int | None = None
    bound: int | None = None


# The sizes shown in one line (stats line, compare table), in the backends' own terms; `--stats`
# shows every entry of `Compiled.size`.
HEADLINE_SIZES = ("variables", "constraints", "clauses", "literals")


def headline_size(size: dict[str, int]) -> list[str]:
    return [f"{size[key]} {key}" for key in HEADLINE_SIZES if key in size]


class Distinct:
    """Remembers the solutions found, told apart on the model's own variables (`outputs`): a backend's
    auxiliary variables, or the images of a solution under the model's symmetries, may bring one
    solution more than once."""

    def __init__(self, outputs: list[str]) -> None:
        self.outputs = outputs
        self.seen: set[tuple[int, ...]] = set()

    def is_new(self, assignment: dict[str, int]) -> bool:
        """Whether no solution with these outputs came before; from now on one has."""
        key = tuple(assignment[name] for name in self.outputs)
        if key in self.seen:
            return False
        self.seen.add(key)
        return True


def check_limit(limit: int | None) -> None:
    """The `limit` every backend's solve takes: None (all solutions) or a positive count."""
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be None or at least 1, not {limit}")


class Backend(Protocol):
    """A solver behind the IR. `exact` backends can prove unsatisfiability and enumerate every
    solution; the local searches cannot, so they are asked for one solution only.

    `OPTIONS` maps each option a backend accepts (`cspdsl solve -O name=value`) to its type and a
    one-line help; `get_backend` checks and converts the values and passes them to the constructor.
    """

    name: str
    exact: bool
    OPTIONS: ClassVar[dict[str, tuple[type, str]]]

    def compile(self, problem: Problem) -> Compiled: ...

    def solve(
        self,
        compiled: Compiled,
        *,
        limit: int | None,
        timeout: float | None,
        seed: int | None,
        on_solution: OnSolution | None = None,
    ) -> Outcome: ...

    def optimise(
        self, compiled: Compiled, *, timeout: float | None, seed: int | None, on_solution: OnSolution | None = None
    ) -> Outcome:
        """The best solution of a problem with an objective (`compiled.problem.objective`): each better
        one shown to `on_solution` as it is found; `cspdsl.solve.optimum` enumerates the optimal ones after."""
        ...


# name -> (module, class). New backends join by adding a line here.
REGISTRY: dict[str, tuple[str, str]] = {
    "cp": ("cspdsl.backends.cp", "CpBackend"),
    "cpsat": ("cspdsl.backends.cpsat", "CpSatBackend"),
    "csp": ("cspdsl.backends.csp", "CspBackend"),
    "anneal": ("cspdsl.backends.local", "AnnealBackend"),
    "genetic": ("cspdsl.backends.local", "GeneticBackend"),
    "sat": ("cspdsl.backends.sat", "SatBackend"),
    "search": ("cspdsl.backends.search", "SearchBackend"),
}
# Chosen by measurement (bench/run.py, "Whole process"): over the seed models, `cspdsl solve` as a user
# runs it is fastest on sat (pycosat imports in about 1 ms; OR-Tools' libraries take 0.1-0.2 s), see
# docs/performance.md.
DEFAULT_BACKEND = "sat"

# The time limit, in seconds, of a local search (a backend that is not `exact`) that is given none. A
# local search cannot prove that there is no solution: with no limit it searches until its own budget
# ends (a minute or more in CPython) before it gives up. 20 s leaves room for the seed models (the
# slowest solved run of the benchmark took 10.8 s, the tests' seeded runs at most 8 s on a loaded
# machine), see docs/backend-local-search.md. The exact backends have no default limit.
LOCAL_SEARCH_TIMEOUT = 20.0

# format -> (module, function(problem, source) -> text), for `cspdsl compile --to FORMAT`.
EXPORTS: dict[str, tuple[str, str]] = {
    "dimacs": ("cspdsl.export.dimacs", "to_dimacs"),
    "minizinc": ("cspdsl.export.minizinc", "to_minizinc"),
}


def export(fmt: str, problem: Problem, source: str = "") -> str:
    """The problem written in an external solver's format (DIMACS CNF, ...)."""
    module_name, function_name = EXPORTS[fmt]
    text: str = getattr(importlib.import_module(module_name), function_name)(problem, source)
    return text


def backend_class(name: str) -> Any:
    """The class registered under `name`, imported on first use."""
    if name not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise CspdslError(f"unknown backend '{name}'", hint=f"available backends: {known}")
    module_name, class_name = REGISTRY[name]
    # A module imported before is taken as it is: `import_module` takes the import lock on every call.
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    return getattr(module, class_name)


def exact_backends(*, partial: bool = False) -> list[str]:
    """The registered backends that can enumerate and prove any model (imports each one to ask it);
    a backend for sequential puzzles only (`search`) is not among them, nor one that refuses some
    kinds of constraint (`cp`: no connected areas) unless `partial`."""
    classes = {name: backend_class(name) for name in sorted(REGISTRY)}
    return [name for name, cls in classes.items()
            if getattr(cls, "exact", True) and not getattr(cls, "sequential_only", False)
            and (partial or getattr(cls, "every_kind", True))]


def get_backend(name: str, options: dict[str, str] | None = None) -> Backend:
    """The backend registered under `name`, configured with `options` given as text (from -O)."""
    cls = backend_class(name)
    accepted: dict[str, tuple[type, str]] = getattr(cls, "OPTIONS", {})
    converted: dict[str, Any] = {}
    for key, text in (options or {}).items():
        if key not in accepted:
            known = ", ".join(sorted(accepted)) or "none"
            raise CspdslError(f"backend '{name}' has no option '{key}'", hint=f"its options: {known}")
        kind, _ = accepted[key]
        converted[key] = _convert(name, key, kind, text)
    backend: Backend = cls(**converted)
    return backend


def _convert(backend: str, key: str, kind: type, text: str) -> Any:
    if kind is bool:
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise CspdslError(f"option {key} of backend '{backend}': '{text}' is not true or false")
    try:
        value = kind(text)
    except ValueError:
        raise CspdslError(
            f"option {key} of backend '{backend}': '{text}' is not a valid {kind.__name__}"
        ) from None
    if kind is float and not math.isfinite(value):  # inf and nan pass every range check below them
        raise CspdslError(f"option {key} of backend '{backend}': '{text}' is not a finite number")
    return value
