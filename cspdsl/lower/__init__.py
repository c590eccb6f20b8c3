"""AST -> IR: name resolution, checks and lowering, in one walk over the statements.

Declarations bind names in an environment; every clue is evaluated to an IR constraint. Constant
parts (params, ranges, quantifier indices) are folded here, so backends only ever see finite-domain
variables and the closed set of constraints of `ir/`. Every error points at the source.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import ir
from ..core.collector import no_cycle_collection
from ..core.record import Record, field
from ..syntax import ast
from .folds import Folded
from .layout import Layout
from .plain import PlainStatements
from .sizes import SizeLimits, Sizes, current_limits


class Lowered(Record, frozen=False):
    """A model ready for a backend: the IR problem and how to show its solutions."""

    problem: ir.Problem
    layout: Layout
    # The text it was lowered from, under its name, and the params given: to lower it again with a
    # clue added (an explanation's suggestions are checked so).
    text: str = field(default="", repr=False)
    name: str = "<model>"
    params: dict[str, object] = field(default_factory=dict, repr=False)
    # The clues lowering found constant: never holding, or always (`lower/folds.py`).
    folded: list[Folded] = field(default_factory=list)

    def clue_lines(self) -> list[tuple[int, str]]:
        """Each clue as written: its source lines, numbered, in the model's order (a `forall` posts
        many constraints from one statement, shown once; declarations are not clues)."""
        seen: dict[int, str] = {}
        for posted in self.problem.constraints:
            span = posted.span
            if posted.clue is None or span is None or span.line in seen:
                continue
            for number in range(span.line, span.end_line + 1):
                seen.setdefault(number, span.source.line(number).rstrip())
        return sorted(seen.items())

    def _headline(self) -> str:
        clues = len({p.span.line for p in self.problem.constraints if p.clue is not None and p.span is not None})
        name = self.name.replace("\\", "/").rsplit("/", 1)[-1]  # the file's name, not its folders
        name = name if len(name) <= 120 else name[:117] + "..."
        return (f"<Model {name!r}: {len(self.problem.outputs)} variables, {clues} clue{'s' if clues != 1 else ''}"
                f"{', an objective' if self.problem.objective is not None else ''}>")

    def __repr__(self) -> str:
        """One short line: the model's name and size (the IR is in `problem`)."""
        return self._headline()

    def __str__(self) -> str:
        """The headline, then each clue's source line, as the model writes it."""
        width = len(str(max((n for n, _ in self.clue_lines()), default=1)))
        return "\n".join([self._headline(), *(f"{n:>{width}}  {line}" for n, line in self.clue_lines())])


def lower(
    model: ast.Model, params: Mapping[str, object] | None = None, limits: SizeLimits | None = None
) -> Lowered:
    """Lower a parsed model (its plain lines too, `syntax/plain.py`); `params` override the model's
    `param` defaults (-D n=10) with whole numbers (any other value is an error at the param's line);
    `limits` are the sizes it may reach (`sizes.py`; by default the defaults, or those
    `sizes.held_to` sets)."""
    lowering = PlainStatements(params or {})
    lowering.scope.sizes = Sizes(limits or current_limits())
    with no_cycle_collection():
        lowering.run(model)
    return Lowered(lowering.problem, lowering.layout, folded=lowering.folds.found())


