"""`cspdsl compare` on a model with an objective: per backend the optimum and the time to prove it, and
with `--all` every optimal solution; two backends that prove different optima disagree.

One run is `Backend.optimise` timed (its solutions checked and the value recomputed, `optimum.best_solution`;
a lexicographic objective's value is a list, compared in order),
then, with `--all` on an exact backend that proved its optimum, the optimal solutions enumerated
(`optimum.optimal_solutions`). A local search's best found must be no better than the optimum proved.
"""

from __future__ import annotations

import time

from ..backends import get_backend
from ..core.static_types import Any
from ..driver.checking import SolutionCheck
from ..driver.lexicographic import better
from ..driver.loop import compile_within
from ..driver.optimum import best_solution, optimal_solutions
from ..ir import Objective
from ..lower import Lowered
from .rows import Row, Run


def run_optimum(model: Lowered, row: Row, all_solutions: bool, deadline: float | None, seed: int | None) -> Run:
    """One backend, one repeat, all by `deadline`: compile, the optimum proved (first_seconds: to its
    proof, or to the end of the search), and with `all_solutions` the optimal solutions enumerated
    after it (all_seconds: to the end of that enumeration). Each time runs from the compile's start
    (rows.py)."""
    engine = get_backend(row.backend)
    started = time.perf_counter()
    compiled = compile_within(engine, model.problem, deadline)
    if compiled is None:  # the time limit ended the compile
        return Run("timeout", 0, None, None, None)
    compile_seconds = time.perf_counter() - started
    row.size = dict(compiled.size)
    objective = model.problem.objective
    assert objective is not None
    best, _ = best_solution(engine, model, compiled, deadline, seed)
    prove_seconds = time.perf_counter() - started
    status = _status(best.solution is not None, best.proved, best.timed_out, engine.CAPABILITIES.exact)
    found = frozenset([model.problem.project(best.solution)]) if best.solution is not None else frozenset()
    value, _ = best.shown(objective)
    run = Run(status, len(found), compile_seconds, prove_seconds, None, found=found, objective=value)
    if not all_solutions or status != "optimal":
        return run
    solutions, complete, _ = optimal_solutions(
        engine, model, best, None, deadline, lambda then: SolutionCheck(model, row.backend, deadline, then), None,
    )
    keys = frozenset(model.problem.project(s) for s in solutions)
    run.solutions, run.found = len(keys), keys
    if complete:
        run.all_seconds, run.solution_set = time.perf_counter() - started, keys
    return run


def _status(found: bool, proved: bool, timed_out: bool, exact: bool) -> str:
    if found:
        return "optimal" if proved else "feasible"
    if proved:
        return "unsatisfiable"
    return "timeout" if timed_out or exact else "gave_up"


def settle_optima(rows: list[Row], objective: Objective) -> None:
    """Agreement on the optimum: the backends that proved one (or that there is none) must agree, and a
    best found that is not proved must be no better than the optimum proved."""
    proved = {row.backend: row.runs[-1].objective for row in rows if row.status in ("optimal", "unsatisfiable")}
    values = list(proved.values())
    reference = max(values, key=values.count) if values else None
    for row in rows:
        if row.backend in proved:
            row.agrees = (row.agrees is not False) and proved[row.backend] == reference
        elif row.status == "feasible" and proved:
            value = row.runs[-1].objective
            row.agrees = reference is not None and value is not None and not better(objective, value, reference)


def optimum_cell(row: Row) -> str:
    """The optimum column of the table: the value, marked when it is only the best found."""
    value: Any = row.runs[-1].objective if row.runs else None
    if value is None:
        return "-"
    return str(value) if row.status == "optimal" else f"{value} (best found)"
