"""`X.age`: the number of an attribute of numbers that goes with X (a value of another attribute, or
a position), as an auxiliary variable defined once for each X: it is the number v exactly when v's
variable equals X's position.

Functions over the lowering's `Scope` (which keeps each such variable made) and the puzzle's
`Entities`; the declarations of positions and attributes are in `entities.py`.
"""

from __future__ import annotations

from ..core.errors import CspdslError
from ..syntax import ast
from .build import Lin, any_of, linear, negate
from .context import Scope, error, new_aux_name, range_text
from .layout import Entities
from .products import bounds
from .values import Attribute, as_lin


def number_of(scope: Scope, entities: Entities | None, attribute: Attribute, target: object,
              node: ast.Member) -> Lin:
    """`X.age`: a variable holding the number of `age` at X's position, defined once for each X."""
    entities = _numbers_everywhere(entities, attribute, node)
    position = as_lin(target, node.target)
    lo, hi = bounds(scope, position)
    if lo < entities.positions[0] or hi > entities.positions[-1]:
        raise error(
            f"'.{attribute.name}' needs one position, and this can be outside the positions "
            f"{range_text(entities.positions)}",
            node.target,
            f"write a value of an attribute before '.{attribute.name}'",
        )
    key = (attribute.name, position)
    if key not in scope.numbers_at:
        scope.numbers_at[key] = _number_variable(scope, attribute, position, node)
    return Lin(((1, scope.numbers_at[key]),))


def _numbers_everywhere(entities: Entities | None, attribute: Attribute, node: ast.Member) -> Entities:
    """The puzzle's entities, once `.age` is known to be of an attribute of numbers that has a number
    at every position."""
    if not attribute.numbers:
        example = next(iter(attribute.values))
        raise CspdslError(
            f"'{attribute.name}' is an attribute of names; '.{attribute.name}' gives a number only "
            "for an attribute of numbers",
            node.name_span,
            f"relate a value to the values of '{attribute.name}' with 'same' or 'not_same', as in "
            f"'... same {example}'",
        )
    assert entities is not None  # an attribute is declared over positions
    if len(attribute.numbers) != len(entities.positions):
        raise CspdslError(
            f"'.{attribute.name}' needs a number at every position: '{attribute.name}' has "
            f"{len(attribute.numbers)} values for {len(entities.positions)} positions",
            node.name_span,
            f"give '{attribute.name}' one value for each position",
        )
    return entities


def _number_variable(scope: Scope, attribute: Attribute, position: Lin, node: ast.Member) -> str:
    """An auxiliary variable equal to the number whose value is at `position`: it is the number
    v exactly when v's variable equals the position (the definition of a declaration)."""
    name = new_aux_name(scope, attribute.name)
    scope.problem.add_var(name, tuple(sorted(attribute.numbers.values())), output=False)
    for value, var in attribute.values.items():
        there = linear(Lin(((1, var),)).plus(position, -1), "==", 0)
        has = linear(Lin(((1, name),)), "==", attribute.numbers[value])
        scope.problem.post(any_of([negate(there), has]), node.span)
        scope.problem.post(any_of([there, negate(has)]), node.span)
    return name
