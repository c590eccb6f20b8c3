"""A model's error as the page shows it: the CLI's words and hint (`core.errors.CspdslError`), and
its place as numbers the editor underlines (line and column, 1-based, the end exclusive)."""

from __future__ import annotations

from ..core.errors import CspdslError
from ..core.static_types import Any

# How the page words a lower layer's suggestion: in its own controls.
PAGE_WORDS = {
    "use_backend": "solve this model with the backend {first}",
    "use_exact_backend": "use an exact backend for All and Count: {all}",
}


def error_json(error: CspdslError) -> dict[str, Any]:
    """The error's message, hint, place and the whole of what `cspdsl check` would print, a
    suggestion worded in the page's own controls."""
    return error.to_dict(PAGE_WORDS)


def request_error(message: str, hint: str | None = None) -> dict[str, Any]:
    """A request the server refuses (not a model's fault): its words, under the same key."""
    return {"error": {"message": message, "hint": hint, "text": f"error: {message}" + (f"\nhint: {hint}" if hint
                                                                                         else "")}}


def memory_error_json() -> dict[str, Any]:
    return {"message": "the solve reached its memory ceiling",
            "hint": "make the model smaller, or start the server with a higher --max-memory MB"}


def internal_error_json(error: Exception) -> dict[str, Any]:
    return {"message": f"internal error: {type(error).__name__}: {error}",
            "hint": "this is a bug in cspdsl: please report it with the model"}
