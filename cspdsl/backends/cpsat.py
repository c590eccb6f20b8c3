"""The OR-Tools CP-SAT backend.

Top-level constraints are posted in CP-SAT's native forms (all-different, table, linear, domain
membership), which propagate best. A condition nested inside And/Or/Not/Count is reified into a
literal that is tied to it in both directions, so that the literal is a function of the variables:
reification literals then never multiply the enumerated solutions. Literals of `x == v` are shared,
since puzzles test the same cell against the same value many times.

ortools is imported only through `cpsat_model` (OR-Tools' CP-SAT API without its pandas and numpy, and
imported as `cp_model`); the registry imports this module on first use of the backend.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..core.errors import CspdslError
from ..core.record import Record, field
from ..core.static_types import Any, ClassVar
from ..ir import (
    AllDifferent,
    Connected,
    Count,
    InSet,
    Linear,
    Or,
    Problem,
    Product,
    Regular,
    Table,
    comparison,
    negation,
)
from . import Assignment, Compiled, Distinct, OnSolution, Outcome, check_limit
from . import cpsat_model as cp_model
from .base import Translator

Lit = Any  # a CP-SAT Boolean variable or its negation


class CpSatModel(Record, frozen=False):
    """What `compile` hands to `solve`: the CP-SAT model and the CP-SAT variable of each IR name."""

    model: cp_model.CpModel
    vars: dict[str, cp_model.IntVar] = field(default_factory=dict)
    # An exact cover's placements in the order its enumeration branches on them (`cpsat_cover`).
    cover: list[str] | None = None


def _comparison(left: Any, op: str, right: int) -> Any:
    """`left <op> right` for a CP-SAT expression (or a plain int), op in `ir.OPS`."""
    return comparison(op)(left, right)


class CpSatTranslator(Translator[Lit]):
    """Translates one IR problem into a CP-SAT model: every kind posted in its native form, and nested
    conditions reified into literals tied to them both ways."""

    backend = "cpsat"

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.domains())
        self.problem = problem
        self.model = cp_model.CpModel()
        self.vars: dict[str, cp_model.IntVar] = {}
        self._true: Lit | None = None

    def build(self) -> CpSatModel:
        for var in self.problem.variables.values():
            self._add_var(var.name, var.domain)
        from .cpsat_cover import cover_order
        from .cpsat_shifted import post_grouped

        post_grouped(self)  # each constraint, the differences that make shifted groups all different as one

        cover = cover_order(self.problem)
        if cover:
            self.model.add_decision_strategy([self.vars[name] for name in cover], cp_model.CHOOSE_FIRST,
                                             cp_model.SELECT_MAX_VALUE)
        return CpSatModel(self.model, self.vars, cover)

    def _add_var(self, name: str, domain: tuple[int, ...]) -> None:
        # CP-SAT rejects an empty domain as an invalid model; it just means no solution exists.
        if not domain:
            self.model.add_bool_or([])
        values = domain or (0,)
        self.vars[name] = self.model.new_int_var_from_domain(cp_model.Domain.from_values(values), name)

    # -- helpers --------------------------------------------------------------------------------

    def _expr(self, terms: tuple[tuple[int, str], ...]) -> Any:
        return cp_model.LinearExpr.weighted_sum(
            [self.vars[n] for _, n in terms], [c for c, _ in terms]
        )

    def _true_literal(self) -> Lit:
        """A literal fixed to true, for the constant conditions `And(())` and `Or(())`."""
        if self._true is None:
            self._true = self.model.new_bool_var("true")
            self.model.add_bool_or([self._true])
        return self._true

    def _post_constant(self, value: bool) -> None:
        if not value:
            self.model.add_bool_or([])  # the empty clause: no solution

    def _reified(self, when_true: Callable[[], Any], when_false: Callable[[], Any]) -> Lit:
        """A fresh literal b with b => (constraint built by when_true), not b => (when_false)."""
        b = self.model.new_bool_var("")
        when_true().only_enforce_if(b)
        when_false().only_enforce_if(b.negated())
        return b

    # -- primitives on literals ------------------------------------------------------------------

    def constant(self, value: bool) -> Lit:
        lit = self._true_literal()
        return lit if value else lit.negated()

    def negate(self, lit: Lit) -> Lit:
        return lit.negated()

    def require(self, lit: Lit) -> None:
        self.model.add_bool_or([lit])

    def all_of(self, lits: Sequence[Lit]) -> Lit:
        if len(lits) <= 1:
            return lits[0] if lits else self.constant(True)
        return self._reified(
            lambda: self.model.add_bool_and(lits),
            lambda: self.model.add_bool_or([lit.negated() for lit in lits]),
        )

    def any_of(self, lits: Sequence[Lit]) -> Lit:
        if len(lits) <= 1:
            return lits[0] if lits else self.constant(False)
        return self._reified(
            lambda: self.model.add_bool_or(lits),
            lambda: self.model.add_bool_and([lit.negated() for lit in lits]),
        )

    def literal_sum(self, lits: Sequence[Lit], op: str, k: int) -> Lit:
        if not lits:
            return self.constant(_comparison(0, op, k))
        total = sum(lits)
        return self._reified(
            lambda: self.model.add(_comparison(total, op, k)),
            lambda: self.model.add(_comparison(total, *negation(op, k))),
        )

    # -- top level: the native forms ----------------------------------------------------------------

    def post_all_different(self, c: AllDifferent) -> None:
        self.model.add_all_different([self.vars[n] for n in c.vars])

    def post_table(self, c: Table) -> None:
        if not c.vars:  # a table over nothing holds iff it lists the empty tuple
            self._post_constant(bool(c.tuples))
            return
        self.model.add_allowed_assignments([self.vars[n] for n in c.vars], list(c.tuples))

    def post_regular(self, c: Regular) -> None:
        """CP-SAT's automaton constraint, over the transitions as they are."""
        if not c.vars or not c.transitions or not c.accepting:  # the empty word, or no word at all
            self._post_constant(not c.vars and c.start in c.accepting)
            return
        self.model.add_automaton([self.vars[n] for n in c.vars], c.start, list(c.accepting), list(c.transitions))

    def post_product(self, c: Product) -> None:
        """CP-SAT's own multiplication equality (docs/performance.md, "Products": measured against the
        table of supports every other backend posts)."""
        self.model.add_multiplication_equality(self.vars[c.var], [self.vars[n] for n in c.factors])

    def post_linear(self, c: Linear) -> None:
        if not c.terms:
            self._post_constant(_comparison(0, c.op, c.rhs))
            return
        self.model.add(_comparison(self._expr(c.terms), c.op, c.rhs))

    def post_in_set(self, c: InSet) -> None:
        self.model.add_linear_expression_in_domain(self.vars[c.var], cp_model.Domain.from_values(c.values))

    def post_count(self, c: Count) -> None:
        if not c.conds:
            self._post_constant(_comparison(0, c.op, c.k))
            return
        self.model.add(_comparison(sum(self.reify(sub) for sub in c.conds), c.op, c.k))

    def post_connected(self, c: Connected) -> None:
        """A distance labelling from the area's first node (`cpsat_connected`)."""
        from .cpsat_connected import post_connected

        post_connected(self.model, [self.reify(sub) for sub in c.conds], c.edges)

    def post_or(self, c: Or) -> None:
        if len(c.conds) == 1:
            self.post(c.conds[0])
            return
        self.model.add_bool_or([self.reify(sub) for sub in c.conds])  # empty: infeasible

    # -- nested (reified) -----------------------------------------------------------------------

    def reify_linear(self, c: Linear) -> Lit:
        if not c.terms:
            return self.constant(_comparison(0, c.op, c.rhs))
        if len({n for _, n in c.terms}) == 1:
            # One variable: the values satisfying it form a set, whose literals are shared.
            name = c.terms[0][1]
            coef = sum(k for k, _ in c.terms)
            values = tuple(v for v in self.domains[name] if _comparison(coef * v, c.op, c.rhs))
            return self.reify(InSet(name, values))
        expr = self._expr(c.terms)
        return self._reified(
            lambda: self.model.add(_comparison(expr, c.op, c.rhs)),
            lambda: self.model.add(_comparison(expr, *negation(c.op, c.rhs))),
        )

    def reify_in_set(self, c: InSet) -> Lit:
        domain = self.domains[c.var]
        wanted = set(c.values)
        inside = tuple(v for v in domain if v in wanted)
        outside = tuple(v for v in domain if v not in wanted)
        if not outside or not inside:
            return self.constant(not outside)
        if inside != c.values:  # normalise, so equal sets share one literal
            return self.reify(InSet(c.var, inside))
        x = self.vars[c.var]
        if domain == (0, 1):  # a 0/1 variable is its own literal
            return x if inside == (1,) else x.negated()
        if len(outside) == 1 and (len(inside) > 1 or inside[0] > outside[0]):
            # x in D \ {v} is not (x == v): share that literal (over two values, x == lo is the one).
            return self.reify(InSet(c.var, outside)).negated()
        if len(inside) == 1:
            return self._reified(
                lambda: self.model.add(x == inside[0]), lambda: self.model.add(x != inside[0])
            )
        return self._reified(
            lambda: self.model.add_linear_expression_in_domain(x, cp_model.Domain.from_values(inside)),
            lambda: self.model.add_linear_expression_in_domain(x, cp_model.Domain.from_values(outside)),
        )


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


