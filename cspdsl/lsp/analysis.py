"""What the editor's features read of one text: its problems, as `cspdsl check` finds them, the index
of its names and, when it lowers, the lowered model.

The problems come from `lower.load.loads`, the one call `cspdsl check` makes: the same parser, the
same checks, the same words and hints, the same warnings (`lower/folds.py`). The index comes from the
AST (`parse_model`, the parser `loads` runs first): a text is parsed twice, the price of making the
check's own call. A text that does not parse keeps the index of the last text that did, so that
completion and navigation go on while the user types.
"""

from __future__ import annotations

from ..core.errors import COMMAND_LINE_WORDS, CspdslError, Span
from ..core.record import Record, field
from ..lower import Lowered
from ..lower.load import loads
from ..syntax.plain import parse_model
from .symbols import Index, index_of

ERROR, WARNING = "error", "warning"


class Problem(Record):
    """One thing `cspdsl check` says about a model: an error or a warning, with its words, its hint
    and its place (None: the model as a whole)."""

    severity: str
    message: str
    span: Span | None = field(compare=False)
    hint: str | None = None


class Analysis(Record):
    """One text, read: its problems, the index of its names (or the last good one) and the lowered
    model (None unless it lowers); `parsed` tells whether the index is this text's own."""

    text: str
    problems: tuple[Problem, ...]
    index: Index
    lowered: Lowered | None = field(default=None, repr=False)
    parsed: bool = True


def analyse(text: str, name: str, previous: Analysis | None = None) -> Analysis:
    """Read `text` as the model `name`: a text that does not parse keeps `previous`'s index."""
    try:
        index = index_of(parse_model(text, name))
    except CspdslError as error:
        kept = previous.index if previous is not None else Index()
        return Analysis(text, (problem_of(error),), kept, parsed=False)
    except RecursionError:
        kept = previous.index if previous is not None else Index()
        return Analysis(text, (Problem(ERROR, "this model is nested too deeply to read", None),), kept, parsed=False)
    try:
        lowered = loads(text, name)
    except CspdslError as error:
        return Analysis(text, (problem_of(error),), index)
    except Exception as error:  # a bug in cspdsl: said in the editor, not a crash of the server
        words = f"internal error: {type(error).__name__}: {error} (this is a bug in cspdsl)"
        return Analysis(text, (Problem(ERROR, words, None),), index)
    warnings = tuple(Problem(WARNING, folded.message, folded.span) for folded in lowered.folded)
    return Analysis(text, warnings, index, lowered)


def problem_of(error: CspdslError) -> Problem:
    """An error's words, hint and place, as `cspdsl check` prints them."""
    return Problem(ERROR, error.message, error.span, error.worded_hint(COMMAND_LINE_WORDS))
