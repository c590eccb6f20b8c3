"""Variables that are another's offset, `y == x + c`, written on the other's literals: y's literal for
value v is x's literal for v - c, and y's order literal `y <= v` is x's `x <= v - c`. No variable,
exactly-one or pair clause is made for y, and the equality is not posted (it holds by construction).

Lowering makes such a variable for each offset term of an all-different (`q[i] + i` of the queens'
diagonals, `_expr#k == q[i] + i`): as variables of their own with their equalities tabulated value
pair by value pair, 100 queens took 88,443 SAT variables and 279,489 clauses, most of a second of the
compile in the pairs' supports; on the base's literals the all-different over the offset terms is
the at-most-one of each diagonal, on the queens' own literals (docs/performance.md).

Only domains of more than ALIAS_MIN values are aliased: below, the equality's clauses are a handful of
binary clauses and the CNF of every small puzzle (Einstein's `same house`) stays as it was."""

from __future__ import annotations

from ...ir import Linear, Problem
from .cnf import PAIRWISE_MAX

# The fewest values a variable must have for its offset to be written on another's literals: domains
# that already take a sequential counter for their exactly-one (its auxiliary variables saved too).
ALIAS_MIN = PAIRWISE_MAX + 1


class OffsetAliases:
    """For each aliased variable, the variable whose literals it takes and its offset from it
    (`name == base + offset`); and the top-level constraints that the aliases make hold."""

    def __init__(self) -> None:
        self.base: dict[str, tuple[str, int]] = {}
        self.covered: set[int] = set()


def offset_aliases(problem: Problem, keep: frozenset[str] = frozenset()) -> OffsetAliases:
    """The aliases of the problem's top-level `y - x == c` (coefficients 1 and -1, two distinct
    variables) whose domains are each other's exactly shifted by c and have more than ALIAS_MIN
    values; chains are followed to one base (a union-find with offsets). Variables in `keep` are
    never aliased nor taken as a base. An equality between two variables already of one base is
    covered when the offsets agree, else posted as it is (it then fails, as it should)."""
    parent: dict[str, tuple[str, int]] = {}  # name -> (a variable nearer the base, name - it)

    def find(name: str) -> tuple[str, int]:
        offset = 0
        while name in parent:
            name, step = parent[name]
            offset += step
        return name, offset

    found = OffsetAliases()
    variables = problem.variables
    for i, posted in enumerate(problem.constraints):
        defined = _as_offset(posted.constraint)
        if defined is None:
            continue
        y, x, c = defined
        if y in keep or x in keep or y not in variables or x not in variables:
            continue
        (root_y, off_y), (root_x, off_x) = find(y), find(x)
        if root_y == root_x:
            if off_y - off_x == c:
                found.covered.add(i)
            continue
        domain_x, domain_y = variables[x].domain, variables[y].domain
        if len(domain_x) < ALIAS_MIN or domain_y != tuple(v + c for v in domain_x):
            continue
        parent[root_y] = (root_x, off_x + c - off_y)  # root_y + off_y == root_x + off_x + c
        found.covered.add(i)
    found.base = {name: find(name) for name in parent}
    return found


def _as_offset(c: object) -> tuple[str, str, int] | None:
    """`c` as (y, x, k) meaning y == x + k, for a Linear `y - x == k` of two distinct variables."""
    if not isinstance(c, Linear) or c.op != "==" or len(c.terms) != 2:
        return None
    (a, first), (b, second) = c.terms
    if first == second or {a, b} != {1, -1}:
        return None
    return (first, second, c.rhs) if a == 1 else (second, first, c.rhs)
