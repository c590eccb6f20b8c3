"""Branch and bound over the library's search: the objective joins the constraints as a bound that
every solution found tightens.

`ObjectiveBound` is a library constraint over the objective's variables: the minimised sum of the
assigned ones plus the least the unassigned ones can still add must stay within `limit`, and forward
checking hides the values that would break it. The search is the library's own generator: each time it
yields a solution, `limit` becomes that solution's value less one, and the search goes on from where it
was under the tighter bound (the library checks a constraint when one of its variables is assigned, so a
solution that differs from the last only in other variables is passed over here). When the search ends, the last
solution is optimal (or there was none). Under a time limit the search runs in a child process that
streams each better solution back (`child.run_with_time_limit`); the bound it has proved is only what
the domains allow, since a branch and bound proves nothing until it ends.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import constraint as pc

from ...ir import Objective
from ...static_types import TYPE_CHECKING, Any
from .. import Compiled, OnSolution, Outcome
from ..child import Emit, run_with_time_limit
from .search import OrderedSolver, SmallestFirstSolver, _prepared

if TYPE_CHECKING:
    from . import CspModel


class ObjectiveBound(pc.Constraint):  # type: ignore[misc]
    """sum(coef * x) <= limit over the objective's variables, `limit` lowered as solutions come."""

    def __init__(self, coefficients: Sequence[int], limit: int) -> None:
        self.coefficients = list(coefficients)
        self.limit = limit

    def __call__(
        self, variables: Sequence[str], domains: dict[str, Any], assignments: dict[str, int], forwardcheck: Any = False
    ) -> bool:
        total = 0
        least: list[tuple[str, int, int]] = []  # unassigned: (name, coefficient, least it adds)
        for coef, name in zip(self.coefficients, variables, strict=True):
            if name in assignments:
                total += coef * assignments[name]
            else:
                values = domains[name]
                if not values:
                    return False
                least.append((name, coef, min(coef * value for value in values)))  # a restored domain is unsorted
        floor = total + sum(low for _, _, low in least)
        if floor > self.limit:
            return False
        if forwardcheck:
            return _hide_too_costly(domains, least, self.limit - floor)
        return True


def _hide_too_costly(domains: dict[str, Any], least: list[tuple[str, int, int]], room: int) -> bool:
    """Hide each unassigned value that adds more than its variable's least by over `room`."""
    for name, coef, low in least:
        domain = domains[name]
        for value in domain[:]:
            if coef * value - low > room:
                domain.hideValue(value)
        if not domain:
            return False
    return True


def branch_and_bound(emit: Emit, native: CspModel, objective: Objective, forwardcheck: bool) -> dict[str, Any]:
    """Emit better and better solutions; {"proved": True} once the search has ended."""
    if native.infeasible:
        return {"proved": True}
    terms = objective.minimised()
    bound = ObjectiveBound([coef for coef, _ in terms], _ceiling(terms, native))
    scope = tuple(name for _, name in terms)
    with_bound = native.copy_with([(bound, scope)]) if terms else native
    prepared = _prepared(with_bound)
    if prepared is None:
        return {"proved": True}
    solver = (SmallestFirstSolver if native.smallest_first else OrderedSolver)(native.order, forwardcheck)
    for assignment in solver.getSolutionIter(*prepared):
        value = sum(coef * assignment[name] for coef, name in terms)
        if value > bound.limit:  # the bound is checked as its variables are assigned: a solution that
            continue  # changed only others since it was lowered may not meet it
        emit(assignment)
        bound.limit = value - 1
    return {"proved": True}


def _ceiling(terms: tuple[tuple[int, str], ...], native: CspModel) -> int:
    """The most the minimised sum can be over the domains: a bound that cuts nothing."""
    return sum(max(coef * native.domains[name][0], coef * native.domains[name][-1]) for coef, name in terms)


def optimise(compiled: Compiled, timeout: float | None, forwardcheck: bool, on_solution: OnSolution | None) -> Outcome:
    """`Backend.optimise` on the csp backend."""
    objective = compiled.problem.objective
    assert objective is not None
    start = time.perf_counter()
    args = (compiled.native, objective, forwardcheck)
    run = run_with_time_limit(branch_and_bound, args, timeout, on_solution)
    proved = run.summary is not None and not run.timed_out
    stats = {"wall_seconds": time.perf_counter() - start, "in_child": timeout is not None}
    outcome = Outcome(list(run.items), proved, run.timed_out, stats)
    terms = objective.minimised()
    domains = compiled.problem.domains()
    floor = sum(min(coef * domains[name][0], coef * domains[name][-1]) for coef, name in terms)
    if outcome.solutions:
        best = sum(coef * outcome.solutions[-1][name] for coef, name in terms)
        outcome.objective = objective.value_of(best)
        floor = best if proved else floor
    outcome.bound = objective.value_of(floor)
    return outcome
