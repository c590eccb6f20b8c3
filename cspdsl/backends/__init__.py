"""The face of the backends: what a backend is (`protocol`: the `Backend` protocol, its declared
`Capabilities`, `Compiled`, `Outcome`), what each one declares of itself, read without importing it
(`declarations`), where each one is found (`registry`: a name to its module, imported on first use, and
the `-O` options) and its incremental sessions (declared in `protocol`,
opened by `registry`). The drivers import these names from here, never a backend's own modules.
"""

from __future__ import annotations

from .declarations import DECLARED, Declaration
from .protocol import (
    HEADLINE_SIZES,
    Assignment,
    Backend,
    BatchSession,
    Capabilities,
    ClueSession,
    Compiled,
    DirectSession,
    Distinct,
    MakeModel,
    OnSolution,
    Outcome,
    Pass,
    check_limit,
    headline_size,
)
from .registry import (
    DEFAULT_BACKEND,
    LOCAL_SEARCH_TIMEOUT,
    REGISTRY,
    backend_class,
    declaration,
    exact_backends,
    get_backend,
    has_session,
    open_batch_session,
    open_bounds_session,
    open_clue_session,
)

__all__ = [
    "DECLARED",
    "DEFAULT_BACKEND",
    "HEADLINE_SIZES",
    "LOCAL_SEARCH_TIMEOUT",
    "REGISTRY",
    "Assignment",
    "Backend",
    "BatchSession",
    "Capabilities",
    "ClueSession",
    "Compiled",
    "Declaration",
    "DirectSession",
    "Distinct",
    "MakeModel",
    "OnSolution",
    "Outcome",
    "Pass",
    "backend_class",
    "check_limit",
    "declaration",
    "exact_backends",
    "get_backend",
    "has_session",
    "headline_size",
    "open_batch_session",
    "open_bounds_session",
    "open_clue_session",
]
