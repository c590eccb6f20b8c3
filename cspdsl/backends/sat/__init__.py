"""The SAT backend: the IR compiled to CNF and solved with pycosat (PicoSAT).

Encodings (see docs/backend-sat.md for the measurements behind them):
- an integer variable is direct-encoded, one literal per value with exactly-one; a domain of more
  than `PAIRWISE_MAX` values gets a sequential counter, whose prefix literals are the variable's
  order encoding (x <= v), channelled for free; a 0/1 variable is one literal;
- all-different: at-most-one per value, plus at-least-one per value when the variables fill
  exactly their values (a permutation: Einstein's attributes, the hexagon's cells);
- a top-level constraint on two variables (same, beside, left of, distance, ...): support clauses
  (x = v -> y in supports(v)) or, when fewer, conflict clauses;
- a top-level sum `==` of three or four terms of one sign: clauses over the values of the first two,
  each forcing the third's value or the diagram node of the last two's total (prefix clauses); a
  top-level count whose clauses over its literals alone are few (`exactly 2 of 16`): those clauses;
- other sums, counts and tables: reduced decision diagrams (MDDs) with every node defined, which unit
  propagation keeps domain consistent;
- and/or/not: Tseitin gates, defined both ways.
The domains are first cut by the top-level one-variable constraints (`presolve.narrow_domains`),
so Sudoku givens and `at` clues fix variables before any clause is written.

To find all solutions of a symmetric model (the hexagon's 12 rotations and reflections), the search
looks for one solution per orbit of its symmetry group (`cspdsl.passes.symmetry`: lex-leader clauses added
to the CNF) and maps each by every symmetry: 1 solution searched for the hexagon's 12, 36 for the tile
square's 1152, in a tenth of the time (`symmetry_broken`, option `symmetry`).

Every auxiliary variable is defined by the model's variables, so blocking a whole assignment blocks
exactly one solution. Solutions are still compared on the model's own variables, since auxiliary
variables of the IR itself (a piece's kind where kinds overlap) may be free.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterator
from itertools import combinations, product
from typing import TYPE_CHECKING, Any, ClassVar

import pycosat

from ...errors import CspdslError
from ...ir import (
    AllDifferent,
    And,
    Constraint,
    Count,
    InSet,
    Linear,
    Not,
    Or,
    Problem,
    Table,
    negation,
    op_decided,
    op_holds,
    variables_of,
)
from ...passes.narrow import narrow_domains
from ...passes.sums import has_sum_system, implied_equalities, redundant_sums
from ...record import Record, field
from .. import Assignment, Compiled, Distinct, Outcome, check_limit
from ..child import run_with_time_limit
from .cnf import FALSE, PAIRWISE_MAX, TRUE, Cnf, Diagram, TooLarge

if TYPE_CHECKING:  # imported where used: only a search of all solutions needs it (3 ms of start-up)
    from ...passes.symmetry import Symmetry

# The direct encoding gives every value of every variable a literal; beyond this many in all, the
# model is refused with a clear message (CP-SAT takes such domains as intervals).
DIRECT_LITERALS_MAX = 200_000
# A top-level sum `== k` of at most PREFIX_TERMS_MAX terms is written as clauses over its prefixes,
# when its first two terms have at most PREFIX_CLAUSES_MAX choices.
# Four terms are two and a diagram for the other two, so the clauses number d^2, not d^3.
PREFIX_TERMS_MAX = 4
PREFIX_CLAUSES_MAX = 8000
# A top-level count is written as clauses over its literals, without auxiliary variables, when that
# takes at most SUBSET_CLAUSES_MAX clauses (`exactly 2 of 16`: 576).
SUBSET_CLAUSES_MAX = 1000
# A top-level constraint on two variables whose domains multiply to at most this many pairs is
# written as support (or conflict) clauses, computed by trying every pair.
SUPPORT_PAIRS_MAX = 4096


class SatModel(Record, frozen=False):
    """The CNF and how to read a model's variables back from a SAT solution."""

    cnf: Cnf
    problem: Problem
    # For each IR variable: (value, literal) pairs, exactly one literal true in every solution.
    values: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    # The encoder, kept to add the symmetry-breaking clauses when a search wants them.
    encoder: Any = field(default=None, compare=False, repr=False)
    # The problem's symmetry group once looked for ([] when none was found; None: not looked for).
    group: Any = field(default=None, compare=False, repr=False)
    # Once worked out: the symmetry group and the clauses that break it (`symmetry_broken`).
    broken: Any = field(default=None, compare=False, repr=False)


