"""Two-variable constraints as the pairs of values they allow, and the backend's own evaluator that
tabulates them."""

from __future__ import annotations

from ...ir import And, Constraint, Count, InSet, Linear, Not, Or, op_holds


def _equal_pairs(
    c: Constraint, x: str, y: str, values: dict[str, list[tuple[int, int]]]
) -> tuple[list[tuple[int, int]], bool] | None:
    """The pairs (v, w) of values of x and y, in the order of their product, on which the two sides of
    `c` are equal, and whether `c` wants them equal, when `c` is a Linear == or != over x and y (as
    `q[i] - q[j] != 3` of the queens); else None. There is at most one w for each v, found by
    arithmetic, where a table of every pair takes |x| * |y| evaluations (12.7 million for 60 queens)."""
    if not isinstance(c, Linear) or c.op not in ("==", "!=") or len(c.terms) != 2:
        return None
    coefficient = {name: k for k, name in c.terms}
    if set(coefficient) != {x, y}:
        return None
    kx, ky = coefficient[x], coefficient[y]
    if ky == 0:
        return None
    ys = {w for w, _ in values[y]}
    pairs = []
    for v, _ in values[x]:
        w, remainder = divmod(c.rhs - kx * v, ky)
        if not remainder and w in ys:
            pairs.append((v, w))
    return pairs, c.op == "=="


def satisfied(c: Constraint, a: dict[str, int]) -> bool:
    """Whether `c` holds under `a`: used to tabulate constraints on one or two variables.

    Kept apart from `check.holds` on purpose, so that a bug in one cannot hide a bug in the other.
    """
    if isinstance(c, Linear):
        return op_holds(sum(k * a[n] for k, n in c.terms), c.op, c.rhs)
    if isinstance(c, InSet):
        return a[c.var] in c.values
    if isinstance(c, Count):
        return op_holds(sum(1 for sub in c.conds if satisfied(sub, a)), c.op, c.k)
    if isinstance(c, Not):
        return not satisfied(c.cond, a)
    if isinstance(c, And):
        return all(satisfied(sub, a) for sub in c.conds)
    if isinstance(c, Or):
        return any(satisfied(sub, a) for sub in c.conds)
    raise ValueError(f"internal: nested {type(c).__name__}")
