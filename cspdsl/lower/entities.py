"""Logic-grid entities: the positions (numbered, or named by the values of a key), the attributes
whose values go to positions (names, or numbers that clues do arithmetic on); `X.age`, the number
of an attribute of numbers that goes with X, is made by `attribute_numbers.py`.

A puzzle keyed by names (`positions band: Alpha, Beta`) numbers its positions 1, 2, ... inside, and
each key value is the constant position it names: `rock same Alpha` is `rock == 1`. Its positions
have no order, so the relations that compare positions are refused (`named_values.refuse_order`).

Functions over the lowering's `Declarations`; a positions line's values are evaluated by the
lowering's `int_values`, passed in."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .context import POSITION_WORDS, AttributeValue, Declarations, KeyValue, Param, error
from .layout import Entities
from .values import Attribute, check_size


def entity_handlers(
    declarations: Declarations, int_values: Callable[[ast.Node], list[int]]
) -> dict[type, Callable[[Any], None]]:
    """The function that lowers each kind of statement declared here, over `declarations`."""
    return {
        ast.PositionsDecl: partial(positions_decl, declarations, int_values),
        ast.KeyDecl: partial(key_decl, declarations),
        ast.AttributeDecl: partial(attribute_decl, declarations),
    }


def value_name(value: ast.Name | ast.Str | ast.Num) -> str:
    """How a declared value is named: its word, its quoted text, or its number."""
    if isinstance(value, ast.Num):
        return str(value.value)
    return value.name if isinstance(value, ast.Name) else value.value


def positions_decl(
    declarations: Declarations, int_values: Callable[[ast.Node], list[int]], s: ast.PositionsDecl
) -> None:
    """The one set of positions; it also names first, last and (for an odd count) middle."""
    if declarations.layout.entities is not None:
        raise error("a model has one 'positions' declaration", s)
    positions = int_values(s.positions)
    if not positions:
        raise error("there are no positions", s.positions)
    if positions != list(range(positions[0], positions[0] + len(positions))):
        # Relations (next_to, directly_left_of, ...) compare position numbers.
        raise error(
            "positions must be consecutive numbers in order", s.positions, "write a range, such as 1..5"
        )
    declarations.layout.entities = Entities(s.name, positions)
    declarations.bind(s.name, positions, s.span)
    named = dict(zip(POSITION_WORDS[:2], (positions[0], positions[-1]), strict=True))
    if len(positions) % 2 == 1:
        named["middle"] = positions[len(positions) // 2]
    for word, value in named.items():
        if word not in declarations.env.names:
            declarations.env.names[word] = Param(value)
            declarations.env.spans[word] = s.span
            declarations.position_words.add(word)


def key_decl(declarations: Declarations, s: ast.KeyDecl) -> None:
    """Positions named by the key's values, without an order: the i-th value is position i."""
    if declarations.layout.entities is not None:
        raise error("a model has one 'positions' declaration", s)
    for value in s.values:
        if isinstance(value, ast.Num):
            raise error(
                "positions named after ':' are names, not numbers",
                value,
                f"for numbered positions write 'positions {s.name} = 1..{len(s.values)}'; quote a "
                "number to use it as a name",
            )
    labels = [value_name(value) for value in s.values]
    positions = list(range(1, len(labels) + 1))
    declarations.bind(s.name, positions, s.span)
    for position, value in zip(positions, s.values, strict=True):
        declarations.bind(value_name(value), KeyValue(position), value.span)
    declarations.layout.entities = Entities(s.name, positions, labels=labels)


def attribute_decl(declarations: Declarations, s: ast.AttributeDecl) -> None:
    """Each value of an attribute is a variable: the position that has it; no two share one."""
    entities = _attribute_entities(declarations, s)
    attribute = Attribute(s.name, {}, _attribute_numbers(s))
    declarations.bind(s.name, attribute, s.span)
    declarations.sizes.add_values(f"attribute {s.name}", len(s.values) * len(entities.positions), s.span)
    for value in s.values:
        name = value_name(value)
        var = f"{s.name}[{name}]"
        if not attribute.numbers:  # a number stands for itself: it names no value
            _check_one_attribute(declarations, name, value)
            declarations.bind(name, AttributeValue(s.name, var), value.span)
        declarations.problem.add_var(var, tuple(entities.positions), span=s.span)
        attribute.values[name] = var
    entities.attributes[s.name] = attribute.values
    declarations.problem.post(ir.AllDifferent(tuple(attribute.values.values())), s.span)


def _check_one_attribute(declarations: Declarations, name: str, value: ast.Node) -> None:
    owner = declarations.env.names.get(name)
    if isinstance(owner, AttributeValue):
        raise error(
            f"value '{name}' is already a value of attribute '{owner.attribute}'",
            value,
            "give each value one attribute; use a different name here",
        )


def _attribute_numbers(s: ast.AttributeDecl) -> dict[str, int]:
    """The numbers of an attribute of numbers (each once), or {} for an attribute of names."""
    numeric = [isinstance(value, ast.Num) for value in s.values]
    if not any(numeric):
        return {}
    for value, is_number in zip(s.values, numeric, strict=True):
        if not is_number:
            raise error(
                f"attribute '{s.name}' has numbers and names; its values are all numbers or all names",
                value,
                "quote a number to use it as a name, as in \"7\"",
            )
    numbers: dict[str, int] = {}
    for value in s.values:
        assert isinstance(value, ast.Num)
        check_size(value.value, value)
        if str(value.value) in numbers:
            raise error(f"{value.value} appears twice in attribute '{s.name}'", value)
        numbers[str(value.value)] = value.value
    return numbers


def _attribute_entities(declarations: Declarations, s: ast.AttributeDecl) -> Entities:
    """The positions an attribute's values take: declared above it, and at least one a value."""
    entities = declarations.layout.entities
    if entities is None:
        raise error(
            "an attribute needs positions to be declared first",
            s,
            "add a line such as 'positions house = 1..5' above it",
        )
    if len(s.values) > len(entities.positions):
        raise error(
            f"attribute '{s.name}' has {len(s.values)} values but there are only "
            f"{len(entities.positions)} positions",
            s,
        )
    return entities
