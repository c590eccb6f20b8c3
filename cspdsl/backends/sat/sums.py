"""Sums and counts: short sums by clauses over their prefixes, counts by subsets of their literals,
and the reduced decision diagrams (MDDs) for the rest."""

from __future__ import annotations

import math
from collections.abc import Hashable
from itertools import combinations, pairwise

from ...ir import AllDifferent, Count, InSet, Linear, Problem, op_decided, op_holds
from .cnf import DIAGRAM_EDGES_MAX, FALSE, TRUE, Diagram, Successors, TooLarge, over_values
from .variables import VariableEncoding

# A top-level sum `== k` of at most PREFIX_TERMS_MAX terms is written as clauses over its prefixes,
# when its first two terms have at most PREFIX_CLAUSES_MAX choices.
# Four terms are two and a diagram for the other two, so the clauses number d^2, not d^3.
PREFIX_TERMS_MAX = 4
PREFIX_CLAUSES_MAX = 8000
# A top-level count is written as clauses over its literals, without auxiliary variables, when that
# takes at most SUBSET_CLAUSES_MAX clauses (`exactly 2 of 16`: 576).
SUBSET_CLAUSES_MAX = 1000


class SumClauses(VariableEncoding):
    """Linear constraints and counts, at the top level and reified."""

    # The most edges a sum's decision diagram may have; past it the sum is written as binary numbers
    # (`binary_sums`) while `binary_sums` is on, else refused.
    sum_diagram_edges = DIAGRAM_EDGES_MAX

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        # Off while an implied equality is written: one too large for its diagram is left out, adders
        # propagating too little to pay for it (the encoder's `_post_all`).
        self.binary_sums = True
        self._distinct_groups: list[frozenset[str]] | None = None  # made when a short sum first asks
        self._rest_diagrams: dict[tuple[tuple[int, str], ...], Diagram] = {}

    def post_linear(self, c: Linear) -> None:
        names = [name for _, name in c.terms]
        heads = math.prod(len(self.values[name]) for name in names[:2])
        # Mixed signs (x - y - z - w == 0): no first value can be cut by the bounds of the rest, and as
        # diagrams the hexagon's 8 such enumerate as fast and its first solution comes 3x sooner.
        one_sign = len({coef > 0 for coef, _ in c.terms}) == 1
        if c.op == "==" and one_sign and 3 <= len(names) <= PREFIX_TERMS_MAX and len(set(names)) == len(names) and (
            heads <= PREFIX_CLAUSES_MAX
        ):
            self._post_sum_by_prefixes(c)
            return
        self.cnf.add([self.reify_linear(c)])

    def _post_sum_by_prefixes(self, c: Linear) -> None:
        """A short sum as clauses over the values of its first two terms: each choice of both forces
        the literal of the rest (`x3 = k` for three terms, the diagram node of `x3 + x4 == k` for
        four) or is a nogood, and a first value that can no longer reach the total is a nogood.

        Three terms make no auxiliary variable, four one per total of the last two. On the hexagon's
        3-cell lines this enumerates all solutions 2x faster than decision diagrams, whose auxiliary
        variables PicoSAT would branch on; on the 4-term sums of the hexagon and the tile square
        (lines and implied equalities) 0.9x and 0.75x the time of diagrams, with fewer clauses
        (docs/backend-sat.md)."""
        coefs = [coef for coef, _ in c.terms]
        pairs = [self.values[name] for _, name in c.terms]
        rest = c.terms[2:]
        # Terms under one all-different: a prefix repeating a value is already excluded by the
        # all-different's clauses (no clause here), and the terms still to come take distinct values.
        if self._distinct_groups is None:
            self._distinct_groups = _distinct_groups(self.problem)
        distinct = _distinct([name for _, name in c.terms], self._distinct_groups)
        same_coef = len(set(coefs)) == 1
        for v, lit in pairs[0]:
            low, high = _tail_bounds(coefs, pairs, v, distinct and same_coef)
            if low > high or coefs[0] * v + low > c.rhs or coefs[0] * v + high < c.rhs:
                self.cnf.add([-lit])
                continue
            for w, second in pairs[1]:
                if not (distinct and w == v):
                    needed = c.rhs - coefs[0] * v - coefs[1] * w
                    self.cnf.add([-lit, -second, self._rest_literal(rest, needed, (v, w), distinct)])

    def _rest_literal(
        self, rest: tuple[tuple[int, str], ...], needed: int, used: tuple[int, int], distinct: bool
    ) -> int:
        """The literal of: the terms after the first two (`rest`) add up to `needed`, the first two
        having taken the values `used` (which the rest cannot take when the terms are `distinct`)."""
        if len(rest) > 1:
            return self._rest_diagram(rest).node(0, needed)
        (coef, name), = rest
        value, remainder = divmod(needed, coef)
        return FALSE if remainder or (distinct and value in used) else self._eq(name, value)

    def _rest_diagram(self, terms: tuple[tuple[int, str], ...]) -> Diagram:
        """The diagram of `sum(terms) == k` for every k, its state the amount still to add: one
        diagram for all the totals that the first terms of a sum leave (memoised by terms)."""
        diagram = self._rest_diagrams.get(terms)
        if diagram is None:
            coefs = [coef for coef, _ in terms]
            lows, highs = _suffix_bounds(coefs, [self.values[name] for _, name in terms])

            def step(i: int, remaining: Hashable, value: int) -> Hashable | bool:
                assert isinstance(remaining, int)
                after = remaining - coefs[i] * value
                settled = op_decided(lows[i + 1], highs[i + 1], "==", after)
                return after if settled is None else settled

            layers = [self.values[name] for _, name in terms]
            diagram = self.cnf.diagram(layers, step, what=over_values("a sum", layers))
            self._rest_diagrams[terms] = diagram
        return diagram

    def post_count(self, c: Count) -> None:
        lits = [self.reify(sub) for sub in c.conds]
        if c.op != "!=" and _subset_clauses(len(lits), c.op, c.k) <= SUBSET_CLAUSES_MAX:
            self._post_count_by_subsets(lits, c.op, c.k)
            return
        if c.k == 1 and c.op in ("==", "<="):  # an exact cover's cells and pieces, over hundreds of placements
            if c.op == "==":
                self.cnf.exactly_one_ladder(lits)
            else:
                self.cnf.at_most_one(lits)
            return
        self.cnf.add([self.reify_count(c)])

    def _post_count_by_subsets(self, lits: list[int], op: str, k: int) -> None:
        """A count as clauses over its literals alone: at most k true is "no k + 1 of them all true",
        at least k is "one of every n - k + 1 true".

        No auxiliary variable is made. The tile square's `exactly 2` of 16 (576 clauses each) and
        `exactly 1` (121) so written enumerate its layouts in 0.7 of the time of decision diagrams,
        whose node variables every one of the 1152 solutions pays for (docs/backend-sat.md)."""
        n = len(lits)
        if op in ("==", "<="):
            for chosen in combinations(lits, k + 1) if k >= 0 else [()]:
                self.cnf.add([-lit for lit in chosen])
        if op in ("==", ">=") and k > 0:
            for chosen in combinations(lits, n - k + 1) if k <= n else [()]:
                self.cnf.add(chosen)

    def reify_linear(self, c: Linear) -> int:
        names = {name for _, name in c.terms}
        if len(names) == 1:
            name = c.terms[0][1]
            coef = sum(k for k, _ in c.terms)
            values = tuple(v for v in self._domain(name) if op_holds(coef * v, c.op, c.rhs))
            return self.reify(InSet(name, values))
        layers = [(coef, self.values[name]) for coef, name in c.terms]
        return self._sum_literal(layers, c.op, c.rhs, over_values("a sum", [values for _, values in layers]))

    def reify_count(self, c: Count) -> int:
        layers = [(1, [(0, -lit), (1, lit)]) for lit in (self.reify(sub) for sub in c.conds)]
        return self._sum_literal(layers, c.op, c.k, f"a count of {len(layers):,} conditions")

    def _sum_literal(self, terms: list[tuple[int, list[tuple[int, int]]]], op: str, rhs: int, what: str) -> int:
        """The literal of sum(coef * value) <op> rhs, as a reduced MDD over partial sums (`what` it is,
        for the message should the diagram outgrow its budget)."""
        coefs = [coef for coef, _ in terms]
        lows, highs = _suffix_bounds(coefs, [values for _, values in terms])
        if not terms:
            return TRUE if op_holds(0, op, rhs) else FALSE
        early = op_decided(lows[0], highs[0], op, rhs)
        if early is not None:
            return TRUE if early else FALSE
        layers = [values for _, values in terms]
        successors = _sum_successors(coefs, layers, lows, highs, op, rhs)
        cnf = self.cnf
        variables, clauses = cnf.num_vars, len(cnf.clauses)
        try:
            return cnf.mdd_of_successors(layers, 0, successors, budget=self.sum_diagram_edges, what=what)
        except TooLarge:
            if not self.binary_sums:
                raise
        cnf.num_vars = variables  # the diagram's nodes made so far (no gate, no name) undone
        del cnf.clauses[clauses:]
        from .binary_sums import binary_sum_literal  # here: only a sum past the diagram's budget needs it

        return binary_sum_literal(cnf, terms, op, rhs)


