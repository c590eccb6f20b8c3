"""Projection: which of a model's variables make a solution.

A model's solutions are told apart, counted and printed on its shown variables only; the others are
hidden, each solution standing for every value they can take with it (they are quantified
existentially). The shown variables are those that `show` statements name, or, in a model without
one, every variable whose name does not begin with `_`. Lowering keeps the IR's `outputs` to the
shown variables and the layout to the parts drawn from them, so that every backend, the checker's
count of distinct solutions, the renderer and the explanations all read the one projection.
"""

from __future__ import annotations

from .. import ir
from ..core.errors import Span
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin
from .context import AttributeValue, error
from .layout import AttributeAt, Layout, LinTerm, Named, Placeholder, Question
from .values import Array, Attribute, BoardValue

HIDDEN_PREFIX = "_"


class Shown:
    """The variables that `show` statements have named so far, and where each name was shown."""

    def __init__(self) -> None:
        self.spans: dict[str, Span] = {}
        self.variables: set[str] = set()

    def add(self, s: ast.ShowDecl, value_of: Any, problem: ir.Problem) -> None:
        """The variables of each name of a `show` statement; `value_of(name, span)` looks a name up."""
        for name, span in zip(s.names, s.name_spans, strict=True):
            if name in self.spans:
                raise error(f"'{name}' is shown already (line {self.spans[name].line})", span,
                            "name each variable in one show statement")
            self.variables.update(variables_of(value_of(name, span), name, span, problem))
            self.spans[name] = span


def variables_of(value: Any, name: str, span: Span, problem: ir.Problem) -> list[str]:
    """The IR variables a shown name stands for: a variable, an array's or a board's cells, an
    attribute's values, or one value of an attribute. Anything else has nothing to show."""
    if isinstance(value, Array):
        return list(value.cells.values())
    if isinstance(value, BoardValue):
        return list(value.layout.variables.values())
    if isinstance(value, Attribute):
        return list(value.values.values())
    if isinstance(value, AttributeValue):
        return [value.var]
    if isinstance(value, Lin) and value.const == 0 and len(value.terms) == 1:
        (coef, var), = value.terms
        if coef == 1 and var in problem.outputs:
            return [var]
    raise error(f"'{name}' is not a variable: show names variables, arrays, boards or attributes", span)


def project(problem: ir.Problem, layout: Layout, shown: Shown) -> None:
    """Keep the problem's outputs and the layout to the shown variables (all but those named with a
    leading `_` where no `show` chose), and check that every answer reads shown variables only."""
    if shown.spans:
        kept = [var for var in problem.outputs if var in shown.variables]
    else:
        kept = [var for var in problem.outputs if not var.startswith(HIDDEN_PREFIX)]
    if len(kept) == len(problem.outputs):
        return
    hidden = set(problem.outputs) - set(kept)
    problem.outputs = kept
    problem.projected = True
    for question in layout.questions:
        check_answer(question, layout, hidden, bool(shown.spans))
    trim_layout(layout, hidden)


def trim_layout(layout: Layout, hidden: set[str]) -> None:
    """The layout without the parts drawn from hidden variables."""
    layout.scalars = {name: var for name, var in layout.scalars.items() if var not in hidden}
    layout.grids = [grid for grid in layout.grids if not hidden & set(grid.cells.values())]
    layout.boards = [board for board in layout.boards if not hidden & set(board.variables.values())]
    entities = layout.entities
    if entities is not None:
        attributes = {name: {value: var for value, var in values.items() if var not in hidden}
                      for name, values in entities.attributes.items()}
        entities.attributes = {name: values for name, values in attributes.items() if values}


def check_answer(question: Question, layout: Layout, hidden: set[str], by_show: bool) -> None:
    """An answer shows shown variables only: a hidden one may take any of its values with a solution."""
    for placeholder, span in zip(question.placeholders, question.placeholder_spans, strict=True):
        for var in sorted(placeholder_variables(placeholder, layout)):
            if var in hidden:
                declared = var.split("[")[0].split(".")[0]
                hint = f"show it too (show {declared})" if by_show else "name it without the leading '_'"
                raise error(f"this answer shows '{var}', which the model hides", span,
                            f"{hint}, or leave it out of the answer")


def placeholder_variables(placeholder: Placeholder, layout: Layout) -> set[str]:
    """The IR variables an answer's placeholder reads."""
    if isinstance(placeholder, Named):
        return placeholder_variables(placeholder.term, layout)
    if isinstance(placeholder, LinTerm):
        return {var for _, var in placeholder.terms}
    if isinstance(placeholder, AttributeAt):
        found = {var for _, var in placeholder.position.terms}
        entities = layout.entities
        if entities is not None and placeholder.attribute in entities.attributes:
            found.update(entities.attributes[placeholder.attribute].values())
        return found
    return {var for term in placeholder for var in placeholder_variables(term, layout)}
