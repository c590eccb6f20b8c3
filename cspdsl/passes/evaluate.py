"""Evaluating IR constraints inside backends, compiled once to closures since they run in inner loops.

`_Evaluator` is three-valued: over a partial assignment, True or False once the assigned variables
decide a condition, None while it still depends on the others (whose bounds come from the domains).

The independent checker `cspdsl.ir.check` shares no code with this module, so that the tests can use
it to verify this one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..ir import And, Constraint, Count, InSet, Linear, Not, Or, Table, op_decided

# A compiled condition over a sequence of values, one per indexed position (the `unset` sentinel where
# not assigned yet): True or False once decided, None while it still depends on unassigned variables.
Eval = Callable[[Sequence[Any]], bool | None]


class _Evaluator:
    """Compiles a condition into an `Eval` over the positions in `index`; a value that is `unset` is not
    assigned yet, and the bounds of such variables come from the domains."""

    def __init__(self, index: Mapping[str, int], domains: Mapping[str, Sequence[int]], unset: Any) -> None:
        self.index = index
        self.domains = domains
        self.unset = unset
        self._by_type: dict[type, Callable[[Any], Eval]] = {
            Linear: self._linear,
            InSet: self._in_set,
            Count: self._count,
            And: self._and,
            Or: self._or,
            Not: self._not,
            Table: self._table,
        }

    def compile(self, c: Constraint) -> Eval:
        return self._by_type[type(c)](c)

    def _in_set(self, c: InSet) -> Eval:
        i, values, unset = self.index[c.var], frozenset(c.values), self.unset

        def ev(v: Sequence[Any]) -> bool | None:
            x = v[i]
            return None if x is unset else x in values

        return ev

    def _linear(self, c: Linear) -> Eval:
        terms = tuple(
            (
                coef,
                self.index[n],
                min(coef * self.domains[n][0], coef * self.domains[n][-1]),
                max(coef * self.domains[n][0], coef * self.domains[n][-1]),
            )
            for coef, n in c.terms
        )
        op, rhs, unset = c.op, c.rhs, self.unset

        def ev(v: Sequence[Any]) -> bool | None:
            lo = hi = 0
            for coef, i, low, high in terms:
                x = v[i]
                if x is unset:
                    lo += low
                    hi += high
                else:
                    lo += coef * x
                    hi += coef * x
            return op_decided(lo, hi, op, rhs)

        return ev

    def _count(self, c: Count) -> Eval:
        subs = tuple(self.compile(sub) for sub in c.conds)
        op, k = c.op, c.k

        def ev(v: Sequence[Any]) -> bool | None:
            true = unknown = 0
            for sub in subs:
                r = sub(v)
                if r is None:
                    unknown += 1
                elif r:
                    true += 1
            return op_decided(true, true + unknown, op, k)

        return ev

    def _and(self, c: And) -> Eval:
        subs = tuple(self.compile(sub) for sub in c.conds)

        def ev(v: Sequence[Any]) -> bool | None:
            result: bool | None = True
            for sub in subs:
                r = sub(v)
                if r is False:
                    return False
                if r is None:
                    result = None
            return result

        return ev

    def _or(self, c: Or) -> Eval:
        subs = tuple(self.compile(sub) for sub in c.conds)

        def ev(v: Sequence[Any]) -> bool | None:
            result: bool | None = False
            for sub in subs:
                r = sub(v)
                if r is True:
                    return True
                if r is None:
                    result = None
            return result

        return ev

    def _not(self, c: Not) -> Eval:
        sub = self.compile(c.cond)

        def ev(v: Sequence[Any]) -> bool | None:
            r = sub(v)
            return None if r is None else not r

        return ev

    def _table(self, c: Table) -> Eval:
        positions = tuple(self.index[n] for n in c.vars)
        allowed, unset = frozenset(c.tuples), self.unset

        def ev(v: Sequence[Any]) -> bool | None:
            row = tuple(v[i] for i in positions)
            return None if any(x is unset for x in row) else row in allowed

        return ev