def _sum_successors(coefs: list[int], layers: list[list[tuple[int, int]]], lows: list[int], highs: list[int],
                    op: str, rhs: int) -> Successors:
    """A node's successors in the diagram of sum(coef * value) <op> rhs: the partial sum after each
    value of its layer, or the outcome once the terms left cannot change it.

    Along a layer of ascending values the partial sum only grows (a positive coefficient) or only
    shrinks (a negative one): once even the least (greatest) the terms left can add takes it past rhs,
    every later value settles the same way, and is not worked out one by one (the coins' sum, 64
    values a term, took 16,000 steps where 2,000 settle it)."""
    values = [[value for value, _ in layer] for layer in layers]
    ascending = [all(a < b for a, b in pairwise(vs)) for vs in values]

    def successors(i: int, total: Hashable) -> list[Hashable | bool]:
        assert isinstance(total, int)
        coef, low, high, layer = coefs[i], lows[i + 1], highs[i + 1], values[i]
        found: list[Hashable | bool] = []
        for value in layer:
            after = total + coef * value
            settled = op_decided(after + low, after + high, op, rhs)
            if settled is None:
                found.append(after)
                continue
            found.append(settled)
            if ascending[i] and (after + low > rhs if coef > 0 else after + high < rhs):
                found.extend([settled] * (len(layer) - len(found)))
                break
        return found

    return successors


