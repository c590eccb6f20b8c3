"""The registry of backends: a name to a module path, so that a heavy solver (ortools) is imported only
when its backend is used; and the `-O` options, checked and converted for a backend's constructor. What a
backend declares (`declarations.py`) is read without importing it: the `-O` options are checked, and
the exact backends chosen, before any solver library loads."""

from __future__ import annotations

import importlib
import math
import sys

from ..core.errors import CspdslError
from ..core.static_types import TYPE_CHECKING, Any
from .declarations import DECLARED, Declaration
from .protocol import Backend, BatchSession, Clues, ClueSession

if TYPE_CHECKING:
    from ..ir import Problem

# name -> (module, class), as each backend declares them (`declarations.DECLARED`).
REGISTRY: dict[str, tuple[str, str]] = {name: (declared.module, declared.class_name)
                                        for name, declared in DECLARED.items()}
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


def declaration(name: str) -> Declaration:
    """What the backend registered under `name` declares, read without importing it (a backend added to
    `REGISTRY` alone, as a test adds one, is read from its class)."""
    module_name, class_name = _registered(name)
    declared = DECLARED.get(name)
    if declared is not None and (declared.module, declared.class_name) == (module_name, class_name):
        return declared
    cls = backend_class(name)
    summary = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
    return Declaration(module_name, class_name, summary, cls.CAPABILITIES, cls.OPTIONS)


def backend_class(name: str) -> Any:
    """The class registered under `name`, imported on first use."""
    module_name, class_name = _registered(name)
    # A module imported before is taken as it is: `import_module` takes the import lock on every call.
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    return getattr(module, class_name)


def _registered(name: str) -> tuple[str, str]:
    """The module and class registered under `name`; an unknown name is refused with the known ones."""
    if name not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise CspdslError(f"unknown backend '{name}'", hint=f"available backends: {known}")
    return REGISTRY[name]


def exact_backends(*, partial: bool = False) -> list[str]:
    """The registered backends that can enumerate and prove any model (read from their declarations,
    none imported); a backend for sequential puzzles only (`search`) is not among them, nor one that
    refuses some kinds of constraint (`cp`: no connected areas) unless `partial`."""
    declared = {name: declaration(name).capabilities for name in sorted(REGISTRY)}
    return [name for name, can in declared.items()
            if can.exact and not can.sequential_only and (partial or can.every_kind)]


def get_backend(name: str, options: dict[str, str] | None = None) -> Backend:
    """The backend registered under `name`, configured with `options` given as text (from -O): an
    unknown name or option, or a value of the wrong type, is refused before the backend is imported."""
    converted = converted_options(name, options or {})
    backend: Backend = backend_class(name)(**converted)
    return backend


def converted_options(name: str, options: dict[str, str]) -> dict[str, Any]:
    """`options` given as text, checked against what backend `name` declares and converted to its types."""
    accepted = declaration(name).options
    converted: dict[str, Any] = {}
    for key, text in options.items():
        if key not in accepted:
            known = ", ".join(sorted(accepted)) or "none"
            raise CspdslError(f"backend '{name}' has no option '{key}'", hint=f"its options: {known}")
        kind, _ = accepted[key]
        converted[key] = _convert(name, key, kind, text)
    return converted


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


def has_session(backend: str, kind: str) -> bool:
    """Whether the backend declares a session of this kind (its class's `SESSIONS`)."""
    return kind in backend_class(backend).SESSIONS


def factory(backend: str, kind: str) -> Any:
    """The function that opens `backend`'s session of this kind, imported on first use."""
    module_name, function_name = backend_class(backend).SESSIONS[kind].split(":")
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    return getattr(module, function_name)


def open_clue_session(backend: str, base: Problem, clues: Clues) -> ClueSession:
    """`backend`'s session on the declarations `base`, each clue reified behind its own selector."""
    if not has_session(backend, "clues"):
        raise ValueError(f"backend '{backend}' has no clue session")
    session: ClueSession = factory(backend, "clues")(base, clues)
    return session


def open_batch_session(backend: str, base: Problem, options: dict[str, str]) -> BatchSession | None:
    """`backend`'s session on its compile of `base`, configured by `options` (as `get_backend` takes
    them); None when the backend keeps nothing between instances."""
    if not has_session(backend, "batch"):
        return None
    session: BatchSession = factory(backend, "batch")(base, options)
    return session


def open_bounds_session(backend: str, base: Problem, options: dict[str, str] | None) -> Any:
    """`backend`'s solver of a sequential puzzle unrolled over one bound after another (its steps
    encoded once for every bound): `(horizon, limit, deadline) -> (Outcome, size)`."""
    return factory(backend, "bounds")(base, options)


def run_in_child(work: Any, args: tuple[Any, ...], timeout: float, on_item: Any = None) -> tuple[Any, bool]:
    """(what `work(emit, *args)` returned, None if it did not end in time; whether the time ran out)
    with `work` run in a child process stopped at `timeout` seconds: a driver whose questions to a
    session cannot each be bounded (`explanation`) holds its time limit this way, as the searches
    without a limit of their own do (`child.run_with_time_limit`, imported on first use). `on_item`
    sees what the work emits, as it comes."""
    from .child import run_with_time_limit

    run = run_with_time_limit(work, args, timeout, on_item)
    return run.summary, run.timed_out
