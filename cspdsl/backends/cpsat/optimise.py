"""CP-SAT's own objective: the model's objective minimised (negated for `maximize`) by CP-SAT, each
better solution reported by its callback as it is found, the bound read from the solver at the end.

One worker (the default) searches with CP-SAT's portfolio of branchings in turn (`search_branching =
PORTFOLIO_SEARCH`) rather than its automatic choice: on the Golomb rulers of 8 and 9 marks it proved the
optimum in 0.74 and 0.67 times the search time (medians of 3 runs each way, interleaved, on a loaded
2-core machine; the same on 7 marks). More workers were slower there (2 workers: 2x on 9 marks): they
share the cores with each other.

The objective is set on the compiled model for one search and cleared after it, so that the same
compiled model can still be enumerated (`cspdsl.driver.optimum` enumerates the optimal solutions on a model
of their own, with the objective fixed).
"""

from __future__ import annotations

import math
import time

from ...core.static_types import TYPE_CHECKING, Any
from ...ir import Objective
from ..protocol import Assignment, Compiled, OnSolution, Outcome
from . import cp_model
from .callbacks import handed_over

if TYPE_CHECKING:
    from .translate import CpSatModel


class _Improving(cp_model.CpSolverSolutionCallback):
    """Keeps each solution CP-SAT reports (each better than the one before), shown to `on_solution`
    first; an exception from it stops the search and is raised once CP-SAT has returned."""

    def __init__(self, variables: dict[str, cp_model.IntVar], on_solution: OnSolution | None) -> None:
        super().__init__()
        self.items = list(variables.items())
        self.on_solution = on_solution
        self.solutions: list[Assignment] = []
        self.failure: Exception | None = None

    def on_solution_callback(self) -> None:
        if self.failure is not None:
            return
        assignment = {name: self.value(var) for name, var in self.items}
        if not handed_over(self, assignment):
            return
        self.solutions.append(assignment)


def minimised_expression(native: CpSatModel, objective: Objective) -> Any:
    terms = objective.minimised()
    return cp_model.LinearExpr.weighted_sum([native.vars[n] for _, n in terms], [c for c, _ in terms])


def optimise(
    solver: cp_model.CpSolver, compiled: Compiled, on_solution: OnSolution | None
) -> tuple[Outcome, Any]:
    """The search for the best solution: its Outcome (see `Backend.optimise`) and CP-SAT's status."""
    native: CpSatModel = compiled.native
    objective = compiled.problem.objective
    assert objective is not None
    native.model.minimize(minimised_expression(native, objective))
    if solver.parameters.num_workers == 1:
        solver.parameters.search_branching = cp_model.PORTFOLIO_SEARCH
    collector = _Improving(native.vars, on_solution)
    start = time.perf_counter()
    try:
        status = solver.solve(native.model, collector)
    finally:
        native.model.clear_objective()
    if collector.failure is not None:
        raise collector.failure
    wall = time.perf_counter() - start
    found = collector.solutions
    proved = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    stats = {"wall_seconds": wall, "branches": solver.num_branches, "conflicts": solver.num_conflicts,
             "status": solver.status_name(status)}
    outcome = Outcome(found, proved, not proved, stats)
    if found:
        outcome.objective = objective.value_of(round(solver.objective_value))
        outcome.bound = _bound(solver, objective)
    return outcome, status


def _bound(solver: cp_model.CpSolver, objective: Objective) -> int | None:
    """CP-SAT's best bound on the minimised sum, as a bound on the model's objective."""
    bound = solver.best_objective_bound
    if not math.isfinite(bound):
        return None
    return objective.value_of(math.ceil(bound - 1e-9))