def _suffix_bounds(coefs: list[int], layers: list[list[tuple[int, int]]]) -> tuple[list[int], list[int]]:
    """Bounds of what the terms from layer i onwards can still add (i = 0 .. n), for early decisions."""
    lows, highs = [0], [0]
    for coef, values in zip(reversed(coefs), reversed(layers), strict=True):
        products = [coef * v for v, _ in values] or [0]
        lows.append(lows[-1] + min(products))
        highs.append(highs[-1] + max(products))
    return lows[::-1], highs[::-1]


def _tail_bounds(
    coefs: list[int], pairs: list[list[tuple[int, int]]], used: int, distinct_values: bool
) -> tuple[int, int]:
    """Bounds of what the terms after the first can still add, given the first's value `used`;
    `distinct_values`: the terms take distinct values, all with one coefficient (then the bounds are
    the sums of the smallest and of the largest values left, tighter than each term's own bounds)."""
    if distinct_values:
        pool = sorted({v for values in pairs[1:] for v, _ in values}.difference([used]))
        k = len(pairs) - 1
        if len(pool) < k:
            return 1, 0  # no room for distinct values: empty
        ends = sum(pool[:k]) * coefs[0], sum(pool[-k:]) * coefs[0]
        return min(ends), max(ends)
    low = high = 0
    for coef, values in zip(coefs[1:], pairs[1:], strict=True):
        products = [coef * v for v, _ in values] or [0]
        low += min(products)
        high += max(products)
    return low, high


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


def balanced(c: Linear) -> bool:
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
