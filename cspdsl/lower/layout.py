"""What a lowered model looks like to a person: its entities, grids, boards and questions.

Lowering fills a `Layout` beside the IR `Problem`; rendering reads both. Backends never see it.
"""

from __future__ import annotations

import itertools

from ..core.errors import Span
from ..core.record import Record, field


class LinTerm(Record):
    """A linear expression over IR variables: sum(coef * var) + const."""

    terms: tuple[tuple[int, str], ...]
    const: int

    def evaluate(self, assignment: dict[str, int]) -> int:
        return sum(c * assignment[v] for c, v in self.terms) + self.const


class AttributeAt(Record):
    """In an answer template, `nationality[fish]`: the value of an attribute at a position."""

    attribute: str
    position: LinTerm


class Named(Record):
    """In an answer template, a value that is a name of a domain of names (`{WA}`): shown as the name."""

    term: LinTerm


Placeholder = LinTerm | AttributeAt | Named | tuple[LinTerm | Named, ...]


class Question(Record):
    text: str
    template: str  # with {0}, {1}, ... where the placeholders go
    placeholders: tuple[Placeholder, ...]
    span: Span
    placeholder_spans: tuple[Span, ...] = ()  # where each placeholder is written, for errors


class Entities(Record, frozen=False):
    """Ordered positions and attributes: each value of an attribute has a position variable.

    `labels` names the positions of a puzzle keyed by names (`positions band: Alpha, Beta`): position
    i is labels[i - 1], and the positions have no order."""

    name: str
    positions: list[int]
    attributes: dict[str, dict[str, str]] = field(default_factory=dict)  # attr -> value -> var
    labels: list[str] | None = None

    def label(self, position: int) -> str:
        """How a person names a position: its key value, or its number."""
        return self.labels[position - 1] if self.labels is not None else str(position)


class Grid(Record, frozen=False):
    """An array of variables, rendered as digits, a row or a grid; one of three or more dimensions
    as the grids of its layers (`layers`)."""

    name: str
    index_ranges: list[list[int]]
    cells: dict[tuple[int, ...], str]
    box: tuple[int, int] | None = None  # Sudoku-style box size
    show_boxes: bool = False  # the model uses the boxes: draw them
    # The character each value is printed as, one a cell, as puzzle books print a shaded grid (`#`
    # and `.` for a grid in bool) or a tiling (a letter a piece); None: the numbers.
    symbols: dict[int, str] | None = None

    def layers(self) -> list[Grid]:
        """The grid as grids of at most two dimensions, drawn one under another: itself, or for one of
        three or more dimensions each 2-D layer at fixed leading indices, named as its slice
        (`g[1, .., ..]`)."""
        if len(self.index_ranges) <= 2:
            return [self]
        *outer, rows, cols = self.index_ranges
        found = []
        for fixed in itertools.product(*outer):
            cells = {index[-2:]: var for index, var in self.cells.items() if index[:-2] == fixed}
            name = f"{self.name}[{', '.join(map(str, fixed))}, .., ..]"
            found.append(Grid(name, [rows, cols], cells, None, False, self.symbols))
        return found


# A grid declared `in bool` prints as a shaded picture: a 1 is `#`, a 0 is `.`.
SHADED = {0: ".", 1: "#"}


class Board(Record, frozen=False):
    """A board drawn as ASCII art: cell names at (row, column) of the drawing."""

    name: str
    drawing: list[str]
    cells: dict[str, tuple[int, int]]  # cell name -> (row, col) in the drawing
    variables: dict[str, str]  # cell name -> IR variable


class Tiling(Record, frozen=False):
    """Shapes placed on a board (`place p on rectangle(6, 10)`): what is needed to print the solution
    as a lettered board and to check the cover from the cells alone (`check/tiling.py`)."""

    name: str
    board: list[tuple[int, int]]  # the board's cells, (row, column)
    shapes: dict[str, tuple[tuple[int, int], ...]]  # a kind's name -> its cells as drawn
    copies: dict[str, int]
    turns: bool
    flips: bool
    exact: bool  # every cell covered once; else at most once
    placements: dict[str, tuple[str, tuple[tuple[int, int], ...]]]  # variable -> (kind, cells covered)
    # Placed on a grid of cell variables (`lower/fleets.py`): each board cell's variable, 1 where
    # covered; and the touching rule ("no_touching", "no_side_touching" or "" for none).
    cells: dict[tuple[int, int], str] = field(default_factory=dict)
    apart: str = ""


class Layout(Record, frozen=False):
    title: str | None = None
    entities: Entities | None = None
    grids: list[Grid] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)
    scalars: dict[str, str] = field(default_factory=dict)  # name -> IR variable
    symbols: list[str] = field(default_factory=list)  # the names of domains of names: code i is symbols[i - 1]
    symbolic: set[str] = field(default_factory=set)  # the IR variables that hold a name's code

    def shown(self, var: str, value: int) -> str:
        """A variable's value as a person reads it: a name for a variable of names, else the number."""
        return self.symbols[value - 1] if var in self.symbolic else str(value)
    questions: list[Question] = field(default_factory=list)
    tilings: list[Tiling] = field(default_factory=list)
    # What a picture draws beyond the values: each region map by the grid it divides (its labels row
    # by row, as written), and each `single_loop(h, v)` by its grids of edges.
    region_maps: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    loops: list[tuple[str, str]] = field(default_factory=list)
