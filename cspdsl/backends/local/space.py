"""The search space of the local searches: variables by number, groups, and the paid constraints' costs.

Costs are kept per constraint: a move re-evaluates only the constraints that mention the variables
it changes (`Space.touching`), so an iteration costs a few constraint evaluations, not all of them.
The groups (`local/groups.py`) are the constraints that are kept rather than paid for.
"""

from __future__ import annotations

from ...core.record import Record
from ...ir import Constraint, Problem, variables_of
from ...passes.narrow import propagate_all_different
from .cost import Violation, violation
from .groups import Group, find_groups


class Space(Record, frozen=False):
    """A problem compiled for local search: variables by number, groups, and cost functions."""

    names: list[str]
    domains: list[tuple[int, ...]]
    allowed: list[frozenset[int]]
    groups: list[Group]
    group_of: list[int]  # variable -> its group, or -1
    movable: list[int]  # the variables a move can change
    costs: list[Violation]  # one per constraint that is paid for
    scopes: list[tuple[int, ...]]  # the variables of each paid constraint
    touching: list[tuple[int, ...]]  # variable -> the paid constraints that mention it
    paid: list[Constraint]


def build_space(problem: Problem, weighted: bool = True, propagate: bool = True) -> Space:
    """The search space of a problem whose domains are already narrowed (passes.narrow.narrow_domains)."""
    if propagate:
        problem = propagate_all_different(problem)
    names = list(problem.variables)
    index = {name: i for i, name in enumerate(names)}
    domains = [problem.variables[name].domain for name in names]
    constraints = [posted.constraint for posted in problem.constraints]
    groups = find_groups(constraints, index, domains)
    paid = _paid(constraints, groups)
    scopes = [tuple(sorted(index[name] for name in variables_of(c))) for c in paid]
    return Space(
        names=names,
        domains=domains,
        allowed=[frozenset(d) for d in domains],
        groups=groups,
        group_of=_group_of(len(names), groups),
        movable=[v for v, d in enumerate(domains) if len(d) > 1],
        costs=[violation(c, index, weighted) for c in paid],
        scopes=scopes,
        touching=_touching(len(names), scopes),
        paid=paid,
    )


def _paid(constraints: list[Constraint], groups: list[Group]) -> list[Constraint]:
    """The constraints that no group keeps, in posting order: the ones a state pays for."""
    structural = {c for g in groups for c in g.source}
    return [c for i, c in enumerate(constraints) if i not in structural]


def _group_of(count: int, groups: list[Group]) -> list[int]:
    """Each of the `count` variables' group number, or -1 for a variable in no group."""
    group_of = [-1] * count
    for number, group in enumerate(groups):
        for v in group.vars:
            group_of[v] = number
    return group_of


def _touching(count: int, scopes: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Each of the `count` variables' paid constraints (by number, in order): what a move of it re-evaluates."""
    touching: list[list[int]] = [[] for _ in range(count)]
    for number, scope in enumerate(scopes):
        for v in scope:
            touching[v].append(number)
    return [tuple(t) for t in touching]