class _Encoder:
    """Writes one IR problem as CNF. One method per IR constraint kind, top level and nested."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.cnf = Cnf()
        self.values: dict[str, list[tuple[int, int]]] = {}
        self.literal: dict[str, dict[int, int]] = {}  # name -> value -> its literal, for lookups
        self.at_most: dict[str, list[int]] = {}  # x <= v_i literals, where a sequential counter made them
        self._literals: dict[Constraint, int] = {}
        self._distinct_groups = _distinct_groups(problem)
        self._rest_diagrams: dict[tuple[tuple[int, str], ...], Diagram] = {}
        self._post_by_type: dict[type, Callable[[Any], None]] = {
            AllDifferent: self._post_all_different,
            Table: self._post_table,
            Linear: self._post_linear,
            InSet: self._post_general,
            Count: self._post_count,
            And: self._post_and,
            Or: self._post_or,
            Not: self._post_not,
        }
        self._reify_by_type: dict[type, Callable[[Any], int]] = {
            AllDifferent: self._nested_global,
            Table: self._nested_global,
            Linear: self._reify_linear,
            InSet: self._reify_in_set,
            Count: self._reify_count,
            And: lambda c: self.cnf.and_gate(self.reify(sub) for sub in c.conds),
            Or: lambda c: self.cnf.or_gate(self.reify(sub) for sub in c.conds),
            Not: lambda c: -self.reify(c.cond),
        }

    def build(self) -> SatModel:
        values = sum(len(var.domain) for var in self.problem.variables.values())
        if values > DIRECT_LITERALS_MAX:
            raise CspdslError(
                f"the variables have {values:,} values in all: too many for the SAT backend, which gives "
                f"each value its own literal (at most {DIRECT_LITERALS_MAX:,})",
                hint="solve this model with --backend cpsat",
            )
        for var in self.problem.variables.values():
            self._encode_var(var.name, var.domain)
        for posted in self.problem.constraints:
            try:
                self.post(posted.constraint)
            except TooLarge:
                raise CspdslError(
                    "this clue is too large for the SAT backend: its decision diagram would have more "
                    "than 200,000 edges (a sum over many variables with large values)",
                    posted.span,
                    hint="solve this model with --backend cpsat",
                ) from None
        return SatModel(self.cnf, self.problem, self.values, self)

    # -- variables --------------------------------------------------------------------------------

    def _encode_var(self, name: str, domain: tuple[int, ...]) -> None:
        if len(domain) == 1:
            self.values[name] = [(domain[0], TRUE)]
        elif domain == (0, 1):
            b = self.cnf.new_var(f"{name} = 1")
            self.values[name] = [(0, -b), (1, b)]
        else:
            lits = [self.cnf.new_var(f"{name} = {v}") for v in domain]
            self.values[name] = list(zip(domain, lits, strict=True))
            if not domain:
                self.cnf.add([])
            prefix = self.cnf.exactly_one(lits)
            if prefix:
                self.at_most[name] = prefix
                for v, lit in zip(domain, prefix, strict=True):
                    self.cnf.meaning.setdefault(abs(lit), f"{name} <= {v}")

    def _eq(self, name: str, value: int) -> int:
        literals = self.literal.get(name)
        if literals is None:
            literals = self.literal[name] = dict(self.values[name])
        return literals.get(value, FALSE)

    def _domain(self, name: str) -> tuple[int, ...]:
        return self.problem.variables[name].domain

    # -- top level --------------------------------------------------------------------------------

    def post(self, c: Constraint) -> None:
        scope = sorted(variables_of(c))
        if not isinstance(c, (AllDifferent, Table, And)) and self._small_scope(c, scope):
            self._post_by_enumeration(c, scope)
            return
        self._post_by_type[type(c)](c)

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
            name = scope[0]
            for v, lit in self.values[name]:
                if not satisfied(c, {name: v}):
                    self.cnf.add([-lit])
            return
        x, y = scope
        limit = len(self.values[x]) + len(self.values[y])  # the number of support clauses
        allowed: Callable[[tuple[int, int]], bool]
        forbidden: list[tuple[int, int]] | None
        found = _equal_pairs(c, x, y, self.values)
        if found is None:
            table = {(v, w): satisfied(c, {x: v, y: w}) for (v, _), (w, _) in product(self.values[x], self.values[y])}
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

    def _post_all_different(self, c: AllDifferent) -> None:
        holders: dict[int, list[int]] = {}
        for name in c.vars:
            for v, lit in self.values[name]:
                holders.setdefault(v, []).append(lit)
        permutation = len(holders) == len(c.vars) and len(set(c.vars)) == len(c.vars)
        for lits in holders.values():
            if permutation:
                self.cnf.add(lits)
            self.cnf.at_most_one(lits)

    def _post_table(self, c: Table) -> None:
        self.cnf.add([self._table_literal(c)])

    def _post_linear(self, c: Linear) -> None:
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
        self.cnf.add([self._reify_linear(c)])

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
        distinct = _distinct([name for _, name in c.terms], self._distinct_groups)
        same_coef = len(set(coefs)) == 1

        def bounds(used: int) -> tuple[int, int]:
            """Bounds of what the terms after the first can still add, given its value."""
            if distinct and same_coef:
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

        def rest_literal(needed: int, used: tuple[int, int]) -> int:
            """The literal of: the terms after the first two add up to `needed`."""
            if len(rest) > 1:
                return self._rest_diagram(rest).node(0, needed)
            (coef, name), = rest
            value, remainder = divmod(needed, coef)
            return FALSE if remainder or (distinct and value in used) else self._eq(name, value)

        for v, lit in pairs[0]:
            low, high = bounds(v)
            if low > high or coefs[0] * v + low > c.rhs or coefs[0] * v + high < c.rhs:
                self.cnf.add([-lit])
                continue
            for w, second in pairs[1]:
                if not (distinct and w == v):
                    self.cnf.add([-lit, -second, rest_literal(c.rhs - coefs[0] * v - coefs[1] * w, (v, w))])

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

            diagram = self.cnf.diagram([self.values[name] for _, name in terms], step)
            self._rest_diagrams[terms] = diagram
        return diagram

    def _post_count(self, c: Count) -> None:
        lits = [self.reify(sub) for sub in c.conds]
        if c.op != "!=" and _subset_clauses(len(lits), c.op, c.k) <= SUBSET_CLAUSES_MAX:
            self._post_count_by_subsets(lits, c.op, c.k)
            return
        self.cnf.add([self._reify_count(c)])

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

    def _post_general(self, c: Constraint) -> None:
        self.cnf.add([self.reify(c)])

    def _post_and(self, c: And) -> None:
        for sub in c.conds:
            self.post(sub)

    def _post_or(self, c: Or) -> None:
        self.cnf.add([self.reify(sub) for sub in c.conds])

    def _post_not(self, c: Not) -> None:
        """Push the negation down, so that `not (a and b)` is a clause and `not sum <= k` a sum."""
        inner = c.cond
        if isinstance(inner, Linear):
            self.post(Linear(inner.terms, *negation(inner.op, inner.rhs)))
        elif isinstance(inner, Count):
            self.post(Count(inner.conds, *negation(inner.op, inner.k)))
        elif isinstance(inner, And):
            self.post(Or(tuple(Not(sub) for sub in inner.conds)))
        elif isinstance(inner, Or):
            self.post(And(tuple(Not(sub) for sub in inner.conds)))
        elif isinstance(inner, Not):
            self.post(inner.cond)
        else:
            self.cnf.add([self.reify(c)])

    # -- nested (reified) -------------------------------------------------------------------------

    def reify(self, c: Constraint) -> int:
        """A literal that is true exactly when `c` holds (memoised)."""
        lit = self._literals.get(c)
        if lit is None:
            lit = self._reify_by_type[type(c)](c)
            self._literals[c] = lit
        return lit

    @staticmethod
    def _nested_global(c: AllDifferent | Table) -> int:
        """Lowering keeps AllDifferent and Table at the top level; anywhere else is a bug."""
        raise ValueError(f"internal: nested {type(c).__name__}")

    def _reify_in_set(self, c: InSet) -> int:
        wanted = set(c.values)
        inside = [lit for v, lit in self.values[c.var] if v in wanted]
        outside = [lit for v, lit in self.values[c.var] if v not in wanted]
        if len(outside) < len(inside):
            return -self.cnf.or_gate(outside)
        return self.cnf.or_gate(inside)

    def _reify_linear(self, c: Linear) -> int:
        names = {name for _, name in c.terms}
        if len(names) == 1:
            name = c.terms[0][1]
            coef = sum(k for k, _ in c.terms)
            values = tuple(v for v in self._domain(name) if op_holds(coef * v, c.op, c.rhs))
            return self.reify(InSet(name, values))
        layers = [(coef, self.values[name]) for coef, name in c.terms]
        return self._sum_literal(layers, c.op, c.rhs)

    def _reify_count(self, c: Count) -> int:
        layers = [(1, [(0, -lit), (1, lit)]) for lit in (self.reify(sub) for sub in c.conds)]
        return self._sum_literal(layers, c.op, c.k)

    def _sum_literal(self, terms: list[tuple[int, list[tuple[int, int]]]], op: str, rhs: int) -> int:
        """The literal of sum(coef * value) <op> rhs, as a reduced MDD over partial sums."""
        coefs = [coef for coef, _ in terms]
        lows, highs = _suffix_bounds(coefs, [values for _, values in terms])

        def step(i: int, total: Hashable, value: int) -> Hashable | bool:
            assert isinstance(total, int)
            after = total + coefs[i] * value
            settled = op_decided(after + lows[i + 1], after + highs[i + 1], op, rhs)
            return after if settled is None else settled

        if not terms:
            return TRUE if op_holds(0, op, rhs) else FALSE
        early = op_decided(lows[0], highs[0], op, rhs)
        if early is not None:
            return TRUE if early else FALSE
        return self.cnf.mdd([values for _, values in terms], 0, step)

    def _table_literal(self, c: Table) -> int:
        """A table as the MDD of its tuples: the trie of prefixes, reduced."""
        if not c.vars:
            return TRUE if c.tuples else FALSE
        rows = frozenset(c.tuples)
        last = len(c.vars) - 1

        def step(i: int, rows_left: Hashable, value: int) -> Hashable | bool:
            assert isinstance(rows_left, frozenset)
            kept = frozenset(row for row in rows_left if row[i] == value)
            if not kept:
                return False
            return True if i == last else kept

        return self.cnf.mdd([self.values[name] for name in c.vars], rows, step)


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


# -- solving ----------------------------------------------------------------------------------------


def _decode(values: dict[str, list[tuple[int, int]]], model: list[int]) -> Assignment:
    true = set(lit for lit in model if lit > 0)
    true.add(TRUE)
    assignment = {}
    for name, pairs in values.items():
        for v, lit in pairs:
            if (lit > 0 and lit in true) or (lit < 0 and -lit not in true):
                assignment[name] = v
                break
    return assignment


class _Found:
    """What a search has found: each solution with its images under the symmetry group (itself alone
    without one), emitted once each on the outputs, until `limit` solutions have been emitted.

    One place for both searches (in this process, and in a child under a time limit)."""

    def __init__(
        self, emit: Callable[[Assignment], None], outputs: list[str], limit: int | None, group: list[Symmetry] | None
    ) -> None:
        self.emit, self.limit, self.group = emit, limit, group
        self.distinct = Distinct(outputs)
        self.duplicates = self.representatives = self.emitted = 0

    def take(self, assignment: Assignment) -> bool:
        """Emit the assignment's new images; True once the limit is reached."""
        images = [image for image in _orbit(assignment, self.group) if self.distinct.is_new(image)]
        if not images:  # found before, itself or as an image of an earlier one
            self.duplicates += 1
            return False
        self.representatives += 1
        for image in images:
            self.emit(image)
            self.emitted += 1
            if self.limit is not None and self.emitted >= self.limit:
                return True
        return False

    def summary(self, complete: bool) -> dict[str, Any]:
        return {"complete": complete, "duplicates": self.duplicates, "representatives": self.representatives}


