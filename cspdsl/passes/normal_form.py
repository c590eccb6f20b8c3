"""Normal form: an equivalent problem whose constraints a backend can map one kind at a time.

Negations are pushed down to the leaves (`not x in S` is `x in D \\ S`, `not e <= r` is `e >= r + 1`),
nested And/Or are flattened, and conditions that the domains already decide are folded away. A
top-level And becomes its parts, and the parts on one variable become domains
(`presolve.narrow_domains`), repeated until nothing changes, since a cut domain can decide more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..ir import (
    FALSE,
    TRUE,
    AllDifferent,
    And,
    Constraint,
    Count,
    InSet,
    Linear,
    Not,
    Or,
    Posted,
    Problem,
    Table,
    negation,
    op_decided,
    op_holds,
)
from .presolve import narrow_domains

Domains = dict[str, tuple[int, ...]]


def _check_globals(c: Constraint, top: bool) -> None:
    """AllDifferent and Table exist only at the top level (or in a top-level And); elsewhere it is a bug."""
    if isinstance(c, (AllDifferent, Table)):
        if not top:
            raise ValueError(f"internal: nested {type(c).__name__}")
    elif isinstance(c, And):
        for sub in c.conds:
            _check_globals(sub, top)
    elif isinstance(c, (Or, Count)):
        for sub in c.conds:
            _check_globals(sub, False)
    elif isinstance(c, Not):
        _check_globals(c.cond, False)


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
        self._by_type: dict[type, Callable[[Any, bool], Constraint]] = {
            AllDifferent: lambda c, neg: c,
            Table: self._table,
            Linear: self._linear,
            InSet: self._in_set,
            Count: self._count,
            And: lambda c, neg: self._junction(c.conds, neg, Or if neg else And),
            Or: lambda c, neg: self._junction(c.conds, neg, And if neg else Or),
            Not: lambda c, neg: self.normal(c.cond, not neg),
        }

    def normal(self, c: Constraint, negate: bool = False) -> Constraint:
        return self._by_type[type(c)](c, negate)

    @staticmethod
    def _table(c: Table, negate: bool) -> Constraint:
        if not c.tuples:
            return FALSE
        return c if c.vars else TRUE

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
        unit, zero = (TRUE, FALSE) if kind is And else (FALSE, TRUE)
        parts: list[Constraint] = []
        sets: dict[str, set[int]] = {}
        for sub in conds:
            sub = self.normal(sub, negate)
            for part in sub.conds if isinstance(sub, kind) else (sub,):
                if part == zero:
                    return zero
                if isinstance(part, InSet):
                    if part.var in sets:
                        sets[part.var] = (
                            sets[part.var] & set(part.values) if kind is And else sets[part.var] | set(part.values)
                        )
                        continue
                    sets[part.var] = set(part.values)
                    parts.append(part)  # placeholder, replaced by the merged set below
                elif part != unit:
                    parts.append(part)
        merged: list[Constraint] = []
        for part in parts:
            if isinstance(part, InSet):
                part = self._in_set(InSet(part.var, tuple(sorted(sets[part.var]))))
                if part == zero:
                    return zero
                if part == unit:
                    continue
            merged.append(part)
        if len(merged) == 1:
            return merged[0]
        return kind(tuple(merged)) if merged else unit


def normalise(problem: Problem) -> tuple[Problem, bool]:
    """An equivalent problem in normal form with domains cut, and whether it is already known infeasible."""
    current = problem
    for posted in problem.constraints:
        _check_globals(posted.constraint, True)
    for _ in range(8):  # each round can cut domains, which can decide more conditions
        if any(not var.domain for var in current.variables.values()):
            return current, True
        normaliser = _Normaliser({name: var.domain for name, var in current.variables.items()})
        result = Problem(variables=dict(current.variables), outputs=list(current.outputs))
        for posted in current.constraints:
            c = normaliser.normal(posted.constraint)
            if c == FALSE:
                return result, True
            if c != TRUE:
                result.constraints.append(Posted(c, posted.span))
        narrowed = narrow_domains(result)
        if narrowed.variables == current.variables and len(narrowed.constraints) == len(current.constraints):
            return narrowed, any(not var.domain for var in narrowed.variables.values())
        current = narrowed
    return current, any(not var.domain for var in current.variables.values())
