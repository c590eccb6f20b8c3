"""Violation functions for the local searches: how far an assignment is from satisfying a constraint.

Each IR constraint compiles to a closure `f(values) -> int` over the values of the variables, indexed
by variable number, with `f(values) == 0` exactly when the constraint holds. The amount is graded
where the constraint has a natural distance, so that the search sees progress before a clue holds:

- `Linear`: how far the sum is from the allowed side (|sum - rhs| for `==`, 1 for a failed `!=`);
- `Count`: how far the number of true conditions is from the allowed side;
- `AllDifferent`: the number of variables whose value repeats an earlier one's;
- `Table`, `Regular`: the fewest variables to change to reach an allowed row, an accepted word;
- `Table`: the fewest variables to change to reach an allowed row;
- `Connected`: the number of separate areas the nodes that hold make, less one (1 for none);
- `And`: the sum of its parts; `Or`: its nearest part (`Or(())`, false, is 1);
- `Product`: how far the result is from the factors' product;
- `InSet` and anything else: 1 when it fails.

`Not` is pushed inwards first (`passes.decompose.negated`: `not sum <= r` is `sum >= r + 1`, `not Or`
is `And` of the `Not`s). Whether a counted condition holds is `passes.evaluate.truth`.
In the unweighted mode every failed constraint counts 1, as article 000 counts unsatisfied clues.
This module shares no code with `cspdsl.check.problem`, which the tests use to verify it.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.static_types import Any
from ...ir import (
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
    Product,
    Regular,
    Table,
    by_kind,
)
from ...passes.areas import areas, neighbours
from ...passes.decompose import negated
from ...passes.evaluate import truth

Values = list[int]
Violation = Callable[[Values], int]
Index = dict[str, int]


def violation(c: Constraint, index: Index, weighted: bool = True) -> Violation:
    """The violation function of a top-level constraint; `index` numbers the variables."""
    graded = _violation(c, index)
    if weighted:
        return graded
    return lambda values: 1 if graded(values) else 0


def _violation(c: Constraint, index: Index) -> Violation:
    return _VIOLATION[type(c)](c, index)


def _in_set(c: InSet, index: Index) -> Violation:
    test = truth(c, index)
    return lambda values: 0 if test(values) else 1


def _negated(c: Constraint, index: Index) -> Violation:
    """The violation of `Not(c)`: the negation pushed one level down (`not sum <= r` is graded as
    `sum >= r + 1`, `not Or` as the `And` of the `Not`s), or 1 when a leaf holds.

    A negated InSet would be the rest of the domain, which is worth 1 exactly when `c` holds, as here;
    so `negated` is never asked for one and needs no domains.
    """
    if isinstance(c, InSet) or c.TOP_LEVEL_ONLY:
        test = truth(c, index)
        return lambda values: 1 if test(values) else 0
    return _violation(negated(c, {}), index)


_VIOLATION: KindTable[Callable[[Any, Index], Violation]] = by_kind(
    "local violation",
    {
        Linear: lambda c, index: _linear(c.terms, c.op, c.rhs, index),
        Count: lambda c, index: _count(c, index),
        AllDifferent: lambda c, index: _all_different(c, index),
        Table: lambda c, index: _table(c, index),
        Regular: lambda c, index: _regular(c, index),
        Product: lambda c, index: _product(c, index),
        InSet: _in_set,
        And: lambda c, index: _and(tuple(_violation(sub, index) for sub in c.conds)),
        Or: lambda c, index: _or(tuple(_violation(sub, index) for sub in c.conds)),
        Not: lambda c, index: _negated(c.cond, index),
        Connected: lambda c, index: _connected(c, index),
    },
)


def _distance(op: str, rhs: int) -> Callable[[int], int]:
    """How far a left-hand side is from satisfying `<op> rhs`."""
    if op == "==":
        return lambda s: abs(s - rhs)
    if op == "!=":
        return lambda s: 1 if s == rhs else 0
    if op == "<=":
        return lambda s: s - rhs if s > rhs else 0
    if op == ">=":
        return lambda s: rhs - s if s < rhs else 0
    raise ValueError(f"unknown comparison {op!r}")


def _linear(terms: tuple[tuple[int, str], ...], op: str, rhs: int, index: Index) -> Violation:
    pairs = tuple((coef, index[name]) for coef, name in terms)
    distance = _distance(op, rhs)
    if all(coef == 1 for coef, _ in pairs):
        ids = tuple(i for _, i in pairs)
        return lambda values: distance(sum([values[i] for i in ids]))
    return lambda values: distance(sum([coef * values[i] for coef, i in pairs]))


def _count(c: Count, index: Index) -> Violation:
    tests = tuple(truth(sub, index) for sub in c.conds)
    distance = _distance(c.op, c.k)
    return lambda values: distance(sum([1 for test in tests if test(values)]))


def _all_different(c: AllDifferent, index: Index) -> Violation:
    ids = tuple(index[name] for name in c.vars)
    n = len(ids)
    return lambda values: n - len({values[i] for i in ids})


def _table(c: Table, index: Index) -> Violation:
    ids = tuple(index[name] for name in c.vars)
    rows = tuple(c.tuples)
    allowed = set(rows)
    if not rows:
        return lambda values: 1

    def changes(values: Values) -> int:
        here = tuple(values[i] for i in ids)
        if here in allowed:
            return 0
        return min(sum(1 for a, b in zip(here, row, strict=True) if a != b) for row in rows)

    return changes


def _regular(c: Regular, index: Index) -> Violation:
    """The fewest values to change for the automaton to accept: the cheapest path through the unrolled
    automaton, a move costing 1 where its value is not the variable's."""
    ids, accepting = tuple(index[name] for name in c.vars), frozenset(c.accepting)
    moves: dict[int, list[tuple[int, int]]] = {}
    for state, value, after in c.transitions:
        moves.setdefault(state, []).append((value, after))
    unreachable = len(ids) + 1

    def changes(values: Values) -> int:
        cost = {c.start: 0}
        for i in ids:
            here, after_cost = values[i], dict[int, int]()
            for state, spent in cost.items():
                for value, after in moves.get(state, ()):
                    total = spent + (value != here)
                    if total < after_cost.get(after, unreachable):
                        after_cost[after] = total
            cost = after_cost
        return min((spent for state, spent in cost.items() if state in accepting), default=unreachable)

    return changes


def _product(c: Product, index: Index) -> Violation:
    i, ids = index[c.var], tuple(index[name] for name in c.factors)

    def distance(values: Values) -> int:
        total = 1
        for j in ids:
            total *= values[j]
        return abs(values[i] - total)

    return distance


def _connected(c: Connected, index: Index) -> Violation:
    tests = tuple(truth(sub, index) for sub in c.conds)
    around = neighbours(len(tests), c.edges)

    def apart(values: Values) -> int:
        count = areas([test(values) for test in tests], around)
        return count - 1 if count else 1

    return apart


def _and(parts: tuple[Violation, ...]) -> Violation:
    return lambda values: sum([part(values) for part in parts])


def _or(parts: tuple[Violation, ...]) -> Violation:
    if not parts:
        return lambda values: 1
    return lambda values: min([part(values) for part in parts])