def _search(
    emit: Callable[[Assignment], None],
    clauses: list[list[int]],
    num_vars: int,
    values: dict[str, list[tuple[int, int]]],
    outputs: list[str],
    limit: int | None,
    group: list[Symmetry] | None = None,
) -> dict[str, Any]:
    """Enumerate up to `limit` solutions distinct on `outputs`; runs in a child under a time limit.

    With a symmetry `group` (and clauses that leave at least one member of each orbit), each
    solution found stands for its orbit: every image of it is emitted, once.

    `vars=num_vars` makes PicoSAT assign every variable, also one that no clause mentions (a 0/1
    variable of the model that nothing constrains), so that no solution is lost."""
    found = _Found(emit, outputs, limit, group)
    solutions: Iterator[Any] = (
        pycosat.itersolve(clauses, vars=num_vars) if limit != 1 else iter([pycosat.solve(clauses, vars=num_vars)])
    )
    for model in solutions:
        if not isinstance(model, list):  # "UNSAT" from solve
            break
        if found.take(_decode(values, model)):
            return found.summary(complete=False)
    return found.summary(complete=True)


# Under a time limit, a search is first tried in this process with PicoSAT's propagation limit, for
# up to QUICK_SECONDS; only a search that needs longer pays for the child process (a few ms).
QUICK_PROPAGATIONS = 100_000
QUICK_SECONDS = 0.05


