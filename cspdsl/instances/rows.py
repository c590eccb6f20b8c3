"""A batch's rows, one JSON object an instance, and the summary of them all.

A solved row: `{"index", "file", "line", "status", "unique", "found", "seconds", "solution"}` and,
where the model has questions, `"answers"`; where the instance was a line of grid characters and the
solution's cells are digits, `"text"`: the solved grid as such a line. `solution` names the model's
own variables: each grid as a list of rows (a 1-D array as one list, a black cell as null), each
scalar variable its value, and any other variable (an attribute's value: its position) by its name.
An error row: `{"index", "file", "line", "status": "error", "error", "seconds"}`, `error` the located
message's first line.
"""

from __future__ import annotations

from ..api import Result
from ..errors import CspdslError
from ..lower.layout import Grid, Layout
from ..static_types import Any
from .read import RawInstance

STATUSES = ("solved", "unsatisfiable", "timeout", "gave_up", "error")


def error_row(number: int, raw: RawInstance, error: CspdslError, seconds: float) -> dict[str, Any]:
    return {"index": number, "file": raw.file, "line": raw.line, "status": "error",
            "error": error.render().splitlines()[0], "message": error.render(), "seconds": round(seconds, 6)}


def result_row(number: int, raw: RawInstance, result: Result, seconds: float) -> dict[str, Any]:
    row: dict[str, Any] = {"index": number, "file": raw.file, "line": raw.line, "status": result.status,
                           "unique": result.unique, "found": result.found, "seconds": round(seconds, 6)}
    if not result.solutions:
        return row
    layout, solution = result.model.layout, result.solutions[0]
    named = row["solution"] = solution_by_name(layout, result.model.problem.outputs, solution)
    if raw.kind == "line" and len(layout.grids) == 1:
        text = grid_line(named[layout.grids[0].name])
        if text is not None:
            row["text"] = text
    if layout.questions:
        row["answers"] = result.answers()
    return row


def solution_by_name(layout: Layout, outputs: list[str], solution: dict[str, int]) -> dict[str, Any]:
    """The model's own variables by the model's names: grids as rows, scalars, then the rest."""
    named: dict[str, Any] = {}
    shown: set[str] = set()
    for grid in layout.grids:
        named[grid.name] = grid_rows(grid, solution)
        shown.update(grid.cells.values())
    for name, var in layout.scalars.items():
        named[name] = solution[var]
        shown.add(var)
    for var in outputs:
        if var not in shown:
            named[var] = solution[var]
    return named


# Each grid's variables as rows (None at a black cell), worked out once a grid: a batch reads them for
# every instance. Keyed by id(), the grid kept beside, so that the id stays its own.
_ROWS: dict[int, tuple[Grid, list[list[str | None]], bool]] = {}


def _grid_vars(grid: Grid) -> tuple[list[list[str | None]], bool]:
    """The grid's variables as rows, and whether it is a 1-D array (one row)."""
    kept = _ROWS.get(id(grid))
    if kept is None or kept[0] is not grid:
        ranges = grid.index_ranges
        if len(ranges) == 1:
            rows = [[grid.cells.get((i,)) for i in ranges[0]]]
        else:
            rows = [[grid.cells.get((r, c)) for c in ranges[1]] for r in ranges[0]]
        kept = _ROWS[id(grid)] = (grid, rows, len(ranges) == 1)
    return kept[1], kept[2]


def grid_rows(grid: Grid, solution: dict[str, int]) -> list[Any]:
    """A grid's values as a list of rows (a 1-D array as one list), None at a black cell."""
    rows, flat = _grid_vars(grid)
    values = [[None if var is None else solution[var] for var in row] for row in rows]
    return values[0] if flat else values


def grid_line(rows: list[Any]) -> str | None:
    """Grid values of one digit each as a line of characters (`#` a black cell); None for any other."""
    cells = [v for row in rows for v in row] if rows and isinstance(rows[0], list) else rows
    if any(v is not None and not 0 <= v <= 9 for v in cells):
        return None
    return "".join("#" if v is None else str(v) for v in cells)


class Summary:
    """The counts of a batch as its rows come, and its rate."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(STATUSES, 0)
        self.unique = 0
        self.started = self.clock()

    @staticmethod
    def clock() -> float:
        import time

        return time.perf_counter()

    def add(self, row: dict[str, Any]) -> None:
        self.counts[row["status"]] += 1
        self.unique += row.get("unique") is True

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def text(self) -> str:
        seconds = max(self.clock() - self.started, 1e-9)
        c = self.counts
        parts = [f"{c['solved']} solved ({self.unique} unique)", f"{c['unsatisfiable']} unsatisfiable",
                 f"{c['timeout']} timed out"]
        if c["gave_up"]:
            parts.append(f"{c['gave_up']} gave up")
        parts.append(f"{c['error']} {'error' if c['error'] == 1 else 'errors'}")
        return (f"{self.total} instance{'s' if self.total != 1 else ''} in {seconds:.2f} s "
                f"({self.total / seconds:,.0f}/s): " + ", ".join(parts))

    def as_json(self) -> dict[str, Any]:
        return {"instances": self.total, **self.counts, "unique": self.unique}
