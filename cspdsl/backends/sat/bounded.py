"""A sequential puzzle on sat, unrolled bound after bound: the CNF written straight from the moves
(each step's clauses encoded once, `unrolled.py`, and copied for each step, `copies.py`), as tight as
a CNF written by hand and without the general encoder's cost per clue (pegs: 0.2 s of compiling to a
few ms). The backend's "bounds" session (`SESSIONS`); `driver/unrolled.py` deepens over it."""

from __future__ import annotations

import time
from collections.abc import Callable

from ...core.collector import no_cycle_collection
from ...core.deadline import TimeLimitReached, seconds_left, time_limited
from ...core.errors import CspdslError, Suggestion
from ...core.static_types import Any
from ...ir import Problem
from ..protocol import Outcome
from ..registry import get_backend
from .copies import unrolled_cnf
from .search import run_search
from .unrolled import StepTemplates, templates

# The sat backend's options that only its general encoder and search read: the CNF written from the
# moves takes neither the symmetry search, nor the sums' implied equalities, nor a ruler's marks, nor
# an objective.
SAT_OPTIONS_UNUSED = ("symmetry", "implied", "rulers", "optimise")

# (horizon, limit, deadline) -> the outcome over that bound and the CNF's size
BoundedSolver = Callable[[int, "int | None", "float | None"], tuple[Outcome, dict[str, int]]]


def bounded_session(problem: Problem, options: dict[str, str] | None) -> BoundedSolver:
    """The unrolled model as CNF copied from the puzzle's step templates (made once, at the first
    bound, for every bound), searched by the engine of `-O solver=` as the sat backend searches; the
    plans are checked by the caller. An option that would change nothing here is refused
    (`SAT_OPTIONS_UNUSED`)."""
    engine: Any = get_backend("sat", options)
    for name in SAT_OPTIONS_UNUSED:
        if name in (options or {}):
            raise CspdslError(f"option {name} of backend 'sat' does not apply to a sequential puzzle: its CNF is "
                              "written from the moves, without the symmetry search, the implied sums, rulers or an "
                              "objective")
    seq = problem.sequential
    assert seq is not None
    made: list[StepTemplates] = []

    def bounded(horizon: int, limit: int | None, deadline: float | None) -> tuple[Outcome, dict[str, int]]:
        started = time.perf_counter()
        try:
            with time_limited(deadline), no_cycle_collection():  # a list per clause, none of them garbage
                if not made:
                    made.append(templates(problem))
                cnf = unrolled_cnf(seq, made[0], horizon)
        except TimeLimitReached:
            return Outcome([], False, True, {"engine": engine.solver}), {}
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
        return Outcome(list(items), complete, timed_out, stats), size

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
