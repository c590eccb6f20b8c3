"""Sums too large for the backends, refused once a model is lowered, at the clue that holds one.

A backend adds up a sum's terms in 64-bit arithmetic, so a sum whose partial values could pass
`MAX_SUM` is an error at its clue (the first such sum met, clue by clue, each read left to right),
and so is such an objective. Most sums are far from it: a bound from the largest value of any
variable settles them without looking up each term's variable, and only the others are measured
term by term (the message gives that exact measure).
"""

from __future__ import annotations

from operator import itemgetter

from .. import ir
from ..core.errors import CspdslError, Span
from .context import MAX_SUM


def check_magnitudes(problem: ir.Problem) -> None:
    """Refuse the first sum of the clues, then the objective, whose partial values could overflow."""
    domains = [var.domain for var in problem.variables.values()]
    widest = max(max(map(abs, map(itemgetter(0), domains)), default=0),  # lows and highs, each at C speed
                 max(map(abs, map(itemgetter(-1), domains)), default=0))
    linear = ir.Linear
    for posted in problem.constraints:
        c = posted.constraint
        if type(c) is linear:  # the usual clue, without the walk
            if abs(c.rhs) + sum([abs(coef) for coef, _ in c.terms]) * widest > MAX_SUM:
                check_sum(problem, c, posted.span)
            continue
        stack = [c]
        while stack:
            c = stack.pop()
            if isinstance(c, ir.Linear):
                if abs(c.rhs) + sum(abs(coef) for coef, _ in c.terms) * widest > MAX_SUM:
                    check_sum(problem, c, posted.span)
            else:
                stack.extend(reversed(ir.children(c)))
    objective = problem.objective
    for part in objective.parts if objective is not None else ():
        check_sum(problem, ir.Linear(part.terms, "==", part.constant), part.span)


def check_sum(problem: ir.Problem, c: ir.Linear, span: Span | None) -> None:
    """Refuse one sum whose partial values could pass MAX_SUM, with the largest they could reach."""
    variables = problem.variables
    largest = abs(c.rhs) + sum(
        abs(coef) * max(abs(variables[name].lo), abs(variables[name].hi)) for coef, name in c.terms
    )
    if largest > MAX_SUM:
        raise CspdslError(
            f"this sum can reach {largest}: too large for the backends (at most {MAX_SUM})",
            span,
            "use smaller numbers or narrower domains",
        )
