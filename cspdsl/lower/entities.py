"""Logic-grid entities: the positions (numbered, or named by the values of a key), the attributes
whose values go to positions (names, or numbers that clues do arithmetic on); `X.age`, the number
of an attribute of numbers that goes with X, is made by `attribute_numbers.py`.

A puzzle keyed by names (`positions band: Alpha, Beta`) numbers its positions 1, 2, ... inside, and
each key value is the constant position it names: `rock same Alpha` is `rock == 1`. Its positions
have no order, so the relations that compare positions are refused (`named_values.refuse_order`)."""

from __future__ import annotations

from .. import ir
from ..syntax import ast
from .context import POSITION_WORDS, AttributeValue, KeyValue, Param, error
from .layout import Entities
from .logic import Logic
from .values import Attribute, check_size


def value_name(value: ast.Name | ast.Str | ast.Num) -> str:
    """How a declared value is named: its word, its quoted text, or its number."""
    if isinstance(value, ast.Num):
        return str(value.value)
    return value.name if isinstance(value, ast.Name) else value.value


class EntityDecls(Logic):
    """The declarations of positions and attributes."""

    def positions_decl(self, s: ast.PositionsDecl) -> None:
        """The one set of positions; it also names first, last and (for an odd count) middle."""
        if self.layout.entities is not None:
            raise error("a model has one 'positions' declaration", s)
        positions = self.int_values(s.positions)
        if not positions:
            raise error("there are no positions", s.positions)
        if positions != list(range(positions[0], positions[0] + len(positions))):
            # Relations (next_to, directly_left_of, ...) compare position numbers.
            raise error(
                "positions must be consecutive numbers in order", s.positions, "write a range, such as 1..5"
            )
        self.layout.entities = Entities(s.name, positions)
        self.bind(s.name, positions, s.span)
        named = dict(zip(POSITION_WORDS[:2], (positions[0], positions[-1]), strict=True))
        if len(positions) % 2 == 1:
            named["middle"] = positions[len(positions) // 2]
        for word, value in named.items():
            if word not in self.env.names:
                self.env.names[word] = Param(value)
                self.env.spans[word] = s.span
                self.position_words.add(word)

    def key_decl(self, s: ast.KeyDecl) -> None:
        """Positions named by the key's values, without an order: the i-th value is position i."""
        if self.layout.entities is not None:
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
        self.bind(s.name, positions, s.span)
        for position, value in zip(positions, s.values, strict=True):
            self.bind(value_name(value), KeyValue(position), value.span)
        self.layout.entities = Entities(s.name, positions, labels=labels)

    def attribute_decl(self, s: ast.AttributeDecl) -> None:
        """Each value of an attribute is a variable: the position that has it; no two share one."""
        entities = self.attribute_entities(s)
        attribute = Attribute(s.name, {}, self.attribute_numbers(s))
        self.bind(s.name, attribute, s.span)
        self.sizes.add_values(f"attribute {s.name}", len(s.values) * len(entities.positions), s.span)
        for value in s.values:
            name = value_name(value)
            var = f"{s.name}[{name}]"
            if not attribute.numbers:  # a number stands for itself: it names no value
                self.check_one_attribute(name, value)
                self.bind(name, AttributeValue(s.name, var), value.span)
            self.problem.add_var(var, tuple(entities.positions), span=s.span)
            attribute.values[name] = var
        entities.attributes[s.name] = attribute.values
        self.problem.post(ir.AllDifferent(tuple(attribute.values.values())), s.span)

    def check_one_attribute(self, name: str, value: ast.Node) -> None:
        owner = self.env.names.get(name)
        if isinstance(owner, AttributeValue):
            raise error(
                f"value '{name}' is already a value of attribute '{owner.attribute}'",
                value,
                "give each value one attribute; use a different name here",
            )

    def attribute_numbers(self, s: ast.AttributeDecl) -> dict[str, int]:
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

    def attribute_entities(self, s: ast.AttributeDecl) -> Entities:
        """The positions an attribute's values take: declared above it, and at least one a value."""
        entities = self.layout.entities
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
