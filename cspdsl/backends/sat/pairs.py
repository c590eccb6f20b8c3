"""Constraints on one or two variables as the values or pairs of values they allow, tabulated by the
shared evaluator (`passes.evaluate.truth`)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from ...ir import Constraint, Linear
from ...passes.evaluate import truth
from .variables import VariableEncoding

# A top-level constraint on two variables whose domains multiply to at most this many pairs is
# written as support (or conflict) clauses, computed by trying every pair.
SUPPORT_PAIRS_MAX = 4096


class PairClauses(VariableEncoding):
    """Constraints on one or two variables, written as the clauses of the value pairs they allow."""

    def _small_scope(self, c: Constraint, scope: list[str]) -> bool:
        """One variable; or two, with few pairs of values to try, or an equality whose pairs come from
        arithmetic (`_equal_pairs`), whatever the domains."""
        if len(scope) == 1:
            return True
        if len(scope) != 2:
            return False
        few = len(self._domain(scope[0])) * len(self._domain(scope[1])) <= SUPPORT_PAIRS_MAX
        return few or _equal_pairs(c, scope[0], scope[1], self.values) is not None

    def _post_by_enumeration(self, c: Constraint, scope: list[str]) -> None:
        """A constraint on one or two variables, as the pairs of values it allows."""
        if len(scope) == 1:
            self._post_values(c, scope[0])
            return
        x, y = scope
        limit = len(self.values[x]) + len(self.values[y])  # the number of support clauses
        allowed: Callable[[tuple[int, int]], bool]
        forbidden: list[tuple[int, int]] | None
        found = _equal_pairs(c, x, y, self.values)
        if found is None:
            holds = truth(c, {x: 0, y: 1})
            table = {(v, w): holds((v, w)) for (v, _), (w, _) in product(self.values[x], self.values[y])}
            allowed = table.__getitem__
            forbidden = [pair for pair, ok in table.items() if not ok]
        elif not found[1]:  # x + k y != r: forbidden on its equal pairs, at most one per value of x
            forbidden = found[0]
        else:  # x + k y == r: allowed on its equal pairs alone
            matching = set(found[0])
            allowed = matching.__contains__
            forbidden = None
            if len(self.values[x]) * len(self.values[y]) - len(matching) <= limit:
                pairs = product(self.values[x], self.values[y])
                forbidden = [(v, w) for (v, _), (w, _) in pairs if (v, w) not in matching]
        if forbidden is not None and len(forbidden) <= limit:  # always so for !=
            for v, w in forbidden:
                self.cnf.add([-self._eq(x, v), -self._eq(y, w)])
            return
        self._support_clauses(x, y, allowed, first=True)
        self._support_clauses(x, y, allowed, first=False)

    def _post_values(self, c: Constraint, name: str) -> None:
        """A constraint on one variable: unit clauses removing the values it forbids."""
        holds = truth(c, {name: 0})
        for v, lit in self.values[name]:
            if not holds((v,)):
                self.cnf.add([-lit])

    def _support_clauses(self, x: str, y: str, allowed: Callable[[tuple[int, int]], bool], first: bool) -> None:
        """For each value v of one variable: v -> (the other takes a value that supports v)."""
        this, other = (x, y) if first else (y, x)
        for v, lit in self.values[this]:
            supports = [
                other_lit
                for w, other_lit in self.values[other]
                if allowed((v, w) if first else (w, v))
            ]
            if len(supports) < len(self.values[other]):
                self.cnf.add([-lit, *supports])


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
