"""The order in which cpsat (its fixed search) and csp (its own cover search) branch on an exact cover.

CP-SAT's search of all solutions of an exact cover (shapes placed on a board), as Knuth's
Algorithm X searches one: cover the first cell not yet covered, by each placement over it in turn.

A model is an exact cover when it is made only of counts of 0/1 variables at 1, each exactly or at
most `k`, and each of its variables lies in some "exactly one" (a cell of the board). The lowering
posts the cells' counts first, in the order a board is best filled (along its longer side, the short
side first: `lower/tilings.py`), then the pieces'. Branching on the placements by their first cell in
that order, 1 first, is then the classic search: a placement tried on the first cell left, the other
placements over it ruled out by propagation when it fails.

CP-SAT's own search enumerates the 4x15 pentominoes' 1,472 tilings in some 90 s of CPU; in this order
(`FIXED_SEARCH`), in about 18 s, and reading the 4x15 board row by row instead, its long way, takes
longer than 150 s (docs/performance.md, Tilings).
"""

from __future__ import annotations

from ..ir import Constraint, Count, InSet, Problem


def cover_order(problem: Problem) -> list[str] | None:
    """The variables in the order of the first "exactly one" that holds each (stable in the model's
    order), when the problem is an exact cover of 0/1 variables; else None."""
    first: dict[str, int] = {}
    for i, posted in enumerate(problem.constraints):
        c = posted.constraint
        names = _placed(c, problem)
        if names is None:
            return None
        if isinstance(c, Count) and c.op == "==" and c.k == 1:
            for name in names:
                first.setdefault(name, i)
    if not first or len(first) != len(problem.variables):
        return None
    return sorted(first, key=first.__getitem__)


def _placed(c: Constraint, problem: Problem) -> list[str] | None:
    """The variables of a count of "x is 1" over 0/1 variables, exactly or at most; else None."""
    if not isinstance(c, Count) or c.op not in ("==", "<="):
        return None
    names = []
    for cond in c.conds:
        if not isinstance(cond, InSet) or cond.values != (1,) or problem.variables[cond.var].domain != (0, 1):
            return None
        names.append(cond.var)
    return names
