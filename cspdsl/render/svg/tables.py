"""Tables: a logic grid's entity table (a row a position, a column an attribute, as `entity_table`
prints it) and the fallback every model has, its variables as `name = value` rows; and lines of words
(the answers)."""

from __future__ import annotations

from collections.abc import Mapping

from ...lower.layout import Entities, Layout
from ..solution import value_at
from .canvas import FAINT, FOUND, INK, Block, caption, column, line, rect, text, text_width

ROW = 30
SIZE = 15
PAD = 12
HEAD_FILL = "#eef1f5"


def entity_block(entities: Entities, solution: Mapping[str, int]) -> Block:
    """The entity table: the key column (positions, or the names a puzzle is keyed by) in dark, the
    values found in blue, a missing value as `-`."""
    header = [entities.name, *entities.attributes]
    rows = [[entities.label(position),
             *(value_at(values, position, solution, "-") for values in entities.attributes.values())]
            for position in entities.positions]
    return table(header, rows)


def scalars_block(layout: Layout, solution: Mapping[str, int]) -> Block:
    """The variables outside arrays, a row each: its name, then its value found."""
    rows = [[name, layout.shown(var, solution[var])] for name, var in layout.scalars.items() if var in solution]
    return table(None, rows, separator="=")


def table(header: list[str] | None, rows: list[list[str]], separator: str | None = None) -> Block:
    """A table with a shaded header row (when given); the first column a key in dark, the others
    values in blue. A `separator` (such as `=`) is written between the first two columns."""
    lines = ([header] if header else []) + rows
    count = max((len(cells) for cells in lines), default=0)
    widths = [max(text_width(cells[k], SIZE) for cells in lines if k < len(cells)) + 2 * PAD for k in range(count)]
    between = text_width(separator, SIZE) + PAD if separator else 0
    lefts = [sum(widths[:k]) + (between if k else 0) for k in range(count)]
    width = sum(widths) + between
    body = Block(width, ROW * len(lines))
    if header:
        body.elements.append(rect(0, 0, width, ROW, fill=HEAD_FILL))
    for i, cells in enumerate(lines):
        y = i * ROW + ROW / 2
        heading = header is not None and i == 0
        if i:
            under_header = header is not None and i == 1
            body.elements.append(line(0, i * ROW, width, i * ROW, INK if under_header else FAINT,
                                      2 if under_header else 1))
        if separator and len(cells) > 1:
            body.elements.append(text(lefts[1] - between / 2, y, separator, SIZE))
        for k, cell in enumerate(cells):
            colour = INK if heading or k == 0 else FOUND
            body.elements.append(text(lefts[k] + PAD, y, cell, SIZE, colour, "start", "bold" if heading else None))
    body.elements.append(rect(0, 0, width, body.height, stroke=INK, stroke_width=1.5))
    return body


def words_block(lines: list[str], size: float = 15) -> Block:
    """Lines of words, one under another."""
    return column([caption(words, size) for words in lines], gap=2)
