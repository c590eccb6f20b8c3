"""IR constraints written as other IR constraints: the default decompositions a backend inherits for the
kinds its solver has no native form of (`backends/base.py`), and the negation of a constraint pushed one
level in. Also an automaton unrolled over its variables (`regular_layers`), which the backends without
an automaton of their own build on.

Each is exact (the same solutions) and uses no auxiliary variable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations, product

from ..core.static_types import Any
from ..ir import (
    GLOBAL_KINDS,
    AllDifferent,
    And,
    Constraint,
    Count,
    InSet,
    KindTable,
    Linear,
    Not,
    Or,
    Product,
    Regular,
    Table,
    by_kind,
    negation,
    nested_global,
)

Domains = Mapping[str, tuple[int, ...]]


def table_as_or(c: Table) -> Constraint:
    """A table as an or of its rows, each an and of `x in {v}` (no rows: false; no columns: true)."""
    rows = sorted(set(c.tuples))
    return Or(tuple(And(tuple(InSet(name, (v,)) for name, v in zip(c.vars, row, strict=True))) for row in rows))


def product_as_table(c: Product, domains: Domains) -> Table:
    """A product as the table of its supports: each combination of the factors' values whose product the
    result's domain holds, with that product (a factor that repeats is one column)."""
    factors = list(dict.fromkeys(c.factors))
    allowed = set(domains[c.var])
    rows = []
    for values in product(*(domains[name] for name in factors)):
        value_of = dict(zip(factors, values, strict=True))
        total = 1
        for name in c.factors:
            total *= value_of[name]
        if total in allowed:
            rows.append((*values, total))
    if c.var in factors:  # x == x * y: the result is a column already
        at = factors.index(c.var)
        return Table(tuple(factors), tuple(row[:-1] for row in rows if row[at] == row[-1]))
    return Table((*factors, c.var), tuple(rows))


def all_different_as_pairs(c: AllDifferent) -> Constraint:
    """An all-different as an and of `x - y != 0` over its pairs (a variable listed twice: false)."""
    return And(tuple(Linear(((1, x), (-1, y)), "!=", 0) for x, y in combinations(c.vars, 2)))


# One position of an unrolled automaton: each state that lies on an accepted path, with its moves
# (value, next state) that stay on one.
Layer = dict[int, list[tuple[int, int]]]


def regular_layers(c: Regular, domains: Domains) -> list[Layer]:
    """The automaton unrolled over its variables, cut to the states and moves on some accepted word
    (reachable from the start over the domains so far, and reaching an accepting state in the steps
    left): the (position, state) nodes of the classic encoding. No layers when no word is accepted."""
    moves: dict[int, list[tuple[int, int]]] = {}
    for state, value, after in c.transitions:
        moves.setdefault(state, []).append((value, after))
    reach = [{c.start}]
    for name in c.vars:
        allowed = set(domains[name])
        reach.append({after for state in reach[-1] for value, after in moves.get(state, ()) if value in allowed})
    alive = reach[-1] & set(c.accepting)
    layers: list[Layer] = []
    for i in range(len(c.vars) - 1, -1, -1):
        allowed = set(domains[c.vars[i]])
        layer = {state: [(v, after) for v, after in moves.get(state, ()) if v in allowed and after in alive]
                 for state in reach[i]}
        layer = {state: kept for state, kept in layer.items() if kept}
        layers.append(layer)
        alive = set(layer)
    layers.reverse()
    if c.start not in alive:
        return []
    return layers


def regular_accepts_nothing(c: Regular, domains: Domains) -> bool:
    """Whether no word over the domains is accepted (then the constraint is false)."""
    if not c.vars:
        return c.start not in c.accepting
    return not regular_layers(c, domains)


def regular_as_table(c: Regular, domains: Domains) -> Table:
    """The automaton as the table of the words it accepts over the domains (for a backend with neither
    an automaton nor a decision diagram; the rows grow with the row's length, so the native forms are
    preferred)."""
    if not c.vars:
        return Table((), ((),) if c.start in c.accepting else ())
    layers = regular_layers(c, domains)
    rows: list[tuple[int, ...]] = []
    stack: list[tuple[int, int, tuple[int, ...]]] = [(0, c.start, ())] if layers else []
    while stack:
        i, state, word = stack.pop()
        if i == len(layers):
            rows.append(word)
            continue
        stack.extend((i + 1, after, (*word, v)) for v, after in layers[i].get(state, ()))
    return Table(c.vars, tuple(sorted(rows)))


def _negated_in_set(c: InSet, domains: Domains) -> Constraint:
    excluded = set(c.values)
    return InSet(c.var, tuple(v for v in domains[c.var] if v not in excluded))


def _negated_global(c: Constraint, domains: Domains) -> Constraint:
    """`not` over a global puts it inside a condition, which the IR rules out (`ir.validate`)."""
    raise nested_global(c)


_NEGATED: KindTable[Callable[[Any, Domains], Constraint]] = by_kind(
    "decompose.negated",
    {
        **dict.fromkeys(GLOBAL_KINDS, _negated_global),  # the kinds with TOP_LEVEL_ONLY: never negated
        Linear: lambda c, domains: Linear(c.terms, *negation(c.op, c.rhs)),
        InSet: _negated_in_set,
        Count: lambda c, domains: Count(c.conds, *negation(c.op, c.k)),
        And: lambda c, domains: Or(tuple(Not(sub) for sub in c.conds)),
        Or: lambda c, domains: And(tuple(Not(sub) for sub in c.conds)),
        Not: lambda c, domains: c.cond,
    },
)


def negated(c: Constraint, domains: Domains) -> Constraint:
    """A constraint that holds exactly when `c` fails, with the `Not` pushed one level in: a comparison
    flipped (`not e <= r` is `e >= r + 1`), a set complemented in the variable's domain, De Morgan for
    and/or, a double negation dropped. So a backend posts a negated clue in its native forms."""
    return _NEGATED[type(c)](c, domains)
