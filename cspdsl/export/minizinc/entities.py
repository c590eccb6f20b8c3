"""A logic grid as MiniZinc writes one: each attribute of names an enum of its values and an array
over that enum of the position each value goes to (`array[Colour] of var 1..5: colour;`), each value
a name of the model (`colour[red]`), the relations between positions as comparisons of them (`same`
is `=`, `next_to` `abs(a - b) = 1`, `at first` `= 1`). An attribute whose values cannot all be
MiniZinc names (numbers, a name the model or MiniZinc uses for something else) keeps 1..k with its
values' names in a string array beside it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...lower.layout import Layout
from .writers import RESERVED

if TYPE_CHECKING:
    from .arrays import Declared

# The relations between positions, as a MiniZinc comparison of the two positions {a} and {b}.
RELATIONS = {
    "same": "{a} = {b}", "not_same": "{a} != {b}", "next_to": "abs({a} - {b}) = 1", "beside": "abs({a} - {b}) = 1",
    "directly_left_of": "{a} + 1 = {b}", "directly_right_of": "{a} = {b} + 1", "left_of": "{a} < {b}",
    "right_of": "{a} > {b}", "at": "{a} = {b}",
}

# Names the export's own text uses (functions, and the generators of its output and clues) that an
# enum's value must not take.
_TAKEN_BY_EXPORT = {
    "abs", "all_different", "bool2int", "col", "concat", "connected", "deopt", "exists", "fix", "forall",
    "format_justify_string", "join", "length", "max", "min", "occurs", "regular", "row", "show", "show_int",
    "sum", "table", "assert", "array1d", "b", "c", "i", "j", "k", "p", "r", "v",
}
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_NUMBER = re.compile(r"^-?\d+$")


def value_identifier(value: str) -> str | None:
    """The value as a MiniZinc name: as it is, or quoted (`'root beer'`); None for a number."""
    if _PLAIN.match(value):
        return value
    if _NUMBER.match(value) or not value or "'" in value or "\\" in value or "\n" in value:
        return None
    return f"'{value}'"


def _bare(identifier: str) -> str:
    return identifier.strip("'")


def attribute_enums(layout: Layout, taken: set[str]) -> dict[str, tuple[str, list[str]]]:
    """For each attribute of names that can be one: its enum's name and its values as MiniZinc names.
    `taken`: every name the model and the export use for something else."""
    if layout.entities is None:
        return {}
    attributes = layout.entities.attributes
    values = {value for vals in attributes.values() for value in vals}
    taken = {name for name in taken if name not in values} | RESERVED | _TAKEN_BY_EXPORT
    found = {}
    for attribute, vals in attributes.items():
        identifiers = [value_identifier(value) for value in vals]
        enum = attribute[:1].upper() + attribute[1:]
        names = [_bare(i) for i in identifiers if i is not None]
        if None in identifiers or taken & {*names, enum} or enum in values or not _PLAIN.match(enum):
            continue
        taken.add(enum)
        found[attribute] = (enum, [i for i in identifiers if i is not None])
    return found


def relation(op: str, a: str, b: str) -> str:
    return RELATIONS[op].format(a=a, b=b)


def entity_names(layout: Layout, declared: Declared) -> dict[str, tuple[str, str]]:
    """The names a clue may use of a logic grid: each value of an attribute of names (its position,
    `colour[red]`), the positions (`1..5`) and each one's name (first, last and middle, or the key's
    values: its number)."""
    entities = layout.entities
    if entities is None:
        return {}
    found = {}
    positions = entities.positions
    if entities.labels is None:
        words = {"first": positions[0], "last": positions[-1]}
        if len(positions) % 2 == 1:
            words["middle"] = positions[len(positions) // 2]
        found = {word: ("int", str(position)) for word, position in words.items()}
    else:
        found = {label: ("int", str(position)) for position, label in zip(positions, entities.labels, strict=True)}
    found[entities.name] = ("list", f"{positions[0]}..{positions[-1]}")
    for attribute, values in entities.attributes.items():
        array = declared.by_source.get(attribute)
        if array is None or any(value_identifier(value) is None and _NUMBER.match(value) for value in values):
            continue
        found |= {value: ("int", array.ref((i,))) for i, value in enumerate(values, start=1)}
    return found


def number_functions(layout: Layout, declared: Declared, taken: set[str]) -> dict[str, tuple[str, str]]:
    """For each attribute of numbers, the function from a position to its number (`X.age` is
    `age_of(X)`): its name and its definition."""
    if layout.entities is None:
        return {}
    found = {}
    for attribute, values in layout.entities.attributes.items():
        array = declared.by_source.get(attribute)
        name = f"{array.name if array else attribute}_of"
        if array is None or not all(_NUMBER.match(value) for value in values) or name in taken | RESERVED:
            continue
        numbers = ", ".join(values)
        found[attribute] = (name, f"function var int: {name}(var int: p) = "
                                  f"sum(i in {array.index_sets[0]})([{numbers}][i] * ({array.name}[i] = p));")
    return found
