"""The encoder: one IR problem written as CNF, its variables direct-encoded and each constraint kind
by the encoding that fits it (see the package's docstring and docs/backend-sat.md)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from itertools import combinations

from ...core.collector import no_cycle_collection
from ...core.deadline import check_deadline
from ...core.errors import CspdslError, Suggestion
from ...core.record import Record, field
from ...core.static_types import TYPE_CHECKING, Any
from ...ir import (
    AllDifferent,
    And,
    Connected,
    Constraint,
    InSet,
    Linear,
    Not,
    Or,
    Problem,
    Product,
    Regular,
    Table,
    validate,
    variables_of,
)
from ...passes.differences import ShiftedGroup, Where, shifted_groups, uncovered_parts
from ...passes.narrow import narrow_domains
from ...passes.rulers import Ruler
from ...passes.rulers import rulers as find_rulers
from ...passes.sums import has_sum_system, implied_equalities, redundant_sums
from ..base import run_passes
from ..protocol import Pass
from .cnf import DIAGRAM_EDGES_MAX, FALSE, PAIRWISE_MAX, TRUE, Cnf, TooLarge, TooManyClauses, no_two, over_values
from .connected import ConnectedClauses
from .offsets import offset_aliases
from .pairs import PairClauses
from .sums import SumClauses, balanced

if TYPE_CHECKING:  # imported where used: only a search of all solutions needs it (3 ms of start-up)
    from ...passes.symmetry import Symmetry

# The direct encoding gives every value of every variable a literal; beyond this many in all, the
# model is refused with a clear message (CP-SAT takes such domains as intervals).
DIRECT_LITERALS_MAX = 200_000
# The most clauses the clues may take the CNF to (about 100 bytes each in memory); past it, the clue
# that goes past is refused. Both limits are options of the backend: -O max_values=N, -O max_clauses=N.
MAX_CLAUSES = 5_000_000

# The shared passes before the encoding: the domains cut by the one-variable clues (Sudoku's givens).
PASSES: tuple[Pass, ...] = (narrow_domains,)

# Differences that make shifted variables all different (`passes.differences`) are written as one
# at-most-one per shifted value only in groups larger than this: below, those at-most-ones are
# pairwise, the same binary clauses that the differences give one by one (and these stay as before).
MIN_SHIFTED_GROUP = PAIRWISE_MAX + 1


# The kinds that are posted by their own encodings, never as the value pairs they allow.
_GLOBALS = (AllDifferent, Table, Product, And, Connected)


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
    # The variables with no literals, each a difference of two that have them (a ruler's, `rulers`):
    # name -> (a, b), its value a - b.
    derived: dict[str, tuple[str, str]] = field(default_factory=dict)


class CnfEncoder(PairClauses, SumClauses, ConnectedClauses):
    """Writes one IR problem as CNF: dispatches each constraint, top level and nested, to the method
    for its kind; the constraints on one or two variables, the sums and the counts have theirs in
    `PairClauses` and `SumClauses`, all-different, tables and the connectives are here; and, or and
    not inside conditions come from `Translator` as gates (`VariableEncoding`'s primitives)."""

    max_values = DIRECT_LITERALS_MAX
    max_clauses = MAX_CLAUSES
    rulers: tuple[Ruler, ...] = ()  # written as marks (`ruler_clauses`); their constraints are not in the problem
    # The constraints from this index on are implied equalities (`passes.sums`), stated only for
    # propagation: one whose diagram outgrows its budget is left out rather than refused.
    implied_from = 1 << 62

    def build(self) -> SatModel:
        self._check_values()
        aliases = offset_aliases(self.problem)
        for var in self.problem.variables.values():
            if var.name not in aliases.base:
                self._encode_var(var.name, var.domain)
        for name, (base, offset) in aliases.base.items():
            self._alias_var(name, base, offset)
        groups: list[ShiftedGroup] = []
        covered: set[Where] = {(i, -1) for i in aliases.covered}
        if self._may_group():
            groups, grouped = shifted_groups(self.problem.constraints, MIN_SHIFTED_GROUP)
            covered |= grouped
        self.cnf.clause_budget = self.max_clauses
        try:
            self._post_all(covered)
            for group in groups:
                self._post_shifted_group(group)
            if self.rulers:
                from .rulers import ruler_clauses  # here: only a model with a ruler's marks

                for ruler in self.rulers:
                    ruler_clauses(self.cnf, ruler, self.values)
        except TooManyClauses:
            raise CspdslError(
                f"the SAT encoding takes more than {self.max_clauses:,} clauses (-O max_clauses=N raises the limit)",
                suggestion=Suggestion("use_backend", ("cpsat",)),
            ) from None
        finally:
            self.cnf.clause_budget = None
        derived = {name: pair for ruler in self.rulers for name, pair in ruler.differences.items()}
        return SatModel(self.cnf, self.problem, self.values, self, derived=derived)

    def _may_group(self) -> bool:
        """Whether there are clues enough for a shifted group: one of k variables takes a difference
        for each of its k(k-1)/2 pairs, each a top-level clue or a part of a top-level `and`."""
        needed = MIN_SHIFTED_GROUP * (MIN_SHIFTED_GROUP - 1) // 2
        constraints = self.problem.constraints
        return len(constraints) >= needed or any(isinstance(p.constraint, And) for p in constraints)

    def _post_all(self, covered: set[Where]) -> None:
        """Each clue's clauses (but the differences a shifted group covers), refused at the clue that
        outgrows a budget."""
        for i, posted in enumerate(self.problem.constraints):
            check_deadline()
            implied = self._checkpoint() if i >= self.implied_from else None
            self.binary_sums = implied is None
            try:
                self._post_uncovered(i, posted.constraint, covered)
                if len(self.cnf.clauses) > self.max_clauses:  # the encodings' inline clauses skip `add`
                    raise TooManyClauses
            except TooManyClauses:
                raise CspdslError(
                    f"this clue takes the SAT encoding past {self.max_clauses:,} clauses (-O max_clauses=N "
                    "raises the limit)",
                    posted.span,
                    suggestion=Suggestion("use_backend", ("cpsat",)),
                ) from None
            except TooLarge as error:
                if implied is not None:  # only stated for propagation: left out, as if never found
                    self._rollback(implied)
                    continue
                raise CspdslError(
                    f"this clue is too large for the SAT backend: its decision diagram would have more "
                    f"than {DIAGRAM_EDGES_MAX:,} edges ({error.what or 'a sum over many large values'})",
                    posted.span,
                    suggestion=Suggestion("use_backend", ("cpsat",)),
                ) from None

    def _checkpoint(self) -> tuple[Any, ...]:
        """What an implied clue that turns out too large must undo: the CNF, and the literals and
        diagrams made since, which would otherwise name variables no longer in it."""
        return self.cnf.checkpoint(), dict(self._literals), dict(self._rest_diagrams)

    def _rollback(self, checkpoint: tuple[Any, ...]) -> None:
        cnf_state, self._literals, self._rest_diagrams = checkpoint
        self.cnf.rollback(cnf_state)

    def _check_values(self) -> None:
        """Refuse a model whose variables have more values in all than the direct encoding takes, at
        the declaration that passes the limit (or the first declared variable past it)."""
        values = sum(len(var.domain) for var in self.problem.variables.values())
        if values <= self.max_values:
            return
        span, running = None, 0
        for var in self.problem.variables.values():
            running += len(var.domain)
            if running > self.max_values and var.span is not None:
                span = var.span
                break
        raise CspdslError(
            f"the variables have {values:,} values in all: too many for the SAT backend, which gives "
            f"each value its own literal (at most {self.max_values:,}: -O max_values=N raises the limit)",
            span,
            suggestion=Suggestion("use_backend", ("cpsat",)),
        )

    def _post_uncovered(self, i: int, c: Constraint, covered: set[Where]) -> None:
        """The i-th top-level constraint, but for the differences that a shifted group covers."""
        for part in uncovered_parts(i, c, covered):
            self.post(part)

    def _post_shifted_group(self, group: ShiftedGroup) -> None:
        """At most one member takes each shifted value (`passes.differences`: the queens' diagonals)."""
        by_value: dict[int, list[int]] = {}
        for name, offset in group.offsets.items():
            for v, lit in self.values[name]:
                by_value.setdefault(v + offset, []).append(lit)
        for shifted in sorted(by_value):
            self.cnf.at_most_one(by_value[shifted])

    # -- top level --------------------------------------------------------------------------------

    def post(self, c: Constraint) -> None:
        if isinstance(c, _GLOBALS):  # never tabulated: no scope to work out
            super().post(c)
            return
        scope = _scope(c)
        if self._small_scope(c, scope):
            self._post_by_enumeration(c, scope)
            return
        if self._post_by_order(c, scope):
            return
        super().post(c)

    def post_all_different(self, c: AllDifferent) -> None:
        if self._post_permutation(c):
            return
        holders: defaultdict[int, list[int]] = defaultdict(list)
        for name in c.vars:
            for v, lit in self.values[name]:
                holders[v].append(lit)
        distinct = len(set(c.vars)) == len(c.vars)
        permutation = distinct and len(holders) == len(c.vars)
        # Distinct variables none of them fixed: each value's literals are of distinct SAT variables
        # (one literal a variable, each variable its own), none the constant.
        fresh = distinct and all(len(self.values[name]) > 1 for name in c.vars)
        cnf = self.cnf
        for lits in holders.values():
            if len(lits) <= PAIRWISE_MAX and (fresh or _distinct_unfixed(lits)):  # the clauses as they are
                if permutation:
                    cnf.clauses.append(lits)
                cnf.clauses.extend(no_two(lits))
                continue
            if permutation:
                cnf.add(lits)
            cnf.at_most_one(lits)

    def _post_permutation(self, c: AllDifferent) -> bool:
        """Distinct variables, none fixed, all over the same values, no more than PAIRWISE_MAX (Einstein's
        attributes, a zebra's): for each value, its literals' at-least-one and pairwise at-most-one,
        as the general case writes them, its literals read off the variables' together (`zip`, in C).
        False, with nothing written, for any other all-different."""
        names = c.vars
        domain = self._domain(names[0]) if names else ()
        if not 1 < len(domain) == len(names) <= PAIRWISE_MAX or len(set(names)) != len(names):
            return False
        if any(self._domain(name) != domain for name in names) or domain == (0, 1):
            return False
        signed = [self._signed(name) for name in names]
        n = len(domain)
        clauses = self.cnf.clauses
        columns = zip(*[s[n:] for s in signed], strict=True)  # each value's literals, one per variable
        negated_columns = zip(*[s[:n] for s in signed], strict=True)
        for lits, negated in zip(columns, negated_columns, strict=True):
            clauses.append(list(lits))
            clauses.extend(combinations(negated, 2))
        return True

    def post_table(self, c: Table) -> None:
        if not self._post_functional_table(c):
            self.cnf.add([self._table_literal(c)])

    def post_regular(self, c: Regular) -> None:
        self.cnf.add([self.reify_regular(c)])

    def post_or(self, c: Or) -> None:
        self.cnf.add([self.reify(sub) for sub in c.conds])

    def post_not(self, c: Not) -> None:
        """Push the negation down, so that `not (a and b)` is a clause and `not sum <= k` a sum; a
        negated set stays the negation of the set's literal."""
        if isinstance(c.cond, InSet):
            self.cnf.add([self.reify(c)])
        else:
            super().post_not(c)

    # -- nested (reified) -------------------------------------------------------------------------

    def reify_in_set(self, c: InSet) -> int:
        wanted = set(c.values)
        inside = [lit for v, lit in self.values[c.var] if v in wanted]
        outside = [lit for v, lit in self.values[c.var] if v not in wanted]
        if len(outside) < len(inside):
            return -self.cnf.or_gate(outside)
        return self.cnf.or_gate(inside)

    def reify_regular(self, c: Regular) -> int:
        """The automaton unrolled over its variables as a decision diagram: a node per (position, state)
        on an accepted word, merged where equal (the classic encoding of a regular constraint, with
        every node defined both ways, so that unit propagation keeps it domain consistent). A literal
        even inside a condition, for explanations, which put each clue behind a selector."""
        if not c.vars:
            return TRUE if c.start in c.accepting else FALSE
        from ...passes.decompose import regular_layers  # here: only a model with an automaton

        layers = regular_layers(c, {name: tuple(v for v, _ in self.values[name]) for name in c.vars})
        if not layers:
            return FALSE
        last = len(layers) - 1

        def step(i: int, state: Hashable, value: int) -> Hashable | bool:
            for v, after in layers[i].get(state, ()):  # type: ignore[call-overload]  # states are ints
                if v == value:
                    return True if i == last else after
            return False

        values = [self.values[name] for name in c.vars]
        return self.cnf.mdd(values, c.start, step, what=over_values("an automaton", values))

    def _table_literal(self, c: Table) -> int:
        """A table as the MDD of its tuples: the trie of prefixes, reduced. A node's rows are split by
        their value in its layer once, not scanned once per value (a node of a 1,000-row table over
        values 1..100 would take 100,000 steps)."""
        if not c.vars:
            return TRUE if c.tuples else FALSE
        rows = frozenset(c.tuples)
        last = len(c.vars) - 1
        splits: dict[tuple[int, frozenset[tuple[int, ...]]], dict[int, frozenset[tuple[int, ...]]]] = {}

        def step(i: int, rows_left: Hashable, value: int) -> Hashable | bool:
            assert isinstance(rows_left, frozenset)
            split = splits.get((i, rows_left))
            if split is None:
                split = splits[(i, rows_left)] = _split_by_column(rows_left, i)
            kept = split.get(value)
            if kept is None:
                return False
            return True if i == last else kept

        layers = [self.values[name] for name in c.vars]
        return self.cnf.mdd(layers, rows, step, what=over_values(f"a table of {len(rows):,} rows", layers))


def _scope(c: Constraint) -> list[str]:
    """The variables of `c`, sorted: of a clue on two variables (`x - y == 1`, `x same y`, `x next_to
    y` as the `or` of two sums) without a walk of the IR."""
    if isinstance(c, Linear):
        terms = c.terms
        if len(terms) == 2:
            x, y = terms[0][1], terms[1][1]
            return [x, y] if x < y else [y, x] if y < x else [x]
        return sorted({name for _, name in terms})
    if isinstance(c, InSet):
        return [c.var]
    if isinstance(c, Or):
        sums = [part for part in c.conds if isinstance(part, Linear)]
        if len(sums) == len(c.conds):
            return sorted({name for part in sums for _, name in part.terms})
    return sorted(variables_of(c))


def _distinct_unfixed(lits: list[int]) -> bool:
    """Whether the literals are of distinct variables, none of them the constant."""
    variables = set(map(abs, lits))
    return len(variables) == len(lits) and TRUE not in variables


def _split_by_column(rows: frozenset[tuple[int, ...]], i: int) -> dict[int, frozenset[tuple[int, ...]]]:
    """The rows grouped by their value in column i."""
    groups: dict[int, list[tuple[int, ...]]] = {}
    for row in rows:
        groups.setdefault(row[i], []).append(row)
    return {value: frozenset(group) for value, group in groups.items()}


def compile_cnf(
    problem: Problem,
    implied: bool = True,
    symmetries: list[Symmetry] | None = None,
    limits: tuple[int, int] = (DIRECT_LITERALS_MAX, MAX_CLAUSES),
    rulers: bool = True,
) -> SatModel:
    """The problem as CNF, its domains first cut by its one-variable constraints, and (unless
    `implied` is off) the linear algebra of its sums put to use: the short equalities they imply are
    stated for stronger propagation (`passes.sums.implied_equalities`), and the sums that the shorter
    ones imply are left out (`passes.sums.redundant_sums`, the hexagon's 5-cell lines). The hexagon's
    12 solutions then take 0.2 of the hand-written CNF's time with 0.6 of its clauses; see docs/backend-sat.md.
    The problem's `symmetries`, when known, let the search for implied equalities skip the supports
    that are images of others (the hexagon's in a quarter of the time).

    The IR's rules are checked first (`ir.validate`): the tables of one- and two-variable clues evaluate
    any kind, so a global inside a condition would otherwise pass unnoticed. `limits` are the most
    values and clauses the model may take (-O max_values, -O max_clauses). `rulers`: all-different
    differences of ordered marks are written as the marks' places (`passes.rulers`, `ruler_clauses`),
    their differences' variables read back from the marks (`SatModel.derived`)."""
    validate(problem)
    with no_cycle_collection():
        narrowed, _ = run_passes(problem, PASSES)  # an empty domain is the encoder's to write
        objective = problem.objective
        kept = [name for part in objective.parts for _, name in part.terms] if objective is not None else []
        found = find_rulers(narrowed, kept) if rulers else []
        implied_from = CnfEncoder.implied_from
        if found:
            from .rulers import without_rulers

            narrowed = without_rulers(narrowed, found)
        if implied and has_sum_system(narrowed):  # else neither finds anything (a logic puzzle)
            equalities = implied_equalities(narrowed, symmetries or ())
            redundant = redundant_sums(narrowed)
            narrowed.constraints = [p for i, p in enumerate(narrowed.constraints) if i not in redundant]
            implied_from = len(narrowed.constraints)
            for equality in equalities:
                if not balanced(equality):
                    narrowed.post(equality)
        encoder = CnfEncoder(narrowed)
        encoder.implied_from = implied_from
        encoder.max_values, encoder.max_clauses = limits
        encoder.rulers = tuple(found)
        return encoder.build()