class _Collector(cp_model.CpSolverSolutionCallback):
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


class CpSatBackend:
    """Compiles the IR to a CP-SAT model and solves it (one worker unless -O workers=N)."""

    name = "cpsat"
    exact = True
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = {
        "workers": (int, "number of CP-SAT search workers (default 1: fastest on puzzles)"),
    }

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise CspdslError(f"option workers of backend 'cpsat' must be at least 1, not {workers}")
        self.workers = workers

    def compile(self, problem: Problem) -> Compiled:
        start = time.perf_counter()
        native = CpSatTranslator(problem).build()
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
        if limit == 1:
            solutions, status, stopped = self._solve_one(solver, native, on_solution)
        elif compiled.problem.projected:  # hidden variables: one solve per solution, not per assignment
            from .cpsat_projected import projected_search

            problem = compiled.problem
            solutions, status, stopped = projected_search(solver, native, problem.outputs, limit, on_solution, timeout)
        else:
            deadline = None if timeout is None else time.monotonic() + timeout
            collector = _Collector(compiled.problem, native.vars, limit, on_solution, deadline)
            solutions, status, stopped = self._enumerate(solver, native, collector)
        wall = time.perf_counter() - start
        if status == cp_model.MODEL_INVALID:
            raise RuntimeError(f"CP-SAT rejected the model: {native.model.validate()}")
        if _interrupted(status, stopped, timeout, wall):
            raise KeyboardInterrupt  # as any other search interrupted by Ctrl-C
        return self._outcome(solver, status, solutions, stopped, limit, wall, compiled.problem.projected)

    def optimise(
        self, compiled: Compiled, *, timeout: float | None, seed: int | None, on_solution: OnSolution | None = None
    ) -> Outcome:
        """CP-SAT's own objective (`cpsat_optimise`), on `-O workers` workers."""
        from .cpsat_optimise import optimise

        start = time.perf_counter()
        outcome, status = optimise(self._solver(self.workers, timeout, seed), compiled, on_solution)
        if _interrupted(status, False, timeout, time.perf_counter() - start):
            raise KeyboardInterrupt
        return outcome

    @staticmethod
    def _solver(workers: int, timeout: float | None, seed: int | None) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = workers
        solver.parameters.log_search_progress = False
        solver.parameters.log_to_stdout = False
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
        solver: cp_model.CpSolver, native: CpSatModel, collector: _Collector
    ) -> tuple[list[Assignment], Any, bool]:
        solver.parameters.enumerate_all_solutions = True
        if native.cover:  # an exact cover: the first cell left, by each placement over it (`cpsat_cover`)
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


def _interrupted(status: Any, stopped: bool, timeout: float | None, wall: float) -> bool:
    """Whether CP-SAT's search ended because of Ctrl-C: CP-SAT catches SIGINT itself and stops as at
    a time limit (FEASIBLE or UNKNOWN), so a search that was neither stopped by us nor near its time
    limit was interrupted."""
    if stopped or status not in (cp_model.FEASIBLE, cp_model.UNKNOWN):
        return False
    return timeout is None or wall < timeout - INTERRUPT_MARGIN


# A search that ends this much before its time limit, neither done nor stopped by us, was interrupted.
INTERRUPT_MARGIN = 0.25
