"""The SAT backend's optimisation: two methods over the same CNF (`-O optimise=bounds|maxsat`).

- `bounds` (the default): bound tightening on one incremental solver. A first model gives a value;
  each next call asks, as an assumption, for the literal of `objective <= b` (the encoder's reified
  sum: a decision diagram, or a set of values for an objective on one variable, defined both ways so
  it never multiplies solutions), with b halfway between the best bound proved and the best value
  found. A model lowers the value, a refusal raises the bound (and its negation is added, a fact the
  solver keeps), until they meet: the optimum, proved. Each model and each bound is reported as it
  comes, so a time limit leaves the best solution and the best bound proved so far. Under a time
  limit, it is tried in this process for a moment before it goes on in a child (`_searched`).
  Where the model hides variables, a model found is first improved with its shown values held (as
  assumptions) until none of them does better: the solution reported is the best of its shown values,
  so that every later one, better still, differs from it on them (a backend gives solutions distinct
  on the outputs; a hidden start time can lower the value with the same shown order).
- `maxsat`: PySAT's RC2, core-guided MaxSAT: each value literal of an objective variable is a soft
  clause weighted by what that value adds to the objective. It proves the optimum in one call and
  reports nothing before: under a time limit that stops it, neither solution nor bound is known.

docs/backend-sat.md gives the measurements that chose the default (bench/optimise.py).
"""

from __future__ import annotations

import time

from ...core.deadline import TimeLimitReached, time_limited
from ...core.static_types import Any
from ...ir import Linear, Objective, Problem
from ..child import FORKS, ChildRun, Emit, keeper, run_with_time_limit
from ..protocol import Assignment, Compiled, OnSolution, Outcome
from .cnf import TRUE
from .encoder import SatModel, compile_cnf
from .engines import OutOfBudget, PysatEngine, Solver
from .partition import chosen_literals
from .search import QUICK_SECONDS, choices_of, decode

Terms = tuple[tuple[int, str], ...]
METHODS = ("bounds", "maxsat")


def minimised_sum(terms: Terms, assignment: Assignment) -> int:
    return sum(coef * assignment[name] for coef, name in terms)


def floor_of(terms: Terms, domains: dict[str, tuple[int, ...]]) -> int:
    """The least the minimised sum can be over the domains: the bound known before any search."""
    return sum(min(coef * domains[name][0], coef * domains[name][-1]) for coef, name in terms)


def encoder_of(native: SatModel, problem: Problem) -> Any:
    """The encoder that wrote the CNF, or a new one where it was let go (after symmetry breaking)."""
    if native.encoder is None:
        fresh = compile_cnf(problem, implied=False, rulers=bool(native.derived))  # as the first compile chose
        native.cnf, native.values, native.encoder = fresh.cnf, fresh.values, fresh.encoder
        native.derived = fresh.derived
    return native.encoder


def by_bounds(emit: Emit, engine: str, native: SatModel, problem: Problem) -> dict[str, Any]:
    """Bound tightening (the module docstring); emits ("solution", assignment) and ("bound", b), b a
    proved bound on the minimised sum; returns {"proved": True} once the optimum (or none) is proved.
    The CNF is rolled back after, and the encoder let go, whose memos name the removed variables."""
    encoder = encoder_of(native, problem)
    start = native.cnf.checkpoint()
    try:
        with _Tightening(emit, engine, encoder, native, problem, None) as tightening:
            return tightening.run()
    finally:
        native.cnf.rollback(start)
        native.encoder = None


def quick_bounds(engine: str, native: SatModel, problem: Problem,
                 budget: float) -> tuple[list[tuple[str, Any]], _Tightening | None]:
    """`by_bounds` in this process, each call to the engine held to its quick effort limit, for up
    to `budget` seconds: what it emitted, in order, and None if it proved the optimum in that time,
    else the tightening as it stands, its solver live, to go on with (`resume_bounds`; the caller
    closes it).

    A search that needs longer goes on in a child process, from the CNF as this one left it: the
    definitions of its bounds stay, as do the encoder's memos that name them (the caller rolls the
    CNF back once the search is over, as `by_bounds` does)."""
    items: list[tuple[str, Any]] = []
    started = time.perf_counter()
    tightening = _Tightening(items.append, engine, encoder_of(native, problem), native, problem, started + budget)
    try:
        with time_limited(time.monotonic() + budget):  # the diagrams of the bounds check it
            tightening.run()
    except (OutOfBudget, TimeLimitReached):
        return items, tightening
    tightening.close()
    return items, None


