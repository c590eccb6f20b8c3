"""CP-SAT's solution callbacks: each solution handed to the caller's `on_solution` as it is found."""

from __future__ import annotations

import time

from ...core.static_types import Any
from ...ir import Problem
from ..protocol import Assignment, Distinct, OnSolution
from . import cp_model


def handed_over(collector: Any, assignment: Assignment) -> bool:
    """A CP-SAT callback's solution passed to its `on_solution`: False, with the search stopped and the
    error kept in `collector.failure`, if that raised (through CP-SAT's C++ the error would be lost)."""
    if collector.on_solution is None:
        return True
    try:
        collector.on_solution(assignment)
    except Exception as error:
        collector.failure = error
        collector.stop_search()
        return False
    return True


class Collector(cp_model.CpSolverSolutionCallback):
    """Keeps the solutions that differ on the problem's own variables, each shown to `on_solution`
    first; stops at `limit` of them, or at the `deadline` (time.monotonic()), which CP-SAT's own time
    limit may pass by the time that checking the solutions took.

    CP-SAT enumerates over all variables, auxiliary ones included, so the same puzzle solution may
    come back several times: only its first occurrence is kept. An exception from `on_solution` stops
    the search and is kept in `failure`, to be raised once CP-SAT has returned.
    """

    def __init__(
        self,
        problem: Problem,
        variables: dict[str, cp_model.IntVar],
        limit: int | None,
        on_solution: OnSolution | None = None,
        deadline: float | None = None,
    ) -> None:
        super().__init__()
        self.problem = problem
        self.items = list(variables.items())
        self.limit = limit
        self.on_solution = on_solution
        self.deadline = deadline
        self.distinct = Distinct(problem.outputs)
        self.solutions: list[Assignment] = []
        self.stopped = False
        self.failure: Exception | None = None

    def on_solution_callback(self) -> None:
        assignment = {name: self.value(var) for name, var in self.items}
        if self.failure is not None or not self.distinct.is_new(assignment):
            return
        if not handed_over(self, assignment):
            return
        self.solutions.append(assignment)
        if self.limit is not None and len(self.solutions) >= self.limit:
            self.stopped = True
            self.stop_search()
        elif self.deadline is not None and time.monotonic() >= self.deadline:
            self.stop_search()  # not `stopped`: the outcome says that the time limit cut the search
