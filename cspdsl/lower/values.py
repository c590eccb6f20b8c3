"""The values an expression has while lowering (numbers, Lin, lists, ranges, arrays, boards,
attributes, pieces) and the conversions between them that report a wrong kind at the source."""

from __future__ import annotations

from .. import ir
from ..core.errors import Span
from ..core.record import Record, field
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin
from .context import MAX_INT, error
from .layout import Board, Grid


class Array(Record, frozen=False):
    """A `var` array: its index ranges, the IR variable of each index, and its Grid in the layout."""

    name: str
    ranges: list[list[int]]
    cells: dict[tuple[int, ...], str]  # a grid with black cells (var ... shape) has none at them
    grid: Grid
    shaped: bool = False  # drawn with a shape: its groups are runs
    # Each dimension's indices as a set, made at the first look-up: `x[i]` is looked up in constant
    # time, not by a scan of the range (a list of every cell of a long array would take n^2 steps).
    index_sets: list[frozenset[int]] = field(default_factory=list, compare=False, repr=False)
    # Its named groups (rows, columns, boxes, adjacent pairs, ...), made at the first `g.rows`.
    groups: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def allows(self, dimension: int, index: int) -> bool:
        """Whether `index` is one of the indices of `dimension` (from 0)."""
        if not self.index_sets:
            self.index_sets = [frozenset(r) for r in self.ranges]
        return index in self.index_sets[dimension]


class BoardValue(Record, frozen=False):
    """A board: its layout and its lines (rows, columns, diagonals, ...) as lists of cell names."""

    layout: Board
    groups: dict[str, list[list[str]] | str]  # a str: why the drawing has no such group


class RegionsValue(Record, frozen=False):
    """A region map (`regions cage of g`): for each letter, in letter order, the IR variables of its
    cells in reading order."""

    name: str
    regions: dict[str, list[str]] = field(default_factory=dict)


class Attribute(Record, frozen=False):
    """An attribute: as a list, the position variables of its values; an attribute of numbers
    (`attribute age: 3, 5, 7`) also knows the number each value is."""

    name: str
    values: dict[str, str]  # value name -> IR variable
    numbers: dict[str, int] = field(default_factory=dict)  # value name -> its number; {} for names


class Symbol(Record):
    """A name of a domain of names (`var WA in {red, green, blue}`): not a number, though inside the
    IR its `code` stands for it (`symbols.py`)."""

    name: str
    code: int


class PiecesValue(Record, frozen=False):
    """A set of pieces for `place ... on ...`: each piece's alternative values and its copies."""

    name: str
    pieces: list[tuple[tuple[int, ...], int]]  # (alternatives, copies)
    span: Span


class ShapeKind(Record):
    """One kind of shape in a set of pieces: its name (its letter when printed), cells and copies."""

    name: str
    cells: tuple[tuple[int, int], ...]
    copies: int


class ShapesValue(Record, frozen=False):
    """A set of shaped pieces (polyominoes) for `place ... on ...`, from a drawing or by name."""

    name: str
    kinds: list[ShapeKind]
    span: Span


def int_values_of(items: list[Any], node: ast.Node) -> list[int]:
    """Constant numbers, with ranges, sets and lists among them flattened in."""
    flat: list[int] = []
    for item in items:
        if isinstance(item, (range, frozenset, list)):
            flat.extend(int_values_of(list(item), node))
        elif isinstance(item, int):
            flat.append(item)
        else:
            raise error("expected constant numbers", node)
    return flat


def list_depth(value: Any) -> int:
    """How deeply lists nest in a value (a number 0, [1] 1, [[1], 2] 2), walked in a loop and each list
    once, however often `let`s share it."""
    depth_of: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack:
        item, inner_done = stack.pop()
        if inner_done:
            depth_of[id(item)] = 1 + max((depth_of[id(x)] for x in item if isinstance(x, list)), default=0)
        elif isinstance(item, list) and id(item) not in depth_of:
            stack.append((item, True))
            stack.extend((x, False) for x in item if isinstance(x, list))
    return depth_of.get(id(value), 0)


def as_list(value: Any, node: ast.Node) -> list[Any]:
    """A list, range, set or group as a list (a group's cells as linear expressions)."""
    if isinstance(value, list):
        return value
    if isinstance(value, (range, frozenset)):
        return sorted(value)
    if isinstance(value, Array):
        return [Lin(((1, v),)) for v in value.cells.values()]
    if isinstance(value, BoardValue):
        return [Lin(((1, v),)) for v in value.layout.variables.values()]
    if isinstance(value, Attribute):
        return [Lin(((1, v),)) for v in value.values.values()]
    raise error("expected a list, a range or a group", node)


def as_lin(value: Any, node: ast.Node) -> Lin:
    """A value as a number (a linear expression), or the error that says what it is instead."""
    if isinstance(value, bool):
        raise error("expected a number", node)
    if isinstance(value, int):
        return Lin((), value)
    if isinstance(value, Lin):
        return value
    if isinstance(value, Symbol):
        raise error(f"'{value.name}' is a name, not a number", node, "names are compared with '==' and '!=' only")
    if isinstance(value, ir.CONDITION_KINDS):
        raise error(
            "a condition cannot be used as a number",
            node,
            "count conditions with 'exactly k of [...]', 'at_least' or 'at_most'",
        )
    if isinstance(value, (list, range, frozenset, Array, BoardValue)):
        raise error("expected a number, found a list or group", node, "sum(...) adds a list up")
    if isinstance(value, Attribute):
        raise error(
            f"expected a number, found the attribute '{value.name}'",
            node,
            f"in an answer, '{value.name}[p]' is its value at position p (p may be a value of "
            "another attribute)",
        )
    raise error("expected a number", node)


def as_lin_value(value: Any) -> Lin:
    """A number or linear expression already known to be one, as a Lin."""
    return value if isinstance(value, Lin) else Lin((), int(value))


def as_cond(value: Any, node: ast.Node) -> ir.Constraint:
    """A value that must be a condition."""
    if isinstance(value, ir.CONDITION_KINDS):
        return value
    raise error(
        "expected a condition (such as a == b), found a value",
        node,
        "compare the value to make a condition, e.g. '... == 1' (a bool variable is 0 or 1)",
    )


def check_lin(lin: Lin, node: ast.Node) -> Lin:
    """A linear expression whose coefficients and constant the backends can take."""
    for coef, _ in lin.terms:  # the common case, in one loop: every number fits
        if not -MAX_INT <= coef <= MAX_INT:
            break
    else:
        if -MAX_INT <= lin.const <= MAX_INT:
            return lin
    for value in (lin.const, *(coef for coef, _ in lin.terms)):
        check_size(value, node)
    return lin


def check_size(value: int, node: ast.Node) -> None:
    """Refuse a number that does not fit the backends' 32-bit integers."""
    if abs(value) > MAX_INT:
        raise error(
            f"number {value} is too large: the backends take numbers from {-MAX_INT} to {MAX_INT}",
            node,
        )
