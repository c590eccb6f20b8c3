"""Constraints on one or two variables as the values or pairs of values they allow, tabulated by the
shared evaluator (`passes.evaluate.truth`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from itertools import product

from ...ir import And, Constraint, InSet, Linear, Not, Or, comparison
from ...passes.evaluate import truth
from ...static_types import Any
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
        """A constraint on one or two variables, as the pairs of values it allows. The clauses are
        planned over the values first, and the plan is kept for the next constraint of the same shape
        over the same values (a zebra's many `same house` clues, the same model solved again)."""
        if len(scope) == 1:
            self._post_values(c, scope[0])
            return
        x, y = scope
        xs, ys = self._domain(x), self._domain(y)
        shape = _shape(c, x, y)
        key = None if shape is None else (shape, xs, ys)
        plan = None if key is None else _PLANS.get(key)
        if plan is None:
            plan = self._pair_plan(c, x, y, xs, ys)
            if key is not None:
                if len(_PLANS) >= PLANS_MAX:
                    _PLANS.clear()
                _PLANS[key] = plan
        self._emit(plan, x, y)

    def _pair_plan(self, c: Constraint, x: str, y: str, xs: tuple[int, ...], ys: tuple[int, ...]) -> PairPlan:
        """The clauses of `c` over x and y as values: the forbidden pairs, or, when fewer clauses, for
        each value of either side the values of the other that support it."""
        limit = len(xs) + len(ys)  # the number of support clauses
        allowed: Callable[[tuple[int, int]], bool]
        forbidden: list[tuple[int, int]] | None
        found = _equal_pairs(c, x, y, self.values)
        if found is None:
            table = _pair_table(c, x, y, xs, ys)
            allowed = table.__getitem__
            forbidden = [pair for pair, ok in table.items() if not ok]
        elif not found[1]:  # x + k y != r: forbidden on its equal pairs, at most one per value of x
            forbidden = found[0]
        else:  # x + k y == r: allowed on its equal pairs alone
            matching = set(found[0])
            allowed = matching.__contains__
            forbidden = None
            if len(xs) * len(ys) - len(matching) <= limit:
                forbidden = [(v, w) for v, w in product(xs, ys) if (v, w) not in matching]
        if forbidden is not None and len(forbidden) <= limit:  # always so for !=
            return forbidden, None
        return _supports(xs, ys, allowed, first=True), _supports(ys, xs, allowed, first=False)

    def _emit(self, plan: PairPlan, x: str, y: str) -> None:
        """The plan's clauses, on the literals of x and y."""
        first, second = plan
        lx, ly = self._literals_of(x), self._literals_of(y)
        # Two variables that are not fixed have literals of distinct variables: their clauses go in as
        # they are (`Cnf.add` folds the constant of a fixed one).
        if len(lx) > 1 and len(ly) > 1:
            extend = self.cnf.clauses.extend
            if second is None:
                extend([[-lx[v], -ly[w]] for v, w in first])
                return
            extend([[-lx[v], *[ly[w] for w in ws]] for v, ws in first])
            extend([[-ly[w], *[lx[v] for v in vs]] for w, vs in second])
            return
        add = self.cnf.add
        if second is None:
            for v, w in first:
                add([-lx[v], -ly[w]])
            return
        for this, other, supports in ((lx, ly, first), (ly, lx, second)):
            for v, ws in supports:
                add([-this[v], *[other[w] for w in ws]])

    def _post_values(self, c: Constraint, name: str) -> None:
        """A constraint on one variable: unit clauses removing the values it forbids."""
        holds = truth(c, {name: 0})
        for v, lit in self.values[name]:
            if not holds((v,)):
                self.cnf.add([-lit])


# A plan: (forbidden pairs, None), or (for each value of x its supports, for each value of y its supports).
PairPlan = tuple[list[Any], list[Any] | None]
# The plans kept in this process, by the constraint's shape and the values of its two variables.
_PLANS: dict[Hashable, PairPlan] = {}
PLANS_MAX = 10_000


def _shape(c: Constraint, x: str, y: str) -> Hashable | None:
    """`c` with x and y written as positions 0 and 1: the same for every constraint that forbids the
    same pairs of values; None for a kind not worth the key (it is then planned every time)."""
    if isinstance(c, Linear):
        return ("linear", tuple((k, 0 if name == x else 1) for k, name in c.terms), c.op, c.rhs)
    if isinstance(c, InSet):
        return ("in", 0 if c.var == x else 1, c.values)
    if isinstance(c, (And, Or)):
        parts = tuple(_shape(part, x, y) for part in c.conds)
        return None if None in parts else (type(c).__name__, parts)
    if isinstance(c, Not):
        inner = _shape(c.cond, x, y)
        return None if inner is None else ("not", inner)
    return None


def _pair_table(c: Constraint, x: str, y: str, xs: tuple[int, ...], ys: tuple[int, ...]) -> dict[tuple[int, int], bool]:
    """Whether `c` holds, for each pair of values of x and y (a sum by its arithmetic, any other
    kind by the shared evaluator)."""
    if isinstance(c, Linear) and len(c.terms) == 2 and c.terms[0][1] != c.terms[1][1]:
        compare, rhs = comparison(c.op), c.rhs
        k = {name: coefficient for coefficient, name in c.terms}
        kx, ky = k[x], k[y]
        return {(v, w): compare(kx * v + ky * w, rhs) for v in xs for w in ys}
    holds = truth(c, {x: 0, y: 1})
    return {(v, w): holds((v, w)) for v in xs for w in ys}


def _supports(
    these: tuple[int, ...], others: tuple[int, ...], allowed: Callable[[tuple[int, int]], bool], first: bool
) -> list[tuple[int, list[int]]]:
    """For each value v of one side whose supports are not all the other side's values: v and them."""
    found = []
    for v in these:
        supports = [w for w in others if allowed((v, w) if first else (w, v))]
        if len(supports) < len(others):
            found.append((v, supports))
    return found


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
