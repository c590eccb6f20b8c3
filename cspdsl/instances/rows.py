"""A batch's rows, one JSON object an instance, and the summary of them all.

A solved row: `{"index", "file", "line", "status", "unique", "found", "seconds", "solution"}`; where
the model has an objective, `"objective"` and `"bound"` (the status then `optimal` or `feasible`); where
the model has questions, `"answers"`; where the instance was a line of grid characters and the
solution's cells are digits, `"text"`: the solved grid as such a line. `solution` names the model's
own variables: each grid as a list of rows (a 1-D array as one list, a black cell as null), each
scalar variable its value, and any other variable (an attribute's value: its position) by its name.
An error row: `{"index", "file", "line", "status": "error", "error", "seconds"}`, `error` the located
message's first line.

`written` makes rows into what the command writes (`Written`): their JSON lines, the summary's counts
and the located messages, so that a pool's worker does it and the process that writes does not.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from operator import itemgetter

from ..core.errors import PYTHON_WORDS, CspdslError
from ..core.record import Record
from ..core.static_types import Any
from ..driver.result import Result
from ..lower.layout import Grid, Layout
from .read import RawInstance
from .results import InstanceResult

# A model with an objective: an instance's best solution is "optimal" (proved) or "feasible" (the best
# found when the time limit stopped the proof), as `cspdsl solve --json` says.
STATUSES = ("solved", "optimal", "feasible", "unsatisfiable", "timeout", "gave_up", "error")


def error_row(number: int, raw: RawInstance, error: CspdslError, seconds: float,
              words: Mapping[str, str] = PYTHON_WORDS) -> dict[str, Any]:
    """An instance's error as its row, its hint in the `words` of the face that started the batch."""
    message = error.render(words)
    return {"index": number, "file": raw.file, "line": raw.line, "status": "error",
            "error": message.splitlines()[0], "message": message, "seconds": round(seconds, 6)}


def result_row(number: int, raw: RawInstance, result: Result, seconds: float) -> dict[str, Any]:
    row: dict[str, Any] = {"index": number, "file": raw.file, "line": raw.line, "status": result.status,
                           "unique": result.unique, "found": result.found, "seconds": round(seconds, 6)}
    if not result.solutions:
        return row
    if result.objective is not None:
        row["objective"], row["bound"] = result.objective, result.bound
    layout, outputs = result.shown() if isinstance(result, InstanceResult) else (
        result.model.layout, result.model.problem.outputs)
    shape, solution = shape_of(layout, outputs), result.solutions[0]
    row["solution"] = shape.named(solution)
    if raw.kind == "line" and shape.line is not None:
        text = shape.line.text(solution)
        if text is not None:
            row["text"] = text
    if layout.questions:
        row["answers"] = result.answers()
    return row


def solution_by_name(layout: Layout, outputs: list[str], solution: dict[str, int]) -> dict[str, Any]:
    """The model's own variables by the model's names: grids as rows, scalars, then the rest."""
    return shape_of(layout, outputs).named(solution)


DIGITS = frozenset(range(10))
DIGIT_TEXT = tuple("0123456789")


class GridReader:
    """One grid's values read from a solution, worked out once a grid: its variables as rows (None at
    a black cell) and, for a grid without black cells, one C call that reads them all."""

    def __init__(self, grid: Grid) -> None:
        ranges = grid.index_ranges
        self.flat = len(ranges) == 1
        if self.flat:
            self.rows = [[grid.cells.get((i,)) for i in ranges[0]]]
        else:
            self.rows = [[grid.cells.get((r, c)) for c in ranges[1]] for r in ranges[0]]
        names = [var for row in self.rows for var in row]
        self.width = len(self.rows[0]) if self.rows else 0
        self.getter = itemgetter(*names) if len(names) > 1 and None not in names else None

    def values(self, solution: dict[str, int]) -> list[Any]:
        """A grid's values as a list of rows (a 1-D array as one list), None at a black cell."""
        if self.getter is None:
            values = [[None if var is None else solution[var] for var in row] for row in self.rows]
            return values[0] if self.flat else values
        cells = self.getter(solution)
        if self.flat:
            return list(cells)
        width = self.width
        return [list(cells[start:start + width]) for start in range(0, len(cells), width)]

    def text(self, solution: dict[str, int]) -> str | None:
        """The grid's values of one digit each as a line of characters (`#` a black cell); None
        for any other."""
        if self.getter is None:
            return grid_line(self.values(solution))
        cells = self.getter(solution)
        return "".join(itemgetter(*cells)(DIGIT_TEXT)) if DIGITS.issuperset(cells) else None


