"""A grid (a 2-D array) or a row (a 1-D array) drawn as puzzle books draw one: a square a cell, the
givens in dark bold and the values found in blue, black cells filled, a grid in bool shaded where it
holds (or starred, when regions divide it: shading would hide them), and the regions or boxes the
model uses outlined with thick lines, each region on a pale colour of its own."""

from __future__ import annotations

from collections.abc import Mapping

from ...lower.layout import Grid, Layout
from .canvas import (
    FAINT,
    FOUND,
    FRESH,
    FRESH_EDGE,
    INK,
    SHADE,
    Block,
    caption,
    column,
    line,
    polygon,
    rect,
    text,
    text_width,
)
from .marks import Index, Marks, box_of, region_of

CELL = 40
VALUE = 20  # the font size of a cell's value
THICK, THIN = 3, 1
BOX = "#6b7280"  # a Sudoku's boxes under a region map (killer sudoku's cages)
# Pale fills for regions, given greedily so that neighbours differ wherever seven colours allow.
REGION_FILLS = ("#fdf1c7", "#dceefb", "#e3f4dc", "#f9dfe6", "#ece3f7", "#fde6d2", "#e0f2f1")


def grid_block(grid: Grid, solution: Mapping[str, int], layout: Layout, marks: Marks,
               fixed: Mapping[str, int]) -> Block:
    """The grid under its name."""
    rows, columns = _places(grid)
    regions, boxes = region_of(grid, marks), box_of(grid)
    size = max([CELL, *(text_width(_shown(layout, grid, var, solution), VALUE) + 14 for var in grid.cells.values())])
    height, width = _shape(rows, columns)
    body = Block(size * width, size * height)
    if regions:
        fills = _region_fills(regions)
        body.elements += [rect(j * size, i * size, size, size, fill=fills[regions[_index(r, c)]])
                          for i, r, j, c in _cells(rows, columns)]
    for i, r, j, c in _cells(rows, columns):
        body.elements += _cell(grid, _index(r, c), j * size, i * size, size, solution, layout, fixed, bool(regions),
                               marks.fresh)
    body.elements += _lines(rows, columns, size, regions, boxes)
    return column([caption(grid.name, 14, fill=INK), body], gap=4)


def _places(grid: Grid) -> tuple[list[int], list[int | None]]:
    """Rows and columns of the drawing: a 1-D array is one row, its columns its indices."""
    if len(grid.index_ranges) == 1:
        return [*grid.index_ranges[0]], [None]  # transposed below: one row of cells
    rows, columns = grid.index_ranges
    return list(rows), list(columns)


def _shape(rows: list[int], columns: list[int | None]) -> tuple[int, int]:
    """How many rows and columns of cells are drawn."""
    return (1, len(rows)) if columns == [None] else (len(rows), len(columns))


def _index(r: int, c: int | None) -> Index:
    """The model's index of a drawn cell."""
    return (r,) if c is None else (r, c)


def _cells(rows: list[int], columns: list[int | None]) -> list[tuple[int, int, int, int | None]]:
    """(row number, row index, column number, column index) of every cell, in reading order; a 1-D
    array's cells all in row 0."""
    if columns == [None]:
        return [(0, r, j, None) for j, r in enumerate(rows)]
    return [(i, r, j, c) for i, r in enumerate(rows) for j, c in enumerate(columns)]


def _shown(layout: Layout, grid: Grid, var: str, solution: Mapping[str, int]) -> str:
    if var not in solution:
        return ""
    if grid.symbols is not None:
        return grid.symbols.get(solution[var], str(solution[var]))
    return layout.shown(var, solution[var])


