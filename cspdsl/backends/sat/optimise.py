"""The SAT backend's optimisation: two methods over the same CNF (`-O optimise=bounds|maxsat`).

- `bounds` (the default): bound tightening on one incremental solver. A first model gives a value;
  each next call asks, as an assumption, for the literal of `objective <= b` (the encoder's reified
  sum: a decision diagram, or a set of values for an objective on one variable, defined both ways so
  it never multiplies solutions), with b halfway between the best bound proved and the best value
  found. A model lowers the value, a refusal raises the bound (and its negation is added, a fact the
  solver keeps), until they meet: the optimum, proved. Each model and each bound is reported as it
  comes, so a time limit leaves the best solution and the best bound proved so far.
- `maxsat`: PySAT's RC2, core-guided MaxSAT: each value literal of an objective variable is a soft
  clause weighted by what that value adds to the objective. It proves the optimum in one call and
  reports nothing before: under a time limit that stops it, neither solution nor bound is known.

docs/backend-sat.md gives the measurements that chose the default (bench/optimise.py).
"""

from __future__ import annotations

import time

from ...ir import Linear, Objective, Problem
from ...static_types import Any
from .. import Assignment, Compiled, OnSolution, Outcome
from ..child import Emit, run_with_time_limit
from .encoder import SatModel, compile_cnf
from .engines import Solver
from .search import decode

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
        fresh = compile_cnf(problem, implied=False)
        native.cnf, native.values, native.encoder = fresh.cnf, fresh.values, fresh.encoder
    return native.encoder


def by_bounds(emit: Emit, engine: str, native: SatModel, problem: Problem) -> dict[str, Any]:
    """Bound tightening (the module docstring); emits ("solution", assignment) and ("bound", b), b a
    proved bound on the minimised sum; returns {"proved": True} once the optimum (or none) is proved.
    The CNF is rolled back after, and the encoder let go, whose memos name the removed variables."""
    objective = problem.objective
    assert objective is not None
    terms = objective.minimised()
    encoder = encoder_of(native, problem)
    cnf = native.cnf
    start = cnf.checkpoint()
    try:
        with Solver(engine) as solver:
            return _tighten(emit, solver, encoder, native, terms, floor_of(terms, problem.domains()))
    finally:
        cnf.rollback(start)
        native.encoder = None


def _tighten(emit: Emit, solver: Solver, encoder: Any, native: SatModel, terms: Terms, low: int) -> dict[str, Any]:
    cnf = native.cnf
    given = len(cnf.clauses)
    if not solver.add_all(cnf.clauses) or not solver.solve():
        return {"proved": True}
    best = _report(emit, native, solver, terms)
    while low < best:
        below = (low + best - 1) // 2
        literal = encoder.reify(Linear(terms, "<=", below))
        solver.add_all(cnf.clauses[given:])
        given = len(cnf.clauses)
        if solver.solve([literal]):
            best = _report(emit, native, solver, terms)
        else:
            low = below + 1
            solver.add([-literal])
            emit(("bound", low))
    return {"proved": True}


def _report(emit: Emit, native: SatModel, solver: Solver, terms: Terms) -> int:
    assignment = decode(native.values, solver.model())
    emit(("solution", assignment))
    return minimised_sum(terms, assignment)


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
            emit(("solution", decode(native.values, list(model))))
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
    """A search of `SEARCHES[method]`, under the time limit in a child process, as `Backend.optimise`'s
    Outcome: the solutions in the order found, the value of the last, and the best bound proved (at
    least the least value the domains allow)."""
    problem = compiled.problem
    objective = problem.objective
    assert objective is not None

    def shown(item: tuple[str, Any]) -> None:
        if item[0] == "solution" and on_solution is not None:
            on_solution(item[1])

    start = time.perf_counter()
    run = run_with_time_limit(SEARCHES[method], (engine, compiled.native, problem), timeout, shown)
    solutions = [payload for kind, payload in run.items if kind == "solution"]
    bounds = [payload for kind, payload in run.items if kind == "bound"]
    terms = objective.minimised()
    proved = run.summary is not None and not run.timed_out
    stats = {"wall_seconds": time.perf_counter() - start, "engine": engine, "optimise": method,
             "bounds_proved": len(bounds), "forked": int(timeout is not None)}
    outcome = Outcome(solutions, proved, run.timed_out, stats)
    low = max([floor_of(terms, problem.domains()), *bounds])
    if solutions:
        outcome.objective = objective.value_of(minimised_sum(terms, solutions[-1]))
        low = minimised_sum(terms, solutions[-1]) if proved else low
    outcome.bound = objective.value_of(low)
    return outcome
