"""The SAT backend's batch session (`backends.protocol.DirectSession`): a base compiled once, solved
for one instance's givens after another.

The base CNF lives in one incremental PySAT solver; an instance's givens are assumptions, and the
second solution that tells uniqueness is blocked by a clause under an activation literal, switched
off for good afterwards, so nothing of one instance stays on the next; once the switches used up
outnumber the base's variables the solver is made again from the base clauses (`RENEW_AFTER`).
`-O solver=pycosat`: PicoSAT, the base clauses given again with the givens as unit clauses each time.
Each model is read back by `model_reader.ModelReader`, at the speed a batch needs.
"""

from __future__ import annotations

import time

from ...core.static_types import Any
from ...ir import Problem
from .. import Compiled, Distinct, OnSolution, Outcome, get_backend
from ..protocol import MakeModel
from .cnf import TRUE
from .engines import OutOfBudget, Solver, interrupted
from .model_reader import ModelReader

# The engine an incremental SAT session runs on by default: measured on 200 minimal Sudokus with
# uniqueness (bench/batch.py, docs/performance.md), CaDiCaL 1.5.3 spends less a call than 1.9.5 on
# such small searches, with the same answers.
INCREMENTAL_ENGINE = "cadical153"

# The fewest instances between two renewals of an incremental solver. Each instance's uniqueness
# search uses up one switch variable, and every model read back lists every variable (1,000 instances
# on a Sudoku's 730: each model read 2.4 times as long); renewing costs adding the base clauses again
# (about as long as 20 to 30 Sudokus). A solver is renewed once its switches outnumber the base's
# variables, and at least this many instances apart.
RENEW_AFTER = 256
# A SAT call under a time limit runs in steps of this many conflicts, the clock read between them.
STEP_CONFLICTS = 1_000
FIRST_STEP_CONFLICTS = 16  # the first step of a search under a time limit, doubled while steps are quick
STEP_SECONDS = 0.05


class SearchStopped(Exception):
    """The time limit passed before the SAT call settled."""


