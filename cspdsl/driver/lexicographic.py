"""Lexicographic objectives (`minimize [a, b]`): the first number as good as it can be, then the second
among the solutions that reach that, and so on.

Every backend optimises one plain objective at a time: part k is optimised on the model with the parts
before it fixed at their optima (each as two bounds, as `with_parts_fixed` posts them) and with part k
no worse than the value the solution found so far gives it, so that the search starts from a known
solution's value. This is exact on any backend that proves its optima (the optimum of part k among the
solutions optimal on parts 1..k-1 is, by definition, the lexicographic optimum's k-th number), costs
one search a part, and keeps each backend's own method (CP-SAT's objective, the SAT backend's bound
tightening or MaxSAT, csp's branch and bound). A plain objective is a list of one part here, and its
values tuples of one number; `shown` turns them back into what a user sees: a number for a plain
objective, a list for a list.
"""

from __future__ import annotations

from ..core.static_types import Any
from ..ir import Linear, Objective, Posted, Problem

Values = tuple[int, ...]
# A value as `Result.objective` holds it: a number, or a list of numbers for a lexicographic objective.
Shown = int | list[int]
# A bound as `Result.bound` holds it: for a list, each part's optimum proved, the bound proved on the
# part the search stopped at, None for the parts after it.
ShownBound = int | list[int | None]


def with_parts_fixed(problem: Problem, parts: tuple[Objective, ...], values: Values) -> Problem:
    """The problem whose solutions are exactly its solutions where each part has its value. Each value is
    posted as two bounds, not one equality: an equality would join the SAT backend's system of sums
    (`passes.sums`), whose implied equalities cost more than they save on an objective's sum (the coin
    change's second compile: seconds, not a fraction of one)."""
    fixed = Problem(dict(problem.variables), list(problem.constraints), list(problem.outputs),
                    projected=problem.projected)
    for part, value in zip(parts, values, strict=True):
        for op in ("<=", ">="):
            fixed.constraints.append(Posted(Linear(part.terms, op, value - part.constant), part.span))
    return fixed


def stage(problem: Problem, index: int, optima: Values, reached: int | None) -> Problem:
    """The problem of part `index` of the objective: the parts before it fixed at `optima`, the part no
    worse than `reached` (the value of the solution found so far, None at the first part), the part
    the objective to optimise."""
    objective = problem.objective
    assert objective is not None
    parts = objective.parts
    part = parts[index]
    staged = with_parts_fixed(problem, parts[:index], optima)
    if reached is not None:
        op = "<=" if part.sense == "minimize" else ">="
        staged.constraints.append(Posted(Linear(part.terms, op, reached - part.constant), part.span))
    staged.objective = part
    return staged


def shown(objective: Objective, values: Values | None) -> Shown | None:
    """Values as a user sees them: the number of a plain objective, the list of a lexicographic one."""
    if values is None:
        return None
    return list(values) if objective.lexicographic else values[0]


def shown_bound(objective: Objective, bound: tuple[int | None, ...] | None) -> ShownBound | None:
    """A bound as a user sees it (`ShownBound`); None when nothing is proved."""
    if bound is None or bound[0] is None:
        return None
    if not objective.lexicographic:
        return bound[0]
    return list(bound) + [None] * (len(objective.parts) - len(bound))


def as_values(value: Any) -> Values:
    """A shown value (a number or a list) as a tuple."""
    return tuple(value) if isinstance(value, list) else (value,)


def better(objective: Objective, a: Any, b: Any) -> bool:
    """Whether value `a` is strictly better than `b` (numbers, lists or tuples): the first part where
    they differ decides, by its own sense."""
    for part, x, y in zip(objective.parts, as_values(a), as_values(b), strict=True):
        if x != y:
            return part.better(x, y)
    return False


def text_of(value: Any) -> str:
    """A shown value or bound in a line of text: a list's unknown parts as '?'."""
    if isinstance(value, list):
        return "[" + ", ".join("?" if v is None else str(v) for v in value) + "]"
    return str(value)

