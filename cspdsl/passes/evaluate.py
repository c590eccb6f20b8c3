"""Evaluating IR constraints inside backends, compiled once to closures since they run in inner loops.

Both entries read the values of an assignment from a sequence, at the positions `index` gives each
variable (a backend numbers its variables once and keeps its values in a list):
- `truth(c, index)` is two-valued, over a full assignment: does `c` hold? (the local searches' costs;
  `holds(c, {name: value})` for a one-off test by name);
- `partial_truth(c, index, domains, unset)` is three-valued, over a partial assignment whose missing
  values are the `unset` sentinel: True or False once the assigned variables decide `c`, None while it
  still depends on the others, whose bounds come from `domains` (the csp backend's function constraints).

The independent checker `cspdsl.check.problem` shares no code with this module, so that the tests can use
it to verify this one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

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
    comparison,
    op_decided,
)

Index = Mapping[str, int]  # each variable's position in the values
Values = Sequence[int]
# A compiled two-valued condition over a full assignment: whether it holds.
Truth = Callable[[Values], bool]

# A compiled condition over a sequence of values, one per indexed position (the `unset` sentinel where
# not assigned yet): True or False once decided, None while it still depends on unassigned variables.
Eval = Callable[[Sequence[Any]], bool | None]


def truth(c: Constraint, index: Index) -> Truth:
    """Whether `c` (any kind, nested or not) holds under the values at the positions of `index`."""
    return _TRUTH_BY_TYPE[type(c)](c, index)


def holds(c: Constraint, assignment: Mapping[str, int]) -> bool:
    """Whether `c` holds under an assignment by name; compile with `truth` to test many assignments."""
    index = {name: i for i, name in enumerate(assignment)}
    return truth(c, index)(list(assignment.values()))


def _linear_truth(c: Linear, index: Index) -> Truth:
    compare, rhs = comparison(c.op), c.rhs
    pairs = tuple((coef, index[name]) for coef, name in c.terms)
    if all(coef == 1 for coef, _ in pairs):
        ids = tuple(i for _, i in pairs)
        return lambda values: compare(sum([values[i] for i in ids]), rhs)
    return lambda values: compare(sum([coef * values[i] for coef, i in pairs]), rhs)


def _in_set_truth(c: InSet, index: Index) -> Truth:
    i, allowed = index[c.var], frozenset(c.values)
    if len(allowed) == 1:
        only = c.values[0]
        return lambda values: values[i] == only
    return lambda values: values[i] in allowed


def _count_truth(c: Count, index: Index) -> Truth:
    tests = tuple(truth(sub, index) for sub in c.conds)
    compare, k = comparison(c.op), c.k
    return lambda values: compare(sum([1 for test in tests if test(values)]), k)


def _all_different_truth(c: AllDifferent, index: Index) -> Truth:
    ids = tuple(index[name] for name in c.vars)
    n = len(ids)
    return lambda values: len({values[i] for i in ids}) == n


def _table_truth(c: Table, index: Index) -> Truth:
    ids, rows = tuple(index[name] for name in c.vars), frozenset(c.tuples)
    return lambda values: tuple([values[i] for i in ids]) in rows


def _moves(c: Regular) -> dict[tuple[int, int], int]:
    return {(state, value): after for state, value, after in c.transitions}


def _regular_truth(c: Regular, index: Index) -> Truth:
    ids, moves, start, accepting = tuple(index[name] for name in c.vars), _moves(c), c.start, frozenset(c.accepting)

    def accepts(values: Values) -> bool:
        state: int | None = start
        for i in ids:
            state = moves.get((state, values[i]))  # type: ignore[arg-type]  # None only ends the run
            if state is None:
                return False
        return state in accepting

    return accepts


def _product_truth(c: Product, index: Index) -> Truth:
    i, ids = index[c.var], tuple(index[name] for name in c.factors)

    def test(values: Values) -> bool:
        total = 1
        for j in ids:
            total *= values[j]
        return values[i] == total

    return test


def _and_truth(c: And, index: Index) -> Truth:
    parts = tuple(truth(sub, index) for sub in c.conds)
    return lambda values: all(part(values) for part in parts)


def _or_truth(c: Or, index: Index) -> Truth:
    parts = tuple(truth(sub, index) for sub in c.conds)
    return lambda values: any(part(values) for part in parts)


def _not_truth(c: Not, index: Index) -> Truth:
    inner = truth(c.cond, index)
    return lambda values: not inner(values)


def _connected_truth(c: Connected, index: Index) -> Truth:
    from .areas import areas, neighbours  # here: only a model with a connected area

    tests = tuple(truth(sub, index) for sub in c.conds)
    around = neighbours(len(tests), c.edges)
    return lambda values: areas([test(values) for test in tests], around) == 1


_TRUTH_BY_TYPE: KindTable[Callable[[Any, Index], Truth]] = by_kind(
    "evaluate.truth",
    {
        Linear: _linear_truth,
        InSet: _in_set_truth,
        Count: _count_truth,
        AllDifferent: _all_different_truth,
        Table: _table_truth,
        Regular: _regular_truth,
        Product: _product_truth,
        And: _and_truth,
        Or: _or_truth,
        Not: _not_truth,
        Connected: _connected_truth,
    },
)


def partial_truth(c: Constraint, index: Index, domains: Mapping[str, Sequence[int]], unset: Any) -> Eval:
    """`c` compiled to three values over a partial assignment."""
    return _Evaluator(index, domains, unset).compile(c)



class _Evaluator:
    """Compiles a condition into an `Eval` over the positions in `index`; a value that is `unset` is not
    assigned yet, and the bounds of such variables come from the domains."""

    def __init__(self, index: Index, domains: Mapping[str, Sequence[int]], unset: Any) -> None:
        self.index = index
        self.domains = domains
        self.unset = unset
        self._by_type: KindTable[Callable[[Any], Eval]] = by_kind(
            "evaluate.partial_truth",
            {
                Linear: self._linear,
                InSet: self._in_set,
                Count: self._count,
                And: self._and,
                Or: self._or,
                Not: self._not,
                Table: self._table,
                Regular: self._regular,
                Product: self._product,
                AllDifferent: self._all_different,
                Connected: self._connected,
            },
        )

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

    def _regular(self, c: Regular) -> Eval:
        """The automaton run over every value an unassigned variable may take: False once no accepting
        state is reachable, True once every variable is assigned and the word accepted."""
        steps = tuple((self.index[n], tuple(self.domains[n])) for n in c.vars)
        moves, accepting, unset = _moves(c), frozenset(c.accepting), self.unset

        def ev(v: Sequence[Any]) -> bool | None:
            states, complete = {c.start}, True
            for i, domain in steps:
                values = domain if v[i] is unset else (v[i],)
                complete = complete and v[i] is not unset
                states = {after for q in states for x in values if (after := moves.get((q, x))) is not None}
                if not states:
                    return False
            if not states & accepting:
                return False
            return True if complete else None

        return ev

    def _product(self, c: Product) -> Eval:
        """Decided once the result and every factor are assigned (or a factor is 0 and the result is
        not: no value of the others mends that)."""
        i, ids, unset = self.index[c.var], tuple(self.index[n] for n in c.factors), self.unset

        def ev(v: Sequence[Any]) -> bool | None:
            factors = [v[j] for j in ids]
            if 0 in factors and v[i] is not unset and v[i] != 0:
                return False
            if v[i] is unset or any(x is unset for x in factors):
                return None
            total = 1
            for x in factors:
                total *= x
            return bool(v[i] == total)

        return ev

    def _all_different(self, c: AllDifferent) -> Eval:
        """False once two assigned variables share a value, True once all are assigned (a backend with
        a native all-different posts that instead)."""
        positions, unset = tuple(self.index[n] for n in c.vars), self.unset

        def ev(v: Sequence[Any]) -> bool | None:
            assigned = [v[i] for i in positions if v[i] is not unset]
            if len(set(assigned)) < len(assigned):
                return False
            return True if len(assigned) == len(positions) else None

        return ev

    def _connected(self, c: Connected) -> Eval:
        """False once the nodes that hold can no longer be one area (`areas.area_status`)."""
        from .areas import area_status, neighbours

        subs = tuple(self.compile(sub) for sub in c.conds)
        around = neighbours(len(subs), c.edges)
        return lambda v: area_status([sub(v) for sub in subs], around)
