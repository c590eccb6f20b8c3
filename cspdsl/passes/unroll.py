"""A sequential puzzle unrolled over a bounded number of steps into an ordinary Problem, so that
every exact backend and the checker take it unchanged.

Each state variable `x` has a copy `x@t` for each step t = 0..horizon, and each step t = 1..horizon
an action variable `move@t`: 0 when the plan has already ended, else 1 + the index of the move made.
- the start holds at step 0, `always` at every step, the goal at the last;
- `move@t == m` implies the move's condition at step t-1 and its effects at step t;
- a variable changes from t-1 to t only under a move that sets it (the frame, one clause a variable);
- `move@t == 0` exactly when the goal holds at t-1: a plan ends at its first goal state, and is
  padded to the horizon with steps that change nothing, so each plan of at most `horizon` moves is
  one solution. The outputs are the start state and the moves.
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
    Or,
    Problem,
    Product,
    Regular,
    Table,
    by_kind,
)
from ..ir.sequential import Move, Plan, Sequential

Names = Callable[[str], str]


def at(name: str, step: int) -> str:
    """The copy of state variable `name` at `step`."""
    return f"{name}@{step}"


def action(step: int) -> str:
    """The action variable of `step` (from 1)."""
    return f"move@{step}"


_RENAMED: KindTable[Callable[[Any, Names], Constraint]] = by_kind(
    "unroll.renamed",
    {
        AllDifferent: lambda c, f: AllDifferent(tuple(f(v) for v in c.vars)),
        Table: lambda c, f: Table(tuple(f(v) for v in c.vars), c.tuples),
        Linear: lambda c, f: Linear(tuple((k, f(v)) for k, v in c.terms), c.op, c.rhs),
        InSet: lambda c, f: InSet(f(c.var), c.values),
        Count: lambda c, f: Count(tuple(renamed(x, f) for x in c.conds), c.op, c.k),
        And: lambda c, f: And(tuple(renamed(x, f) for x in c.conds)),
        Or: lambda c, f: Or(tuple(renamed(x, f) for x in c.conds)),
        Not: lambda c, f: Not(renamed(c.cond, f)),
        Regular: lambda c, f: Regular(tuple(f(v) for v in c.vars), c.transitions, c.start, c.accepting),
        Product: lambda c, f: Product(f(c.var), tuple(f(v) for v in c.factors)),
        Connected: lambda c, f: Connected(tuple(renamed(x, f) for x in c.conds), c.edges),
    },
)


def renamed(c: Constraint, names: Names) -> Constraint:
    """`c` with every variable renamed by `names`."""
    return _RENAMED[type(c)](c, names)


def _step(step: int) -> Names:
    return lambda name: at(name, step)


def unroll(problem: Problem, horizon: int) -> Problem:
    """The sequential `problem` over `horizon` steps, as a Problem without `sequential`."""
    seq = problem.sequential
    assert seq is not None
    out = Problem()
    for step in range(horizon + 1):  # in time order: a search in the model's order follows the plan
        if step:
            out.add_var(action(step), tuple(range(len(seq.moves) + 1)))
        for name in seq.state:
            var = problem.variables[name]
            out.add_var(at(name, step), var.domain, output=step == 0, span=var.span)
    for posted in seq.start:
        out.post(renamed(posted.constraint, _step(0)), posted.span, ())
    for step in range(horizon + 1):
        for posted in seq.always:
            out.post(renamed(posted.constraint, _step(step)), posted.span, ())
    for step in range(1, horizon + 1):
        _post_step(out, seq, step)
    out.post(_goal(seq, horizon), seq.goal[0].span, ())
    return out


def _goal(seq: Sequential, step: int) -> Constraint:
    conds = tuple(renamed(p.constraint, _step(step)) for p in seq.goal)
    return conds[0] if len(conds) == 1 else And(conds)


def _post_step(out: Problem, seq: Sequential, step: int) -> None:
    """The moves, the end of the plan and the frame between steps `step - 1` and `step`."""
    act, goal_before = action(step), _goal(seq, step - 1)
    for number, move in enumerate(seq.moves, start=1):
        out.post(Or((Not(InSet(act, (number,))), _made(move, step))), move.span, ())
    out.post(Or((Not(InSet(act, (0,))), goal_before)), seq.goal[0].span, ())
    out.post(Or((Not(goal_before), InSet(act, (0,)))), seq.goal[0].span, ())
    setters: dict[str, list[int]] = {name: [] for name in seq.state}
    for number, move in enumerate(seq.moves, start=1):
        for effect in move.effects:
            setters[effect.var].append(number)
    for name in seq.state:
        unchanged = Linear(((1, at(name, step)), (-1, at(name, step - 1))), "==", 0)
        out.post(Or((unchanged, InSet(act, tuple(setters[name])))) if setters[name] else unchanged, seq.span, ())


def _made(move: Move, step: int) -> Constraint:
    """The move's condition at `step - 1` and its effects at `step`."""
    parts = [renamed(move.condition, _step(step - 1))]
    for effect in move.effects:
        if not effect.terms:  # x = 3: a value, not a sum
            parts.append(InSet(at(effect.var, step), (effect.constant,)))
            continue
        terms = ((1, at(effect.var, step)), *((-k, at(v, step - 1)) for k, v in effect.terms))
        parts.append(Linear(terms, "==", effect.constant))
    return And(tuple(parts))


def plan_of(seq: Sequential, assignment: dict[str, int], horizon: int) -> Plan:
    """The plan an unrolled solution makes: its moves up to the first step with none, and its states."""
    moves: list[int] = []
    for step in range(1, horizon + 1):
        if assignment[action(step)] == 0:
            break
        moves.append(assignment[action(step)] - 1)
    states = tuple(tuple(assignment[at(name, step)] for name in seq.state) for step in range(len(moves) + 1))
    return Plan(tuple(moves), states)

