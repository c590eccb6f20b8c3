"""The canonical form of a constraint under a renaming of its variables: what two constraints share
when one is the other with its variables renamed (a sum as a multiset of terms, an all-different as a
set, a table as its sorted rows, ...). The symmetry search compares constraints by it."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ..core.static_types import Any
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
    Product,
    Regular,
    Table,
    by_kind,
)

Form = Hashable  # a constraint's canonical form: nested tuples of str and int


def canonical(c: Constraint, name: Callable[[str], str], exact: bool = True) -> Form:
    """The constraint with every variable renamed, in a form that equal constraints share: sums as a
    sorted multiset of terms with their sign fixed, all-different, count and and/or as sorted multisets.

    `exact=False` is for colours, where several variables get one name: a table's columns can then no
    longer be put in a canonical order, so its form keeps only its names and size."""
    return _CANONICAL[type(c)](c, name, exact)


_Namer = Callable[[str], str]
_CANONICAL: KindTable[Callable[[Any, _Namer, bool], Form]] = by_kind(
    "symmetry.canonical",
    {
        Linear: lambda c, name, exact: oriented(c, name)[0],
        InSet: lambda c, name, exact: ("InSet", name(c.var), tuple(sorted(set(c.values)))),
        AllDifferent: lambda c, name, exact: ("AllDifferent", tuple(sorted(name(var) for var in c.vars))),
        Table: lambda c, name, exact: _canonical_table(c, name, exact),
        Regular: lambda c, name, exact: _canonical_regular(c, name, exact),
        Product: lambda c, name, exact: ("Product", name(c.var), tuple(sorted(name(f) for f in c.factors))),
        Count: lambda c, name, exact: ("Count", sorted_forms(c.conds, name, exact), c.op, c.k),
        And: lambda c, name, exact: ("And", sorted_forms(c.conds, name, exact)),
        Or: lambda c, name, exact: ("Or", sorted_forms(c.conds, name, exact)),
        Not: lambda c, name, exact: ("Not", canonical(c.cond, name, exact)),
        # The nodes in their order, with the edges: only a renaming that keeps each node's condition in
        # place keeps it (a symmetry that moves the area's cells is missed, never a false one found).
        Connected: lambda c, name, exact: (
            "Connected", tuple(canonical(sub, name, exact) for sub in c.conds), tuple(sorted(c.edges))
        ),
    },
)


def oriented(c: Linear, name: Callable[[str], str]) -> tuple[Form, tuple[int, ...]]:
    """A sum's form, its terms merged (by variable) and sorted, and written `<=` or with its sign
    fixed: `x >= k` is `-x <= -k`, and `x - y != 1` is `y - x != -1`, whichever form is the least.
    Also the signs (1, -1) that the coefficients were multiplied by to give it (both, when both do)."""
    coefs: dict[str, int] = {}
    for coef, var in c.terms:
        coefs[var] = coefs.get(var, 0) + coef
    op = "<=" if c.op in ("<=", ">=") else c.op

    def form(sign: int) -> Form:
        return ("Linear", tuple(sorted((name(var), sign * k) for var, k in coefs.items() if k)), op, sign * c.rhs)

    if c.op in ("<=", ">="):
        sign = 1 if c.op == "<=" else -1
        return form(sign), (sign,)
    forms = {sign: form(sign) for sign in (1, -1)}
    least = min(forms.values())  # type: ignore[type-var]
    return least, tuple(sign for sign, f in forms.items() if f == least)


def sorted_forms(conds: tuple[Constraint, ...], name: Callable[[str], str], exact: bool) -> Form:
    forms = [canonical(sub, name, exact) for sub in conds]
    return tuple(sorted(forms))  # type: ignore[type-var]  # forms of one kind line up item by item


def _canonical_table(c: Table, name: Callable[[str], str], exact: bool) -> Form:
    names = [name(var) for var in c.vars]
    if not exact:
        return ("Table", tuple(sorted(names)), len(set(c.tuples)))
    order = sorted(range(len(names)), key=names.__getitem__)
    rows = sorted({tuple(row[i] for i in order) for row in c.tuples})
    return ("Table", tuple(names[i] for i in order), tuple(rows))


def _canonical_regular(c: Regular, name: Callable[[str], str], exact: bool) -> Form:
    """An automaton reads its variables in order: the order is kept (a renaming that reverses a row
    maps it to another automaton, which the exact form tells apart)."""
    if not exact:
        return ("Regular", tuple(sorted(name(var) for var in c.vars)), len(c.transitions))
    return ("Regular", tuple(name(var) for var in c.vars), tuple(sorted(set(c.transitions))), c.start,
            tuple(sorted(set(c.accepting))))
