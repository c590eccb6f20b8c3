"""A `Result` in a rich-aware terminal (rich's console, IPython with rich's pretty printing): the same
picture `cspdsl solve` prints, under the result's one-line summary.

The text is handed to rich as `Text`, never as markup, so a puzzle's brackets and quotes show as they
are. rich is imported only here, when a console asks; without it the plain text stands in."""

from __future__ import annotations

from ..core.static_types import Any


def picture(result: Any) -> str:
    """The summary line, then the first solution drawn as the puzzle is (nothing more when none)."""
    from .solution import render_solution

    lines = [repr(result)]
    if result.solutions:
        drawn = render_solution(result.model.layout, result.solutions[0])
        lines += ["", drawn or "The clues hold; the model has no variables to show."]
    return "\n".join(lines)


def renderable(result: Any) -> Any:
    """What `Result.__rich__` gives: rich's Text of the picture, the summary dimmed; the plain string
    when rich is missing."""
    text = picture(result)
    try:
        from rich.text import Text
    except ImportError:  # pragma: no cover - rich is a dependency; a trimmed install still shows text
        return text
    shown = Text(text)
    shown.stylize("dim", 0, len(repr(result)))
    return shown
