"""A sequential puzzle on a backend that solves models as a whole (sat, cpsat, csp): unrolled over a
bound (`passes/unroll.py`), solved, its solutions read back as plans (each then checked move by move
by `plans.py`).

On cpsat and csp the unrolled model is solved and checked as any model is (`api.solve`). On sat the
same model is written as CNF straight from the moves (`backends/sat/unrolled.py`: each step's clauses
encoded once, and copied by `backends/sat/copies.py`), as tight as a CNF written by hand and without
the general encoder's cost per clue (pegs: 0.2 s of compiling to a few ms).

The bound is the model's (`steps <= N`). A puzzle that asks for its fewest moves, or has no bound,
is deepened: unrolled over 0, 1, 2, ... steps until the first bound with a plan, each shorter bound
proved to have none, so the plans found are the shortest.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..backends import get_backend
from ..backends.sat.copies import unrolled_cnf
from ..backends.sat.search import run_search
from ..backends.sat.unrolled import StepTemplates, templates
from ..core.collector import no_cycle_collection
from ..core.deadline import TimeLimitReached, seconds_left, time_limited
from ..core.errors import CspdslError, Suggestion
from ..core.record import Record, field
from ..core.static_types import Any
from ..lower import Lowered
from ..lower.layout import Layout
from ..passes.unroll import plan_of, unroll
from .driver import solve
from .result import PlanResult

MAX_DEEPENING = 200  # the longest plan deepening looks for, without a bound in the model

# The sat backend's options that only its general encoder and search read: the CNF written from the
# moves takes neither the symmetry search, nor the sums' implied equalities, nor a ruler's marks, nor
# an objective.
SAT_OPTIONS_UNUSED = ("symmetry", "implied", "rulers", "optimise")

# What suits an unrolled puzzle on csp, unless the user's options say otherwise: the variables in the
# model's order are the plan's steps in time order, so each move fixes the state after it (jugs: 5
# times faster than the greedy order).
UNROLLED_OPTIONS = {"csp": {"order": "model"}}


class Bounded(Record):
    """The solutions of the puzzle unrolled over one bound (assignments of `x@t` and `move@t`)."""

    solutions: list[dict[str, int]]
    complete: bool
    timed_out: bool
    stats: dict[str, Any] = field(default_factory=dict)
    size: dict[str, int] = field(default_factory=dict)


Solver = Callable[[int, "int | None", "float | None"], Bounded]  # (horizon, limit, deadline)


def unrolled_model(model: Lowered, horizon: int) -> Lowered:
    """The puzzle unrolled over `horizon` steps, as a model of its own."""
    return Lowered(unroll(model.problem, horizon), Layout(title=model.layout.title), name=model.name)


def solve_unrolled(model: Lowered, backend: str, *, limit: int | None, deadline: float | None,
                   options: dict[str, str] | None, count_only: bool) -> PlanResult:
    """Plans of a sequential puzzle on `backend`, by deepening or over the model's bound (see above)."""
    seq = model.problem.sequential
    assert seq is not None
    bounded = bounded_solver(model, backend, options)
    deepen = seq.shortest or seq.bound is None
    horizon = 0 if deepen else (seq.bound or 0)
    while True:  # deepening looks for one plan at each bound; the last bound is solved as asked
        probe = deepen and limit != 1
        result = bounded(horizon, 1 if probe else limit, deadline)
        if probe and result.solutions:
            result = bounded(horizon, limit, deadline)
        if not deepen or result.solutions or result.timed_out or horizon >= _deepest(seq.bound):
            break
        horizon += 1
    plans = [plan_of(seq, solution, horizon) for solution in result.solutions]
    count = len(plans) if result.complete else None
    stats = dict(result.stats, horizon=horizon)
    shortest = deepen and bool(plans)
    kept = [] if count_only and count is not None else plans  # a stopped count shows what it found
    return PlanResult(model, backend, kept, count, result.complete, result.timed_out, limit,
                      shortest, horizon if shortest else None, dict(result.size), stats)


