"""IR constraints written as other IR constraints: the default decompositions a backend inherits for the
kinds its solver has no native form of (`backends/base.py`), and the negation of a constraint pushed one
level in.

Each is exact (the same solutions) and uses no auxiliary variable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations

from ..ir import (
    AllDifferent,
    And,
    Connected,
    Constraint,
    Count,
    InSet,
    KindTable,
    Linear,
    Not,
    Or,
    Table,
    by_kind,
    negation,
    nested_global,
)
from ..static_types import Any

Domains = Mapping[str, tuple[int, ...]]


def table_as_or(c: Table) -> Constraint:
    """A table as an or of its rows, each an and of `x in {v}` (no rows: false; no columns: true)."""
    rows = sorted(set(c.tuples))
    return Or(tuple(And(tuple(InSet(name, (v,)) for name, v in zip(c.vars, row, strict=True))) for row in rows))


def all_different_as_pairs(c: AllDifferent) -> Constraint:
    """An all-different as an and of `x - y != 0` over its pairs (a variable listed twice: false)."""
    return And(tuple(Linear(((1, x), (-1, y)), "!=", 0) for x, y in combinations(c.vars, 2)))


def _negated_in_set(c: InSet, domains: Domains) -> Constraint:
    excluded = set(c.values)
    return InSet(c.var, tuple(v for v in domains[c.var] if v not in excluded))


def _negated_global(c: AllDifferent | Table | Connected, domains: Domains) -> Constraint:
    """`not` over a global puts it inside a condition, which the IR rules out (`ir.validate`)."""
    raise nested_global(c)


_NEGATED: KindTable[Callable[[Any, Domains], Constraint]] = by_kind(
    "decompose.negated",
    {
        AllDifferent: _negated_global,
        Table: _negated_global,
        Linear: lambda c, domains: Linear(c.terms, *negation(c.op, c.rhs)),
        InSet: _negated_in_set,
        Count: lambda c, domains: Count(c.conds, *negation(c.op, c.k)),
        And: lambda c, domains: Or(tuple(Not(sub) for sub in c.conds)),
        Or: lambda c, domains: And(tuple(Not(sub) for sub in c.conds)),
        Not: lambda c, domains: c.cond,
        Connected: _negated_global,
    },
)


def negated(c: Constraint, domains: Domains) -> Constraint:
    """A constraint that holds exactly when `c` fails, with the `Not` pushed one level in: a comparison
    flipped (`not e <= r` is `e >= r + 1`), a set complemented in the variable's domain, De Morgan for
    and/or, a double negation dropped. So a backend posts a negated clue in its native forms."""
    return _NEGATED[type(c)](c, domains)
