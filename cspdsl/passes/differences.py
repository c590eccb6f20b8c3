"""Pairwise differences `x - y != d` that together say "these variables, each shifted by its own
offset, are all different", found so that a backend can post them as one constraint: the SAT encoder
as one at-most-one per shifted value instead of a conflict clause per pair of values, CP-SAT as one
all-different over the shifted variables instead of pairwise `!=` that propagate weakly, csp as one
forward-checked constraint instead of a function per difference. Each backend says from which size
on a group pays (`shifted_groups`' `min_group`).

The N-queens' diagonals are the case: `abs(q[i] - q[j]) != j - i` for every pair is
`q[i] + i` all different and `q[i] - i` all different. Pair by pair that is about n^3 / 3 binary
clauses (1.3 million at n = 100); as at-most-ones over the 2n - 1 diagonals of each direction, with
a sequential counter on the long ones, it is about 6 n^2. The two are equivalent clause for clause:
two literals of one shifted value are exactly a pair of values that one of the differences forbids.

The search is greedy and bounded: a group grows from a difference not yet grouped, by the
neighbours of its first variable whose offset agrees with every member; the checks it may spend are
a fixed multiple of the differences, so a model with many unrelated differences pays little.
"""

from __future__ import annotations

from ..core.deadline import check_deadline
from ..ir import And, Constraint, Linear, Posted, Problem

# The checks of candidate members that the search may spend, per difference found.
CHECKS_PER_DIFFERENCE = 64

Where = tuple[int, int]  # (index of the top-level constraint, index in its And, -1: the constraint)
Difference = tuple[str, str, int]  # x - y != d


class ShiftedGroup:
    """Variables with offsets whose shifted values `x + offset[x]` are pairwise different."""

    def __init__(self, offsets: dict[str, int]) -> None:
        self.offsets = offsets


def as_difference(c: Constraint) -> Difference | None:
    """`c` as (x, y, d) meaning x - y != d, x and y two distinct variables, or None."""
    if not isinstance(c, Linear) or c.op != "!=" or len(c.terms) != 2:
        return None
    (a, x), (b, y) = c.terms
    if x == y or {a, b} != {1, -1}:
        return None
    return (x, y, c.rhs) if a == 1 else (y, x, c.rhs)


def differences_of(constraints: list[Posted]) -> dict[Where, Difference]:
    """The top-level differences, and those directly inside a top-level And, by where they stand."""
    found: dict[Where, Difference] = {}
    for i, posted in enumerate(constraints):
        c = posted.constraint
        parts = list(enumerate(c.conds)) if isinstance(c, And) else [(-1, c)]
        for j, part in parts:
            difference = as_difference(part)
            if difference is not None:
                found[(i, j)] = difference
    return found


class GroupSearch:
    """The greedy, bounded search for shifted groups among the differences."""

    def __init__(self, differences: dict[Where, Difference], min_group: int) -> None:
        self.differences = differences
        self.min_group = min_group
        # (x, y) -> the d of each x - y != d, both ways round: (y, x) holds -d.
        self.between: dict[tuple[str, str], set[int]] = {}
        self.neighbours: dict[str, dict[str, None]] = {}
        self.where: dict[Difference, list[Where]] = {}
        for where, (x, y, d) in differences.items():
            self.where.setdefault((x, y, d), []).append(where)
            self.between.setdefault((x, y), set()).add(d)
            self.between.setdefault((y, x), set()).add(-d)
            self.neighbours.setdefault(x, {})[y] = None
            self.neighbours.setdefault(y, {})[x] = None
        self.budget = CHECKS_PER_DIFFERENCE * len(differences)

    def forbids(self, x: str, y: str, d: int) -> bool:
        """Whether some difference says x - y != d."""
        found = self.between.get((x, y))
        return found is not None and d in found

    def grow(self, x: str, y: str, d: int) -> dict[str, int] | None:
        """The group grown from x - y != d (x at offset 0, y at d), or None once the budget is spent."""
        offsets = {x: 0, y: d}
        for z in self.neighbours[x]:
            if z in offsets:
                continue
            check_deadline()  # a group of thousands of variables takes a while
            for shift in sorted(self.between[(z, x)]):  # z - x != shift: z's offset is -shift
                self.budget -= len(offsets)
                if self.budget < 0:
                    return None
                offset = -shift
                if all(self.forbids(z, m, o - offset) for m, o in offsets.items()):
                    offsets[z] = offset
                    break
        return offsets

    def groups(self) -> tuple[list[ShiftedGroup], set[Where]]:
        """The groups of at least `min_group` variables, and where the differences they cover stand."""
        groups: list[ShiftedGroup] = []
        covered: set[Where] = set()
        for where, (x, y, d) in self.differences.items():
            if where in covered or len(self.neighbours[x]) + 1 < self.min_group:
                continue
            offsets = self.grow(x, y, d)
            if offsets is None:
                break
            if len(offsets) < self.min_group:
                continue
            groups.append(ShiftedGroup(offsets))
            covered.update(self.covered_by(offsets))
        return groups, covered

    def covered_by(self, offsets: dict[str, int]) -> list[Where]:
        """Where the differences between members stand that the group's offsets imply."""
        members = list(offsets)
        found: list[Where] = []
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                found += self.where.get((a, b, offsets[b] - offsets[a]), ())
                found += self.where.get((b, a, offsets[a] - offsets[b]), ())
        return found


def shifted_groups(constraints: list[Posted], min_group: int) -> tuple[list[ShiftedGroup], set[Where]]:
    """The shifted groups of at least `min_group` variables among the problem's differences, and
    where the differences they cover stand (those the backend then leaves out)."""
    differences = differences_of(constraints)
    if len(differences) < min_group:
        return [], set()
    return GroupSearch(differences, min_group).groups()


def uncovered_parts(i: int, c: Constraint, covered: set[Where]) -> tuple[Constraint, ...]:
    """What remains to post of the i-th top-level constraint `c` once the differences that a shifted
    group covers are left out: `c` itself when none of it is covered."""
    if not covered:
        return (c,)
    if isinstance(c, And) and any((i, j) in covered for j in range(len(c.conds))):
        return tuple(part for j, part in enumerate(c.conds) if (i, j) not in covered)
    return () if (i, -1) in covered else (c,)


def without_covered(problem: Problem, covered: set[Where]) -> Problem:
    """The problem with the differences that shifted groups cover left out, for a backend that posts
    the groups instead and would otherwise still pass every difference through its own passes (its
    variables, outputs and objective shared)."""
    if not covered:
        return problem
    kept: list[Posted] = []
    for i, posted in enumerate(problem.constraints):
        parts = uncovered_parts(i, posted.constraint, covered)
        if parts == (posted.constraint,):
            kept.append(posted)
        else:
            kept.extend(Posted(part, posted.span, posted.clue) for part in parts)
    return Problem(problem.variables, kept, problem.outputs, problem.objective, problem.projected, problem.sequential)
