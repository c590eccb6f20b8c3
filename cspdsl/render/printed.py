"""A `Result` as `print` shows it: the text `cspdsl solve` prints for one solution (the title, the
solution drawn, its answers, the objective's value, whether it is unique), without the stats line,
which `repr` gives."""

from __future__ import annotations

from ..core.static_types import Any
from .solution import render_solution

# What a search that found nothing says, by its status.
NOTHING_FOUND = {
    "unsatisfiable": "No solution: the clues contradict each other (the model is unsatisfiable).",
    "timeout": "No solution found within the time limit.",
    "gave_up": "No solution found: the local search gave up; that does not prove there is none.",
}
NOT_UNIQUE = "Note: the puzzle is not unique: it has more than one solution."


def printed(result: Any) -> str:
    """The first solution as the command line draws it, or why there is none."""
    layout = result.model.layout
    parts = [layout.title, ""] if layout.title else []
    if not result.solutions:
        return "\n".join([*parts, NOTHING_FOUND.get(result.status, f"No solution ({result.status}).")])
    parts.append(render_solution(layout, result.solutions[0]) or "The clues hold; the model has no variables to show.")
    objective = result.model.problem.objective
    if objective is not None:
        word = "Minimum" if objective.sense == "minimize" else "Maximum"
        how = "proved optimal" if result.optimal else "the best found, not proved optimal"
        parts.append(f"{word} of {objective.text}: {_value_text(result.objective)} ({how}).")
    if result.unique is False and objective is None:
        parts += ["", NOT_UNIQUE]
    return "\n".join(parts)


def _value_text(value: Any) -> str:
    """An objective's value: a number, or a lexicographic objective's list."""
    return "[" + ", ".join("?" if v is None else str(v) for v in value) + "]" if isinstance(value, list) else str(value)
