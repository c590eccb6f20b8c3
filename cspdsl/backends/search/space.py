"""A sequential puzzle's states and moves as Python functions, for the search over states.

A state is a tuple of values in `Sequential.state` order. The moves, the goal and the `always`
conditions are written once as the source of one Python function each and compiled (`successors`
tests every move's condition and builds each state after in one call): a state is expanded about
five times faster so than through a closure per condition, which is what the search spends its time on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...core.errors import CspdslError
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
    Problem,
    Product,
    Regular,
    Table,
    by_kind,
)
from ...ir.sequential import Effect
from ...passes.evaluate import partial_truth, truth

State = tuple[int, ...]
Successors = Callable[[State], list[tuple[int, State]]]
# The most start states the search begins from (each is enumerated before the search starts).
MAX_STARTS = 100_000


class Source:
    """Writes IR conditions as Python expressions over a state `s`; tables become named constants."""

    def __init__(self, index: dict[str, int]) -> None:
        self.index = index
        self.constants: dict[str, Any] = {}

    def of(self, c: Constraint) -> str:
        text: str = _SOURCE[type(c)](self, c)
        return text

    def var(self, name: str) -> str:
        return f"s[{self.index[name]}]"

    def total(self, terms: tuple[tuple[int, str], ...], constant: int = 0) -> str:
        parts = [self.var(name) if coef == 1 else f"{coef}*{self.var(name)}" for coef, name in terms]
        if constant or not parts:
            parts.append(str(constant))
        return "(" + " + ".join(parts) + ")"

    def product(self, c: Product) -> str:
        return f"({self.var(c.var)} == " + " * ".join([*(self.var(f) for f in c.factors), "1"]) + ")"

    def whole(self, c: Constraint) -> str:
        """A global without a short Python form (an automaton, a connected area): the constraint's test
        compiled by the backends' own evaluator (`passes.evaluate.truth`), called on the state itself."""
        name = f"C{len(self.constants)}"
        self.constants[name] = truth(c, self.index)
        return f"{name}(s)"

    def table(self, c: Table) -> str:
        name = f"T{len(self.constants)}"
        self.constants[name] = frozenset(c.tuples)
        return "((" + "".join(self.var(v) + ", " for v in c.vars) + f") in {name})"


def _joined(source: Source, conds: tuple[Constraint, ...], word: str, empty: str) -> str:
    return "(" + f" {word} ".join(source.of(sub) for sub in conds) + ")" if conds else empty


def _in_set(source: Source, c: InSet) -> str:
    if len(c.values) == 1:
        return f"({source.var(c.var)} == {c.values[0]})"
    return f"({source.var(c.var)} in {set(c.values)!r})" if c.values else "False"


_OPS = {"==": "==", "!=": "!=", "<=": "<=", ">=": ">="}
_SOURCE: KindTable[Callable[[Source, Any], str]] = by_kind(
    "search.source",
    {
        Linear: lambda s, c: f"({s.total(c.terms)} {_OPS[c.op]} {c.rhs})",
        InSet: _in_set,
        Count: lambda s, c: f"(({' + '.join(s.of(x) for x in c.conds) or '0'}) {_OPS[c.op]} {c.k})",
        And: lambda s, c: _joined(s, c.conds, "and", "True"),
        Or: lambda s, c: _joined(s, c.conds, "or", "False"),
        Not: lambda s, c: f"(not {s.of(c.cond)})",
        AllDifferent: lambda s, c: f"(len({{{', '.join(s.var(v) for v in c.vars)}}}) == {len(c.vars)})",
        Table: Source.table,
        Product: Source.product,
        Regular: Source.whole,
        Connected: Source.whole,
    },
)


class Space:
    """The compiled puzzle: `successors(state)` lists (move index, state after) for every move that
    can be made; `is_goal(state)`; `starts()` the start states."""

    def __init__(self, problem: Problem) -> None:
        seq = problem.sequential
        assert seq is not None
        self.problem, self.seq = problem, seq
        self.index = {name: i for i, name in enumerate(seq.state)}
        self.domains = [problem.variables[name].domain for name in seq.state]
        source = Source(self.index)
        code = "\n".join([
            _function("is_goal", [source.of(p.constraint) for p in seq.goal]),
            _function("keeps", [source.of(p.constraint) for p in seq.always]),
            self._successors_source(source),
        ])
        namespace: dict[str, Any] = dict(source.constants)
        exec(compile(code, "<sequential puzzle>", "exec"), namespace)
        self.is_goal: Callable[[State], bool] = namespace["is_goal"]
        self.keeps: Callable[[State], bool] = namespace["keeps"]
        self.successors: Successors = namespace["successors"]

    def _successors_source(self, source: Source) -> str:
        lines = ["def successors(s):", "    out = []"]
        for number, move in enumerate(self.seq.moves):
            after = [f"s[{i}]" for i in range(len(self.seq.state))]
            checks = []
            for effect in move.effects:
                position = self.index[effect.var]
                after[position] = source.total(effect.terms, effect.constant)
                checks.extend(self._domain_check(effect, position))
            lines.append(f"    if {source.of(move.condition)}:")
            lines.append(f"        t = ({', '.join(after)},)")
            test = " and ".join([*checks, "keeps(t)"] if self.seq.always else checks) or "True"
            lines.append(f"        if {test}: out.append(({number}, t))")
        lines.append("    return out")
        return "\n".join(lines)

    def _domain_check(self, effect: Effect, position: int) -> list[str]:
        """The test that an effect's value is in its variable's domain, unless it always is."""
        domain = self.domains[position]
        low = high = effect.constant
        for coef, name in effect.terms:
            values = self.domains[self.index[name]]
            low += min(coef * values[0], coef * values[-1])
            high += max(coef * values[0], coef * values[-1])
        if set(range(low, high + 1)) <= set(domain):
            return []
        if domain == tuple(range(domain[0], domain[-1] + 1)):
            return [f"{domain[0]} <= t[{position}] <= {domain[-1]}"]
        return [f"t[{position}] in {set(domain)!r}"]

    def starts(self) -> list[State]:
        """Every state the start conditions allow (and `always` keeps), found by a backtracking search
        that drops a partial state as soon as a condition is decided false."""
        unset = object()
        checks = [partial_truth(p.constraint, self.index, self.problem.domains(), unset) for p in self.seq.start]
        found: list[State] = []
        values: list[Any] = [unset] * len(self.seq.state)
        for state in _extend(values, 0, self.domains, checks):
            if self.keeps(state):
                found.append(state)
                if len(found) > MAX_STARTS:
                    raise CspdslError(f"the start allows more than {MAX_STARTS} states: too many to search from",
                                      self.seq.start[0].span, "say more exactly where the plans begin")
        return found


def _function(name: str, conditions: list[str]) -> str:
    return f"def {name}(s):\n    return {' and '.join(conditions) or 'True'}"


def _extend(values: list[Any], position: int, domains: list[tuple[int, ...]],
            checks: list[Callable[[Any], bool | None]]) -> Iterator[State]:
    """The full states extending `values` from `position` on that no check rules out (the values
    from `position` on are unset, and are unset again when it returns)."""
    if position == len(values):
        yield tuple(values)
        return
    unset = values[position]
    for value in domains[position]:
        values[position] = value
        if all(check(values) is not False for check in checks):
            yield from _extend(values, position + 1, domains, checks)
    values[position] = unset
