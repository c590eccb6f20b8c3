"""Bounds propagation over a problem's top-level linear constraints, for csp's branch and bound.

The library's search checks a constraint when one of its variables is assigned, and forward checking
prunes only the variables of that constraint: a bound on the objective (`mark[n] <= 16`) never reaches
the variables it constrains through other sums (`mark[i] < mark[i + 1]`, the differences). Before each
search of the branch and bound, the bound is posted and every top-level sum narrows the domains of its
variables to what the least and the most of its other terms allow, again and again until nothing
changes (interval reasoning: each value removed belongs to no solution, so the solutions are the same).
On the Golomb ruler of 6 marks the bound 16 cuts each mark's 37 values to 16 or fewer before the search.
"""

from __future__ import annotations

from ...ir import And, Constraint, Linear, Problem

Domains = dict[str, list[int]]

# A fixpoint that has not settled within this many rounds stops: what it removed so far is sound.
MAX_ROUNDS = 200


def narrowed_domains(problem: Problem, extra: list[Linear]) -> Domains | None:
    """The problem's domains narrowed by its top-level sums and `extra` (None: one runs empty)."""
    domains = {name: list(var.domain) for name, var in problem.variables.items()}
    if not all(domains.values()):  # a clue on one variable left it no value (`x >= 11` over 0..4)
        return None
    sums = [*extra, *(c for posted in problem.constraints for c in _top_level_sums(posted.constraint))]
    for _ in range(MAX_ROUNDS):
        changed = False
        for linear in sums:
            cut = _narrow(linear, domains)
            if cut is None:
                return None
            changed = changed or cut
        if not changed:
            break
    return domains


def _top_level_sums(c: Constraint) -> list[Linear]:
    if isinstance(c, Linear) and c.op in ("<=", ">=", "=="):
        return [c]
    if isinstance(c, And):
        return [sub for part in c.conds for sub in _top_level_sums(part)]
    return []


def _narrow(linear: Linear, domains: Domains) -> bool | None:
    """Cut each variable of `sum <op> rhs` to the values some choice of the others allows; whether
    anything was cut, None when a domain runs empty."""
    sides = [("<=", 1)] if linear.op == "<=" else [(">=", -1)] if linear.op == ">=" else [("<=", 1), (">=", -1)]
    changed = False
    for _, sign in sides:  # sign * sum <= sign * rhs
        terms = [(sign * coef, name) for coef, name in linear.terms]
        least = [min(c * domains[x][0], c * domains[x][-1]) for c, x in terms]
        room = sign * linear.rhs - sum(least)
        if room < 0:
            return None
        for (c, x), low in zip(terms, least, strict=True):
            values = domains[x]
            kept = [v for v in values if c * v - low <= room]
            if len(kept) < len(values):
                if not kept:
                    return None
                domains[x], changed = kept, True
    return changed
