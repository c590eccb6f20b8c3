"""Exact linear algebra over the integers, for the sums' passes (`passes.sums`), in time and number
sizes polynomial in the matrix.

Eliminating with integers alone (row_i := pivot * row_i - factor * pivot_row) doubles the size of the
numbers at each step: 2^k-digit entries after k pivots, which took a 120-variable system of 172 sums
past ten minutes. Two ways keep them small here, both exact and without fractions:
- the echelon forms divide each row by the gcd of its entries (`primitive`): a row of a reduced row
  echelon form is then the primitive multiple of a rational vector fixed by the span, whose entries
  are quotients of minors of the matrix, bounded by Hadamard's bound (a few hundred bits for 120
  columns);
- `rank` divides by the previous pivot (Bareiss): each entry after k steps is a (k+1)-minor itself.
"""

from __future__ import annotations

import math

from ..core.deadline import check_deadline


def primitive(row: list[int]) -> list[int]:
    """The row divided by the gcd of its entries (all zero stays all zero)."""
    divisor = math.gcd(*row)
    return [x // divisor for x in row] if divisor > 1 else row


def rank(matrix: list[list[int]]) -> int:
    """The rank of an integer matrix, by Bareiss's fraction-free elimination: each step divides by the
    previous pivot exactly, so every entry stays a minor of the matrix."""
    rows = [row[:] for row in matrix if any(row)]
    found = 0
    previous = 1
    for column in range(len(rows[0]) if rows else 0):
        pick = next((i for i in range(found, len(rows)) if rows[i][column]), None)
        if pick is None:
            continue
        rows[found], rows[pick] = rows[pick], rows[found]
        lead = rows[found]
        for i in range(found + 1, len(rows)):
            factor = rows[i][column]
            rows[i] = [(lead[column] * a - factor * b) // previous for a, b in zip(rows[i], lead, strict=True)]
        previous = lead[column]
        found += 1
    return found


class Echelon:
    """The span of integer vectors added one at a time, kept in reduced row echelon form: each row the
    primitive integer multiple of its reduced form, its pivot positive. The last `rhs` columns are never
    pivots (the right-hand sides of equations), so a vector whose other entries reduce to zero is
    decided by them: in the span when they reduce to zero as well, contradicting it when not.

    Reducing a vector costs one row operation per pivot where it is nonzero (a three-term sum: three
    at most), adding one a row operation per row that has a nonzero in its pivot column."""

    def __init__(self, width: int, rhs: int = 0) -> None:
        self.pivot_columns = width - rhs  # the columns that may hold pivots
        self.rows: dict[int, list[int]] = {}  # pivot column -> its row

    def residual(self, vector: list[int]) -> list[int]:
        """The vector minus its part in the span, scaled to primitive integers: zero in every pivot
        column. A reduced row is zero in the other rows' pivots, so only the pivots where `vector` is
        nonzero need a step, and each step leaves the others as they were."""
        rest = vector
        for pivot in [p for p in self.rows if vector[p]]:
            row = self.rows[pivot]
            rest = primitive([row[pivot] * a - rest[pivot] * b for a, b in zip(rest, row, strict=True)])
        return rest

    def add(self, rest: list[int]) -> bool:
        """Take a vector's `residual` into the span as a row; False (and nothing changes) when it adds no
        pivot, that is when the vector's entries outside the right-hand sides are a combination of the rows'."""
        pivot = next((j for j in range(self.pivot_columns) if rest[j]), None)
        if pivot is None:
            return False
        if rest[pivot] < 0:
            rest = [-x for x in rest]
        for column, row in self.rows.items():
            if row[pivot]:
                check_deadline()
                scale, factor = rest[pivot], row[pivot]
                self.rows[column] = primitive([scale * a - factor * b for a, b in zip(row, rest, strict=True)])
        self.rows[pivot] = rest
        return True


def integer_row_echelon(matrix: list[list[int]]) -> tuple[list[list[int]], list[int]]:
    """Reduced row echelon form of the independent rows, and the pivot column of each, without
    fractions (4 ms less on the hexagon than in them): each row comes scaled to coprime integers with a
    positive pivot. The last column is a right-hand side, never a pivot."""
    rows = [row[:] for row in matrix]
    pivots: list[int] = []
    for column in range(len(rows[0]) - 1):
        found = len(pivots)
        pick = next((i for i in range(found, len(rows)) if rows[i][column]), None)
        if pick is None:
            continue
        rows[found], rows[pick] = rows[pick], rows[found]
        lead = rows[found]
        for i, row in enumerate(rows):
            if i != found and row[column]:
                rows[i] = primitive([lead[column] * a - row[column] * b for a, b in zip(row, lead, strict=True)])
        pivots.append(column)
    reduced = [primitive(row) for row in rows[: len(pivots)]]
    return [row if row[pivot] > 0 else [-x for x in row] for row, pivot in zip(reduced, pivots, strict=True)], pivots


def integer_null_space(equations: list[list[int]], unknowns: int) -> list[list[int]]:
    """A basis of the integer weights w (of length `unknowns`) with sum(w[i] * eq[i]) == 0 for every
    equation: one vector per free column of the echelon form, scaled to integers."""
    if unknowns == 0:
        return []
    if not equations:
        return [[int(i == j) for i in range(unknowns)] for j in range(unknowns)]
    reduced, pivots = integer_row_echelon([[*eq, 0] for eq in equations])
    basis = []
    for free in (c for c in range(unknowns) if c not in pivots):
        # row . w == 0 with w[free] = scale: row[pivot] * w[pivot] == -row[free] * scale, row by row
        scale = math.lcm(*(row[pivot] for row, pivot in zip(reduced, pivots, strict=True) if row[free]))
        weights = [0] * unknowns
        weights[free] = scale
        for row, pivot in zip(reduced, pivots, strict=True):
            weights[pivot] = -row[free] * scale // row[pivot]
        basis.append(weights)
    return basis
