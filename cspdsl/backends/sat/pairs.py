"""Constraints on one or two variables as the values or pairs of values they allow, tabulated by the
shared evaluator (`passes.evaluate.truth`)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Hashable
from itertools import product
from math import prod
from operator import itemgetter

from ...core.static_types import Any
from ...ir import And, Constraint, InSet, Linear, Not, Or, Table, comparison
from ...passes.evaluate import truth
from .cnf import DIAGRAM_EDGES_MAX, FALSE, TRUE
from .variables import VariableEncoding

# A top-level constraint on two variables whose domains multiply to at most this many pairs is
# written as support (or conflict) clauses, computed by trying every pair.
SUPPORT_PAIRS_MAX = 4096
# A functional table (`_post_functional_table`) is written as a clause for each combination of its
# other columns' values, when there are at most this many: as many as a diagram may have edges.
COMBINATIONS_MAX = DIAGRAM_EDGES_MAX


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
        planned = None if key is None else _PLANS.get(key)
        if planned is None:
            plan = self._pair_plan(c, x, y, xs, ys)
            planned = plan, _positions(plan, xs, ys)
            if key is not None:
                if len(_PLANS) >= PLANS_MAX:
                    _PLANS.clear()
                _PLANS[key] = planned
        self._emit(planned, x, y)

    def _pair_plan(self, c: Constraint, x: str, y: str, xs: tuple[int, ...], ys: tuple[int, ...]) -> PairPlan:
        """The clauses of `c` over x and y as values: the forbidden pairs, or, when fewer clauses, for
        each value of either side the values of the other that support it."""
        limit = len(xs) + len(ys)  # the number of support clauses
        found = _equal_pairs(c, x, y, self.values)
        if found is not None:
            return _equality_plan(found[0], found[1], xs, ys)
        table = _pair_table(c, x, y, xs, ys)
        forbidden = [pair for pair, ok in table.items() if not ok]
        if len(forbidden) <= limit:
            return forbidden, None
        allowed = table.__getitem__
        return _supports(xs, ys, allowed, first=True), _supports(ys, xs, allowed, first=False)

    def _emit(self, planned: Planned, x: str, y: str) -> None:
        """The plan's clauses, on the literals of x and y."""
        (first, second), positions = planned
        vx, vy = self.values[x], self.values[y]
        # Two variables that are not fixed have literals of distinct variables: their clauses go in as
        # they are (`Cnf.add` folds the constant of a fixed one), each read off the signed literals of
        # x and y at its positions, in C.
        if len(vx) > 1 and len(vy) > 1:
            signed = self._signed(x) + self._signed(y)
            if isinstance(positions, list):  # every clause two literals
                self.cnf.clauses.extend([[signed[a], signed[b]] for a, b in positions])
            else:
                self.cnf.clauses.extend([list(read(signed)) for read in positions.readers])
            return
        lx, ly = self._literals_of(x), self._literals_of(y)
        add = self.cnf.add
        if second is None:
            for v, w in first:
                add([-lx[v], -ly[w]])
            return
        for this, other, supports in ((lx, ly, first), (ly, lx, second)):
            for v, ws in supports:
                add([-this[v], *[other[w] for w in ws]])

    def _post_by_order(self, c: Constraint, scope: list[str]) -> bool:
        """`a*x + b*y <= k` (or `>=`) over two variables with order literals (`at_most`: domains of
        more than PAIRWISE_MAX values), too many pairs of values to tabulate: one clause for each value
        t of x, "a*x >= a*t implies b*y <= k - a*t", on the order literals. x = t makes the clause of t
        exactly the constraint, and every other clause it leaves in force follows from it. A chain
        `mark[i] < mark[i + 1]` over 0..625 is 626 binary clauses, where a decision diagram would have
        391,876 edges. False when `c` is not of that form (nothing posted)."""
        if not isinstance(c, Linear) or c.op not in ("<=", ">=") or len(c.terms) != 2 or len(scope) != 2:
            return False
        (a, x), (b, y) = c.terms
        if x == y or x not in self.at_most or y not in self.at_most:
            return False
        if len(self._domain(y)) < len(self._domain(x)):
            (a, x), (b, y) = (b, y), (a, x)
        sign = 1 if c.op == "<=" else -1  # a*x + b*y >= k as -a*x - b*y <= -k
        a, b, k = sign * a, sign * b, sign * c.rhs
        for t in self._domain(x):
            given = self._at_least(x, t) if a > 0 else self._at_most_value(x, t)  # a*x >= a*t
            rest = k - a * t  # then b*y <= rest
            bound = self._at_most_value(y, rest // b) if b > 0 else self._at_least(y, -(rest // -b))
            self.cnf.add([-given, bound])
        return True

    def _at_most_value(self, name: str, v: int) -> int:
        """The literal of `name <= v`: an order literal, or a constant beyond the domain's ends."""
        domain = self._domain(name)
        if v < domain[0]:
            return FALSE
        if v >= domain[-1]:
            return TRUE
        return self.at_most[name][bisect_right(domain, v) - 1]

    def _at_least(self, name: str, v: int) -> int:
        return -self._at_most_value(name, v - 1)

    def _post_functional_table(self, c: Table) -> bool:
        """A table whose last column is a function of the others (a product's, `z = q * y`), too
        large for its diagram: a clause for each combination of the other columns' values, which
        forces the last column's value or forbids the combination, and for each value of the last
        column the values of each other column that reach it. No auxiliary variable is made.

        Its diagram would give each row a node of the last layer with an edge for every value of the
        last column (935 rows by 590 values for `(100 * x + y) % y`): this is used only where that
        alone passes the diagram's budget, so every table that had a diagram keeps it. False, with
        nothing written, for any other table or more than COMBINATIONS_MAX combinations."""
        if len(c.vars) < 2:
            return False
        *heads, last = c.vars
        if last in heads or len(set(heads)) != len(heads):
            return False
        result = _functional_rows(c.tuples, [set(self._domain(name)) for name in heads])
        if result is None or len(result) * len(self.values[last]) <= DIAGRAM_EDGES_MAX:
            return False
        if prod(len(self.values[name]) for name in heads) > COMBINATIONS_MAX:
            return False
        of_last = self._literals_of(last)
        for combination in product(*(self.values[name] for name in heads)):
            value = result.get(tuple(v for v, _ in combination))
            negated = [-lit for _, lit in combination]
            self.cnf.add(negated if value is None else [*negated, of_last.get(value, FALSE)])
        for column, name in enumerate(heads):
            reaching: dict[int, set[int]] = {}
            for key, value in result.items():
                reaching.setdefault(value, set()).add(key[column])
            of_head = self._literals_of(name)
            for value, lit in self.values[last]:
                self.cnf.add([-lit, *(of_head[v] for v in sorted(reaching.get(value, ())))])
        return True

    def _post_values(self, c: Constraint, name: str) -> None:
        """A constraint on one variable: unit clauses removing the values it forbids."""
        holds = truth(c, {name: 0})
        for v, lit in self.values[name]:
            if not holds((v,)):
                self.cnf.add([-lit])


# A plan: (forbidden pairs, None), or (for each value of x its supports, for each value of y its supports).
PairPlan = tuple[list[Any], list[Any] | None]
# A plan and its clauses as positions in x's and y's signed literals (`_positions`).
Planned = tuple[PairPlan, "list[tuple[int, int]] | Readers"]
# The plans kept in this process, by the constraint's shape and the values of its two variables.
_PLANS: dict[Hashable, Planned] = {}
PLANS_MAX = 10_000


class Readers:
    """A plan's clauses of any length, each as the function that reads it off the signed literals
    (`itemgetter` of its positions: a call in C a clause)."""

    def __init__(self, clauses: list[tuple[int, ...]]) -> None:
        # A one-literal clause as a slice: `itemgetter` of one position gives the literal, not a tuple.
        self.readers = [itemgetter(*at) if len(at) > 1 else itemgetter(slice(at[0], at[0] + 1)) for at in clauses]


def _positions(plan: PairPlan, xs: tuple[int, ...], ys: tuple[int, ...]) -> list[tuple[int, int]] | Readers:
    """The plan's clauses, in the order `_emit` writes them, as positions in the list of x's negated
    literals, x's literals, y's negated literals and y's literals (`_signed(x) + _signed(y)`), each
    in the order of its variable's values: pairs where every clause has two literals, else `Readers`."""
    at_x = {v: i for i, v in enumerate(xs)}
    at_y = {w: 2 * len(xs) + j for j, w in enumerate(ys)}
    first, second = plan
    if second is None:
        return [(at_x[v], at_y[w]) for v, w in first]
    x_true, y_true = len(xs), len(ys)  # from a negated literal to its literal
    clauses = ([(at_x[v], *[at_y[w] + y_true for w in ws]) for v, ws in first]
               + [(at_y[w], *[at_x[v] + x_true for v in vs]) for w, vs in second])
    if all(len(at) == 2 for at in clauses):
        return [(a, b) for a, b in clauses]
    return Readers(clauses)


def _shape(c: Constraint, x: str, y: str) -> Hashable | None:
    """`c` with x and y written as positions 0 and 1: the same for every constraint that forbids the
    same pairs of values; None for a kind not worth the key (it is then planned every time)."""
    if isinstance(c, Linear):
        terms = c.terms
        if len(terms) == 2:
            (a, first), (b, second) = terms
            return ("linear", ((a, 0 if first == x else 1), (b, 0 if second == x else 1)), c.op, c.rhs)
        return ("linear", tuple([(k, 0 if name == x else 1) for k, name in terms]), c.op, c.rhs)
    if isinstance(c, InSet):
        return ("in", 0 if c.var == x else 1, c.values)
    if isinstance(c, (And, Or)):
        parts = tuple([_shape(part, x, y) for part in c.conds])
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


def _functional_rows(rows: tuple[tuple[int, ...], ...], domains: list[set[int]]) -> dict[tuple[int, ...], int] | None:
    """The table's last column as a function of the others, over the rows whose other values are all
    in their domains; None if two such rows agree but for the last column."""
    result: dict[tuple[int, ...], int] = {}
    for row in rows:
        key = row[:-1]
        within = all(v in domain for v, domain in zip(key, domains, strict=True))
        if within and result.setdefault(key, row[-1]) != row[-1]:
            return None
    return result


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


def _equality_plan(pairs: list[tuple[int, int]], equal: bool, xs: tuple[int, ...], ys: tuple[int, ...]) -> PairPlan:
    """The plan of `x + k y == r` (`equal`) or `!=`, from the pairs on which its sides are equal: for
    != those pairs are the forbidden ones (at most one per value of x); for == the pairs outside
    them, when no more than the support clauses, else each value's supports, read off the pairs."""
    if not equal:
        return pairs, None
    limit = len(xs) + len(ys)
    if len(xs) * len(ys) - len(pairs) <= limit:
        matching = set(pairs)
        forbidden = [(v, w) for v, w in product(xs, ys) if (v, w) not in matching]
        if len(forbidden) <= limit:
            return forbidden, None
    return _supports_of_pairs(xs, ys, pairs, first=True), _supports_of_pairs(ys, xs, pairs, first=False)


def _supports_of_pairs(
    these: tuple[int, ...], others: tuple[int, ...], pairs: list[tuple[int, int]], first: bool
) -> list[tuple[int, list[int]]]:
    """`_supports` when the allowed pairs are listed (`_equal_pairs`, in the order of their product):
    the same supports, in the same order, in a pass over the pairs and one over the values, where
    trying every pair took n^2 set lookups an equality (1.8 s of 100 queens' 2.9 s compile)."""
    by_value: dict[int, list[int]] = {}
    for v, w in pairs:
        if first:
            by_value.setdefault(v, []).append(w)
        else:
            by_value.setdefault(w, []).append(v)
    found = []
    for v in these:
        supports = by_value.get(v, [])
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
