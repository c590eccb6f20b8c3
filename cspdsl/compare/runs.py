"""`cspdsl compare`: one model on several backends, side by side, and whether they agree.

Each repeat runs every backend once, in turn, so that drift of the machine (another process, a
warmer cache) touches all of them alike; the figures shown are medians over the repeats. Every
solution is checked by the independent checker, as in `solve`. With `--all`, the backends that
finished must report the same set of solutions (compared on the model's own variables); without
it, the exact backends must agree on whether there is a solution at all. On a model with an objective
they must prove the same optimum (`compare_optimum`).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from ..api import check_solutions, status_of
from ..backends import backend_class, get_backend, headline_size
from ..core import limits
from ..core.record import Record, field
from ..core.static_types import Any
from ..lower import Lowered


class Run(Record, frozen=False):
    """One backend, one repeat."""

    status: str  # solved, unsatisfiable, timeout, gave_up, refused; optimal or feasible with an objective
    solutions: int
    compile_seconds: float
    first_seconds: float | None
    all_seconds: float | None
    solution_set: frozenset[tuple[int, ...]] | None = None  # all solutions, when the search finished
    found: frozenset[tuple[int, ...]] = frozenset()  # the solutions it did report
    objective: int | list[int] | None = None  # with an objective: the optimum proved, or the best found


class Row(Record, frozen=False):
    """One backend over all repeats: medians, size, and agreement with the others."""

    backend: str
    exact: bool
    runs: list[Run] = field(default_factory=list)
    size: dict[str, int] = field(default_factory=dict)
    agrees: bool | None = None

    @property
    def status(self) -> str:
        return self.runs[-1].status

    @property
    def solutions(self) -> int:
        return self.runs[-1].solutions

    def median(self, attribute: str) -> float | None:
        values = [getattr(run, attribute) for run in self.runs if getattr(run, attribute) is not None]
        return statistics.median(values) if values else None

    def as_json(self) -> dict[str, Any]:
        optimum = {"objective": self.runs[-1].objective} if self.status in ("optimal", "feasible") else {}
        return {**optimum,
            "backend": self.backend,
            "exact": self.exact,
            "status": self.status,
            "solutions": self.solutions,
            "compile_seconds": self.median("compile_seconds"),
            "first_solution_seconds": self.median("first_seconds"),
            "all_solutions_seconds": self.median("all_seconds"),
            "size": self.size,
            "agrees": self.agrees,
            "repeats": len(self.runs),
        }


def compare_backends(
    model: Lowered,
    backends: list[str],
    *,
    all_solutions: bool,
    repeat: int,
    timeout: float | None,
    seed: int | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[Row]:
    """Run the model on each backend `repeat` times, round robin, and settle agreement. `timeout`
    limits each search (`math.inf`: none; `backends.limits` gives the ranges of it and of `seed`)."""
    limit, seed = limits.checked(timeout, seed)
    timeout = limits.no_limit_as_none(limit)
    rows = [Row(name, backend_class(name).CAPABILITIES.exact) for name in backends]
    for number in range(1, repeat + 1):
        for row in rows:
            if progress is not None:
                progress(f"run {number}/{repeat}: {row.backend}")
            if model.problem.sequential is not None:  # a start, moves and a goal: plans, not solutions
                from .plans import run_plans

                row.runs.append(run_plans(model, row, all_solutions, timeout))
            else:
                row.runs.append(_run_once(model, row, all_solutions, timeout, seed))
    objective = model.problem.objective
    if objective is None or all_solutions:
        _settle_agreement(rows, all_solutions)
    if objective is not None:
        from .optimum import settle_optima

        settle_optima(rows, objective)
    return rows


def _run_once(model: Lowered, row: Row, all_solutions: bool, timeout: float | None, seed: int | None) -> Run:
    if model.problem.objective is not None:
        from .optimum import run_optimum

        return run_optimum(model, row, all_solutions, timeout, seed)
    engine = get_backend(row.backend)
    started = time.perf_counter()
    compiled = engine.compile(model.problem)
    compile_seconds = time.perf_counter() - started
    row.size = dict(compiled.size)
    first = _timed_solve(engine, compiled, 1, timeout, seed)
    check_solutions(model, row.backend, first[0].solutions)
    status = status_of(bool(first[0].solutions), first[0].complete, first[0].timed_out)
    first_keys = frozenset(model.problem.project(s) for s in first[0].solutions)
    if not all_solutions or not row.exact or status != "solved":
        seconds = first[1] if first[0].solutions else None
        return Run(status, len(first[0].solutions), compile_seconds, seconds, None, found=first_keys)
    every = _timed_solve(engine, compiled, None, timeout, seed)
    check_solutions(model, row.backend, every[0].solutions)
    keys = frozenset(model.problem.project(s) for s in every[0].solutions)
    finished = every[0].complete and not every[0].timed_out
    return Run(
        "solved" if finished else "timeout",
        len(keys),
        compile_seconds,
        first[1],
        every[1] if finished else None,
        keys if finished else None,
        keys,
    )


def _timed_solve(engine: Any, compiled: Any, limit: int | None, timeout: float | None, seed: int | None) -> Any:
    started = time.perf_counter()
    outcome = engine.solve(compiled, limit=limit, timeout=timeout, seed=seed)
    return outcome, time.perf_counter() - started


def _settle_agreement(rows: list[Row], all_solutions: bool) -> None:
    """Agreement among the backends that settled the question; None for those that could not."""
    if all_solutions:
        sets = {row.backend: row.runs[-1].solution_set for row in rows}
        settled = {name: s for name, s in sets.items() if s is not None}
        reference = _most_common(list(settled.values()))
        for row in rows:
            if row.backend in settled:
                row.agrees = settled[row.backend] == reference
            elif row.status == "unsatisfiable":
                row.agrees = reference is None or reference == frozenset()
            elif row.status in ("solved", "feasible") and reference is not None:  # a local search: one of them
                row.agrees = row.runs[-1].found <= reference
        return
    verdicts = {row.backend: row.status for row in rows if row.exact and row.status in ("solved", "unsatisfiable")}
    reference_status = _most_common(list(verdicts.values()))
    for row in rows:
        if row.backend in verdicts:
            row.agrees = verdicts[row.backend] == reference_status
        elif row.status == "solved":  # a local search found a (checked) solution: consistent with "solved"
            row.agrees = reference_status in (None, "solved")


def _most_common(values: list[Any]) -> Any:
    if not values:
        return None
    return max(values, key=values.count)


def disagreement(rows: list[Row]) -> list[str]:
    return [row.backend for row in rows if row.agrees is False]


# -- output -----------------------------------------------------------------------------------------


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
            from .optimum import optimum_cell

            cells.insert(2, optimum_cell(next(row for row in rows if row.backend == cells[0])))
        table.add_row(*cells)
    console = Console(width=200, force_terminal=False, color_system=None)
    with console.capture() as captured:
        console.print(table)
    return "\n".join(line.rstrip() for line in captured.get().splitlines())
