"""Domain narrowing shared by the backends that enumerate values themselves (SAT, python-constraint, local search).

A top-level constraint on one variable (`x in {...}`, `2*x <= 5`, `not x == 3`) is a domain in
disguise: cutting the domain instead removes values before any encoding sees them. The tile square
declares its cells `in 11..99` and then places 16 tile values: 89 values become 16.

A fixed variable of a top-level all-different rules its value out for the others
(`propagate_all_different`): a Sudoku's givens empty their rows, columns and boxes of their values.
The local searches do that on request, as they have no propagation of their own.
"""

from __future__ import annotations

from ..core.deadline import check_deadline
from ..ir import AllDifferent, And, Constraint, InSet, Linear, Not, Posted, Problem, Var, op_holds


def narrow_domains(problem: Problem) -> Problem:
    """An equivalent problem whose domains are cut by its top-level one-variable constraints.

    Those constraints are dropped; the rest are kept in order. The result has the same variables
    (possibly with empty domains, which makes it unsatisfiable) and the same outputs, so its
    solutions are solutions of `problem`, and the other way round.
    """
    domains = _Domains(problem)
    kept: list[Posted] = []
    for posted in problem.constraints:
        c = posted.constraint
        for part in _conjuncts(c) if isinstance(c, And) else (c,):
            allowed = _unary_values(part, domains)
            if allowed is None:
                kept.append(posted if part is c else Posted(part, posted.span, posted.clue))
            else:
                name, values = allowed
                domains[name] &= values
    return _with_domains(problem, domains, kept)


class _Domains(dict[str, set[int]]):
    """The variables' values as sets, each made from its declared domain when first asked for (most
    variables of a model are never narrowed)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__()
        self.variables = problem.variables

    def __missing__(self, name: str) -> set[int]:
        values = self[name] = set(self.variables[name].domain)
        return values


def _with_domains(problem: Problem, domains: dict[str, set[int]], constraints: list[Posted]) -> Problem:
    """The problem's variables, in order, with these domains (a variable left out, or whose values are
    all still there, keeps its record), and these constraints."""
    variables = dict(problem.variables)  # in order; the few narrowed replaced in place
    for name, values in domains.items():
        var = variables[name]
        if len(values) != len(var.domain):
            variables[name] = Var(name, tuple(sorted(values)), var.span)
    return Problem(variables, constraints, list(problem.outputs), None, problem.projected, None)


def _conjuncts(c: Constraint) -> list[Constraint]:
    """A top-level And is its parts, each posted on its own."""
    if isinstance(c, And) and c.conds:
        return [part for sub in c.conds for part in _conjuncts(sub)]
    return [c]


def _unary_values(c: Constraint, domains: dict[str, set[int]]) -> tuple[str, set[int]] | None:
    """(x, the values of x that satisfy c) when c mentions only the variable x; else None."""
    negate = False
    while isinstance(c, Not):
        negate, c = not negate, c.cond
    if isinstance(c, InSet):
        name, satisfying = c.var, set(c.values)
    elif isinstance(c, Linear) and c.terms and _one_name(c.terms):
        name = c.terms[0][1]
        coef = sum(k for k, _ in c.terms)
        satisfying = {v for v in domains[name] if op_holds(coef * v, c.op, c.rhs)}
    else:
        return None
    if negate:
        satisfying = domains[name] - satisfying
    return name, satisfying


def _one_name(terms: tuple[tuple[int, str], ...]) -> bool:
    """Whether the terms are all of one variable (a two-term sum, the most common, at a glance)."""
    if len(terms) == 2:
        return terms[0][1] == terms[1][1]
    return len({name for _, name in terms}) == 1


def propagate_all_different(problem: Problem) -> Problem:
    """An equivalent problem in which the value of a variable with one value is removed from the other
    variables of each top-level AllDifferent it is in, to a fixpoint.

    Sound: no solution is lost; the constraints are kept. A domain may come out empty (two variables
    of one AllDifferent fixed to the same value), which makes the problem unsatisfiable. The
    AllDifferents are taken in posting order, their variables in order, pass after pass.
    """
    domains = {name: set(var.domain) for name, var in problem.variables.items()}
    groups = [p.constraint.vars for p in problem.constraints if isinstance(p.constraint, AllDifferent)]
    while _remove_fixed_values(domains, groups):  # as many passes as it fixes variables, and one
        check_deadline()
    return _with_domains(problem, domains, list(problem.constraints))


def _remove_fixed_values(domains: dict[str, set[int]], groups: list[tuple[str, ...]]) -> bool:
    """One pass over the groups: each fixed variable's value out of its group's other domains.
    Whether a domain changed."""
    changed = False
    for names in groups:
        for name in names:
            if len(domains[name]) != 1:
                continue
            (fixed,) = domains[name]
            for other in names:
                if other != name and fixed in domains[other]:
                    domains[other].discard(fixed)
                    changed = True
    return changed
