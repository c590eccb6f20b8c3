"""The independent checker of a plan: move by move, from the IR's description alone.

It replays the plan on its own: the first state must satisfy the start, each move's condition must
hold before it, the state after it must be the effects applied to the state before (every variable
the move does not set unchanged) and within the domains, the `always` conditions must hold in every
state, the goal at the end and in no state before it, and the plan must keep to the bound. The states
a backend claims are compared with the replay, and the cost it claims (`minimize cost`) with the sum
of the moves' costs. It shares no code with the search or the unrolling.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..ir.kinds import Posted, Problem
from ..ir.sequential import Plan, Sequential
from .problem import holds

State = dict[str, int]


def plan_fault(problem: Problem, plan: Plan) -> str | None:
    """What is wrong with the plan, in words, or None when it is a plan of the problem."""
    return PlanChecker(problem).fault(plan)


class PlanChecker:
    """`plan_fault` for many plans of one problem. Each step's verdict (a move between two states,
    at a step) is worked out once: plans share most of their steps (the pegs' 14,880 plans make
    193,440 moves, which replayed one by one took seconds to check)."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self._verdicts: dict[tuple[object, ...], str | None] = {}

    def fault(self, plan: Plan) -> str | None:
        """What is wrong with the plan, in words, or None when it is a plan of the problem."""
        seq = self.problem.sequential
        if seq is None:
            return "the problem is not a sequential puzzle"
        if len(plan.states) != len(plan.moves) + 1:
            return f"{len(plan.moves)} moves need {len(plan.moves) + 1} states, not {len(plan.states)}"
        if seq.bound is not None and len(plan.moves) > seq.bound:
            return f"{len(plan.moves)} moves: more than the bound of {seq.bound}"
        fault = self._once(("start", plan.states[0]), lambda: self._start_fault(seq, plan.states[0]))
        for step, move in enumerate(plan.moves, start=1):
            if fault:
                return fault
            before, after = plan.states[step - 1], plan.states[step]
            fault = self._once((step, move, before, after), partial(self._step_fault, seq, step, move, before, after))
        end = (len(plan.moves), plan.states[-1])
        return fault or self._once(end, lambda: _goal_fault(seq, self._state(seq, end[1]), end[0], final=True))

    def cost_fault(self, plan: Plan, claimed: int) -> str | None:
        """What is wrong with the cost claimed for the plan: the sum of its moves' costs, recomputed."""
        seq = self.problem.sequential
        if seq is None:
            return "the problem is not a sequential puzzle"
        if any(not 0 <= move < len(seq.moves) for move in plan.moves):
            return "the plan makes a move that is no move of the puzzle"
        total = sum(seq.moves[move].cost for move in plan.moves)
        if total != claimed:
            return f"the plan costs {total}, not the {claimed} claimed"
        return None

    def _once(self, key: tuple[object, ...], verdict: Callable[[], str | None]) -> str | None:
        if key not in self._verdicts:
            self._verdicts[key] = verdict()
        return self._verdicts[key]

    @staticmethod
    def _state(seq: Sequential, values: tuple[int, ...]) -> State:
        return dict(zip(seq.state, values, strict=True))

    def _start_fault(self, seq: Sequential, values: tuple[int, ...]) -> str | None:
        state = self._state(seq, values)
        return _state_fault(self.problem, seq, state, "the start") or _broken(seq.start, state, "the start")

    def _step_fault(self, seq: Sequential, step: int, move: int, before: tuple[int, ...],
                    claimed: tuple[int, ...]) -> str | None:
        """The goal not reached before the move, the move made from `before`, and `claimed` the state
        its effects make, within the domains and the `always` conditions."""
        state = self._state(seq, before)
        fault = _goal_fault(seq, state, step - 1, final=False)
        if fault:
            return fault
        after = _after(seq, move, state, step)
        if isinstance(after, str):
            return after
        fault = _state_fault(self.problem, seq, after, f"the state after move {step}")
        if not fault and self._state(seq, claimed) != after:
            fault = f"the state after move {step} is not the one its effects make"
        return fault


def _after(seq: Sequential, move: int, state: State, step: int) -> State | str:
    """The state after the move, or why the move cannot be made."""
    if not 0 <= move < len(seq.moves):
        return f"move {step} is no move of the puzzle"
    ground = seq.moves[move]
    if not holds(ground.condition, state):
        return f"move {step} ({ground.name}): its condition does not hold before it"
    after = dict(state)
    for effect in ground.effects:
        value = effect.constant
        for coef, name in effect.terms:
            value += coef * state[name]
        after[effect.var] = value
    return after


def _state_fault(problem: Problem, seq: Sequential, state: State, what: str) -> str | None:
    for name, value in state.items():
        if value not in problem.variables[name].domain:
            return f"{what}: {name} = {value} is outside its domain"
    return _broken(seq.always, state, what)


def _broken(conditions: tuple[Posted, ...], state: State, what: str) -> str | None:
    for posted in conditions:
        if not holds(posted.constraint, state):
            where = posted.span.location() if posted.span else "a condition"
            return f"{what} breaks the condition at {where}"
    return None


def _goal_fault(seq: Sequential, state: State, step: int, final: bool) -> str | None:
    reached = all(holds(posted.constraint, state) for posted in seq.goal)
    if final and not reached:
        return "the goal does not hold at the end of the plan"
    if not final and reached:
        return f"the goal is reached after {step} moves, before the plan ends"
    return None
