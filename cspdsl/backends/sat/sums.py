"""Helpers of the sum and count encodings: bounds of suffixes, the size of a count by subsets, the
variables known distinct, and which implied equalities are balanced."""

from __future__ import annotations

import math

from ...ir import AllDifferent, Linear, Problem


def _suffix_bounds(coefs: list[int], layers: list[list[tuple[int, int]]]) -> tuple[list[int], list[int]]:
    """Bounds of what the terms from layer i onwards can still add (i = 0 .. n), for early decisions."""
    lows, highs = [0], [0]
    for coef, values in zip(reversed(coefs), reversed(layers), strict=True):
        products = [coef * v for v, _ in values] or [0]
        lows.append(lows[-1] + min(products))
        highs.append(highs[-1] + max(products))
    return lows[::-1], highs[::-1]


def _subset_clauses(n: int, op: str, k: int) -> int:
    """How many clauses `_post_count_by_subsets` writes for a count of n literals (an unsatisfiable
    bound counts as its one empty clause)."""
    at_most = (math.comb(n, k + 1) if k >= 0 else 1) if op in ("==", "<=") else 0
    at_least = (math.comb(n, n - k + 1) if k <= n else 1) if op in ("==", ">=") and k > 0 else 0
    return at_most + at_least


def _distinct_groups(problem: Problem) -> list[frozenset[str]]:
    """The variables of each top-level all-different."""
    return [frozenset(p.constraint.vars) for p in problem.constraints if isinstance(p.constraint, AllDifferent)]


def _distinct(names: list[str], groups: list[frozenset[str]]) -> bool:
    """Whether one all-different holds all these variables (so they take distinct values)."""
    return any(group.issuperset(names) for group in groups)


def _balanced(c: Linear) -> bool:
    """Whether `c` reads `x1 + ... == y1 + ...` term for term (same coefficients, rhs 0). Then
    x_i = y_i satisfies it whatever the values, so it supports every value at the start of the
    search and prunes little, even where an all-different keeps x_i and y_i apart. Such implied
    equalities are not posted: the hexagon's 18 of this kind made its enumeration 2x slower than its
    11 others alone, the tile square's 10 nearly 2x slower than its 4 others (docs/backend-sat.md)."""
    if c.op != "==" or c.rhs != 0:
        return False
    plus = sorted(coef for coef in (k for k, _ in c.terms) if coef > 0)
    minus = sorted(-coef for coef in (k for k, _ in c.terms) if coef < 0)
    return plus == minus
