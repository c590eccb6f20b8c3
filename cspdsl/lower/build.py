"""Building IR constraints from linear expressions, folding constants as they appear.

A clue whose truth the constants already settle becomes `TRUE` or `FALSE`, a comparison of one variable
with a constant becomes `InSet`, and nested `And`/`Or` are flattened, so backends get small constraints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .. import ir
from ..core.record import Record
from ..syntax.makers import maker

# Made for nearly every clue: the records' constructors taking every field in order (`makers.py`).
new_linear = maker(ir.Linear)
new_posted = maker(ir.Posted)


class Lin(Record):
    """A linear expression over IR variables; a constant is a Lin without terms. Its terms name
    distinct variables, none with the coefficient 0: `total` makes them so, and every other maker
    (one variable, a constant, `times` by a number other than 0) keeps it."""

    terms: tuple[tuple[int, str], ...] = ()
    const: int = 0

    def __init__(self, terms: tuple[tuple[int, str], ...] = (), const: int = 0) -> None:
        # Lowering makes several Lins for every clue it lowers: filled in directly, they cost a third
        # of the generic Record constructor's time (whose fields, equality and hashing they keep).
        fields = self.__dict__
        fields["terms"] = terms
        fields["const"] = const

    def plus(self, other: Lin, sign: int = 1) -> Lin:
        """self + sign * other: what `Lin.total([self, other.times(sign)])` gives, without the Lins
        between (each of self's terms is of its own variable, and none is 0)."""
        if not other.terms:  # a constant added: the terms as they are
            return Lin(self.terms, self.const + other.const * sign)
        merged = {name: coef for coef, name in self.terms}
        for coef, name in other.terms:
            merged[name] = merged.get(name, 0) + coef * sign
        return Lin(tuple([(c, n) for n, c in merged.items() if c != 0]), self.const + other.const * sign)

    @staticmethod
    def total(parts: Iterable[Lin]) -> Lin:
        """The sum of many at once, in time linear in their terms (plus after plus is quadratic)."""
        merged: dict[str, int] = {}
        const = 0
        for part in parts:
            const += part.const
            for coef, name in part.terms:
                merged[name] = merged.get(name, 0) + coef
        return Lin(tuple((c, n) for n, c in merged.items() if c != 0), const)

    def times(self, k: int) -> Lin:
        if k == 0:
            return Lin()
        return Lin(tuple((c * k, n) for c, n in self.terms), self.const * k)

def plain_variable(value: object) -> str | None:
    """The variable a value is, when it is one variable alone (`x`, not `x + 1` or `2*x`)."""
    if isinstance(value, Lin) and value.const == 0 and len(value.terms) == 1 and value.terms[0][0] == 1:
        return value.terms[0][1]
    return None


def linear(lin: Lin, op: str, rhs: int) -> ir.Constraint:
    """lin op rhs, folded to TRUE/FALSE when constant, and to InSet for a single variable."""
    rhs -= lin.const
    if not lin.terms:
        return ir.TRUE if ir.op_holds(0, op, rhs) else ir.FALSE
    if op in ("==", "!=") and len(lin.terms) == 1:
        coef, name = lin.terms[0]
        if rhs % coef != 0:
            return ir.FALSE if op == "==" else ir.TRUE
        member = ir.InSet(name, (rhs // coef,))
        return member if op == "==" else ir.Not(member)
    return new_linear(lin.terms, op, rhs)


# A strict comparison over the integers as a non-strict one and the shift of its bound: x < k is
# x <= k - 1, x > k is x >= k + 1.
NON_STRICT = {"<": ("<=", -1), ">": (">=", 1)}


def comparison(diff: Lin, op: str) -> ir.Constraint:
    """diff op 0 with the strict comparisons turned into non-strict ones over the integers."""
    op, shift = NON_STRICT.get(op, (op, 0))
    return linear(diff, op, shift)


def beside(diff: Lin) -> ir.Constraint:
    return any_of([linear(diff, "==", 1), linear(diff, "==", -1)])


RELATIONS: dict[str, Callable[[Lin], ir.Constraint]] = {
    "same": lambda d: linear(d, "==", 0),
    "not_same": lambda d: linear(d, "!=", 0),
    "next_to": beside,
    "beside": beside,
    "directly_left_of": lambda d: linear(d, "==", -1),
    "directly_right_of": lambda d: linear(d, "==", 1),
    "left_of": lambda d: linear(d, "<=", -1),
    "right_of": lambda d: linear(d, ">=", 1),
}


def in_values(element: Lin, values: list[int]) -> ir.Constraint:
    if len(element.terms) == 1 and element.terms[0][0] == 1:
        name = element.terms[0][1]
        return ir.InSet(name, tuple(v - element.const for v in values)) if values else ir.FALSE
    return any_of([linear(element, "==", v) for v in values])


def all_of(parts: list[ir.Constraint]) -> ir.Constraint:
    return _join(parts, ir.And, absorbing=ir.FALSE)


def any_of(parts: list[ir.Constraint]) -> ir.Constraint:
    return _join(parts, ir.Or, absorbing=ir.TRUE)


def _join(
    parts: list[ir.Constraint], kind: type[ir.And] | type[ir.Or], absorbing: ir.Constraint
) -> ir.Constraint:
    """And/Or of parts, flattened: nested parts of the same kind are spliced in, and one absorbing
    part (FALSE in an And, TRUE in an Or) decides the whole. The empty join is the unit, And(()) or Or(())."""
    flat: list[ir.Constraint] = []
    for part in parts:
        if type(part) is type(absorbing) and part == absorbing:
            return absorbing
        if isinstance(part, kind):
            flat.extend(part.conds)
        else:
            flat.append(part)
    return flat[0] if len(flat) == 1 else kind(tuple(flat))


def negate(part: ir.Constraint) -> ir.Constraint:
    if part == ir.TRUE:
        return ir.FALSE
    if part == ir.FALSE:
        return ir.TRUE
    if isinstance(part, ir.Not):
        return part.cond
    return ir.Not(part)


def count(conds: list[ir.Constraint], op: str, k: int) -> ir.Constraint:
    """Count with the constant conditions folded into k."""
    live = []
    for cond in conds:
        if cond == ir.TRUE:
            k -= 1
        elif cond != ir.FALSE:
            live.append(cond)
    if not live:
        return ir.TRUE if ir.op_holds(0, op, k) else ir.FALSE
    return ir.Count(tuple(live), op, k)
