"""The linear algebra of a model's `==` sums, in integers, for the SAT backend.

Number puzzles state sums over lines that imply more than they say: `implied_equalities` finds the
short equalities in their span (stated, unit propagation sees them), and `redundant_sums` the sums
that shorter ones already imply (left out, the encoding is smaller). Both reduce the sums without
fractions.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence

from ..core.deadline import check_deadline
from ..core.record import Record
from ..ir import AllDifferent, Linear, Problem

Row = dict[str, int]  # a linear equality: {name: coefficient, "": right-hand side}, all in integers
Key = tuple[tuple[tuple[int, str], ...], int]  # an equality's terms and right-hand side, as `_canonical` puts them

# ---- implied short equalities --------------------------------------------------------------------

IMPLIED_TERMS_MAX = 4  # the longest implied equality worth posting (the SAT backend writes it as clauses)
IMPLIED_VARS_MAX = 30  # the search looks at every 4-subset of the summed variables: C(30, 4) = 27,405
# `redundant_sums` looks at sums over at most this many variables: its cost grows with the cube of their
# number where the sums mix them all (0.3 s for 150 variables under 225 random three-term sums, 2 s for 300).
REDUNDANT_VARS_MAX = 150


def has_sum_system(problem: Problem) -> bool:
    """Whether the problem has two or more sums of three or more terms, the systems that
    `implied_equalities` and `redundant_sums` look into (number puzzles, not logic puzzles)."""
    found = 0
    for posted in problem.constraints:
        c = posted.constraint
        if isinstance(c, Linear) and len(c.terms) >= 3 and not _names_a_pair(c):
            found += 1
            if found == 2:
                return True
    return False


def implied_equalities(problem: Problem, symmetries: Sequence[Mapping[str, str]] = ()) -> list[Linear]:
    """Equalities over at most four variables that the problem's `==` sums imply but do not state.

    The hexagon's line sums imply `a + b - g - l == 0` (two lines through c) and `b + i + k + r == 38`
    (a combination of several): stated, such short equalities let unit propagation see what otherwise
    only a long chain of reasoning over whole lines would, and the hexagon's enumeration on pycosat
    takes less than half the time. They are the vectors with small support in the span of the sums (and of each
    permutation's total, `sum(group) == sum(its values)`); each holds in every solution, so posting
    them changes no solution. Sums of fewer than three terms are left out (zebra relations, which
    would only imply more of the same), and so are problems whose sums cover too many variables.

    `symmetries` (renamings of the variables that map the problem onto itself: `cspdsl.passes.symmetry`) map
    implied equalities onto implied equalities, so the search looks at one support of each orbit and
    maps what it finds: the hexagon's 3876 supports come down to 364, the same 29 equalities.
    """
    if not has_sum_system(problem):
        return []  # the common case
    rows = _equality_rows(problem)
    names = sorted({name for row in rows for name in row if name})
    if len(rows) < 2 or len(names) > IMPLIED_VARS_MAX:
        return []
    span = _Span.of(rows, names)
    moves = _column_moves(names, symmetries)
    stated = {_canonical(row) for row in rows}
    found: dict[Key, None] = {}  # the equalities in the order they are found (a dict keeps it)
    for support in _supports_to_search(len(names), moves):
        check_deadline()
        for vector in span.vectors_within(support):
            found.update(dict.fromkeys(_new_equalities(vector, moves, names, stated)))
    return _in_search_order(found, names)


class _Span(Record):
    """The span of the equality rows in reduced row echelon form, each row scaled to integers, so that
    the rank tests and the combinations stay in integers. A vector of the span is fixed by its values
    on the pivot columns."""

    names: list[str]  # the columns; a row has one more entry, the right-hand side
    rows: list[list[int]]
    pivot_row: dict[int, int]  # pivot column -> the row it leads
    nonzero: list[set[int]]  # row -> its columns with a nonzero coefficient

    @staticmethod
    def of(rows: list[Row], names: list[str]) -> _Span:
        from .echelon import integer_row_echelon  # here: only a model with a system of sums

        integral, pivots = integer_row_echelon([[row.get(n, 0) for n in names] + [row[""]] for row in rows])
        nonzero = [{j for j in range(len(names)) if row[j]} for row in integral]
        return _Span(names, integral, {column: i for i, column in enumerate(pivots)}, nonzero)

    def vectors_within(self, support: tuple[int, ...]) -> list[list[int]]:
        """A basis of the span's vectors that vanish outside the columns `support` (none when only zero does).

        Such a vector combines only the rows whose pivots are in `support`, with weights that cancel
        every column outside it."""
        rows_in = [self.pivot_row[c] for c in support if c in self.pivot_row]
        if not rows_in:
            return []
        outside = sorted(set().union(*(self.nonzero[i] for i in rows_in)).difference(support))
        equations = [[self.rows[i][j] for i in rows_in] for j in outside]
        if _independent(equations, len(rows_in)):
            return []
        from .echelon import integer_null_space  # here: only a model with a system of sums

        return [self._combination(weights, rows_in) for weights in integer_null_space(equations, len(rows_in))]

    def _combination(self, weights: list[int], rows_in: list[int]) -> list[int]:
        """The sum of weight times row, right-hand side included."""
        return [sum(w * self.rows[i][j] for w, i in zip(weights, rows_in, strict=True))
                for j in range(len(self.names) + 1)]


def _supports_to_search(width: int, moves: list[list[int]]) -> Iterator[tuple[int, ...]]:
    """Every set of IMPLIED_TERMS_MAX columns, in order, but those that a symmetry maps from one already
    given: such a support holds the images of what was found in that one."""
    images_seen: set[tuple[int, ...]] = set()
    for support in itertools.combinations(range(width), IMPLIED_TERMS_MAX):
        if moves:
            if support in images_seen:
                continue
            images_seen.update(tuple(sorted(move[j] for j in support)) for move in moves)
        yield support


def _new_equalities(vector: list[int], moves: list[list[int]], names: list[str], stated: set[Key]) -> Iterator[Key]:
    """The equality `vector` and its images under the symmetries, as keys, when they have two or more
    terms and are not stated already."""
    for image in [vector, *(_moved(vector, move) for move in moves)]:
        combined = {names[j]: image[j] for j in range(len(names)) if image[j]}
        if len(combined) >= 2:
            key = _canonical({**combined, "": image[-1]})
            if key not in stated:
                yield key


def _in_search_order(found: Iterable[Key], names: list[str]) -> list[Linear]:
    """The equalities sorted by the first support that holds each (see `_first_support`)."""
    index = {name: j for j, name in enumerate(names)}
    ordered = sorted(found, key=lambda key: _first_support([index[name] for _, name in key[0]], len(names)))
    return [Linear(terms, "==", rhs) for terms, rhs in ordered]


def _column_moves(names: list[str], symmetries: Sequence[Mapping[str, str]]) -> list[list[int]]:
    """Each symmetry but the identity as a permutation of the columns `names` (none at all if one
    of them does not map the summed variables among themselves, which a symmetry always does)."""
    index = {name: j for j, name in enumerate(names)}
    moves = []
    for g in symmetries:
        if any(g.get(name) not in index for name in names):
            return []
        move = [index[g[name]] for name in names]
        if move != list(range(len(names))):
            moves.append(move)
    return moves


def _moved(vector: list[int], move: list[int]) -> list[int]:
    """The equality `vector` (coefficients by column, then the right-hand side) with its variables renamed."""
    image = [0] * len(vector)
    for j, coefficient in enumerate(vector[:-1]):
        image[move[j]] = coefficient
    image[-1] = vector[-1]
    return image


def _first_support(columns: list[int], width: int) -> tuple[int, ...]:
    """The first support, in the search's order, that holds these columns: the order the equalities
    are found in without symmetries, kept so that the CNF (and PicoSAT's path) does not depend on them."""
    padding = [j for j in range(width) if j not in columns][: max(IMPLIED_TERMS_MAX - len(columns), 0)]
    return tuple(sorted(columns + padding))


def redundant_sums(problem: Problem) -> set[int]:
    """The indices (in `problem.constraints`) of the `==` sums that are linear combinations of shorter
    ones and of the permutations' totals, so that dropping them changes no solution.

    The hexagon's three 5-cell lines are such: in each direction the 5 lines cover the 19 cells once,
    so the other 4 lines and the total 1 + ... + 19 = 190 force the fifth. The sums are taken shortest
    first (the totals before them), and one is redundant when its row, right-hand side included,
    reduces to zero against the rows kept so far (`echelon.Echelon`: one pass over the sums, each
    reduced against the kept rows in a few row operations, where recomputing a rank per sum took a
    120-variable system past ten minutes). Sums over more than REDUNDANT_VARS_MAX variables in all are
    left as they are."""
    if not has_sum_system(problem):
        return set()
    sums = _sum_rows(problem)
    totals = _permutation_totals(problem, {name for _, row in sums for name in row})
    names = sorted({name for _, row in sums for name in row if name})
    if len(names) > REDUNDANT_VARS_MAX:
        return set()
    from .echelon import Echelon  # here: only a model with a system of sums

    kept = Echelon(len(names) + 1, rhs=1)  # rows: [coefficient by name..., rhs]
    redundant = set()
    for index, row in [(-1, row) for row in totals] + sorted(sums, key=lambda pair: len(pair[1])):
        check_deadline()
        vector = [row.get(name, 0) for name in names] + [row[""]]
        rest = kept.residual(vector)
        if kept.add(rest):
            continue
        if index >= 0 and not rest[-1]:  # 0 == k instead: kept, the problem is infeasible
            redundant.add(index)
    return redundant


def _sum_rows(problem: Problem) -> list[tuple[int, Row]]:
    """Each `==` sum of three or more terms as (its index, {name: coefficient, "": rhs}), except the
    definitions of an auxiliary as two variables' sum or difference (`d == b - a`, a Golomb ruler's
    distances): two-term relations under a name, whose implied equalities (`d1 + d2 == d3` for every
    three marks) only say more of the same, in clauses over wide domains (143,000 where the ruler of 5
    marks needs 44,000)."""
    rows = []
    for index, posted in enumerate(problem.constraints):
        c = posted.constraint
        if isinstance(c, Linear) and c.op == "==" and len(c.terms) >= 3 and not _names_a_pair(c):
            row: Row = {"": c.rhs}
            for coefficient, name in c.terms:
                row[name] = row.get(name, 0) + coefficient
            rows.append((index, row))
    return rows


def _names_a_pair(c: Linear) -> bool:
    """Whether the sum is `aux == ±a ± b`: three terms, one an auxiliary of the lowering, with
    coefficients ±1 (an auxiliary's name holds '#', which no name of the language can)."""
    return len(c.terms) == 3 and all(abs(k) == 1 for k, _ in c.terms) and sum("#" in n for _, n in c.terms) == 1


def _permutation_totals(problem: Problem, summed: set[str]) -> list[Row]:
    """`sum(group) == sum(its values)` for each all-different over summed variables that is a
    permutation of its values."""
    rows = []
    for posted in problem.constraints:
        c = posted.constraint
        if isinstance(c, AllDifferent) and c.vars and set(c.vars) <= summed and len(set(c.vars)) == len(c.vars):
            values = set().union(*(problem.variables[name].domain for name in c.vars))
            if len(values) == len(c.vars):  # a permutation of its values: their total is fixed
                rows.append({"": sum(values), **{name: 1 for name in c.vars}})
    return rows


def _equality_rows(problem: Problem) -> list[Row]:
    """Each `==` sum of three or more terms, and each permutation's total, as {name: coefficient, "": rhs}."""
    rows = [row for _, row in _sum_rows(problem)]
    return rows + _permutation_totals(problem, {name for row in rows for name in row})


def _independent(equations: list[list[int]], unknowns: int) -> bool:
    """Whether only zero weights solve the equations (one list of `unknowns` coefficients each).

    Called for each of the thousands of supports: one or two unknowns are decided without elimination."""
    if len(equations) < unknowns:
        return False
    if unknowns == 1:
        return any(eq[0] for eq in equations)
    if unknowns == 2:  # independent unless the two columns are proportional
        first = next((eq for eq in equations if eq[0] or eq[1]), None)
        return first is not None and any(first[0] * eq[1] != first[1] * eq[0] for eq in equations)
    from .echelon import rank  # here: only a model with a system of sums

    return rank(equations) == unknowns


def _canonical(row: Mapping[str, int]) -> Key:
    """Terms and right-hand side divided by their gcd, first coefficient positive: one key per equality."""
    names = sorted(n for n in row if n and row[n])
    divisor = math.gcd(*(row[n] for n in names), row[""]) * (1 if row[names[0]] > 0 else -1)
    return tuple((row[n] // divisor, n) for n in names), row[""] // divisor
