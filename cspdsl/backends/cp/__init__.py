"""The `cp` backend: OR-Tools' original constraint solver (`pywrapcp`), propagation and depth-first search.

The model is compiled once into the solver (`translate`: its own all-different, table, automaton,
linear, membership and product constraints, reified Booleans for nested conditions); a search then
decides the model's own variables first, the variable with the fewest values left next and its least
value first (the options change both), and each solution of them is completed once on the auxiliary
variables (`SolveOnce`), so that no solution comes twice. An objective is the solver's own
(`Minimize`): each solution found is better than the one before, and a search that runs out proves
the last one optimal. A connected area is refused (docs/backend-cp.md).

ortools is imported only through `native`, which the registry's import of this module brings in.
"""

from __future__ import annotations

import time

from ...core.errors import CspdslError
from ...core.static_types import Any, ClassVar
from ...ir import Problem
from ..base import run_passes
from ..declarations import CP
from ..protocol import Assignment, Capabilities, Compiled, Distinct, OnSolution, Outcome, Pass, check_limit
from . import search
from .translate import CpModel, CpTranslator

VARIABLE_CHOICES = {"min-size": "CHOOSE_MIN_SIZE_LOWEST_MIN", "first": "CHOOSE_FIRST_UNBOUND"}
VALUE_CHOICES = {"min": "ASSIGN_MIN_VALUE", "max": "ASSIGN_MAX_VALUE", "center": "ASSIGN_CENTER_VALUE",
                 "random": "ASSIGN_RANDOM_VALUE"}


class CpBackend:
    """OR-Tools' CP solver: propagation and depth-first search (no connected areas)."""

    name = "cp"
    CAPABILITIES: ClassVar[Capabilities] = CP.capabilities  # every_kind=False: no connected areas
    SESSIONS: ClassVar[dict[str, str]] = {}
    PASSES: ClassVar[tuple[Pass, ...]] = ()  # every kind posted as it is, to the solver's own constraints
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = CP.options

    def __init__(self, variables: str = "min-size", values: str = "min") -> None:
        for option, given, choices in (("variables", variables, VARIABLE_CHOICES), ("values", values, VALUE_CHOICES)):
            if given not in choices:
                raise CspdslError(f"option {option} of backend 'cp' must be one of {', '.join(choices)}, not '{given}'")
        self.variables, self.values = variables, values

    def compile(self, problem: Problem) -> Compiled:
        start = time.perf_counter()
        passed, _ = run_passes(problem, self.PASSES)
        native = CpTranslator(passed).build()
        size = {"variables": len(native.own) + len(native.rest), "constraints": native.constraints}
        return Compiled(problem, native, size, time.perf_counter() - start)

    def solve(self, compiled: Compiled, *, limit: int | None, timeout: float | None, seed: int | None,
              on_solution: OnSolution | None = None) -> Outcome:
        check_limit(limit)
        native: CpModel = compiled.native
        distinct = Distinct(compiled.problem.outputs)
        found: list[Assignment] = []

        def take(assignment: Assignment) -> bool:
            if distinct.is_new(assignment):
                if on_solution is not None:
                    on_solution(assignment)
                found.append(assignment)
            return limit is None or len(found) < limit

        decisions = self._decisions(native, seed, once=True)
        ended = search.run(native.solver, decisions, [], _deadline(timeout), _reader(native), take)
        stats = dict(ended.stats)
        if limit != 1:
            stats["enumeration"] = "the CP solver's search, the other variables completed once a solution"
        return Outcome(found, ended.exhausted, ended.timed_out, stats)

    def optimise(self, compiled: Compiled, *, timeout: float | None, seed: int | None,
                 on_solution: OnSolution | None = None) -> Outcome:
        """The solver's own objective: each solution better than the one before, the last proved optimal
        when the search runs out."""
        native: CpModel = compiled.native
        objective = compiled.problem.objective
        assert objective is not None
        solver, terms = native.solver, objective.minimised()
        total = (solver.ScalProd([native.vars[n] for _, n in terms], [c for c, _ in terms]).Var() if terms
                 else solver.IntVar(0, 0, "objective"))
        found: list[Assignment] = []
        reached: list[int] = []

        def take(assignment: Assignment) -> bool:
            if on_solution is not None:
                on_solution(assignment)
            found.append(assignment)
            reached.append(total.Value())
            return True

        decisions = self._decisions(native, seed, once=False)
        ended = search.run(solver, decisions, [solver.Minimize(total, 1)], _deadline(timeout), _reader(native), take)
        outcome = Outcome(found, ended.exhausted, ended.timed_out, dict(ended.stats))
        if reached:
            outcome.objective = objective.value_of(reached[-1])
            outcome.bound = outcome.objective if ended.exhausted else None
        return outcome

    def _decisions(self, native: CpModel, seed: int | None, once: bool) -> Any:
        """The decision builder: the model's own variables, then the rest (once a solution of the own
        ones when `once`: the rest never multiply the solutions)."""
        solver = native.solver
        choose = getattr(solver, VARIABLE_CHOICES[self.variables])
        assign = getattr(solver, VALUE_CHOICES[self.values])
        if self.values == "random" and seed is not None:
            solver.ReSeed(seed)
        phases = [solver.Phase(group, choose, assign) for group in (native.own, native.rest) if group]
        if once and native.own and native.rest:
            phases[1] = solver.SolveOnce(phases[1], [])
        if not phases:  # no variable at all: one empty decision
            phases = [solver.Phase([solver.IntVar(0, 0, "nothing")], choose, assign)]
        return phases[0] if len(phases) == 1 else solver.Compose(phases)


def _deadline(timeout: float | None) -> float | None:
    return None if timeout is None else time.monotonic() + timeout


def _reader(native: CpModel) -> search.Values:
    """What reads the current solution: every IR variable's value (views included)."""
    items = list(native.vars.items())
    return lambda: {name: var.Value() for name, var in items}