def _quick_search(
    clauses: list[list[int]],
    num_vars: int,
    values: dict[str, list[tuple[int, int]]],
    outputs: list[str],
    limit: int | None,
    group: list[Symmetry] | None,
    budget: float,
) -> tuple[list[Assignment], dict[str, Any]] | None:
    """(solutions, summary as `_search` gives it) if the search settles within `budget` seconds, else None.

    Each solution is blocked on the model's own variables only, and each call is bounded by the
    propagation limit, so this never runs much past its budget."""
    started = time.perf_counter()
    clauses = list(clauses)
    solutions: list[Assignment] = []
    found = _Found(solutions.append, outputs, limit, group)
    while True:
        if time.perf_counter() - started > budget:
            return None
        model = pycosat.solve(clauses, vars=num_vars, prop_limit=QUICK_PROPAGATIONS)
        if model == "UNKNOWN":
            return None
        if not isinstance(model, list):
            return solutions, found.summary(complete=True)
        assignment = _decode(values, model)
        if found.take(assignment):
            return solutions, found.summary(complete=False)
        clauses.append(
            [-lit for name in outputs for v, lit in values[name] if v == assignment[name] and lit != TRUE]
        )


class SatBackend:
    """Compiles the IR to CNF and solves it with pycosat."""

    name = "sat"
    exact = True
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = {
        "implied": (bool, "state the short equalities that the sums imply, drop the sums implied by shorter ones "
                          "(default true)"),
        "symmetry": (bool, "to find all solutions, search one per orbit of the model's symmetries and map it "
                           "by each (default true)"),
    }

    def __init__(self, implied: bool = True, symmetry: bool = True) -> None:
        self.implied = implied
        self.symmetry = symmetry

    def compile(self, problem: Problem) -> Compiled:
        start = time.perf_counter()
        group = None
        if self.symmetry and self.implied and has_sum_system(problem):
            from ...passes.symmetry import symmetry_group  # here: only number puzzles pay for its import

            group = symmetry_group(problem) or []
        native = compile_cnf(problem, implied=self.implied, symmetries=group)
        native.group = group
        cnf = native.cnf
        size = {"variables": cnf.num_vars, "clauses": len(cnf.clauses), "literals": cnf.literal_count()}
        return Compiled(problem, native, size, time.perf_counter() - start)

    def solve(
        self,
        compiled: Compiled,
        *,
        limit: int | None,
        timeout: float | None,
        seed: int | None,
    ) -> Outcome:
        check_limit(limit)
        native: SatModel = compiled.native
        clauses, num_vars = native.cnf.clauses, native.cnf.num_vars
        group: list[Symmetry] = []
        symmetry_stats: dict[str, Any] = {}
        # All solutions: one per orbit, mapped by the group. One or two (the uniqueness check): the
        # same where compile found a group anyway (number puzzles: the hexagon's in 38 ms, not 95),
        # and no search for one elsewhere (a logic puzzle pays nothing).
        if self.symmetry and (limit is None or native.group):
            clauses, num_vars, group, symmetry_stats = symmetry_broken(native, compiled.problem)
        if seed is not None:  # PicoSAT takes no seed: the clause order changes its path instead
            import random  # here: 1 ms of start-up that only a seeded run needs

            clauses = list(clauses)
            random.Random(seed).shuffle(clauses)
        start = time.perf_counter()
        outputs = compiled.problem.outputs
        search_args = (clauses, num_vars, native.values, outputs, limit, group)
        quick = None
        if timeout is not None:
            quick = _quick_search(*search_args, min(QUICK_SECONDS, timeout / 2))
            if quick is None:
                timeout = max(timeout - (time.perf_counter() - start), 0.001)
        if quick is not None:
            items, summary, timed_out, forked = *quick, False, 0
        else:
            run = run_with_time_limit(_search, search_args, timeout)
            items, summary, timed_out = list(run.items), run.summary or {}, run.timed_out
            forked = int(timeout is not None)
        stats = {"wall_seconds": time.perf_counter() - start, "duplicates": summary.get("duplicates", 0),
                 "forked": forked, **symmetry_stats}
        if group:
            stats["representatives"] = summary.get("representatives", 0)
        complete = bool(summary.get("complete")) and not timed_out and not (limit == 1 and items)
        return Outcome(items, complete, timed_out, stats)


