"""CP-SAT's enumeration of a model that hides some of its variables (`show`, a name with a leading `_`).

CP-SAT's own search of all solutions enumerates every full assignment: a model whose hidden
variables can take many values with one solution would come back that many times, a number that
grows exponentially with the hidden part (who killed Agatha: 18 assignments for its one solution).
Here each solve finds a solution new on the shown variables, and a clause on those variables
alone then excludes it and every assignment of the hidden ones that goes with it: one solve per
solution, and a last one that proves there is no other.
"""

from __future__ import annotations

import time

from ...core.static_types import TYPE_CHECKING, Any
from ..protocol import Assignment, OnSolution
from . import cp_model

if TYPE_CHECKING:
    from .translate import CpSatModel

FOUND = (cp_model.OPTIMAL, cp_model.FEASIBLE)


def projected_search(
    solver: cp_model.CpSolver, native: CpSatModel, outputs: list[str], limit: int | None,
    on_solution: OnSolution | None, timeout: float | None,
) -> tuple[list[Assignment], Any, bool]:
    """(solutions, the last solve's status, stopped at `limit`): up to `limit` solutions distinct on
    `outputs`, within `timeout` seconds in all. The compiled model is left as it was: the clauses that
    exclude the solutions found go into a copy."""
    model = native.model.clone()
    variables = {name: model.get_int_var_from_proto_index(var.index) for name, var in native.vars.items()}
    shown = [variables[name] for name in outputs]
    started = time.monotonic()
    solutions: list[Assignment] = []
    while True:
        if timeout is not None:
            solver.parameters.max_time_in_seconds = max(timeout - (time.monotonic() - started), 0.0)
        status = solver.solve(model)
        if status not in FOUND:
            return solutions, status, False
        assignment = {name: int(solver.value(var)) for name, var in variables.items()}
        if on_solution is not None:
            on_solution(assignment)
        solutions.append(assignment)
        if limit is not None and len(solutions) >= limit:
            return solutions, status, True
        exclude(model, shown, [assignment[name] for name in outputs])


def exclude(model: cp_model.CpModel, shown: list[cp_model.IntVar], values: list[int]) -> None:
    """The clause that one of `shown` differs from its value in `values`."""
    differs = []
    for var, value in zip(shown, values, strict=True):
        literal = model.new_bool_var("")
        model.add(var != value).only_enforce_if(literal)
        differs.append(literal)
    model.add_bool_or(differs)
