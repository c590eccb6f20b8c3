"""cspdsl: model logic and number puzzles as short text, solve them with the solver you pick.

    from cspdsl import load, solve
    result = solve(load("models/einstein.puz"))
    print(result.answers())
"""

from __future__ import annotations

from .static_types import TYPE_CHECKING, Any

__version__ = "0.2.0"
__all__ = ["CspdslError", "__version__", "load", "loads", "solve"]

if TYPE_CHECKING:
    from .api import load, loads, solve
    from .errors import CspdslError


def __getattr__(name: str) -> Any:
    # Lazy, so that `cspdsl --help` does not pay for the parser and the solvers.
    if name in ("load", "loads", "solve"):
        from . import api

        return getattr(api, name)
    if name == "CspdslError":
        from .errors import CspdslError

        return CspdslError
    raise AttributeError(name)
