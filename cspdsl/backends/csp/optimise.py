"""Branch and bound over the library's search: each search looks for a solution better than the best
so far, with the bound posted as a constraint that prunes before and during the search.

Each round posts `objective <= best - 1` (minimised), narrows every domain by bounds propagation over
the model's sums and that bound (`bounds.py`: on the Golomb ruler, the bound on the last mark reaches
every mark and every distance before the search starts), builds the library's model over the narrowed
domains, and searches it for one solution, branching on the variable with the fewest values left and
trying each objective variable's values in the order that lowers the objective most first (the other
variables' from the smallest up). The search is the library's objects driven by our own loop
(`search.SmallestFirstSearch`), with `ObjectiveBound` among its constraints: a library constraint over
the objective's variables that forward checking uses to hide the values that would break the bound. A
round that finds nothing proves the last solution optimal (or, the first round, that there is none).
Under a time limit the rounds run in a child process that streams each better solution back
(`child.run_with_time_limit`); the bound it has proved is only what the domains allow, since a branch
and bound proves nothing until it ends.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import constraint as pc

from ...core.static_types import TYPE_CHECKING, Any
from ...ir import Linear, Posted, Problem, Var
from ...passes.narrow import narrow_domains
from ..child import Emit, run_with_time_limit
from ..protocol import Assignment, Compiled, OnSolution, Outcome
from .bounds import narrowed_domains
from .search import SmallestFirstSearch, _Node, _prepared

if TYPE_CHECKING:
    from . import CspModel

Terms = tuple[tuple[int, str], ...]
Build = Callable[[Problem], "CspModel"]  # the library's model of a problem: `CspBackend._build`


class ObjectiveBound(pc.Constraint):  # type: ignore[misc]
    """sum(coef * x) <= limit over the objective's variables: the round's bound, pruning as it searches."""

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


def branch_and_bound(emit: Emit, build: Build, problem: Problem, forwardcheck: bool) -> dict[str, Any]:
    """Emit better and better solutions, a round each (the module docstring); {"proved": True, ...} once
    a round finds none."""
    objective = problem.objective
    assert objective is not None
    terms = objective.minimised()
    base = narrow_domains(problem)
    extra: list[Linear] = []
    rounds = 0
    while True:
        rounds += 1
        bounded = _bounded(base, extra)
        native = None if bounded is None else build(bounded)
        solution = None if native is None else _first_solution(native, terms, forwardcheck, extra)
        if solution is None:
            return {"proved": True, "rounds": rounds}
        emit(solution)
        extra = [Linear(terms, "<=", sum(coef * solution[name] for coef, name in terms) - 1)]


def _bounded(problem: Problem, extra: list[Linear]) -> Problem | None:
    """The problem with the bound posted and its domains narrowed by bounds propagation (None: empty)."""
    domains = narrowed_domains(problem, extra)
    if domains is None:
        return None
    variables = {name: Var(name, tuple(domains[name]), var.span) for name, var in problem.variables.items()}
    return Problem(variables, [*problem.constraints, *(Posted(bound) for bound in extra)], list(problem.outputs),
                   projected=problem.projected)


def _first_solution(native: CspModel, terms: Terms, forwardcheck: bool, extra: list[Linear]) -> Assignment | None:
    """One solution of the round's model, searched towards the bound, or None."""
    if native.infeasible:
        return None
    limit = extra[0].rhs if extra else _ceiling(terms, native)
    scope = tuple(name for _, name in terms)
    with_bound = native.copy_with([(ObjectiveBound([coef for coef, _ in terms], limit), scope)]) if terms else native
    prepared = _prepared(with_bound)
    if prepared is None:
        return None
    domains, _, vconstraints = prepared
    search = TowardsBoundSearch(domains, vconstraints, native.order, forwardcheck, terms)
    return next(iter(search.solutions()), None)


class TowardsBoundSearch(SmallestFirstSearch):
    """The smallest-domain-first search, each variable's values tried in the order that lowers the
    minimised objective most first (an objective variable's), or from the smallest up (the others)."""

    def __init__(self, domains: dict[str, Any], vconstraints: dict[str, Any], order: list[str], forwardcheck: bool,
                 terms: Terms) -> None:
        super().__init__(domains, vconstraints, order, forwardcheck)
        self.coefficients: dict[str, int] = {}
        for coef, name in terms:
            self.coefficients[name] = self.coefficients.get(name, 0) + coef

    def _node(self, free: list[str]) -> _Node:
        node = super()._node(free)
        coef = self.coefficients.get(node.variable, 1) or 1
        node.values.sort(key=lambda value: -coef * value)  # the last is tried first
        return node


def _ceiling(terms: Terms, native: CspModel) -> int:
    """The most the minimised sum can be over the domains: a bound that cuts nothing."""
    return sum(max(coef * native.domains[name][0], coef * native.domains[name][-1]) for coef, name in terms)


def optimise(compiled: Compiled, timeout: float | None, forwardcheck: bool, build: Build,
             on_solution: OnSolution | None) -> Outcome:
    """`Backend.optimise` on the csp backend; `build` makes the library's model of a problem."""
    objective = compiled.problem.objective
    assert objective is not None
    start = time.perf_counter()
    args = (build, compiled.problem, forwardcheck)
    run = run_with_time_limit(branch_and_bound, args, timeout, on_solution)
    proved = run.summary is not None and not run.timed_out
    stats = {"wall_seconds": time.perf_counter() - start, "in_child": timeout is not None,
             "rounds": (run.summary or {}).get("rounds")}
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
