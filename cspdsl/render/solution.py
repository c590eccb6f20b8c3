"""Solutions shown the way the puzzle is drawn: an entity table, a grid, a board in its drawing's
shape, digits; and the model's questions answered in words."""

from __future__ import annotations

from collections.abc import Mapping

from ..core.static_types import Any, TypeVar
from ..lower.layout import AttributeAt, Board, Entities, Grid, Layout, LinTerm, Named, Placeholder

Assignment = dict[str, int]
M = TypeVar("M")  # what value_at gives where no value is


def render_solution(layout: Layout, solution: Assignment) -> str:
    """Every part of the model with its values, then the answers."""
    parts = []
    if layout.entities is not None and layout.entities.attributes:
        parts.append(entity_table(layout.entities, solution))
    for grid in layout.grids:
        parts.append(grid_text(grid, solution, layout))
    for board in layout.boards:
        parts.append(board_text(board, solution, layout))
    if layout.tilings:
        from .tiling_text import tiling_text  # here: only a model with shapes placed imports it

        parts.extend(tiling_text(tiling, solution) for tiling in layout.tilings)
    if layout.scalars:
        parts.append(scalars_text(layout, solution))
    answered = answers(layout, solution)
    if answered:
        parts.append("\n".join(answered))
    return "\n\n".join(parts)


def entity_table(entities: Entities, solution: Assignment) -> str:
    """One row a position, one column an attribute, under a rule.

    Plain text on purpose, like the grids and boards below: drawing this one table with rich cost
    20 ms of every run's start-up (its import), a fifth of the whole `cspdsl solve`."""
    header, rows = entity_rows(entities, solution)
    widths = [max(map(len, column)) for column in zip(header, *rows, strict=True)]
    keyed = entities.labels is not None  # names, not numbers, in the first column: aligned left

    def line(cells: list[str]) -> str:
        (cell, width), *rest = zip(cells, widths, strict=True)
        first = cell.ljust(width) if keyed else cell.rjust(width)
        return "   ".join([first, *(cell.ljust(width) for cell, width in rest)]).rstrip()

    rule = "─" * (sum(widths) + 3 * (len(widths) - 1))
    return "\n".join([line(header), rule, *map(line, rows)])


def value_at(values: dict[str, str], position: int, solution: Mapping[str, int], missing: M) -> str | M:
    """The value of an attribute at a position, or `missing` when none of its values is there."""
    return next((v for v, var in values.items() if solution[var] == position), missing)


def _is_digits(values: list[int] | list[str]) -> bool:
    return all(len(str(v)) == 1 and str(v).isdigit() for v in values)


def scalars_text(layout: Layout, solution: Assignment) -> str:
    """`x = 3` for each variable outside an array, `WA = red` for one of names."""
    return "\n".join(f"{name} = {layout.shown(var, solution[var])}" for name, var in layout.scalars.items())


