"""The independent evaluator: does an assignment satisfy a problem?

It reads the IR directly and shares no code with any backend, so that a backend bug cannot hide
behind the same bug in the checker. Every solution is checked before it is shown.
"""

from __future__ import annotations

from collections.abc import Callable

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
    Objective,
    Or,
    Posted,
    Problem,
    Product,
    Regular,
    Table,
    by_kind,
)
from .fast import fast_test

Assignment = dict[str, int]


def comparison_holds(left: int, op: str, right: int) -> bool:
    """`left <op> right` (its own copy of `ir.op_holds`, to stay independent)."""
    if op == "==":
        return left == right
    if op == "!=":
        return left != right
    if op == "<=":
        return left <= right
    if op == ">=":
        return left >= right
    raise ValueError(f"unknown comparison {op!r}")


# Plain loops, not generators into sum/all/any: half the time, and the time limit of a solve covers
# checking its solutions (30 queens: about 1 ms a solution, not 2).


def _linear(c: Linear, a: Assignment) -> bool:
    total = 0
    for coef, name in c.terms:
        total += coef * a[name]
    return comparison_holds(total, c.op, c.rhs)


def _and(c: And, a: Assignment) -> bool:
    for sub in c.conds:  # noqa: SIM110 (all() over a generator: 1.7x the time)
        if not holds(sub, a):
            return False
    return True


def _or(c: Or, a: Assignment) -> bool:
    for sub in c.conds:  # noqa: SIM110 (any() over a generator: 1.7x the time)
        if holds(sub, a):
            return True
    return False


def _all_different(c: AllDifferent, a: Assignment) -> bool:
    values = [a[name] for name in c.vars]
    return len(set(values)) == len(values)


def _regular(c: Regular, a: Assignment) -> bool:
    """Run the automaton over the values, one transition a value (a missing one rejects)."""
    moves = {(state, value): after for state, value, after in c.transitions}
    state: int | None = c.start
    for name in c.vars:
        state = moves.get((state, a[name])) if state is not None else None
    return state is not None and state in c.accepting


def _product(c: Product, a: Assignment) -> bool:
    """The factors multiplied here, value by value (not the rows of a table a backend was given)."""
    value = 1
    for name in c.factors:
        value *= a[name]
    return a[c.var] == value


def _connected(c: Connected, a: Assignment) -> bool:
    """A breadth-first search from the first node that holds: it must reach every node that holds."""
    chosen = [holds(sub, a) for sub in c.conds]
    if True not in chosen:
        return False
    around: dict[int, list[int]] = {}
    for i, j in c.edges:
        around.setdefault(i, []).append(j)
        around.setdefault(j, []).append(i)
    start = chosen.index(True)
    reached = {start}
    frontier = [start]
    while frontier:
        node = frontier.pop()
        for other in around.get(node, ()):
            if chosen[other] and other not in reached:
                reached.add(other)
                frontier.append(other)
    return len(reached) == chosen.count(True)


_HOLDS: KindTable[Callable[[Any, Assignment], bool]] = by_kind(
    "check.holds",
    {
        Linear: _linear,
        InSet: lambda c, a: a[c.var] in c.values,
        AllDifferent: _all_different,
        Table: lambda c, a: tuple(a[name] for name in c.vars) in set(c.tuples),
        Regular: _regular,
        Product: _product,
        Count: lambda c, a: comparison_holds(sum(holds(sub, a) for sub in c.conds), c.op, c.k),
        And: _and,
        Or: _or,
        Not: lambda c, a: not holds(c.cond, a),
        Connected: _connected,
    },
)


def holds(c: Constraint, a: Assignment) -> bool:
    """Whether constraint `c` is true under the complete assignment `a`."""
    return _HOLDS[type(c)](c, a)


def violated(problem: Problem, a: dict[str, int]) -> list[Posted]:
    """The top-level constraints the assignment breaks (and any domain it leaves). After the first few
    dozen solutions of a problem, a solution is first tested by the problem's function
    (`check/fast.py`): one it accepts breaks nothing; any other is walked here."""
    fast = fast_test(problem)
    if fast is not None and fast(a):
        return []
    broken = []
    for name, var in problem.variables.items():
        if a.get(name) not in var.domain:
            broken.append(Posted(InSet(name, var.domain)))
    if broken:
        return broken
    return [p for p in problem.constraints if not holds(p.constraint, a)]


def objective_value(objective: Objective, a: Assignment) -> int:
    """The objective's value under the assignment, in the model's own terms (not the minimised sum a
    backend works with), read from the IR alone: what a backend claims as its value is checked by it."""
    total = objective.constant
    for coef, name in objective.terms:
        total += coef * a[name]
    return total


def objective_values(objective: Objective, a: Assignment) -> tuple[int, ...]:
    """Each part's value of a lexicographic objective (the one value of a plain one), recomputed."""
    return tuple(objective_value(part, a) for part in objective.parts)