def resume_bounds(emit: Emit, tightening: _Tightening) -> dict[str, Any]:
    """The quick try's tightening (`quick_bounds`) gone on with, without effort limits: in a forked
    child, which has the solver as the quick try left it, with what it learnt."""
    tightening.emit, tightening.until = emit, None
    return tightening.run()


class _Tightening:
    """One run of bound tightening: the solver, the clauses of the CNF it has, the effort limits, and
    the best value found and the least bound proved so far, so that a run stopped by its effort limit
    can go on where it stopped. `until` (a `time.perf_counter()` time), if given: each call to the
    engine gets its quick effort limit (OutOfBudget when one runs out) and none starts after it."""

    def __init__(self, emit: Emit, engine: str, encoder: Any, native: SatModel, problem: Problem,
                 until: float | None) -> None:
        objective = problem.objective
        assert objective is not None
        self.emit, self.encoder, self.native, self.until = emit, encoder, native, until
        self.terms = objective.minimised()
        self.solver = Solver(engine)
        self.given = 0  # the clauses of the CNF given to the solver so far
        self.best: int | None = None  # the value of the best solution found
        self.low = floor_of(self.terms, problem.domains())  # the least value not ruled out
        # Where variables are hidden: each output's value literals, to hold a model's shown values.
        self.shown = choices_of(native.values, problem.outputs) if problem.projected else None

    def __enter__(self) -> _Tightening:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.solver.close()

    def run(self) -> dict[str, Any]:
        if self.best is None:
            if not self._solve([]):
                return {"proved": True}
            self.best = self._report()
        while self.low < self.best:
            below = (self.low + self.best - 1) // 2
            literal = self._at_most(below)
            if self._solve([literal]):
                self.best = self._report()
            else:
                self.low = below + 1
                self.solver.add([-literal])
                self.emit(("bound", self.low))
        return {"proved": True}

    def _at_most(self, below: int) -> int:
        """The literal of `objective <= below`, defined both ways (it holds only when assumed)."""
        literal: int = self.encoder.reify(Linear(self.terms, "<=", below))
        return literal

    def _report(self) -> int:
        """The solver's model emitted (the best of its shown values, where variables are hidden); its
        value."""
        model = self.solver.model()
        if self.shown is not None:
            model = self._best_with_shown_values(model)
        assignment = decode(self.native.values, model, self.native.derived)
        self.emit(("solution", assignment))
        return minimised_sum(self.terms, assignment)

    def _best_with_shown_values(self, model: list[int]) -> list[int]:
        """A model of the least value that has `model`'s shown values: bound tightening under the
        assumptions that hold them (a refusal there proves nothing of the whole, so adds no fact)."""
        assert self.shown is not None
        held = [literal for literal in chosen_literals(model, self.shown) if literal != TRUE]
        value, low = self._value(model), self.low
        while low < value:
            below = (low + value - 1) // 2
            if self._solve([*held, self._at_most(below)]):
                model = self.solver.model()
                value = self._value(model)
            else:
                low = below + 1
        return model

    def _value(self, model: list[int]) -> int:
        return minimised_sum(self.terms, decode(self.native.values, model, self.native.derived))

    def _solve(self, assumptions: list[int]) -> bool:
        """The clauses the CNF has gained given to the solver, then one call to it."""
        clauses = self.native.cnf.clauses
        added = self.solver.add_all(clauses[self.given :] if self.given else clauses)
        self.given = len(clauses)
        if self.until is None:
            return added and self.solver.solve(assumptions)
        if time.perf_counter() > self.until:
            raise OutOfBudget("the quick search's time")
        return added and self.solver.solve(assumptions, conflicts=PysatEngine.QUICK_CONFLICTS)


def by_maxsat(emit: Emit, engine: str, native: SatModel, problem: Problem) -> dict[str, Any]:
    """RC2 on the CNF as hard clauses and the objective's values as soft ones (the module docstring)."""
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

    objective = problem.objective
    assert objective is not None
    formula = WCNF()
    formula.extend(native.cnf.clauses)
    for literal, weight in soft_literals(objective, native).items():
        formula.append([-literal], weight=weight)
    with RC2(formula) as maxsat:
        model = maxsat.compute()
        if model is not None:
            emit(("solution", decode(native.values, list(model), native.derived)))
    return {"proved": True}


