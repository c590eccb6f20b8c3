"""A result in a notebook (`Result._repr_html_`, `PlanResult._repr_html_`): the puzzle's title, the
summary line, the first solution's picture, a note when it is one of several, and the same solution
as tables and text, folded, for copying.

Notebooks style tables their own way (Jupyter right-aligns cells and centres tables), so the result
carries a small style sheet of its own, every rule under the class `cspdsl-result` and specific
enough to win over the notebook's: text aligned left, tables on the left, and a Sudoku's boxes ruled
as the terminal rules them (`grid_text`)."""

from __future__ import annotations

import html

from ..core.static_types import Any
from ..lower.layout import Grid, Layout
from .printed import NOTHING_FOUND
from .solution import Assignment, answers, board_text, entity_rows, grid_text, scalars_text

ROOT = "cspdsl-result"
RULE = "2px solid currentColor"  # a box's edge: heavier than a cell's, in the notebook's text colour
BASE_STYLE = (
    f"div.{ROOT} table {{ margin-left: 0; margin-right: auto; border-collapse: collapse; }}"
    f" div.{ROOT} td, div.{ROOT} th, div.{ROOT} p {{ text-align: left; }}"
    f" div.{ROOT} td, div.{ROOT} th {{ padding: 0.15em 0.5em; }}"
)


def result_html(result: Any) -> str:
    """A `Result` in a notebook: title, summary, picture, the several-solutions note, the tables."""
    layout = result.model.layout
    parts = [_title(layout), f"<p><code>{html.escape(repr(result))}</code></p>"]
    if not result.solutions:
        said = NOTHING_FOUND.get(result.status, f"No solution ({result.status}).")
        return _page(layout, [*parts, f"<p>{html.escape(said)}</p>"])
    parts.append(result.to_svg())
    note = several_note(result)
    if note:
        parts.append(f'<p class="cspdsl-note">{html.escape(note)}</p>')
    tables = solution_html(layout, result.solutions[0])
    return _page(layout, [*parts, f"<details><summary>as text</summary>{tables}</details>"])


def plan_result_html(result: Any) -> str:
    """A `PlanResult` in a notebook: title, summary, the first plan's picture, a note when it is one
    of several."""
    layout = result.model.layout
    parts = [_title(layout), f"<p><code>{html.escape(repr(result))}</code></p>"]
    if result.plans:
        parts.append(result.to_svg())
    if result.found > 1:
        of = result.count if result.count is not None else f"at least {result.found}"
        parts.append(f'<p class="cspdsl-note">Plan 1 of {of} shown.</p>')
    return _page(layout, parts)


def several_note(result: Any) -> str | None:
    """What the notebook says when the solution it draws is one of several: how many there are (or
    at least), and that the puzzle, or its optimum, is not unique; None for a unique solution."""
    if result.unique is not False:
        return None
    of = result.count if result.count is not None else f"at least {result.found}"
    what = "the optimum is not unique" if result.model.problem.objective is not None else "the puzzle is not unique"
    return f"Solution 1 of {of} shown: {what}."


def solution_html(layout: Layout, solution: Assignment) -> str:
    """A solution as HTML: the entity table and the grids as tables (a Sudoku's boxes ruled), boards
    and other values as the text drawing, then the answers."""
    parts = []
    if layout.entities is not None and layout.entities.attributes:
        parts.append(_html_table(*entity_rows(layout.entities, solution)))
    for grid in layout.grids:
        if len(grid.index_ranges) == 2:
            parts.append(f"<p><b>{html.escape(grid.name)}</b></p>" + _grid_table(grid, solution, layout))
        else:
            parts.append(f"<pre>{html.escape(grid_text(grid, solution, layout))}</pre>")
    for board in layout.boards:
        parts.append(f"<pre>{html.escape(board_text(board, solution, layout))}</pre>")
    if layout.tilings:
        from .tiling_text import tiling_text

        parts.extend(f"<pre>{html.escape(tiling_text(tiling, solution))}</pre>" for tiling in layout.tilings)
    if layout.scalars:
        parts.append("<pre>" + html.escape(scalars_text(layout, solution)) + "</pre>")
    parts += [f"<p>{html.escape(answer)}</p>" for answer in answers(layout, solution)]
    return "\n".join(parts)


def box_class(grid: Grid) -> str | None:
    """The class that rules a grid's boxes (`cspdsl-boxes-3x3`), when the model uses them."""
    return f"cspdsl-boxes-{grid.box[0]}x{grid.box[1]}" if grid.box and grid.show_boxes else None


def box_style(height: int, width: int) -> str:
    """The rules of boxes `height` rows by `width` columns: a heavy line under every `height`-th row and
    right of every `width`-th column, but the last (the table's edge)."""
    table = f"div.{ROOT} div.cspdsl-boxes-{height}x{width} table"
    return (f" {table} tr:nth-child({height}n):not(:last-child) td {{ border-bottom: {RULE}; }}"
            f" {table} td:nth-child({width}n):not(:last-child) {{ border-right: {RULE}; }}")


def _grid_table(grid: Grid, solution: Assignment, layout: Layout) -> str:
    rows, cols = grid.index_ranges
    shown = grid.symbols or {}
    body = [[_html_cell(grid.cells.get((r, c)), solution, shown, layout) for c in cols] for r in rows]
    boxes = box_class(grid)
    table = _html_table(None, body)
    return f'<div class="{boxes}">{table}</div>' if boxes else table


def _title(layout: Layout) -> str:
    return f'<p class="cspdsl-title"><strong>{html.escape(layout.title)}</strong></p>' if layout.title else ""


def _page(layout: Layout, parts: list[str]) -> str:
    """The parts in one block under the result's style sheet (with the box rules its grids need)."""
    sizes = sorted({grid.box for grid in layout.grids if grid.box and box_class(grid)})
    style = BASE_STYLE + "".join(box_style(height, width) for height, width in sizes)
    return f'<div class="{ROOT}"><style>{style}</style>' + "".join(parts) + "</div>"


def _html_cell(var: str | None, solution: Assignment, symbols: dict[int, str], layout: Layout) -> str:
    """A grid's cell in an HTML table: its value's character, or its value as shown (a name for a
    variable of names); a black cell `#` as in text (blank where `#` is a shaded cell)."""
    if var is None:
        return " " if "#" in symbols.values() else "#"
    return symbols.get(solution[var], layout.shown(var, solution[var]))


def _html_table(header: list[str] | None, rows: list[list[str]]) -> str:
    head = "<tr>" + "".join(f"<th>{html.escape(cell)}</th>" for cell in header) + "</tr>" if header else ""
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table>{head}{body}</table>"
