"""A board drawn in its drawing's shape (`board star in 1..12 = ...`): each cell a circle where
its name is written, holding its value, and the drawing's lines (`-`, `|`, `/`, `\\`, and `+` where
a row and a column cross) drawn as lines.

A character of a drawing is about twice as tall as it is wide, so a row is two columns high; the whole
is scaled so that the two closest cells are `SPACING` apart (more for wide values): circles never touch."""

from __future__ import annotations

from collections.abc import Mapping
from math import hypot

from ...lower.layout import Board, Layout
from .canvas import FOUND, FRESH, INK, PAPER, Block, caption, circle, column, line, text, text_width

SPACING = 46
RADIUS = 18
# A connector's segments across its character's box, in units of the box: (x1, y1, x2, y2) from its centre.
SEGMENTS: dict[str, list[tuple[float, float, float, float]]] = {
    "-": [(-0.5, 0, 0.5, 0)], "|": [(0, -0.5, 0, 0.5)], "/": [(-0.5, 0.5, 0.5, -0.5)],
    "\\": [(-0.5, -0.5, 0.5, 0.5)], "+": [(-0.5, 0, 0.5, 0), (0, -0.5, 0, 0.5)],
}


def board_block(board: Board, solution: Mapping[str, int], layout: Layout, fixed: Mapping[str, int],
                fresh: frozenset[str] = frozenset()) -> Block:
    """The board under its name; the cells whose variables are in `fresh` on a coloured ground."""
    radius = max([RADIUS, *(text_width(_value(board, name, solution, layout), 17) / 2 + 6 for name in board.cells)])
    unit = _unit(list(board.cells.values()), max(SPACING, 2 * radius + 8))
    places = {name: (column * unit + radius, row * 2 * unit + radius) for name, (row, column) in board.cells.items()}
    width = max((x for x, _ in places.values()), default=0) + radius
    height = max((y for _, y in places.values()), default=0) + radius
    body = Block(width, height)
    for r, drawn in enumerate(board.drawing):
        for c, char in enumerate(drawn):
            for x1, y1, x2, y2 in SEGMENTS.get(char, []):
                cx, cy = c * unit + radius, r * 2 * unit + radius
                body.elements.append(line(cx + x1 * unit, cy + y1 * 2 * unit, cx + x2 * unit, cy + y2 * 2 * unit,
                                          INK, 2))
    for name, (x, y) in places.items():
        var = board.variables.get(name)
        given = var is not None and var in fixed
        body.elements.append(circle(x, y, radius, fill=FRESH if var in fresh else PAPER))
        body.elements.append(text(x, y, _value(board, name, solution, layout), 17, INK if given else FOUND,
                                  weight="bold" if given else None))
    return column([caption(board.name, 14), body], gap=4)


def _value(board: Board, name: str, solution: Mapping[str, int], layout: Layout) -> str:
    var = board.variables.get(name)
    return layout.shown(var, solution[var]) if var is not None and var in solution else ""


def _unit(cells: list[tuple[int, int]], spacing: float) -> float:
    """The width of one character of the drawing, so that the closest two cells are `spacing` apart."""
    closest = min((hypot(c1 - c2, 2 * (r1 - r2)) for i, (r1, c1) in enumerate(cells) for r2, c2 in cells[i + 1:]),
                  default=1.0)
    return spacing / max(closest, 1.0)