def soft_literals(objective: Objective, native: SatModel) -> dict[int, int]:
    """Each value literal of an objective variable with the positive weight it costs when true: what
    the value adds to the minimised sum above the variable's least contribution (a variable met in
    several terms counts once, its coefficients added)."""
    coefs: dict[str, int] = {}
    for coef, name in objective.minimised():
        coefs[name] = coefs.get(name, 0) + coef
    weights: dict[int, int] = {}
    for name, coef in coefs.items():
        pairs = native.values[name]
        least = min(coef * value for value, _ in pairs)
        for value, literal in pairs:
            cost = coef * value - least
            if cost > 0:
                weights[literal] = weights.get(literal, 0) + cost
    return weights


SEARCHES = {"bounds": by_bounds, "maxsat": by_maxsat}


def optimise_outcome(
    method: str, engine: str, compiled: Compiled, timeout: float | None, on_solution: OnSolution | None
) -> Outcome:
    """A search of `SEARCHES[method]` (`_searched`), as `Backend.optimise`'s Outcome: the solutions in
    the order found, the value of the last, and the best bound proved (at least the least value the
    domains allow)."""
    problem = compiled.problem
    objective = problem.objective
    assert objective is not None

    def shown(item: tuple[str, Any]) -> None:
        if item[0] == "solution" and on_solution is not None:
            on_solution(item[1])

    start = time.perf_counter()
    run, forked = _searched(method, engine, compiled, timeout, shown)
    solutions = [payload for kind, payload in run.items if kind == "solution"]
    bounds = [payload for kind, payload in run.items if kind == "bound"]
    terms = objective.minimised()
    proved = run.summary is not None and not run.timed_out
    stats = {"wall_seconds": time.perf_counter() - start, "engine": engine, "optimise": method,
             "bounds_proved": len(bounds), "forked": forked}
    outcome = Outcome(solutions, proved, run.timed_out, stats)
    low = max([floor_of(terms, problem.domains()), *bounds])
    if solutions:
        outcome.objective = objective.value_of(minimised_sum(terms, solutions[-1]))
        low = minimised_sum(terms, solutions[-1]) if proved else low
    outcome.bound = objective.value_of(low)
    return outcome


def _searched(method: str, engine: str, compiled: Compiled, timeout: float | None, shown: Emit) -> tuple[ChildRun, int]:
    """The search's items and summary, and whether it ran in a child process (1) or here (0).

    Under a time limit it runs in a child, which the limit can stop; bound tightening is first tried
    here for up to QUICK_SECONDS (`quick_bounds`), as a search is (`search.quick_search`): an
    optimum proved that soon does not pay for the child (its start and the modules it imports)."""
    native, problem = compiled.native, compiled.problem
    # Without the encoder that wrote the CNF (let go after symmetry breaking, or a search before),
    # the search compiles the CNF anew: in the child, which the time limit stops, as it always has.
    if timeout is None or method != "bounds" or native.encoder is None:
        run = run_with_time_limit(SEARCHES[method], (engine, native, problem), timeout, shown)
        return run, int(timeout is not None)
    started = time.perf_counter()
    start = native.cnf.checkpoint()
    try:
        items, unfinished = quick_bounds(engine, native, problem, min(QUICK_SECONDS, timeout / 2))
        if unfinished is None:
            return _shown(items, shown, ChildRun(summary={"proved": True})), 0
        with unfinished:
            return _in_child(unfinished, items, engine, compiled, timeout - (time.perf_counter() - started), shown), 1
    finally:
        native.cnf.rollback(start)
        native.encoder = None


def _in_child(unfinished: _Tightening, items: list[tuple[str, Any]], engine: str, compiled: Compiled,
              left: float, shown: Emit) -> ChildRun:
    """The quick try's search gone on with in a child process for the time `left`. A forked child
    has the quick try's solver, with what it learnt, and goes on from where it stopped, after the
    solutions and bounds it found (`resume_bounds`); a spawned one (no fork: Windows) starts again."""
    left = max(left, 0.001)
    if not FORKS:
        return run_with_time_limit(by_bounds, (engine, compiled.native, compiled.problem), left, shown)
    found = _shown(items, shown, ChildRun()).items
    resumed = run_with_time_limit(resume_bounds, (unfinished,), left, shown)
    resumed.items[:0] = found
    return resumed


def _shown(items: list[tuple[str, Any]], shown: Emit, run: ChildRun) -> ChildRun:
    """`run` with the quick try's items kept, each shown first (`keeper`), as a child's would be."""
    keep = keeper(run.items, shown)
    for item in items:
        keep(item)
    return run
