"""`cspdsl compare`'s table: one row a backend, durations in words a person reads."""

from __future__ import annotations

from ..backends import headline_size
from .optimum import optimum_cell
from .rows import Row


def seconds(value: float | None) -> str:
    """A duration for a table: milliseconds under a second, "-" for none."""
    if value is None:
        return "-"
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def table_rows(rows: list[Row]) -> list[list[str]]:
    """The table's cells, as text: one list per backend."""
    agree = {True: "yes", False: "NO", None: "-"}
    return [
        [
            row.backend,
            row.status,
            str(row.solutions),
            seconds(row.median("compile_seconds")),
            seconds(row.median("first_seconds")),
            seconds(row.median("all_seconds")),
            ", ".join(headline_size(row.size)),
            agree[row.agrees],
        ]
        for row in rows
    ]


HEADERS = ["backend", "status", "solutions", "compile", "first solution", "all solutions", "size", "agrees"]


# A model with an objective: the optimum after the status, and the first solution's time is the time to
# prove the optimum.
OPTIMUM_HEADERS = ["backend", "status", "optimum", "solutions", "compile", "proved in", "all optimal", "size",
                   "agrees"]


def render_table(rows: list[Row], title: str, objective: bool = False, plans: bool = False) -> str:
    """The rows as a table; `plans`: a sequential puzzle's, whose solutions are plans."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    for header in OPTIMUM_HEADERS if objective else HEADERS:
        header = header.replace("solution", "plan") if plans else header
        table.add_column(header, justify="right" if header in ("solutions", "plans", "compile", "optimum") else "left")
    for cells in table_rows(rows):
        if objective:
            cells.insert(2, optimum_cell(next(row for row in rows if row.backend == cells[0])))
        table.add_row(*cells)
    console = Console(width=200, force_terminal=False, color_system=None)
    with console.capture() as captured:
        console.print(table)
    return "\n".join(line.rstrip() for line in captured.get().splitlines())
