"""What `cspdsl compare` measures: a backend's run, and its row over the repeats."""

from __future__ import annotations

import statistics

from ..core.record import Record, field
from ..core.static_types import Any


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
