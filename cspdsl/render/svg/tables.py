"""Tables: a logic grid's entity table (a row a position, a column an attribute, as `entity_table`
prints it) and the fallback every model has, its variables as `name = value` rows; and lines of words
(the answers)."""

from __future__ import annotations

from collections.abc import Mapping

from ...lower.layout import Entities, Layout
from .canvas import FAINT, FOUND, FRESH, INK, Block, caption, column, line, rect, text, text_width

ROW = 30
SIZE = 15
PAD = 12
HEAD_FILL = "#eef1f5"


def entity_block(entities: Entities, solution: Mapping[str, int], fresh: frozenset[str] = frozenset()) -> Block:
    """The entity table: the key column (positions, or the names a puzzle is keyed by) in dark, the
    values found in blue, a missing value (or one not known yet) as `-`; those in `fresh` marked."""
    header = [entities.name, *entities.attributes]
    rows, marked = [], set()
    for i, position in enumerate(entities.positions):
        cells = [entities.label(position)]
        for k, values in enumerate(entities.attributes.values(), start=1):
            var, value = next(((var, v) for v, var in values.items() if solution.get(var) == position), (None, "-"))
            cells.append(value)
            if var in fresh:
                marked.add((i, k))
        rows.append(cells)
    return table(header, rows, marked=frozenset(marked))


def scalars_block(layout: Layout, solution: Mapping[str, int], fresh: frozenset[str] = frozenset()) -> Block:
    """The variables outside arrays, a row each: its name, then its value found (those in `fresh` marked)."""
    known = [(name, var) for name, var in layout.scalars.items() if var in solution]
    rows = [[name, layout.shown(var, solution[var])] for name, var in known]
    marked = frozenset((i, 1) for i, (_, var) in enumerate(known) if var in fresh)
    return table(None, rows, separator="=", marked=marked)


def table(header: list[str] | None, rows: list[list[str]], separator: str | None = None,
          marked: frozenset[tuple[int, int]] = frozenset()) -> Block:
    """A table with a shaded header row (when given); the first column a key in dark, the others
    values in blue. A `separator` (such as `=`) is written between the first two columns. The cells
    `marked` (row, column: of `rows`, from 0) are set on a coloured ground."""
    lines = ([header] if header else []) + rows
    count = max((len(cells) for cells in lines), default=0)
    widths = [max(text_width(cells[k], SIZE) for cells in lines if k < len(cells)) + 2 * PAD for k in range(count)]
    between = text_width(separator, SIZE) + PAD if separator else 0
    lefts = [sum(widths[:k]) + (between if k else 0) for k in range(count)]
    width = sum(widths) + between
    body = Block(width, ROW * len(lines))
    if header:
        body.elements.append(rect(0, 0, width, ROW, fill=HEAD_FILL))
    top = ROW if header else 0
    body.elements += [rect(lefts[k], top + i * ROW, widths[k], ROW, fill=FRESH) for i, k in sorted(marked)]
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
