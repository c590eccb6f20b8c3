"""The clues of a model, as explanations name them: what may be dropped (each clue line, each
instance of a `forall`, each given) apart from what may not (declarations: domains, an attribute's
all-different, a placement, an auxiliary variable's definition)."""

from __future__ import annotations

from ..core.errors import Span
from ..core.record import Record
from ..ir import Constraint, InSet, Problem
from ..ir.walk import variables_of


class Clue(Record):
    """One clue: the constraints one statement (or one instance of a `forall`) posted."""

    number: int  # 1, 2, ... in the model's order
    span: Span | None
    instance: tuple[tuple[str, str], ...]  # the `forall` names' values, (name, value) pairs
    constraints: tuple[Constraint, ...]

    @property
    def name(self) -> str:
        """How the text names it: `line 8`, or `line 12 (i=2, j=3)` for a `forall` instance."""
        if self.span is None:
            where = f"clue {self.number}"
        elif self.span.column > 1:  # a given in a grid: one of several on its line
            where = f"line {self.span.line}, column {self.span.column}"
        else:
            where = f"line {self.span.line}"
        if self.instance:
            where += " (" + ", ".join(f"{name}={value}" for name, value in self.instance) + ")"
        return where

    @property
    def is_given(self) -> bool:
        """A given of a `given` picture: one number placed on one cell."""
        only = self.constraints[0] if len(self.constraints) == 1 else None
        return isinstance(only, InSet) and len(only.values) == 1 and self._written().lstrip("-").isdigit()

    @property
    def text(self) -> str:
        """The clue as written (its first line), without the comment; a given as `cell[1,3] = 5`,
        since its text alone is a number."""
        if self.is_given:
            given = self.constraints[0]
            assert isinstance(given, InSet)
            return f"{given.var} = {given.values[0]}"
        return self._written()

    def _written(self) -> str:
        return self.span.text.split("#", 1)[0].strip() if self.span is not None else ""


def split_clues(problem: Problem) -> tuple[list[Constraint], list[Clue]]:
    """(what always holds, the clues): constraints posted by one clue statement under the same
    `forall` values make one clue, in the order the model states them."""
    numbers = clue_numbers(problem)
    hard = [p.constraint for p, number in zip(problem.constraints, numbers, strict=True) if number is None]
    clues: dict[int, Clue] = {}
    for posted, number in zip(problem.constraints, numbers, strict=True):
        if number is None:
            continue
        if number in clues:
            clue = clues[number]
            clues[number] = Clue(number, clue.span, clue.instance, (*clue.constraints, posted.constraint))
        else:
            clues[number] = Clue(number, posted.span, posted.clue or (), (posted.constraint,))
    return hard, list(clues.values())


def clue_numbers(problem: Problem) -> list[int | None]:
    """For each posted constraint, the number of the clue it belongs to (None: a declaration's)."""
    numbers: dict[tuple[object, ...], int] = {}
    found: list[int | None] = []
    for posted in problem.constraints:
        if posted.clue is None:
            found.append(None)
            continue
        span = posted.span
        key = (span.line, span.column, span.end_line, span.end_column, posted.clue) if span else (id(posted),)
        found.append(numbers.setdefault(key, len(numbers) + 1))
    return found


def cut(problem: Problem, keep: set[int], within: set[str] | None = None) -> Problem:
    """The model cut down to its declarations and the clues numbered `keep`; `within`: to these
    variables as well, and the declarations on them alone (the clues kept must stay within them)."""
    numbers = clue_numbers(problem)
    variables = {name: var for name, var in problem.variables.items() if within is None or name in within}
    outputs = [name for name in problem.outputs if name in variables]
    part = Problem(variables=variables, outputs=outputs, projected=problem.projected)
    for posted, number in zip(problem.constraints, numbers, strict=True):
        declared_within = within is None or variables_of(posted.constraint) <= within
        if (number in keep) if number is not None else declared_within:
            part.constraints.append(posted)
    return part
