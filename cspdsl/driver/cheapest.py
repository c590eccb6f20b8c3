"""The cheapest plans (`minimize cost`) on a backend that solves models as a whole (sat, cpsat, csp):
the puzzle unrolled over a bound (`unrolled.unrolled_model`) with each step's cost and a bound on
their sum, solved as any model is.

A cheaper plan may take more moves than a shorter one, so the bound on the steps is not the first
that has a plan. It is chosen so: every move costs at least `least` (1 or more), so a plan of cost at
most C takes at most C // least moves. Deepening finds the first bound with a plan (every shorter one
proved to have none) and one plan of cost C there; then, while a plan costs less than C, one is
looked for over (C - 1) // least steps (and no more than the model's `steps <= N`): a plan of more
moves costs C or more. When none is found there, C is proved the least cost, and the plans of cost C
are those of at most C // least moves whose costs sum to C, found over that bound.
"""

from __future__ import annotations

from ..core.deadline import seconds_left
from ..ir import Linear, Table
from ..ir.sequential import Plan, Sequential
from ..lower import Lowered
from ..passes.unroll import action, plan_of
from .result import Interrupted, PlanResult, PlansInterrupted
from .solve import solve
from .unrolled import UNROLLED_OPTIONS, Bounded, deepest, unrolled_model


def step_cost(step: int) -> str:
    """The variable of the cost of the move made at `step` (0 once the plan has ended)."""
    return f"{action(step)}.cost"


def costed_model(model: Lowered, horizon: int, most: int | None) -> Lowered:
    """The puzzle unrolled over `horizon` steps, its plans those whose moves cost at most `most` in all
    (None: any)."""
    seq = model.problem.sequential
    assert seq is not None
    unrolled = unrolled_model(model, horizon)
    problem = unrolled.problem
    costs = [0, *(move.cost for move in seq.moves)]  # by the action's value: 0 is no move
    pairs = tuple((number, cost) for number, cost in enumerate(costs))
    for step in range(1, horizon + 1):
        problem.add_var(step_cost(step), tuple(sorted(set(costs))), output=False)
        problem.post(Table((action(step), step_cost(step)), pairs), seq.shortest_span, ())
    if horizon and most is not None:
        problem.post(Linear(tuple((1, step_cost(step)) for step in range(1, horizon + 1)), "<=", most),
                     seq.shortest_span, ())
    return unrolled


class CostedSolver:
    """The costed unrolled model solved on one backend, bound after bound, as `driver.solve` solves
    any model (its solutions checked there, the plans they make checked again by `plans.py`)."""

    def __init__(self, model: Lowered, backend: str, options: dict[str, str] | None) -> None:
        self.model, self.backend = model, backend
        self.options = {**UNROLLED_OPTIONS.get(backend, {}), **(options or {})}
        seq = model.problem.sequential
        assert seq is not None
        self.seq: Sequential = seq
        self.least = min(move.cost for move in seq.moves)

    def __call__(self, horizon: int, most: int | None, limit: int | None, deadline: float | None) -> Bounded:
        result = solve(costed_model(self.model, horizon, most), self.backend, limit=limit,
                       timeout=seconds_left(deadline), options=self.options)
        return Bounded(result.solutions, result.complete, result.timed_out, dict(result.stats), dict(result.size))

    def reach(self, most: int) -> int:
        """The most moves a plan of cost at most `most` can take, within the model's bound."""
        moves = most // self.least
        return moves if self.seq.bound is None else min(moves, self.seq.bound)

    def plan(self, found: Bounded, horizon: int) -> Plan:
        return plan_of(self.seq, found.solutions[0], horizon)


def solve_cheapest(model: Lowered, backend: str, *, limit: int | None, deadline: float | None,
                   options: dict[str, str] | None, count_only: bool) -> PlanResult:
    """The cheapest plans of a sequential puzzle on `backend` (see above): up to `limit` of them and
    their number, proved the cheapest unless the time limit stops the search first."""
    solver = CostedSolver(model, backend, options)
    seq = solver.seq
    first, found = _first_bound(solver, deadline)
    if not found.solutions:
        return PlanResult(model, backend, [], 0 if found.complete else None, found.complete, found.timed_out, limit,
                          stats=dict(found.stats, horizon=first))
    best = solver.plan(found, first)
    try:
        best, proved, found = _least_cost(solver, best, first, deadline)
        if not proved:
            return PlanResult(model, backend, [best], None, False, True, limit, stats=dict(found.stats),
                              cost=best.cost(seq))
        cost = best.cost(seq)
        horizon = solver.reach(cost)
        every = solver(horizon, cost, limit, deadline)
    except KeyboardInterrupt as stop:
        raise PlansInterrupted(PlanResult(model, backend, [best], None, False, False, limit,
                                          stats={"horizon": first}, cost=best.cost(seq))) from stop
    plans = [plan_of(seq, solution, horizon) for solution in every.solutions] or [best]
    count = len(every.solutions) if every.complete else None
    kept = [] if count_only and count is not None else plans
    return PlanResult(model, backend, kept, count, every.complete, every.timed_out, limit,
                      size=dict(every.size), stats=dict(every.stats, horizon=horizon), cheapest=True, cost=cost)


def _first_bound(solver: CostedSolver, deadline: float | None) -> tuple[int, Bounded]:
    """The fewest moves a plan takes and a plan of them, each fewer proved to have none (no plan:
    the last bound tried and what it found)."""
    horizon = 0
    try:
        while True:
            found = solver(horizon, None, 1, deadline)
            if found.solutions or found.timed_out or horizon >= deepest(solver.seq.bound):
                return horizon, found
            horizon += 1
    except Interrupted as stop:
        raise PlansInterrupted(_stopped(solver, stop.partial.solutions, horizon)) from stop
    except KeyboardInterrupt as stop:
        raise PlansInterrupted(_stopped(solver, [], horizon)) from stop


def _stopped(solver: CostedSolver, solutions: list[dict[str, int]], horizon: int) -> PlanResult:
    plans = [plan_of(solver.seq, solution, horizon) for solution in solutions[:1]]
    cost = plans[0].cost(solver.seq) if plans else None
    return PlanResult(solver.model, solver.backend, plans, None, False, False, 1, stats={"horizon": horizon},
                      cost=cost)


def _least_cost(solver: CostedSolver, best: Plan, first: int, deadline: float | None) -> tuple[Plan, bool, Bounded]:
    """The cheapest plan, from `best` found over `first` steps (the fewest a plan takes): a cheaper
    one looked for over as many moves as it can take, until there is none. (the plan, whether it is
    proved the cheapest, what the last search found)."""
    while True:
        cost = best.cost(solver.seq)
        horizon = solver.reach(cost - 1)
        if horizon < first:  # a cheaper plan would take fewer moves than any plan does
            return best, True, Bounded([], True, False)
        found = solver(horizon, cost - 1, 1, deadline)
        if found.timed_out and not found.solutions:
            return best, False, found
        if not found.solutions:
            return best, True, found
        best = solver.plan(found, horizon)
