"""Values that are names: a name of a domain (`red`, a `Symbol`) or a variable that holds one (the
layout's `symbolic` variables). A name is compared as its code, and only with `==`, `!=`, `same` and
`not_same`, or tested with `in` against names (`symbols.py` declares the domains). Nor has a
position an order in a puzzle keyed by names (`positions band: Alpha, Beta`).

Functions of the values and the set of variables of names (or the puzzle's entities), which every
caller passes: they read nothing else of the lowering.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import CspdslError, Span
from ..core.static_types import Any
from ..syntax import ast
from .build import RELATIONS, Lin, any_of, comparison, plain_variable
from .context import error
from .layout import Entities
from .values import Symbol

NAME_COMPARISONS = ("==", "!=", "same", "not_same")


def is_named(symbolic: set[str], value: Any) -> bool:
    """Whether a value is a name: a name of a domain, or a variable of `symbolic` (that holds one)."""
    if isinstance(value, Symbol):
        return True
    var = plain_variable(value)
    return var is not None and var in symbolic


def named_lin(value: Any) -> Lin:
    """A name as a linear expression: a name's code, or the variable."""
    return Lin((), value.code) if isinstance(value, Symbol) else value


def compare_names(symbolic: set[str], node: ast.Compare, left: Any, right: Any) -> Any:
    """`WA != NT`, `WA == red`: names compared as their codes."""
    if node.op not in NAME_COMPARISONS:
        raise error(f"names have no order: '{node.op}' compares numbers", node.op_span,
                    "names are compared with '==', '!=', 'same' and 'not_same'")
    for value, side in ((left, node.left), (right, node.right)):
        if not is_named(symbolic, value):
            raise error("a name is compared with a number", side,
                        "compare a variable of names with a name or with another such variable")
    diff = named_lin(left).plus(named_lin(right), -1)
    return RELATIONS[node.op](diff) if node.op in RELATIONS else comparison(diff, node.op)


def member_of_names(symbolic: set[str], node: ast.Membership, element: Any, collection: Any) -> Any:
    """`WA in {red, green}`: some name of the set (of a list of names or variables of names)."""
    items = collection if isinstance(collection, list) else None
    named_element = is_named(symbolic, element)
    if items is None or not all(is_named(symbolic, item) for item in items) or not named_element:
        side = node.collection if named_element else node.element
        raise error("a name is tested against numbers", side, "a name is one of a set of names: x in {red, green}")
    lin = named_lin(element)
    return any_of([comparison(lin.plus(named_lin(item), -1), "==") for item in items])


def refuse_arithmetic(symbolic: set[str], value: Any, node: ast.Node, alone: bool = True) -> None:
    """Raise if a number is made from a variable of `symbolic`, that holds a name (`WA + 1`,
    `sum(colours)`); the variable alone is still a name (unless not `alone`: where a number is all
    that can go)."""
    if not isinstance(value, Lin) or (alone and plain_variable(value) is not None):
        return
    held = next((name for _, name in value.terms if name in symbolic), None)
    if held is not None:
        raise error(f"arithmetic on a name: '{held}' holds a name, not a number", node,
                    "names are compared with '==' and '!=' only")


def refuse_order(entities: Entities | None, word: str, span: Span, sides: Sequence[Any] = ()) -> None:
    """In a puzzle keyed by names, raise if `word` (a relation such as next_to, or `<`, `distance`
    on the positions in `sides`) would compare positions: they have no order there."""
    if entities is None or entities.labels is None:
        return
    if sides:
        mine = {var for values in entities.attributes.values() for var in values.values()}
        if not any(name in mine for side in sides for _, name in side.terms):
            return
    raise CspdslError(
        f"'{word}' compares positions, but '{entities.name}' ({', '.join(entities.labels)}) has no order",
        span,
        "relate values with 'same', 'not_same', '==' or '!='; for an order, number the positions: "
        f"'positions {entities.name} = 1..{len(entities.labels)}'",
    )