def symmetry_broken(native: SatModel, problem: Problem) -> tuple[list[list[int]], int, list[Symmetry], dict[str, Any]]:
    """The clauses (and their variable count) with the problem's symmetries broken by lex-leader
    constraints, the group whose orbits then expand the solutions found, and the statistics of both;
    the plain clauses and no group when the problem has no symmetry, or finding it gave up.

    Worked out once per compiled model: for a search of all solutions, and for the others when
    compile found a group anyway (see `SatBackend.solve`). The model's encoder writes the lex-leader
    clauses into its CNF, which is then rolled back: the plain CNF is left as it was, its variable
    count too, since PicoSAT assigns every variable and a free one would double the solutions. The
    encoder is let go afterwards, since its memos may now name variables of the broken CNF only."""
    if native.broken is None:
        from ...passes.symmetry import lex_leader, symmetry_group

        start = time.perf_counter()
        cnf = native.cnf
        group = native.group if native.group is not None else symmetry_group(problem) or []
        plain = cnf.checkpoint()
        try:
            if len(group) > 1:
                for c in lex_leader(problem, group):
                    native.encoder.post(c)
            broken = (list(cnf.clauses), cnf.num_vars)
        finally:
            cnf.rollback(plain)
            native.encoder = None
        stats = {"symmetries": len(group), "symmetry_seconds": time.perf_counter() - start}
        native.broken = (*broken, group if len(group) > 1 else [], stats)
    clauses, num_vars, group, stats = native.broken
    return clauses, num_vars, group, stats