def bounded_solver(model: Lowered, backend: str, options: dict[str, str] | None) -> Solver:
    """What solves the puzzle unrolled over one bound on `backend` (see the module's docstring)."""
    return _sat_solver(model, options) if backend == "sat" else _model_solver(model, backend, options)


def _model_solver(model: Lowered, backend: str, options: dict[str, str] | None) -> Solver:
    """The unrolled model solved and checked by `api.solve`, as any model is."""
    options = {**UNROLLED_OPTIONS.get(backend, {}), **(options or {})}

    def bounded(horizon: int, limit: int | None, deadline: float | None) -> Bounded:
        result = solve(unrolled_model(model, horizon), backend, limit=limit, timeout=seconds_left(deadline),
                       options=options)
        return Bounded(result.solutions, result.complete, result.timed_out, dict(result.stats), dict(result.size))

    return bounded


def _sat_solver(model: Lowered, options: dict[str, str] | None) -> Solver:
    """The unrolled model as CNF copied from the puzzle's step templates (made once, at the first
    bound, for every bound), searched by the engine of `-O solver=` as the sat backend searches; the
    plans are checked after. An option that would change nothing here is refused (`SAT_OPTIONS_UNUSED`)."""
    engine: Any = get_backend("sat", options)
    for name in SAT_OPTIONS_UNUSED:
        if name in (options or {}):
            raise CspdslError(f"option {name} of backend 'sat' does not apply to a sequential puzzle: its CNF is "
                              "written from the moves, without the symmetry search, the implied sums, rulers or an "
                              "objective")
    seq = model.problem.sequential
    assert seq is not None
    made: list[StepTemplates] = []

    def bounded(horizon: int, limit: int | None, deadline: float | None) -> Bounded:
        started = time.perf_counter()
        try:
            with time_limited(deadline), no_cycle_collection():  # a list per clause, none of them garbage
                if not made:
                    made.append(templates(model.problem))
                cnf = unrolled_cnf(seq, made[0], horizon)
        except TimeLimitReached:
            return Bounded([], False, True, {"engine": engine.solver})
        _within_limits(cnf.values, len(cnf.clauses), engine.limits)
        compiled = time.perf_counter() - started
        size = {"variables": cnf.num_vars, "clauses": len(cnf.clauses), "literals": cnf.clauses.literals}
        derived: dict[str, tuple[str, str]] = {}  # every variable of the steps has its literals
        args = (engine.solver, cnf.clauses, cnf.num_vars, cnf.values, cnf.outputs, limit, None, False, derived)
        searched = time.perf_counter()
        items, summary, timed_out, forked = run_search(args, seconds_left(deadline))
        stats = {"engine": engine.solver, "compile_seconds": compiled, "forked": forked,
                 "wall_seconds": time.perf_counter() - searched}
        complete = bool(summary.get("complete")) and not timed_out and not (limit == 1 and items)
        return Bounded(list(items), complete, timed_out, stats, size)

    return bounded


def _within_limits(values: dict[str, list[tuple[int, int]]], clauses: int, limits: tuple[int, int]) -> None:
    """The sat backend's limits (-O max_values, -O max_clauses) on the unrolled CNF."""
    max_values, max_clauses = limits
    count = sum(map(len, values.values()))
    if count > max_values:
        raise CspdslError(f"the unrolled puzzle's variables have {count:,} values in all: too many for the SAT "
                          f"backend (at most {max_values:,}: -O max_values=N raises the limit)",
                          suggestion=Suggestion("use_backend", ("search",)))
    if clauses > max_clauses:
        raise CspdslError(f"the SAT encoding takes more than {max_clauses:,} clauses (-O max_clauses=N raises "
                          "the limit)", suggestion=Suggestion("use_backend", ("search",)))


def _deepest(bound: int | None) -> int:
    return bound if bound is not None else MAX_DEEPENING