def _cell(grid: Grid, index: Index, x: float, y: float, size: float, solution: Mapping[str, int],
          layout: Layout, fixed: Mapping[str, int], starred: bool, fresh: frozenset[str]) -> list[str]:
    """One cell: black where the grid has no variable, shaded or starred for a 1 of a grid in bool,
    else its value, a given dark and bold, a value found blue; a value just found on a coloured ground."""
    var = grid.cells.get(index)
    if var is None:
        return [rect(x, y, size, size, fill=SHADE)]
    if var not in solution:
        return []
    if var in fresh:
        return [rect(x, y, size, size, fill=FRESH), *_value(grid, var, x, y, size, solution, layout, fixed, starred),
                rect(x + 2, y + 2, size - 4, size - 4, stroke=FRESH_EDGE, stroke_width=2)]
    return _value(grid, var, x, y, size, solution, layout, fixed, starred)


def _value(grid: Grid, var: str, x: float, y: float, size: float, solution: Mapping[str, int], layout: Layout,
           fixed: Mapping[str, int], starred: bool) -> list[str]:
    """A cell's value: shaded, starred or empty for a grid in bool, else its value as text."""
    if grid.symbols is not None and grid.symbols.get(solution[var]) in ("#", "."):
        if grid.symbols[solution[var]] == ".":
            return []
        return [star(x + size / 2, y + size / 2, size * 0.36)] if starred else [rect(x, y, size, size, fill=SHADE)]
    given = var in fixed
    return [text(x + size / 2, y + size / 2, _shown(layout, grid, var, solution), VALUE,
                 fill=INK if given else FOUND, weight="bold" if given else None)]


def star(x: float, y: float, r: float) -> str:
    """A five-pointed star centred on (x, y)."""
    from math import cos, pi, sin

    points = [(x + (r if k % 2 == 0 else r * 0.45) * sin(k * pi / 5),
               y - (r if k % 2 == 0 else r * 0.45) * cos(k * pi / 5)) for k in range(10)]
    return polygon(points, fill=INK)


def _lines(rows: list[int], columns: list[int | None], size: float, regions: dict[Index, str] | None,
           boxes: dict[Index, str] | None) -> list[str]:
    """Thin lines between cells, thick ones between cells of different regions (or boxes, without
    regions), lines of a middle weight between boxes a region map is drawn over; and the frame."""
    cells = _cells(rows, columns)
    height, width = _shape(rows, columns)
    at = {(i, j): _index(r, c) for i, r, j, c in cells}
    strong = regions or boxes
    middle = boxes if regions else None
    thin: list[str] = []
    boxed: list[str] = []
    thick: list[str] = []
    for (i, j), index in at.items():
        for near, ends in ((at.get((i, j + 1)), (j + 1, i, j + 1, i + 1)),  # the line on its right
                           (at.get((i + 1, j)), (j, i + 1, j + 1, i + 1))):  # the line under it
            if near is None:
                continue
            x1, y1, x2, y2 = (end * size for end in ends)
            if strong is not None and strong.get(index) != strong.get(near):
                thick.append(line(x1, y1, x2, y2, INK, THICK))
            elif middle is not None and middle.get(index) != middle.get(near):
                boxed.append(line(x1, y1, x2, y2, BOX, 2))
            else:
                thin.append(line(x1, y1, x2, y2, FAINT, THIN))
    frame = rect(0, 0, width * size, height * size, stroke=INK, stroke_width=THICK if strong else 2)
    return [*thin, *boxed, *thick, frame]  # the heavier over the lighter where they meet


def _region_fills(regions: dict[Index, str]) -> dict[str, str]:
    """A pale colour for each region, different from its neighbours' where the palette allows: the
    regions coloured one after another in the order of their letters, each the first colour no
    neighbour coloured before it has."""
    neighbours: dict[str, set[str]] = {letter: set() for letter in sorted(set(regions.values()))}
    for index, letter in regions.items():
        for step in ((0, 1), (1, 0)):
            near = tuple(k + d for k, d in zip(index, step if len(index) == 2 else step[1:], strict=True))
            other = regions.get(near)
            if other is not None and other != letter:
                neighbours[letter].add(other)
                neighbours[other].add(letter)
    fills: dict[str, str] = {}
    for letter in neighbours:
        taken = {fills[other] for other in neighbours[letter] if other in fills}
        fills[letter] = next((fill for fill in REGION_FILLS if fill not in taken), REGION_FILLS[len(fills) % 7])
    return fills