def compile_cnf(problem: Problem, implied: bool = True, symmetries: list[Symmetry] | None = None) -> SatModel:
    """The problem as CNF, its domains first cut by its one-variable constraints, and (unless
    `implied` is off) the linear algebra of its sums put to use: the short equalities they imply are
    stated for stronger propagation (`presolve.implied_equalities`), and the sums that the shorter
    ones imply are left out (`presolve.redundant_sums`, the hexagon's 5-cell lines). The hexagon's
    12 solutions then take 0.2 of the hand-written CNF's time with 0.6 of its clauses; see docs/backend-sat.md.
    The problem's `symmetries`, when known, let the search for implied equalities skip the supports
    that are images of others (the hexagon's in a quarter of the time)."""
    narrowed = narrow_domains(problem)
    if implied:
        equalities = implied_equalities(narrowed, symmetries or ())
        redundant = redundant_sums(narrowed)
        narrowed.constraints = [p for i, p in enumerate(narrowed.constraints) if i not in redundant]
        for equality in equalities:
            if not _balanced(equality):
                narrowed.post(equality)
    return _Encoder(narrowed).build()


def _orbit(assignment: Assignment, group: list[Symmetry] | None) -> list[Assignment] | Iterator[Assignment]:
    """The assignment's images under the group (itself alone without one)."""
    if not group:
        return [assignment]
    from ...passes.symmetry import orbit

    return orbit(assignment, group)


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


def to_dimacs(problem: Problem, source: str = "") -> str:
    """Standard DIMACS CNF, with comment lines that map variables back to the model:
    `c 17 colour[green] = 4`, and `c fixed nationality[Norwegian] = 1` for values settled at compile time."""
    native = compile_cnf(problem)
    cnf = native.cnf
    lines = [f"c cspdsl CNF of {source}" if source else "c cspdsl CNF"]
    lines.append("c each 'c N meaning' line names variable N; the rest are auxiliary")
    for name, pairs in native.values.items():
        if len(pairs) == 1 and pairs[0][1] == TRUE:
            lines.append(f"c fixed {name} = {pairs[0][0]}")
        elif not pairs:
            lines.append(f"c empty {name}")
    for var in sorted(cnf.meaning):
        lines.append(f"c {var} {cnf.meaning[var]}")
    lines.append(f"p cnf {cnf.num_vars} {len(cnf.clauses)}")
    lines.extend(" ".join(map(str, clause)) + " 0" for clause in cnf.clauses)
    return "\n".join(lines) + "\n"


__all__ = ["PAIRWISE_MAX", "SatBackend", "compile_cnf", "to_dimacs"]
