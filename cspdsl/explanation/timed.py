"""`explain` under a time limit that holds whatever the model: the explanation is worked out in a
child process, which is stopped when the limit passes.

A question to the clue session is one call of a SAT solver that nothing can bound from here: the
first question on the pentominoes (do all the clues hold together?) takes a minute, and writing the
clue session of 60 queens (each clue reified) half a minute. So the whole explanation, the session's
compile, every question and every check of `verify`, runs in a child, and this process waits for it
no longer than the limit. Within the child, the searches that can give a lesser answer early (a
minimal conflict for the smallest, the rest of the steps in one, "at least N" solutions, fewer
suggested clues) are given `SEARCH_SHARE` of the limit, so that an answer, checked, usually comes
back in time; when none does, the explanation says so (status "timeout"), as `solve` says "no
solution found within the time limit".
"""

from __future__ import annotations

import time

from ..backends.registry import run_in_child
from ..core.errors import CspdslError
from ..core.static_types import TYPE_CHECKING, Any
from ..ir import Problem
from ..lower import Lowered
from .clues import split_clues

if TYPE_CHECKING:
    from . import Explanation, Tell

# The share of the time limit that the searches with a lesser answer to fall back on may take; the
# rest is left to what must run to its end (the questions after them and every check).
SEARCH_SHARE = 0.5


def explain_within(problem: Problem, model: Lowered | None, limit: float, steps: bool, tell: Tell,
                   cheapest: bool = False) -> Explanation:
    """The explanation of `explain_problem`, or one of status "timeout" when the limit (seconds)
    passed before it was found and checked. What the child tells as it goes is told to `tell` here."""
    from . import Explanation

    started = time.perf_counter()
    summary, _ = run_in_child(_explained, (problem, model, limit * SEARCH_SHARE, steps, cheapest), limit,
                              lambda item: tell(*item))
    if summary is None:
        return Explanation("timeout", split_clues(problem)[1], limit=limit, seconds=time.perf_counter() - started)
    kind, payload = summary
    if kind == "error":
        raise payload
    if kind == "interrupted":
        raise KeyboardInterrupt
    explanation: Explanation = payload
    explanation.layout = model.layout if model is not None else None
    explanation.limit = limit
    return explanation


def _explained(emit: Any, problem: Problem, model: Lowered | None, searches: float, steps: bool,
               cheapest: bool) -> tuple[str, Any]:
    """In the child: ("explained", the explanation) or what stopped it, to raise in the parent
    (a model's error as itself, not as a failed process); each part found is sent as it comes."""
    from . import explain_problem

    try:
        explanation = explain_problem(problem, searches, steps, model, lambda kind, value: emit((kind, value)),
                                      cheapest)
    except CspdslError as error:
        return "error", error
    except KeyboardInterrupt:
        return "interrupted", None
    explanation.layout = None  # the parent has it
    return "explained", explanation
