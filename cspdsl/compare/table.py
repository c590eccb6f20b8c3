"""`cspdsl compare`'s table: one row a backend, durations in words a person reads, as wide as the
terminal allows: the whole table, else the table with the sizes under it, else (below some 70
columns) a paragraph a backend.

Each time is the median over the runs, end to end from the compile's start (`rows.py`); with two runs
or more, the shortest and the longest stand under it. The table fits the width it is given (the
terminal's, or `COLUMNS`): at 80 columns and below, its cells wrap within their columns.
"""

from __future__ import annotations

import os
import re
import shutil
import sys

from ..backends import headline_size
from ..core.static_types import Any
from .optimum import optimum_cell
from .rows import Row

NATURAL_WIDTH = 200  # a table piped to a file or a program: as wide as its cells want, up to this


def seconds(value: float | None) -> str:
    """A duration for a table: milliseconds under a second, "-" for none."""
    if value is None:
        return "-"
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def time_range(low: float, high: float) -> str:
    """The shortest and the longest time, the unit said once when both share it: 11.9–13.0 ms."""
    first, last = seconds(low), seconds(high)
    if first.split()[1] == last.split()[1]:
        return f"{first.split()[0]}–{last}"
    return f"{first}–{last}"


def time_cell(row: Row, attribute: str) -> str:
    """The median, and under it the range of the runs when there are several."""
    median = seconds(row.median(attribute))
    spread = row.spread(attribute)
    return median if spread is None else f"{median}\n{time_range(*spread)}"


def count(value: int) -> str:
    """A count as a person reads it: 17,691."""
    return f"{value:,}"


def _with_separators(text: str) -> str:
    """The numbers of a size said with thousands separators: 60,712 clauses."""
    return re.sub(r"\d+", lambda number: count(int(number.group())), text)


def runs_said(repeats: int, spread: str = "shortest–longest under it") -> str:
    """How many runs the figures come from, "1 run" or "median of 3 runs", and where the spread is said."""
    return "1 run" if repeats == 1 else f"median of {repeats} runs, {spread}"


def table_rows(rows: list[Row]) -> list[list[str]]:
    """The table's cells, as text: one list per backend."""
    agree = {True: "yes", False: "NO", None: "-"}
    return [
        [
            row.backend,
            row.status,
            count(row.solutions),
            time_cell(row, "compile_seconds"),
            time_cell(row, "first_seconds"),
            time_cell(row, "all_seconds"),
            ", ".join(_with_separators(part) for part in headline_size(row.size)),
            agree[row.agrees],
        ]
        for row in rows
    ]


HEADERS = ["backend", "status", "solutions", "compile", "first solution", "all solutions", "size", "agrees"]


# A model with an objective: the optimum after the status, and the first solution's time is the time to
# prove the optimum.
OPTIMUM_HEADERS = ["backend", "status", "optimum", "solutions", "compile", "proved in", "all optimal", "size",
                   "agrees"]
RIGHT = ("solutions", "plans", "compile", "optimum", "first solution", "all solutions", "first plan", "all plans",
         "proved in", "all optimal")


def output_width() -> int:
    """The width to fit: `COLUMNS` when set, else the terminal's when standard output is one, else
    the table's natural width (a pipe has none)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if sys.stdout is not None and sys.stdout.isatty():
        return shutil.get_terminal_size().columns
    return NATURAL_WIDTH


def render_table(rows: list[Row], title: str, objective: bool = False, plans: bool = False,
                 width: int | None = None) -> str:
    """The rows as a table no wider than `width` (default: `output_width()`); `plans`: a sequential
    puzzle's, whose solutions are plans. Where the whole table does not fit, the sizes leave it for
    lines of their own under it, and what still does not fit wraps within its column."""
    from rich.console import Console

    width = width or output_width()
    headers = [h.replace("solution", "plan") if plans else h for h in (OPTIMUM_HEADERS if objective else HEADERS)]
    cells = table_rows(rows)
    if objective:
        for row, line in zip(rows, cells, strict=True):
            line.insert(2, optimum_cell(row))
    console = Console(width=width, force_terminal=False, color_system=None)
    size = headers.index("size")
    narrower = _table(title, headers[:size] + headers[size + 1:], [line[:size] + line[size + 1:] for line in cells])
    under = [f"size on {line[0]}: {line[size]}" for line in cells if line[size]]
    whole = _table(title, headers, cells)
    shown: Any = None  # the table and the lines under it
    if _widths(console, whole)[1] <= width:
        shown = (whole, [])
    elif _widths(console, narrower)[0] <= width:  # its cells wrap between words, never within one
        shown = (narrower, under)
    with console.capture() as captured:
        if shown is None:  # not even the table without sizes fits: a paragraph a backend
            console.print(title.replace("under it", "in brackets"), markup=False, highlight=False)
            for line in cells:
                console.print(_paragraph(headers, line), markup=False, highlight=False)
        else:
            console.print(shown[0])
            for text in shown[1]:
                console.print(text, markup=False, highlight=False)
    return "\n".join(line.rstrip() for line in captured.get().splitlines())


def _widths(console: Any, table: Any) -> tuple[int, int]:
    """The narrowest the table can be without breaking a word, and its width with no cell wrapped."""
    from rich.measure import Measurement

    measured = Measurement.get(console, console.options.update_width(NATURAL_WIDTH * 2), table)
    return measured.minimum, measured.maximum


def _paragraph(headers: list[str], line: list[str]) -> str:
    """A backend's row as words, for a terminal too narrow for the table: "sat: solved; solutions
    17,691; compile 2.2 ms (2.1–2.3 ms); ..."."""
    said = [f"{header} {cell.replace(chr(10), ' (')}{')' if chr(10) in cell else ''}"
            for header, cell in zip(headers[1:], line[1:], strict=True)]
    return f"{line[0]}: " + "; ".join(said)


def _table(title: str, headers: list[str], cells: list[list[str]]) -> Any:
    from rich.table import Table

    table = Table(title=title, title_justify="left", caption="times from the compile's start: compile, search, check",
                  caption_justify="left")
    for header in headers:
        table.add_column(header, justify="right" if header in RIGHT else "left", overflow="fold")
    for line in cells:
        table.add_row(*line)
    return table