def grid_text(grid: Grid, solution: Assignment, layout: Layout | None = None) -> str:
    """A 1-D array as its digits (or values with spaces), a 2-D one as rows under its name; a grid
    with symbols (`#`/`.` for a grid in bool, letters for a tiling) shows those instead; one of three
    or more dimensions is its layers, one under another."""
    if len(grid.index_ranges) > 2:
        return "\n".join(grid_text(layer, solution, layout) for layer in grid.layers())
    if grid.symbols is not None:
        return _symbol_grid_text(grid, solution, grid.symbols)
    shown = layout.shown if layout is not None else (lambda _, value: str(value))
    values = {index: shown(var, solution[var]) for index, var in grid.cells.items()}
    if len(grid.index_ranges) == 1:
        row = [values[(i,)] for i in grid.index_ranges[0]]
        body = "".join(row) if _is_digits(row) else " ".join(row)
        return f"{grid.name} = {body}"
    rows, cols = grid.index_ranges
    width = max((len(str(v)) for v in values.values()), default=1)
    lines = [f"{grid.name}:"]
    box_h, box_w = grid.box if grid.box and grid.show_boxes else (0, 0)
    for i, r in enumerate(rows):
        if box_h and i and i % box_h == 0:
            lines.append("  " + "-+-".join("-" * ((width + 1) * box_w - 1) for _ in range(len(cols) // box_w)))
        cells = []
        for j, c in enumerate(cols):
            if box_w and j and j % box_w == 0:
                cells.append("|")
            cells.append(values.get((r, c), "#").rjust(width))  # '#': a black cell
        lines.append("  " + " ".join(cells))
    return "\n".join(lines)


def _symbol_grid_text(grid: Grid, solution: Assignment, symbols: dict[int, str]) -> str:
    """Each cell as its value's character (a value without one as its number); a black cell of a
    shaped grid is a blank when `#` means a shaded cell, else `#`."""
    width = max((len(symbols.get(solution[var], str(solution[var]))) for var in grid.cells.values()), default=1)
    black = " " if "#" in symbols.values() else "#"

    def cell(index: tuple[int, ...]) -> str:
        var = grid.cells.get(index)
        text = black if var is None else symbols.get(solution[var], str(solution[var]))
        return text.rjust(width)

    if len(grid.index_ranges) == 1:
        return f"{grid.name} = {''.join(cell((i,)) for i in grid.index_ranges[0])}"
    rows, cols = grid.index_ranges
    return "\n".join([f"{grid.name}:", *("  " + " ".join(cell((r, c)) for c in cols) for r in rows)])


def board_text(board: Board, solution: Assignment, layout: Layout | None = None) -> str:
    """The drawing with each cell replaced by its value and each gap widened to match."""
    shown = layout.shown if layout is not None else (lambda _, value: str(value))
    width = max(len(shown(var, solution[var])) for var in board.variables.values())
    lines = [f"{board.name}:"]
    for line in board.drawing:
        out = []
        for char in line:
            if char in board.variables:
                var = board.variables[char]
                out.append(shown(var, solution[var]).rjust(width))
            elif char == "-":  # the lines a drawing draws between its cells stay drawn
                out.append("-" * width)
            elif char == "+":  # a row and a column crossing: the row runs on into it
                out.append("+".rjust(width, "-"))
            elif char in "|/\\":
                out.append(char.rjust(width))
            else:
                out.append(" " * width)
        lines.append("  " + "".join(out).rstrip())
    return "\n".join(lines)


def answers(layout: Layout, solution: Assignment) -> list[str]:
    """Each question's answer in words, its template filled in from the solution. A puzzle keyed by
    names without questions answers who is what: a line for each key value."""
    entities = layout.entities
    if not layout.questions and entities is not None and entities.labels is not None:
        return [who_is_what(entities, position, solution) for position in entities.positions]
    filled = []
    for question in layout.questions:
        words = [_placeholder_text(layout, p, solution) for p in question.placeholders]
        filled.append(question.template.format(*words))
    return filled


def who_is_what(entities: Entities, position: int, solution: Assignment) -> str:
    """`Alpha: genre rock, stand 2.`: what goes with one key value (attributes with no value there
    left out)."""
    found = [(name, value_at(values, position, solution, "")) for name, values in entities.attributes.items()]
    return f"{entities.label(position)}: " + ", ".join(f"{name} {value}" for name, value in found if value) + "."


def _placeholder_text(layout: Layout, placeholder: Placeholder, solution: Assignment) -> str:
    if isinstance(placeholder, AttributeAt):
        position = placeholder.position.evaluate(solution)
        assert layout.entities is not None
        if placeholder.attribute == layout.entities.name:  # the key of a puzzle keyed by names
            return layout.entities.label(position) if position in layout.entities.positions else "nobody"
        return value_at(layout.entities.attributes[placeholder.attribute], position, solution, "nobody")
    if isinstance(placeholder, (LinTerm, Named)):
        return _term_text(layout, placeholder, solution)
    texts = [_term_text(layout, term, solution) for term in placeholder]
    return "".join(texts) if _is_digits(texts) else ", ".join(texts)


def _term_text(layout: Layout, term: LinTerm | Named, solution: Assignment) -> str:
    """A number of an answer, or a name (`Named`: the name of its value's code)."""
    if isinstance(term, Named):
        return layout.symbols[term.term.evaluate(solution) - 1]
    return str(term.evaluate(solution))


def solution_json(layout: Layout, outputs: list[str], solution: Assignment) -> dict[str, Any]:
    """A solution for scripts: the model's own variables by name, and the answers."""
    values = {name: layout.symbols[solution[name] - 1] if name in layout.symbolic else solution[name]
              for name in outputs}
    shown: dict[str, Any] = {"values": values, "answers": answers(layout, solution)}
    if layout.tilings:  # the lettered board, which the placements' 0/1 values do not show at a glance
        from .tiling_text import tiling_rows

        shown["tilings"] = {tiling.name: tiling_rows(tiling, solution) for tiling in layout.tilings}
    return shown


def entity_rows(entities: Entities, solution: Assignment) -> tuple[list[str], list[list[str]]]:
    """The entity table's header and rows, as `entity_table` draws them in text."""
    header = [entities.name, *entities.attributes]
    rows = [
        [entities.label(position), *(value_at(values, position, solution, "-")
                                     for values in entities.attributes.values())]
        for position in entities.positions
    ]
    return header, rows
