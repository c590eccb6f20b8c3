"""What `cspdsl compare` measures: a backend's run, and its row over the repeats.

Every time of a run is end to end, from the start of the compile: the compile, then the search and
the checking of its solutions, the same way on every backend. With all solutions asked for, the first
solution's time and all solutions' are read from the same search (the first solution's when it was
checked, all of them when the search ended), so that the first is never the longer."""

from __future__ import annotations

import statistics

from ..core.record import Record, field
from ..core.static_types import Any


class Run(Record, frozen=False):
    """One backend, one repeat."""

    status: str  # solved, unsatisfiable, timeout, gave_up, refused; optimal or feasible with an objective
    solutions: int
    compile_seconds: float | None  # None: the time limit ended the compile
    first_seconds: float | None  # from the compile's start to the first solution checked
    all_seconds: float | None  # from the compile's start to the end of the search, every solution checked
    solution_set: frozenset[tuple[int, ...]] | None = None  # all solutions, when the search finished
    found: frozenset[tuple[int, ...]] = frozenset()  # the solutions it did report
    objective: int | list[int] | None = None  # with an objective: the optimum proved, or the best found


class Row(Record, frozen=False):
    """One backend over all repeats: medians and spreads, size, and agreement with the others."""

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

    def times(self, attribute: str) -> list[float]:
        """The runs' times of one kind, those that were reached."""
        return [getattr(run, attribute) for run in self.runs if getattr(run, attribute) is not None]

    def median(self, attribute: str) -> float | None:
        values = self.times(attribute)
        return statistics.median(values) if values else None

    def spread(self, attribute: str) -> tuple[float, float] | None:
        """The shortest and the longest of the runs' times, when there are two or more to tell apart."""
        values = self.times(attribute)
        return (min(values), max(values)) if len(values) > 1 else None

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
            "range_seconds": {name: list(spread) for name, spread in self._spreads().items()},
            "size": self.size,
            "agrees": self.agrees,
            "repeats": len(self.runs),
        }

    def _spreads(self) -> dict[str, tuple[float, float]]:
        """The shortest and longest time of each kind, by its JSON name, where the runs give one."""
        names = {"compile": "compile_seconds", "first_solution": "first_seconds", "all_solutions": "all_seconds"}
        spreads = {name: self.spread(attribute) for name, attribute in names.items()}
        return {name: spread for name, spread in spreads.items() if spread is not None}
