"""The `search` backend: a sequential puzzle's states explored directly, as article 004's solver
does (depth-first for a first plan, breadth-first for the shortest ones, least cost first for the
cheapest ones, `cheapest.py`), and its plans counted with a memoised depth-first search. It reads
the IR's description of the puzzle (`ir.sequential`).

It takes sequential puzzles only; `Backend.solve` is for models solved as a whole, so its plans are
asked for with `plans` (`cspdsl.solve_plans` is the face that checks them).
"""

from __future__ import annotations

import time
from itertools import islice

from ...core.deadline import TimeLimitReached
from ...core.errors import CspdslError, Suggestion
from ...core.record import Record, field
from ...core.static_types import Any, ClassVar
from ...ir import Problem
from ...ir.sequential import Plan
from ..base import run_passes
from ..declarations import SEARCH
from ..protocol import Capabilities, Compiled, OnSolution, Outcome, Pass
from .cheapest import Cheapest
from .explore import Budget, Counter, Endless, Layers, first_plan
from .space import Space

ORDERS = ("depth-first", "breadth-first")
DEFAULT_MAX_STATES = 5_000_000


class PlanOutcome(Record, frozen=False):
    """What one search produced: plans (up to the limit), their number when it is known, whether the
    search ran to the end, whether the time limit stopped it, and whether the plans are the shortest."""

    plans: list[Plan]
    count: int | None
    complete: bool
    timed_out: bool = False
    shortest: bool = False
    length: int | None = None  # of the shortest plans, when `shortest` and there are some
    stats: dict[str, Any] = field(default_factory=dict)
    cost: int | None = None  # of the cheapest plans, under `minimize cost` when there are some
    interrupted: bool = False  # Ctrl-C stopped the search: `stats["expanded"]` says how far it went


class SearchBackend:
    """Search over a sequential puzzle's states: depth-first, breadth-first, memoised counting."""

    name = "search"
    CAPABILITIES: ClassVar[Capabilities] = SEARCH.capabilities
    SESSIONS: ClassVar[dict[str, str]] = {}
    PASSES: ClassVar[tuple[Pass, ...]] = ()  # the states are explored from the IR's own description
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = SEARCH.options

    def __init__(self, order: str = "depth-first", max_states: int = DEFAULT_MAX_STATES) -> None:
        if order not in ORDERS:
            raise CspdslError(f"option order of backend 'search' must be depth-first or breadth-first, not '{order}'")
        if max_states < 1:
            raise CspdslError("option max_states of backend 'search' must be at least 1")
        self.order, self.max_states = order, max_states

    def compile(self, problem: Problem) -> Compiled:
        if problem.sequential is None:
            raise CspdslError(
                "backend 'search' explores a sequential puzzle's states (a start, moves and a goal); "
                "this model has no moves: solve it with sat, cpsat or csp",
                suggestion=Suggestion("use_backend", ("sat", "cpsat", "csp")),
            )
        started = time.perf_counter()
        passed, _ = run_passes(problem, self.PASSES)
        space = Space(passed)
        size = {"variables": len(problem.sequential.state), "moves": len(problem.sequential.moves)}
        return Compiled(problem, space, size, time.perf_counter() - started)

    def solve(self, compiled: Compiled, *, limit: int | None, timeout: float | None, seed: int | None,
              on_solution: OnSolution | None = None) -> Outcome:
        raise CspdslError("backend 'search' finds plans, not solutions: "
                          "solve the puzzle with cspdsl.solve_plans")

    def plans(self, compiled: Compiled, *, limit: int | None, deadline: float | None,
              count_only: bool = False) -> PlanOutcome:
        """Up to `limit` plans (None: all) and their number; `count_only`: the number alone. Ctrl-C
        ends the search with what it knows: an outcome marked `interrupted`, its plans kept."""
        space: Space = compiled.native
        seq = compiled.problem.sequential
        assert seq is not None
        budget = Budget(deadline, self.max_states)
        started = time.perf_counter()
        try:
            starts = space.starts()
            if seq.cheapest:
                outcome = _cheapest(space, starts, seq.bound, budget, limit, count_only)
            elif seq.shortest or self.order == "breadth-first":
                outcome = _shortest(space, starts, seq.bound, budget, limit, count_only)
            elif limit == 1 and not count_only:
                plan = first_plan(space, starts, seq.bound, budget)
                outcome = PlanOutcome([plan] if plan else [], None if plan else 0, plan is None)
            else:
                outcome = _counted(space, starts, seq.bound, budget, limit, count_only)
        except TimeLimitReached:
            outcome = PlanOutcome([], None, False, timed_out=True)
        except KeyboardInterrupt:  # no plan is known before the search ends: say how far it went
            outcome = PlanOutcome([], None, False, interrupted=True)
        outcome.stats.update(search_seconds=time.perf_counter() - started, expanded=budget.expanded)
        return outcome


def _shortest(space: Space, starts: list[Any], bound: int | None, budget: Budget, limit: int | None,
              count_only: bool) -> PlanOutcome:
    layers = Layers(space, starts, bound, budget)
    count = layers.count()
    plans = [] if count_only else list(islice(layers.plans(), limit))
    return PlanOutcome(plans, count, True, shortest=True, length=layers.depth if count else None)


def _cheapest(space: Space, starts: list[Any], bound: int | None, budget: Budget, limit: int | None,
              count_only: bool) -> PlanOutcome:
    search = Cheapest(space, starts, bound, budget)
    count = search.count()
    plans = [] if count_only else list(islice(search.plans(), limit))
    return PlanOutcome(plans, count, True, cost=search.cost)


def _counted(space: Space, starts: list[Any], bound: int | None, budget: Budget, limit: int | None,
             count_only: bool) -> PlanOutcome:
    counter = Counter(space, bound, budget)
    try:
        count = counter.total(starts)
    except Endless:
        if limit is None:
            raise CspdslError(
                "the moves can return to a state they left, so the plans are endless in number",
                seq_span(space), "bound them with 'steps <= N', or ask for the fewest moves with 'minimize steps'",
            ) from None
        plan = first_plan(space, starts, bound, budget)
        return PlanOutcome([plan] if plan else [], None if plan else 0, plan is None)
    plans = [] if count_only else list(islice(counter.plans(starts, limit), limit))
    return PlanOutcome(plans, count, True)


def seq_span(space: Space) -> Any:
    return space.seq.span
