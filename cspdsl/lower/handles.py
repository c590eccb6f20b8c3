"""Numbers as handles: `age 40` (or `age(40)`, `age(-3)`) is the value 40 of the attribute of numbers
`age`, "the 40-year-old": the variable holding its position, so it relates as a named value does
(`age 40 same Jack`, `[age 40, Bill] same [Sands, score 71]`, `age 40 next_to tea`, `age 40 at 2`).
The grammar reads `age 40` as the call `age(40)`; a call whose function is an attribute is a handle.

A bare number beside a relation (`Jack same 40`) is refused when it is a value of an attribute of
numbers: it would compare a position with 40, where the clue means the one whose age is 40.

Functions over the names in scope and the puzzle's `Entities`, which every caller passes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..core.errors import CspdslError, did_you_mean
from ..core.static_types import Any
from ..syntax import ast
from .build import RELATIONS, Lin
from .context import AttributeValue, KeyValue, Param, error
from .layout import Entities
from .values import Array, Attribute

# The words that relate two positions (as values do): a bare number beside one is checked.
RELATION_WORDS = frozenset((*RELATIONS, "same", "not_same"))


def handle(attribute: Attribute, node: ast.Call, constant_int: Callable[[ast.Node], int]) -> Lin:
    """`age 40`: the position variable of the value 40 of `age`, an attribute of numbers."""
    if not attribute.numbers:
        example = next(iter(attribute.values))
        raise CspdslError(
            f"'{attribute.name}' is an attribute of names; '{attribute.name} NUMBER' names a value of "
            "an attribute of numbers",
            node.func_span,
            f"write the value itself, as in '{example}'",
        )
    if len(node.args) != 1:
        raise error(f"'{attribute.name}' takes one number: the value, as in '{attribute.name} "
                    f"{_first(attribute)}'", node)
    number = constant_int(node.args[0])
    for value, held in attribute.numbers.items():
        if held == number:
            return Lin(((1, attribute.values[value]),))
    raise error(
        f"{number} is not a value of '{attribute.name}'",
        node.args[0],
        f"the values of '{attribute.name}' are {_values_text(attribute)}",
    )


def not_an_attribute(name: str, bound: Any, node: ast.Call) -> CspdslError:
    """`score 78` where `score` is a variable, an array or a value, not an attribute of numbers."""
    hint = "'age 40' names the value 40 of an attribute of numbers (after 'attribute age: 30, 40, 50')"
    if isinstance(bound, Array):
        hint = f"an entry of '{name}' is written with brackets, as in '{name}[...]'; " + hint
    elif isinstance(bound, (AttributeValue, KeyValue, Param, int, Lin)):
        hint = "a clue needs a relation between its two sides, as in 'Brit same red' or 'x == 3'; " + hint
    return CspdslError(f"'{name}' is not an attribute, so '{name} {_argument_text(node)}' names nothing",
                       node.func_span, hint)


def unknown_attribute(names: Mapping[str, Any], node: ast.Call) -> CspdslError | None:
    """`agee 40`, a name and a number side by side, where the name is nobody's: an attribute was
    meant (or None when the call has brackets, `foo(40)`, a function's)."""
    last = node.args[-1].span if node.args else None
    if last is None or (last.end_line, last.end_column) != (node.span.end_line, node.span.end_column):
        return None
    numeric = [name for name, value in names.items() if isinstance(value, Attribute) and value.numbers]
    return CspdslError(
        f"unknown attribute '{node.func}': '{node.func} {_argument_text(node)}' names the value of an "
        "attribute of numbers", node.func_span,
        did_you_mean(node.func, numeric) or (f"the attributes of numbers here: {', '.join(numeric)}" if numeric
                                             else "declare it first, as in 'attribute age: 30, 40, 50'"),
    )


def refuse_bare_numbers(names: Mapping[str, Any], entities: Entities | None, op: str,
                        sides: Iterable[ast.Node]) -> None:
    """Raise if a side of a relation is a literal number that is a value of an attribute of numbers
    (`Jack same 40`): the clue means that value's entity, written `age 40`."""
    if op not in RELATION_WORDS or entities is None:
        return
    for side in sides:
        number = _literal(side)
        if number is None:
            continue
        owners = list(dict.fromkeys(value.name for value in names.values()
                                    if isinstance(value, Attribute) and number in value.numbers.values()))
        if owners:
            raise _bare_number(number, owners, entities, op, side)


def _bare_number(number: int, owners: list[str], entities: Entities, op: str, side: ast.Node) -> CspdslError:
    """The error for a bare number that a handle should name: which attribute, or which meaning."""
    handles = " or ".join(f"'{owner} {number}'" for owner in owners)
    if len(owners) > 1:
        return error(f"{number} is a value of {_names_text(owners)}: which one is meant?", side,
                     f"name the entity by its attribute: {handles}")
    owner = owners[0]
    if entities.labels is None and number in entities.positions:
        return error(
            f"{number} is both position {number} and a value of '{owner}'", side,
            f"for the one whose {owner} is {number} write {handles}; for position {number} write "
            f"'at {number}' or compare with '=='",
        )
    return error(
        f"{number} is a value of '{owner}', not a {entities.name}: '{op}' relates the entity of a value",
        side, f"the one whose {owner} is {number} is {handles}",
    )


def _literal(node: ast.Node) -> int | None:
    """The number a side is written as (`40`, `-3`), or None."""
    if isinstance(node, ast.Num):
        return node.value
    if isinstance(node, ast.Neg) and isinstance(node.operand, ast.Num):
        return -node.operand.value
    return None


def _first(attribute: Attribute) -> int:
    return next(iter(attribute.numbers.values()))


def _values_text(attribute: Attribute) -> str:
    return ", ".join(str(number) for number in attribute.numbers.values())


def _names_text(names: list[str]) -> str:
    quoted = [f"'{name}'" for name in names]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _argument_text(node: ast.Call) -> str:
    only = node.args[0] if len(node.args) == 1 else None
    number = _literal(only) if only is not None else None
    return str(number) if number is not None else "(...)"