class Shape:
    """How a layout's solutions are shown by name (`solution_by_name`), worked out once a layout:
    each grid's reader, the scalars, the other outputs, and the grid a line instance's text is of."""

    def __init__(self, layout: Layout, outputs: list[str]) -> None:
        self.grids = [(grid.name, GridReader(grid)) for grid in layout.grids]
        self.scalars = list(layout.scalars.items())
        shown = {var for grid in layout.grids for var in grid.cells.values()} | set(layout.scalars.values())
        self.rest = [var for var in outputs if var not in shown]
        self.line = self.grids[0][1] if len(self.grids) == 1 else None

    def named(self, solution: dict[str, int]) -> dict[str, Any]:
        named: dict[str, Any] = {name: reader.values(solution) for name, reader in self.grids}
        for name, var in self.scalars:
            named[name] = solution[var]
        for var in self.rest:
            named[var] = solution[var]
        return named


# Each layout's shape, keyed by id(), the layout and outputs kept beside, so that the id stays its own.
_SHAPES: dict[int, tuple[Layout, list[str], Shape]] = {}


def shape_of(layout: Layout, outputs: list[str]) -> Shape:
    kept = _SHAPES.get(id(layout))
    if kept is None or kept[0] is not layout or kept[1] is not outputs:
        if len(_SHAPES) > 64:
            _SHAPES.clear()
        kept = _SHAPES[id(layout)] = (layout, outputs, Shape(layout, outputs))
    return kept[2]


def grid_line(rows: list[Any]) -> str | None:
    """Grid values of one digit each as a line of characters (`#` a black cell); None for any other."""
    cells = [v for row in rows for v in row] if rows and isinstance(rows[0], list) else rows
    if any(v is not None and not 0 <= v <= 9 for v in cells):
        return None
    return "".join("#" if v is None else str(v) for v in cells)


class Written(Record):
    """Rows as the command writes them: their JSON lines (each ended by a newline), how many rows,
    the counts of each status and of the unique, and the errors' located messages (for standard
    error), in order."""

    text: str
    rows: int
    counts: dict[str, int]
    unique: int
    messages: list[str]


def written(rows: Iterable[dict[str, Any]]) -> Written:
    """The rows written: a row's `message` goes to the messages, the rest to its JSON line."""
    lines, messages = [], []
    counts = dict.fromkeys(STATUSES, 0)
    unique = 0
    for row in rows:
        message = row.pop("message", None)
        if message is not None:
            messages.append(message)
        counts[row["status"]] += 1
        unique += row.get("unique") is True
        lines.append(json.dumps(row) + "\n")
    return Written("".join(lines), len(lines), counts, unique, messages)


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

    def add(self, rows: Written) -> None:
        for status, count in rows.counts.items():
            self.counts[status] += count
        self.unique += rows.unique

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def text(self) -> str:
        seconds = max(self.clock() - self.started, 1e-9)
        c = self.counts
        parts = [f"{c['solved']} solved ({self.unique} unique)"]
        if c["optimal"] or c["feasible"]:
            parts = [f"{c['optimal']} optimal ({self.unique} unique)", f"{c['feasible']} feasible (not proved optimal)"]
        parts += [f"{c['unsatisfiable']} unsatisfiable", f"{c['timeout']} timed out"]
        if c["gave_up"]:
            parts.append(f"{c['gave_up']} gave up")
        parts.append(f"{c['error']} {'error' if c['error'] == 1 else 'errors'}")
        return (f"{self.total} instance{'s' if self.total != 1 else ''} in {seconds:.2f} s "
                f"({self.total / seconds:,.0f}/s): " + ", ".join(parts))

    def as_json(self) -> dict[str, Any]:
        return {"instances": self.total, **self.counts, "unique": self.unique}
