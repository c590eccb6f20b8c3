"""How many moves a sequential puzzle's goal takes at least, when a count of the state says so.

Peg solitaire: every jump takes one peg away, the start has 14 and the goal 1, so no state before
the 13th jump meets the goal. The CNF of the moves (`unrolled.py`) then needs no definition of the
goal before each of those jumps (a decision diagram of the sum at each step): the action there is a
move, not the 0 that ends a plan, one unit clause a step. The plans are the same: the unit only says
what the goal's definition and the moves imply.

The count is a sum that the goal fixes (a part `sum(...) == k` of it), that the start fixes (the same
sum `== s`, or each of its variables given one value), and that each move changes by an amount its
condition and effects fix (a variable the condition gives one value and the move sets to another, or
one the move raises by a constant). The sums a state can have after t moves are followed step by
step (as a set, while it stays small); the goal's first state is the first whose set holds k. It is
sound whatever else the goal asks: a state before it was reached by moves alone (no plan could end
before it), so its sum is in its set and is not k.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...ir import And, Constraint, InSet, Linear
from ...ir.sequential import Move, Sequential

MAX_SUMS = 1_000  # the most sums a state may have before the count is given up (nothing is deduced)

Sum = dict[str, int]  # a sum's coefficient of each variable


def first_goal_state(seq: Sequential, horizon: int) -> int:
    """The first of the states 0 .. horizon in which the goal may hold by the counts (horizon + 1 if
    none may); 0 when no count says anything."""
    return goal_count(seq, horizon)[0]


def goal_count(seq: Sequential, horizon: int) -> tuple[int, set[int]]:
    """The first state in which the goal may hold (as `first_goal_state`), and which of the goal's
    parts (`goal_parts`, by index) the counts make sure of in the state `horizon` when it is that
    state: a sum that every plan of `horizon` moves brings to the goal's value (the pegs' one peg
    after 13 jumps), which the CNF then need not say."""
    parts = goal_parts(seq)
    counted = {i: _count(seq, _terms(part), part.rhs, horizon) for i, part in enumerate(parts)
               if isinstance(part, Linear) and part.op == "=="}
    first = max((state for state, _ in counted.values()), default=0)
    sure = {i for i, (_, surely) in counted.items() if surely} if first == horizon else set()
    return first, sure


def goal_parts(seq: Sequential) -> list[Constraint]:
    """The parts of the goal that must all hold, in order."""
    return _parts(posted.constraint for posted in seq.goal)


def _count(seq: Sequential, terms: Sum, goal: int, horizon: int) -> tuple[int, bool]:
    """The first state whose sums hold the goal's value (0 if the count says nothing, horizon + 1 if
    none does), and whether that state is `horizon` and its one sum that value."""
    start, changes = _start_value(seq, terms), _changes(seq.moves, terms)
    if start is None or changes is None:
        return 0, False
    sums = {start}
    for state in range(horizon + 1):
        if goal in sums or len(sums) > MAX_SUMS:
            return state, state == horizon and sums == {goal}
        sums = {value + change for value in sums for change in changes}
    return horizon + 1, False


def _sums_fixed(parts: Iterable[Constraint]) -> list[tuple[Sum, int]]:
    """The sums `== k` among these parts."""
    return [(_terms(part), part.rhs) for part in parts if isinstance(part, Linear) and part.op == "=="]


def _start_value(seq: Sequential, terms: Sum) -> int | None:
    """The sum's value at the start: a part of the start that is the same sum, or the value the
    start gives each of its variables; None if the start leaves it open."""
    parts = _parts(posted.constraint for posted in seq.start)
    for found, value in _sums_fixed(parts):
        if found == terms:
            return value
    given = _given(parts)
    if all(name in given for name in terms):
        return sum(k * given[name] for name, k in terms.items())
    return None


def _changes(moves: Iterable[Move], terms: Sum) -> set[int] | None:
    """The amounts the moves change the sum by; None if one of them depends on the state."""
    changes = set()
    for move in moves:
        change = _change(move, terms)
        if change is None:
            return None
        changes.add(change)
    return changes


def _change(move: Move, terms: Sum) -> int | None:
    """How much the move changes the sum; None if it depends on the state."""
    before = _given_by(move.condition)
    change = 0
    for effect in move.effects:
        var, effect_terms = effect.var, effect.terms
        k = terms.get(var, 0)
        if not k:
            continue
        if not effect_terms and var in before:  # x = c, from a value the condition gives
            change += k * (effect.constant - before[var])
        elif effect_terms == ((1, var),):  # x = x + c
            change += k * effect.constant
        else:
            return None
    return change


def _given_by(condition: Constraint) -> dict[str, int]:
    """The variables that parts of the condition give one value (`x == 3`), with that value."""
    given: dict[str, int] = {}
    for part in condition.conds if isinstance(condition, And) else (condition,):
        if isinstance(part, InSet):
            if len(part.values) == 1:
                given[part.var] = part.values[0]
        elif isinstance(part, And):
            given.update(_given_by(part))
    return given


def _given(parts: Iterable[Constraint]) -> dict[str, int]:
    """The variables that parts of one value give (`x == 3`), with that value."""
    return {part.var: part.values[0] for part in parts if isinstance(part, InSet) and len(part.values) == 1}


def _terms(linear: Linear) -> Sum:
    coefficients: Sum = {}
    for k, name in linear.terms:
        coefficients[name] = coefficients.get(name, 0) + k
    return {name: k for name, k in coefficients.items() if k}


def _parts(conditions: Iterable[Constraint]) -> list[Constraint]:
    """The parts that must all hold (top-level `and`s taken apart), in order."""
    stack, parts = list(conditions)[::-1], list[Constraint]()
    while stack:
        c = stack.pop()
        if isinstance(c, And):
            stack.extend(reversed(c.conds))
        else:
            parts.append(c)
    return parts
