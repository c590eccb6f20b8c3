"""The OR-Tools CP-SAT backend: the IR translated into a CP-SAT model (`translate`), solved by CP-SAT.

ortools is imported only through `cp_model` (OR-Tools' CP-SAT API without its pandas and numpy); the
registry imports this package on first use of the backend.
"""

from __future__ import annotations

import time

from ...core.errors import CspdslError
from ...core.processes import ctrl_c_stops
from ...core.static_types import Any, ClassVar
from ...ir import Problem
from ..base import run_passes
from ..declarations import CPSAT
from ..protocol import Assignment, Capabilities, Compiled, OnSolution, Outcome, Pass, check_limit
from . import cp_model
from .callbacks import Collector
from .optimise import optimise
from .projected import projected_search
from .translate import CpSatModel, CpSatTranslator


class CpSatBackend:
    """Compiles the IR to a CP-SAT model and solves it (one worker unless -O workers=N)."""

    name = "cpsat"
    CAPABILITIES: ClassVar[Capabilities] = CPSAT.capabilities
    SESSIONS: ClassVar[dict[str, str]] = {"batch": "cspdsl.backends.cpsat.session:batch_session"}
    PASSES: ClassVar[tuple[Pass, ...]] = ()  # every kind posted as it is, CP-SAT's presolve does the rest
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = CPSAT.options

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise CspdslError(f"option workers of backend 'cpsat' must be at least 1, not {workers}")
        self.workers = workers

    def compile(self, problem: Problem) -> Compiled:
        start = time.perf_counter()
        passed, _ = run_passes(problem, self.PASSES)
        native = CpSatTranslator(passed).build()
        proto = native.model.proto
        size = {"variables": len(proto.variables), "constraints": len(proto.constraints)}
        return Compiled(problem, native, size, time.perf_counter() - start)

    def solve(
        self,
        compiled: Compiled,
        *,
        limit: int | None,
        timeout: float | None,
        seed: int | None,
        on_solution: OnSolution | None = None,
    ) -> Outcome:
        check_limit(limit)
        native: CpSatModel = compiled.native
        # One worker by default: faster on small puzzles. Enumeration needs one worker.
        solver = self._solver(1 if limit != 1 else self.workers, timeout, seed)
        start = time.perf_counter()
        with ctrl_c_stops(solver.stop_search):  # Ctrl-C: KeyboardInterrupt, as in any other search
            if limit == 1:
                solutions, status, stopped = self._solve_one(solver, native, on_solution)
            elif compiled.problem.projected:  # hidden variables: one solve per solution, not per assignment
                outputs = compiled.problem.outputs
                solutions, status, stopped = projected_search(solver, native, outputs, limit, on_solution, timeout)
            else:
                deadline = None if timeout is None else time.monotonic() + timeout
                collector = Collector(compiled.problem, native.vars, limit, on_solution, deadline)
                solutions, status, stopped = self._enumerate(solver, native, collector)
        wall = time.perf_counter() - start
        if status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"CP-SAT rejected the model: {native.model.validate()}")
        return self._outcome(solver, status, solutions, stopped, limit, wall, compiled.problem.projected)

    def optimise(
        self, compiled: Compiled, *, timeout: float | None, seed: int | None, on_solution: OnSolution | None = None
    ) -> Outcome:
        """CP-SAT's own objective (`optimise`), on `-O workers` workers."""
        solver = self._solver(self.workers, timeout, seed)
        with ctrl_c_stops(solver.stop_search):
            outcome, _ = optimise(solver, compiled, on_solution)
        return outcome

    @staticmethod
    def _solver(workers: int, timeout: float | None, seed: int | None) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = workers
        solver.parameters.log_search_progress = False
        solver.parameters.log_to_stdout = False
        solver.parameters.catch_sigint_signal = False  # Ctrl-C is `ctrl_c_stops`'s: told from a time limit
        if timeout is not None:
            solver.parameters.max_time_in_seconds = max(timeout, 0.0)
        if seed is not None:
            solver.parameters.random_seed = seed
        return solver

    @staticmethod
    def _solve_one(
        solver: cp_model.CpSolver, native: CpSatModel, on_solution: OnSolution | None
    ) -> tuple[list[Assignment], Any, bool]:
        """A plain solve, full presolve: the fastest way to one solution."""
        status = solver.solve(native.model)
        solutions = []
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            solutions.append({name: int(solver.value(var)) for name, var in native.vars.items()})
            if on_solution is not None:
                on_solution(solutions[0])
        return solutions, status, bool(solutions)

    @staticmethod
    def _enumerate(
        solver: cp_model.CpSolver, native: CpSatModel, collector: Collector
    ) -> tuple[list[Assignment], Any, bool]:
        solver.parameters.enumerate_all_solutions = True
        if native.cover:  # an exact cover: the first cell left, by each placement over it (`backends.cover`)
            solver.parameters.search_branching = cp_model.FIXED_SEARCH
        status = solver.solve(native.model, collector)
        if collector.failure is not None:
            raise collector.failure
        return collector.solutions, status, collector.stopped

    @staticmethod
    def _outcome(
        solver: cp_model.CpSolver,
        status: Any,
        solutions: list[Assignment],
        stopped: bool,
        limit: int | None,
        wall: float,
        projected: bool = False,
    ) -> Outcome:
        """complete: the search proved it has every solution; timed_out: the time limit cut it."""
        if limit == 1:
            complete = status == cp_model.INFEASIBLE
        else:
            complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and not stopped
        timed_out = status == cp_model.UNKNOWN or (status == cp_model.FEASIBLE and not stopped)
        stats = {
            "wall_seconds": wall,
            "branches": solver.num_branches,
            "conflicts": solver.num_conflicts,
            "status": solver.status_name(status),
        }
        if limit != 1:
            stats["enumeration"] = (
                "one solve per solution on the shown variables" if projected else "CP-SAT's own search of all solutions"
            )
        return Outcome(solutions, complete, timed_out, stats)

