"""A solution as JSON documents give it (format 1): the model's own variables by the model's names.

A grid or array declared over index ranges is nested lists, as deep as its dimensions and row by row,
as MiniZinc's JSON output nests them (a 1-D array one list, a cube a list of layers of rows, a black
cell null); any other array (indexed by names, or a hidden one's cells) is an object keyed by each
index as text (`{"depot": {"North": 3}}`), and so is an
attribute (`{"nationality": {"Brit": 3}}`: each value's position); a board is an object keyed by its
cells' names; a variable alone is its value; a variable of names holds the name. `Shape` works this
out once a layout, so that a batch's rows stay cheap."""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import product
from operator import itemgetter

from ..core.static_types import Any
from ..lower.layout import Grid, Layout

FORMAT = 1  # the version of the JSON documents' shape; `docs/schema/result.schema.json` describes it
DIGITS = frozenset(range(10))
DIGIT_TEXT = tuple("0123456789")
_INDEXED = re.compile(r"^([^\[\]]+)\[(.+)\]$")


class GridReader:
    """One grid's values read from a solution, worked out once a grid: its variables as rows (None at
    a black cell) and, for a grid without black cells, one C call that reads them all."""

    def __init__(self, grid: Grid, symbols: list[str] | None = None) -> None:
        ranges = grid.index_ranges
        self.flat = len(ranges) == 1
        if self.flat:
            self.rows = [[grid.cells.get((i,)) for i in ranges[0]]]
        else:  # every row along the last index, in reading order (a grid's rows; a cube's layers' rows)
            self.rows = [[grid.cells.get((*outer, c)) for c in ranges[-1]] for outer in product(*ranges[:-1])]
        self.layers = [len(r) for r in ranges[1:-1]]  # the rows grouped into layers: a cube's rows, then layers
        names = [var for row in self.rows for var in row]
        self.width = len(self.rows[0]) if self.rows else 0
        self.getter = itemgetter(*names) if len(names) > 1 and None not in names else None
        self.symbols = symbols  # a grid of names: each code's name

    def values(self, solution: Mapping[str, int]) -> list[Any]:
        """The grid's values as a list of rows (a 1-D array as one list), None at a black cell."""
        if self.getter is None or self.symbols is not None:
            values = [[None if var is None else self.shown(solution[var]) for var in row] for row in self.rows]
            return values[0] if self.flat else _grouped(values, self.layers)
        cells = self.getter(solution)
        if self.flat:
            return list(cells)
        width = self.width
        return _grouped([list(cells[start:start + width]) for start in range(0, len(cells), width)], self.layers)

    def shown(self, value: int) -> Any:
        return self.symbols[value - 1] if self.symbols is not None else value

    def text(self, solution: Mapping[str, int]) -> str | None:
        """The grid's values of one digit each as a line of characters (`#` a black cell); None for any other."""
        if self.getter is None or self.symbols is not None:
            rows = [[None if var is None else solution[var] for var in row] for row in self.rows]
            return grid_line(rows[0] if self.flat else rows)
        cells = self.getter(solution)
        return "".join(itemgetter(*cells)(DIGIT_TEXT)) if DIGITS.issuperset(cells) else None


def _grouped(rows: list[Any], layers: list[int]) -> list[Any]:
    """Rows nested as deep as the grid has dimensions: a cube's rows in lists of its layers' sizes."""
    for size in reversed(layers):
        rows = [rows[start:start + size] for start in range(0, len(rows), size)]
    return rows


def _rows_of(value: Any, layers: int) -> list[Any]:
    """The rows of lists nested `layers` deeper than a grid's (`_grouped` read back); no list: none."""
    for _ in range(layers):
        value = [row for layer in value if isinstance(layer, list) for row in layer] if isinstance(value, list) else []
    return value if isinstance(value, list) else []


def grid_line(rows: list[Any]) -> str | None:
    """Grid values of one digit each as a line of characters (`#` a black cell); None for any other."""
    cells = [v for row in rows for v in row] if rows and isinstance(rows[0], list) else rows
    if any(v is not None and not 0 <= v <= 9 for v in cells):
        return None
    return "".join("#" if v is None else str(v) for v in cells)


