"""Normal form: an equivalent problem whose constraints a backend can map one kind at a time.

Negations are pushed down to the leaves (`not x in S` is `x in D \\ S`, `not e <= r` is `e >= r + 1`),
nested And/Or are flattened, and conditions that the domains already decide are folded away. A
top-level And becomes its parts, and the parts on one variable become domains
(`narrow.narrow_domains`), repeated until nothing changes, since a cut domain can decide more.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.static_types import Any
from ..ir import (
    FALSE,
    TRUE,
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
    Posted,
    Problem,
    Product,
    Regular,
    Table,
    by_kind,
    negation,
    op_decided,
    op_holds,
    validate,
)
from .areas import area_status, neighbours
from .decompose import regular_accepts_nothing
from .narrow import narrow_domains

Domains = dict[str, tuple[int, ...]]  # each variable's sorted values, by name
_ROUNDS = 8  # each round can cut domains, which can decide more conditions
# For And and Or: the part that changes nothing, and the part that decides the whole.
_UNIT_ZERO: dict[type, tuple[Constraint, Constraint]] = {And: (TRUE, FALSE), Or: (FALSE, TRUE)}


def merge_terms(terms: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    """One term per variable, zero coefficients dropped (the library's sums need distinct variables)."""
    coefs: dict[str, int] = {}
    for coef, name in terms:
        coefs[name] = coefs.get(name, 0) + coef
    return tuple((coef, name) for name, coef in coefs.items() if coef)


def _bounds(terms: tuple[tuple[int, str], ...], domains: Domains) -> tuple[int, int]:
    lo = sum(c * (domains[n][0] if c > 0 else domains[n][-1]) for c, n in terms)
    hi = sum(c * (domains[n][-1] if c > 0 else domains[n][0]) for c, n in terms)
    return lo, hi


class _Normaliser:
    """Negation normal form without Not, flattened, folded against the domains (all non-empty)."""

    def __init__(self, domains: Domains) -> None:
        self.domains = domains
        self._by_type: KindTable[Callable[[Any, bool], Constraint]] = by_kind("normal_form", {
            AllDifferent: lambda c, neg: c,
            Table: self._table,
            Regular: self._regular,
            Product: lambda c, neg: c,
            Linear: self._linear,
            InSet: self._in_set,
            Count: self._count,
            And: lambda c, neg: self._junction(c.conds, neg, Or if neg else And),
            Or: lambda c, neg: self._junction(c.conds, neg, And if neg else Or),
            Not: lambda c, neg: self.normal(c.cond, not neg),
            Connected: self._connected,
        })

    def normal(self, c: Constraint, negate: bool = False) -> Constraint:
        return self._by_type[type(c)](c, negate)

    @staticmethod
    def _table(c: Table, negate: bool) -> Constraint:
        if not c.tuples:
            return FALSE
        return c if c.vars else TRUE

    def _regular(self, c: Regular, negate: bool) -> Constraint:
        """Decided when it reads no variable, or when no word over the domains is accepted."""
        if regular_accepts_nothing(c, self.domains):
            return FALSE
        return c if c.vars else TRUE

    def _connected(self, c: Connected, negate: bool) -> Constraint:
        """Each node's condition normalised (a global, never negated: `ir.validate`); false when no
        node can hold, since the area has at least one."""
        conds = tuple(self.normal(sub) for sub in c.conds)
        if all(sub in (TRUE, FALSE) for sub in conds):  # decided: is it one area?
            status = area_status([sub == TRUE for sub in conds], neighbours(len(conds), c.edges))
            return TRUE if status else FALSE
        return FALSE if all(sub == FALSE for sub in conds) else Connected(conds, c.edges)

    def _linear(self, c: Linear, negate: bool) -> Constraint:
        op, rhs = negation(c.op, c.rhs) if negate else (c.op, c.rhs)
        terms = merge_terms(c.terms)
        if any(len(self.domains[n]) == 1 for _, n in terms):  # a fixed variable is a constant
            rhs -= sum(coef * self.domains[n][0] for coef, n in terms if len(self.domains[n]) == 1)
            terms = tuple((coef, n) for coef, n in terms if len(self.domains[n]) > 1)
        if not terms:
            return TRUE if op_holds(0, op, rhs) else FALSE
        if len(terms) == 1:  # one variable: the values that satisfy it
            coef, name = terms[0]
            return self._in_set(InSet(name, tuple(v for v in self.domains[name] if op_holds(coef * v, op, rhs))))
        decided = op_decided(*_bounds(terms, self.domains), op, rhs)
        if decided is not None:
            return TRUE if decided else FALSE
        return Linear(terms, op, rhs)

    def _in_set(self, c: InSet, negate: bool = False) -> Constraint:
        wanted = set(c.values)
        domain = self.domains[c.var]
        inside = tuple(v for v in domain if (v in wanted) != negate)
        if not inside:
            return FALSE
        return TRUE if len(inside) == len(domain) else InSet(c.var, inside)

    def _count(self, c: Count, negate: bool) -> Constraint:
        op, k = negation(c.op, c.k) if negate else (c.op, c.k)
        conds: list[Constraint] = []
        for sub in c.conds:
            sub = self.normal(sub)
            if sub == TRUE:
                k -= 1  # counted whatever happens
            elif sub != FALSE:
                conds.append(sub)
        decided = op_decided(0, len(conds), op, k)
        if decided is not None:
            return TRUE if decided else FALSE
        if len(conds) == 1 and op in ("==", "!="):  # one condition counted: it holds or it fails
            return self.normal(conds[0], (op == "==") != (k == 1))
        return Count(tuple(conds), op, k)

    def _junction(self, conds: tuple[Constraint, ...], negate: bool, kind: type[And] | type[Or]) -> Constraint:
        """And (kind=And) or Or of the normalised conds: flattened, constants folded, sets on one variable merged."""
        unit, zero = _UNIT_ZERO[kind]
        flat = self._flatten(conds, negate, kind)
        merged = None if flat is None else self._merge_sets(*flat, kind)
        if merged is None:
            return zero
        if len(merged) == 1:
            return merged[0]
        return kind(tuple(merged)) if merged else unit

    def _flatten(
        self, conds: tuple[Constraint, ...], negate: bool, kind: type[And] | type[Or]
    ) -> tuple[list[Constraint], dict[str, set[int]]] | None:
        """The normalised parts, nested parts of the same kind lifted, units dropped; None if one is the zero.

        The first InSet on each variable stands for them all; the values of all of them are gathered in
        the returned sets (intersected under And, united under Or)."""
        unit, zero = _UNIT_ZERO[kind]
        parts: list[Constraint] = []
        sets: dict[str, set[int]] = {}
        for sub in conds:
            sub = self.normal(sub, negate)
            for part in sub.conds if isinstance(sub, kind) else (sub,):
                if part == zero:
                    return None
                if not isinstance(part, InSet):
                    if part != unit:
                        parts.append(part)
                elif part.var not in sets:
                    sets[part.var] = set(part.values)
                    parts.append(part)
                elif kind is And:
                    sets[part.var] &= set(part.values)
                else:
                    sets[part.var] |= set(part.values)
        return parts, sets

    def _merge_sets(
        self, parts: list[Constraint], sets: dict[str, set[int]], kind: type[And] | type[Or]
    ) -> list[Constraint] | None:
        """The parts with each variable's InSet replaced by its gathered set; None if one is the zero."""
        unit, zero = _UNIT_ZERO[kind]
        merged: list[Constraint] = []
        for part in parts:
            if isinstance(part, InSet):
                part = self._in_set(InSet(part.var, tuple(sorted(sets[part.var]))))
                if part == zero:
                    return None
                if part == unit:
                    continue
            merged.append(part)
        return merged


def normal_constraint(c: Constraint, domains: Domains) -> Constraint:
    """`c` in normal form against `domains` (all non-empty): TRUE or FALSE when they decide it."""
    return _Normaliser(domains).normal(c)


def normal_form(problem: Problem) -> tuple[Problem, bool]:
    """An equivalent problem in normal form with domains cut, and whether it is already known infeasible."""
    validate(problem)  # globals at the top level only: the normaliser keeps them as they are
    current = problem
    for _ in range(_ROUNDS):
        if _has_empty_domain(current):
            return current, True
        narrowed, infeasible = _normal_round(current)
        if infeasible:
            return narrowed, True
        if narrowed.variables == current.variables and len(narrowed.constraints) == len(current.constraints):
            return narrowed, _has_empty_domain(narrowed)
        current = narrowed
    return current, _has_empty_domain(current)


def _normal_round(problem: Problem) -> tuple[Problem, bool]:
    """Every constraint normalised against the current domains, then its one-variable parts made domains.

    When a constraint is decided false, the problem so far and True (infeasible)."""
    normaliser = _Normaliser(problem.domains())
    result = Problem(variables=dict(problem.variables), outputs=list(problem.outputs), projected=problem.projected)
    for posted in problem.constraints:
        c = normaliser.normal(posted.constraint)
        if c == FALSE:
            return result, True
        if c != TRUE:
            result.constraints.append(Posted(c, posted.span, posted.clue))
    return narrow_domains(result), False


def _has_empty_domain(problem: Problem) -> bool:
    return any(not var.domain for var in problem.variables.values())
