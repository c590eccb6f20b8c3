"""The independent evaluator: does an assignment satisfy a problem?

It reads the IR directly and shares no code with any backend, so that a backend bug cannot hide
behind the same bug in the checker. Every solution is checked before it is shown.
"""

from __future__ import annotations

from . import AllDifferent, And, Constraint, Count, InSet, Linear, Not, Or, Posted, Problem, Table


def compare(left: int, op: str, right: int) -> bool:
    if op == "==":
        return left == right
    if op == "!=":
        return left != right
    if op == "<=":
        return left <= right
    if op == ">=":
        return left >= right
    raise ValueError(f"unknown comparison {op!r}")


def holds(c: Constraint, a: dict[str, int]) -> bool:
    """Whether constraint `c` is true under the complete assignment `a`."""
    if isinstance(c, Linear):
        return compare(sum(coef * a[name] for coef, name in c.terms), c.op, c.rhs)
    if isinstance(c, InSet):
        return a[c.var] in c.values
    if isinstance(c, AllDifferent):
        values = [a[name] for name in c.vars]
        return len(set(values)) == len(values)
    if isinstance(c, Table):
        return tuple(a[name] for name in c.vars) in set(c.tuples)
    if isinstance(c, Count):
        return compare(sum(holds(sub, a) for sub in c.conds), c.op, c.k)
    if isinstance(c, And):
        return all(holds(sub, a) for sub in c.conds)
    if isinstance(c, Or):
        return any(holds(sub, a) for sub in c.conds)
    if isinstance(c, Not):
        return not holds(c.cond, a)
    raise TypeError(f"not an IR constraint: {c!r}")


def violated(problem: Problem, a: dict[str, int]) -> list[Posted]:
    """The top-level constraints the assignment breaks (and any domain it leaves)."""
    broken = []
    for name, var in problem.variables.items():
        if a.get(name) not in var.domain:
            broken.append(Posted(InSet(name, var.domain)))
    if broken:
        return broken
    return [p for p in problem.constraints if not holds(p.constraint, a)]