class Shape:
    """How a layout's solutions are named: each grid's reader, the scalars, the boards, the
    attributes, and the other outputs by their names' parts (`arr[North, 2]`: `arr`, `North`, 2)."""

    def __init__(self, layout: Layout, outputs: list[str]) -> None:
        self.symbols, self.symbolic = layout.symbols, layout.symbolic
        self.grids = [(grid.name, GridReader(grid, self._grid_symbols(grid))) for grid in layout.grids]
        self.scalars = list(layout.scalars.items())
        self.boards = [(board.name, list(board.variables.items())) for board in layout.boards]
        entities = layout.entities
        self.attributes = list(entities.attributes.items()) if entities is not None else []
        shown = {var for grid in layout.grids for var in grid.cells.values()} | set(layout.scalars.values())
        shown |= {var for board in layout.boards for var in board.variables.values()}
        shown |= {var for _, values in self.attributes for var in values.values()}
        self.rest = [(var, _parts(var)) for var in outputs if var not in shown]
        self.line = self.grids[0][1] if len(self.grids) == 1 else None

    def _grid_symbols(self, grid: Grid) -> list[str] | None:
        return self.symbols if any(var in self.symbolic for var in grid.cells.values()) else None

    def shown(self, var: str, solution: Mapping[str, int]) -> Any:
        value = solution[var]
        return self.symbols[value - 1] if var in self.symbolic else value

    def named(self, solution: Mapping[str, int]) -> dict[str, Any]:
        """A solution's values by the model's names (the module's docstring says how)."""
        named: dict[str, Any] = {name: reader.values(solution) for name, reader in self.grids}
        for name, var in self.scalars:
            named[name] = self.shown(var, solution)
        for name, cells in self.boards:
            named[name] = {cell: self.shown(var, solution) for cell, var in cells}
        for attribute, values in self.attributes:
            named[attribute] = {value: solution[var] for value, var in values.items()}
        nested: dict[str, Any] = {}
        for var, parts in self.rest:
            place = nested
            for part in parts[:-1]:
                place = place.setdefault(part, {})
            place[parts[-1]] = self.shown(var, solution)
        named.update({name: _keyed(value) for name, value in nested.items()})
        return named


def _parts(var: str) -> list[Any]:
    """An IR name's parts: `p[F,1,2]` is `p`, `F`, 1, 2; a name without indices is itself."""
    match = _INDEXED.match(var)
    if match is None:
        return [var]
    indices = [index.strip() for index in match.group(2).split(",")]
    return [match.group(1), *(int(i) if i.lstrip("-").isdigit() else i for i in indices)]


def _keyed(value: Any) -> Any:
    """Nested levels keyed by their indices as text, as JSON's objects are."""
    return {str(k): _keyed(v) for k, v in value.items()} if isinstance(value, dict) else value


# Each layout's shape, keyed by id(), the layout and outputs kept beside, so that the id stays its own.
_SHAPES: dict[int, tuple[Layout, list[str], Shape]] = {}


def shape_of(layout: Layout, outputs: list[str]) -> Shape:
    kept = _SHAPES.get(id(layout))
    if kept is None or kept[0] is not layout or kept[1] is not outputs:
        if len(_SHAPES) > 64:
            _SHAPES.clear()
        kept = _SHAPES[id(layout)] = (layout, outputs, Shape(layout, outputs))
    return kept[2]


def named_values(layout: Layout, outputs: list[str], solution: Mapping[str, int]) -> dict[str, Any]:
    """A solution's values by the model's names."""
    return shape_of(layout, outputs).named(solution)


def solution_document(layout: Layout, outputs: list[str], solution: dict[str, int]) -> dict[str, Any]:
    """One solution in a JSON document: its `values` by name, its `answers`, and a tiling's
    lettered board (`tilings`), which the placements' 0/1 values do not show at a glance."""
    from .solution import answers

    shown: dict[str, Any] = {"values": named_values(layout, outputs, solution), "answers": answers(layout, solution)}
    if layout.tilings:
        from .tiling_text import tiling_rows

        shown["tilings"] = {tiling.name: tiling_rows(tiling, solution) for tiling in layout.tilings}
    return shown


def read_named(layout: Layout, outputs: list[str], values: Mapping[str, Any]) -> dict[str, int]:
    """The IR variables' values that a document in this shape gives (`named_values` read back): each
    variable found at its place, null or missing where nothing is given; a name read back as its code."""
    shape = shape_of(layout, outputs)
    found: dict[str, Any] = {}
    for name, reader in shape.grids:
        rows = [values.get(name)] if reader.flat else _rows_of(values.get(name), len(reader.layers))
        for row_vars, row in zip(reader.rows, rows if isinstance(rows, list) else [], strict=False):
            for var, value in zip(row_vars, row if isinstance(row, list) else [], strict=False):
                if var is not None:  # a black cell has no variable
                    found[var] = value
    for name, var in shape.scalars:
        found[var] = values.get(name)
    for name, cells in shape.boards:
        board = values.get(name)
        found.update({var: board.get(cell) for cell, var in cells} if isinstance(board, dict) else {})
    for attribute, entities in shape.attributes:
        placed = values.get(attribute)
        found.update({var: placed.get(value) for value, var in entities.items()} if isinstance(placed, dict) else {})
    for var, parts in shape.rest:
        place: Any = values
        for part in parts:
            place = place.get(str(part)) if isinstance(place, dict) else None
        found[var] = place
    return {var: _code(shape, var, value) for var, value in found.items() if value is not None}


def _code(shape: Shape, var: str, value: Any) -> int:
    """A value as the IR holds it: a name's code for a variable of names, else the whole number."""
    if var in shape.symbolic and isinstance(value, str) and value in shape.symbols:
        return shape.symbols.index(value) + 1
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{var}: {value!r} is not a value of the model")
    return value