class SatBatchSession:
    """The base CNF in one live solver; see the module docstring."""

    direct = True

    def __init__(self, base: Problem, options: dict[str, str]) -> None:
        # Symmetry breaking stays off: the base's symmetries are not an instance's (its givens break them).
        options = {"solver": INCREMENTAL_ENGINE, **options, "symmetry": "false"}
        backend: Any = get_backend("sat", options)
        self.compiled: Compiled = backend.compile(base)
        native = self.compiled.native
        self.engine: str = backend.solver
        self.values: dict[str, list[tuple[int, int]]] = native.values
        self.literal = {(name, v): lit for name, pairs in native.values.items() for v, lit in pairs}
        self.constants = TRUE in map(abs, self.literal.values())  # a value fixed or ruled out by the base
        self.clauses: list[list[int]] = distinct_clauses(native.cnf.clauses)
        self.reader = ModelReader(native.values, base.outputs, base, native.derived)
        self.held = True  # whether each model of the last search held the base's test on its literals
        self.outputs = base.outputs
        self.first_switch = self.next_var = native.cnf.num_vars + 1
        # A new solver once this many switches are used up (RENEW_AFTER).
        self.renew_after = max(RENEW_AFTER, native.cnf.num_vars)
        self.solver: Any = None
        self.calls: Any = None  # the live solver's C calls (`Solver.raw`)
        self.consistent = True
        if self.engine != "pycosat":
            self.renew()

    def renew(self) -> None:
        """A new solver with the base clauses and none of the switches used up."""
        if self.solver is not None:
            self.solver.close()
        self.solver = Solver(self.engine)
        self.calls = self.solver.raw()
        self.consistent = self.solver.add_all(self.clauses)
        self.next_var = self.first_switch

    def assumptions(self, givens: dict[str, int]) -> list[int] | None:
        """The givens as literals; None when one is a value the base rules out already."""
        try:
            found = list(map(self.literal.__getitem__, givens.items()))
        except KeyError:  # a value outside the variable's domain
            return None
        if not self.constants:
            return found
        if -TRUE in found:
            return None
        return [lit for lit in found if lit != TRUE] if TRUE in found else found

    def solve(self, model: MakeModel, givens: dict[str, int], limit: int | None, timeout: float | None,
              seed: int | None, on_solution: OnSolution | None) -> Outcome:
        deadline = None if timeout is None else time.monotonic() + timeout
        found: list[dict[str, int]] = []
        try:
            complete = self.models(givens, limit, deadline, on_solution, found)
        except SearchStopped:
            return Outcome(found, False, True, {"engine": self.engine}, None, None)
        return Outcome(found, complete, False, {"engine": self.engine}, None, None)

    def models(self, givens: dict[str, int], limit: int | None, deadline: float | None,
               on_solution: OnSolution | None, found: list[dict[str, int]]) -> bool:
        """The instance's models, up to `limit`, added to `found` (each given to `on_solution` first);
        True when the search ran out of models before the limit. SearchStopped at the deadline."""
        assumptions = self.assumptions(givens)
        self.held = True
        if assumptions is None or not self.consistent:
            return True
        if self.solver is None:
            self.held = False
            return self._models_pycosat(assumptions, self.outputs, limit, deadline, on_solution, found)
        if self.next_var - self.first_switch >= self.renew_after:
            self.renew()
        return self._models(assumptions, limit, deadline, on_solution, found)

    def _models(self, assumptions: list[int], limit: int | None, deadline: float | None,
                on_solution: OnSolution | None, found: list[dict[str, int]]) -> bool:
        """Models under the assumptions, each blocked under its own activation literal; True when the
        search ran out of models before `limit`. The block holds every output's literal, so each model
        differs from the ones before on the outputs (the checker would report one that did not).
        Without a deadline the engine's C calls are made directly (`Solver.raw`): an easy instance's
        two searches take less time than the Python around them would."""
        handle, solve, model, add, main = self.calls
        read, switches = self.reader.read, []  # the switches join the assumptions, one a model found
        try:
            while limit is None or len(found) < limit:
                if not (solve(handle, assumptions, main) if deadline is None else self._call(assumptions, deadline)):
                    return True
                assignment, clause, held = read(model(handle) or [])
                self.held = self.held and held
                if on_solution is not None:
                    on_solution(assignment)
                found.append(assignment)
                switch = self.next_var
                self.next_var = switch + 1
                switches.append(switch)
                assumptions.append(switch)
                clause.append(-switch)
                add(handle, clause)
            return False
        except self.solver.error as error:  # Ctrl-C caught inside the engine
            raise interrupted(error) from None
        finally:
            for switch in switches:  # the blocks are this instance's only: off for good
                add(handle, [-switch])

    def _call(self, assumptions: list[int], deadline: float) -> bool:
        """One search under a time limit, in steps of conflicts: FIRST_STEP_CONFLICTS, doubled after
        each step that took under STEP_SECONDS, up to STEP_CONFLICTS. The engine cannot be interrupted
        within a step, and 1,000 conflicts on a large formula took seconds past the limit."""
        step = FIRST_STEP_CONFLICTS
        while time.monotonic() < deadline:
            started = time.monotonic()
            try:
                return bool(self.solver.solve(assumptions, conflicts=step))
            except OutOfBudget:
                if time.monotonic() - started < STEP_SECONDS:
                    step = min(2 * step, STEP_CONFLICTS)
        raise SearchStopped

    def _models_pycosat(self, assumptions: list[int], outputs: list[str], limit: int | None,
                        deadline: float | None, on_solution: OnSolution | None, found: list[dict[str, int]]) -> bool:
        """PicoSAT, the base clauses given again with the givens as units (no time limit inside a call)."""
        import pycosat

        distinct = Distinct(outputs)
        clauses = [*self.clauses, *([lit] for lit in assumptions)]
        for model in pycosat.itersolve(clauses, vars=self.next_var - 1):
            if deadline is not None and time.monotonic() > deadline:
                raise SearchStopped
            assignment, _, _ = self.reader.read(model)
            if distinct.is_new(assignment):
                if on_solution is not None:
                    on_solution(assignment)
                found.append(assignment)
                if limit is not None and len(found) >= limit:
                    return False
        return True


def distinct_clauses(clauses: list[list[int]]) -> list[list[int]]:
    """The clauses, each once (the first of those with the same literals kept, in order). A grid's
    all-differents share pairs of cells (a Sudoku's rows and boxes: 1,458 of its 11,989 clauses are
    repeats), and a live solver propagates each copy on every search of every instance."""
    seen: set[tuple[int, ...]] = set()
    kept = []
    for clause in clauses:
        key = tuple(sorted(clause))
        if key not in seen:
            seen.add(key)
            kept.append(clause)
    return kept if len(kept) < len(clauses) else clauses


def batch_session(base: Problem, options: dict[str, str]) -> SatBatchSession:
    return SatBatchSession(base, options)
