"""A batch's rows, one JSON object an instance, and the summary of them all.

A solved row: `{"format", "index", "file", "line", "status", "unique", "found", "seconds",
"solution"}`; where the model has an objective, `"objective"` and `"bound"` (the status then `optimal`
or `feasible`); where the model has questions, `"answers"`; where the instance was a line of grid
characters and the solution's cells are digits, `"text"`: the solved grid as such a line. `solution`
gives the model's own variables by the model's names, as `cspdsl solve --json` does
(`render/named_values.py`: grids as lists of rows, arrays indexed by names keyed by the names).
An error row: `{"format", "index", "file", "line", "status": "error", "error", "seconds"}`, `error`
the located message's first line.

`written` makes rows into what the command writes (`Written`): their JSON lines, the summary's counts
and the located messages, so that a pool's worker does it and the process that writes does not.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from ..core.errors import PYTHON_WORDS, CspdslError
from ..core.record import Record
from ..core.static_types import Any
from ..driver.result import Result
from ..lower.layout import Layout
from ..render.named_values import FORMAT, shape_of
from .read import RawInstance
from .results import InstanceResult

# A model with an objective: an instance's best solution is "optimal" (proved) or "feasible" (the best
# found when the time limit stopped the proof), as `cspdsl solve --json` says.
STATUSES = ("solved", "optimal", "feasible", "unsatisfiable", "timeout", "gave_up", "error")


def error_row(number: int, raw: RawInstance, error: CspdslError, seconds: float,
              words: Mapping[str, str] = PYTHON_WORDS) -> dict[str, Any]:
    """An instance's error as its row, its hint in the `words` of the face that started the batch."""
    message = error.render(words)
    return {"format": FORMAT, "index": number, "file": raw.file, "line": raw.line, "status": "error",
            "error": message.splitlines()[0], "message": message, "seconds": round(seconds, 6)}


def result_row(number: int, raw: RawInstance, result: Result, seconds: float) -> dict[str, Any]:
    row: dict[str, Any] = {"format": FORMAT, "index": number, "file": raw.file, "line": raw.line,
                           "status": result.status, "unique": result.unique, "found": result.found,
                           "seconds": round(seconds, 6)}
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
    """The model's own variables by the model's names, as every JSON document gives them
    (`render/named_values.py`)."""
    return shape_of(layout, outputs).named(solution)


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


def rate(count: int, seconds: float) -> str:
    """How fast instances went: "1,234/s", "2.5/s" under ten a second, "40.0 s each" under one (a
    slow batch's rate, which a whole number would say as 0/s)."""
    if count == 0:
        return "none done"
    per_second = count / seconds
    if per_second >= 10:
        return f"{per_second:,.0f}/s"
    if per_second >= 1:
        return f"{per_second:.1f}/s"
    return f"{seconds / count:,.1f} s each"


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
        c = {status: f"{count:,}" for status, count in self.counts.items()}
        unique = f"{self.unique:,}"
        parts = [f"{c['solved']} solved ({unique} unique)"]
        if self.counts["optimal"] or self.counts["feasible"]:
            parts = [f"{c['optimal']} optimal ({unique} unique)", f"{c['feasible']} feasible (not proved optimal)"]
        parts += [f"{c['unsatisfiable']} unsatisfiable", f"{c['timeout']} timed out"]
        if self.counts["gave_up"]:
            parts.append(f"{c['gave_up']} gave up")
        parts.append(f"{c['error']} {'error' if self.counts['error'] == 1 else 'errors'}")
        return (f"{self.total:,} instance{'s' if self.total != 1 else ''} in {seconds:.2f} s "
                f"({rate(self.total, seconds)}): " + ", ".join(parts))

    def as_json(self) -> dict[str, Any]:
        return {"instances": self.total, **self.counts, "unique": self.unique}
