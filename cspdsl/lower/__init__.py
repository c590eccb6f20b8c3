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


