"""Simulated annealing over a `Space`, with restarts, as articles 000 and 002 solve Einstein and the hexagon.

A run starts from a random assignment (that already satisfies the groups), cools geometrically from
its start temperature to its lowest one over `cooling_iterations`, then holds it; it ends when the
cost is 0 or when `patience` iterations bring no new best of the run, and the next run restarts from
a new random assignment. A move that does not raise the cost is always taken, one that raises it
by d with probability exp(-d / T), as in the articles.

Moves are *focused*: with probability `focus` the changed variable is one of a violated constraint
(and a swap partner one of another violated constraint), otherwise any variable.

The best temperature depends on the model (1.4 suits Einstein's weighted cost, 1.5 the hexagon's
although its moves raise the cost four times as much), so, unless it is set, each run holds one of a
ladder of fractions of the median rise of a random move and the runs learn which rung gets lowest.
"""

from __future__ import annotations

import math
import random

from ...core.deadline import check_deadline
from ...core.record import Record
from ...core.static_types import Any
from .moves import Budget, Engine, Move, State

COOLING_RATIO = 1.5  # start / lowest temperature of a run, when the lowest is not set
# Iterations (or samples of the median rise) between two looks at the clock. A move on 600 queens
# costs about 0.4 ms, so that 512 of them ran 0.2 s of a core past the time limit (a second and more
# on a loaded machine); a look costs a fraction of a microsecond, and never changes what is found.
CLOCK_EVERY = 32


class AnnealParams(Record, frozen=False):
    temperature: float | None = None
    min_temperature: float | None = None
    cooling_iterations: int = 3_000
    patience: int = 5_000
    focus: float = 0.8


class _Violated:
    """The paid constraints that are violated, for picking one at random in O(1)."""

    def __init__(self, state: State) -> None:
        self.items = [c for c, v in enumerate(state.violations) if v]
        self.where = {c: i for i, c in enumerate(self.items)}

    def update(self, c: int, violation: int) -> None:
        if violation and c not in self.where:
            self.where[c] = len(self.items)
            self.items.append(c)
        elif not violation and c in self.where:
            i = self.where.pop(c)
            last = self.items.pop()
            if last != c:
                self.items[i] = last
                self.where[last] = i


def median_rise(engine: Engine, state: State, samples: int = 1000) -> float:
    """The median cost increase of the random moves from `state` that increase it."""
    rises = []
    for sample in range(samples):
        if sample % CLOCK_EVERY == 0:
            check_deadline()  # the search's deadline (`_LocalSearch._search`): 1,000 samples take a while
        move = engine.propose(state)
        if move is None:
            continue
        trial = engine.trial(state, move)
        engine.undo(state, trial)
        if trial.delta > 0:
            rises.append(trial.delta)
    rises.sort()
    return float(rises[len(rises) // 2]) if rises else 1.0


class _Counters(Record, frozen=False):
    """What the runs of one search have done so far."""

    iterations: int = 0
    runs: int = 0
    rises: int = 0  # proposed moves that raise the cost
    taken: int = 0  # of those, accepted
    run_best: int = 0
    best: State | None = None

    def start_run(self, state: State) -> None:
        self.runs += 1
        self.run_best = state.cost
        if self.best is None or state.cost < self.best.cost:
            self.best = state.copy()

    def improved(self, state: State) -> None:
        self.run_best = state.cost
        if self.best is None or state.cost < self.best.cost:
            self.best = state.copy()


class _Ladder:
    """The temperatures a run can hold, as fractions of the median cost rise of a random move.

    Each rung is tried once; then a run mostly takes the rung whose runs got lowest on average, and
    sometimes (EXPLORE) a random one.
    """

    FRACTIONS = (0.8, 0.55, 0.4, 0.28, 0.19, 0.13)
    EXPLORE = 0.25

    def __init__(self, rise: float, rng: random.Random) -> None:
        self.rise = rise
        self.rng = rng
        self.results: list[list[int]] = [[] for _ in self.FRACTIONS]

    def temperature(self, rung: int) -> float:
        return self.rise * self.FRACTIONS[rung]

    def pick(self) -> int:
        untried = [r for r, seen in enumerate(self.results) if not seen]
        if untried:
            return untried[0]
        if self.rng.random() < self.EXPLORE:
            return self.rng.randrange(len(self.FRACTIONS))
        return min(range(len(self.FRACTIONS)), key=lambda r: sum(self.results[r]) / len(self.results[r]))

    def record(self, rung: int, run_best: int) -> None:
        self.results[rung].append(run_best)


def anneal(engine: Engine, params: AnnealParams, budget: Budget) -> tuple[State, bool, dict[str, Any]]:
    """Anneal from random states until the cost is 0, the budget ends or time runs out:
    (the best state, whether time ran out, statistics)."""
    state = engine.random_state()
    best = state.copy()
    ladder = _Ladder(median_rise(engine, state), engine.rng)
    counters = _Counters()
    timed_out = False
    while best.cost > 0 and counters.iterations < budget.limit:
        if counters.runs:
            state = engine.random_state()
        rung = ladder.pick()
        start = params.temperature or ladder.temperature(rung)
        lowest = min(params.min_temperature or start / COOLING_RATIO, start)
        state, timed_out = _run(engine, state, (start, lowest), params, budget, counters)
        ladder.record(rung, counters.run_best)
        if counters.best is not None and counters.best.cost < best.cost:
            best = counters.best
        if timed_out:
            break
    stats = {
        "iterations": counters.iterations,
        "restarts": max(counters.runs - 1, 0),
        "uphill_accepted": round(counters.taken / max(counters.rises, 1), 4),
    }
    return best, timed_out, stats


def _run(
    engine: Engine,
    state: State,
    temperatures: tuple[float, float],
    params: AnnealParams,
    budget: Budget,
    counters: _Counters,
) -> tuple[State, bool]:
    """One run; returns its final state and whether time ran out."""
    temperature, lowest = temperatures
    factor = (lowest / temperature) ** (1.0 / params.cooling_iterations)
    counters.start_run(state)
    violated = _Violated(state)
    stalled = 0
    while state.cost > 0 and stalled < params.patience and counters.iterations < budget.limit:
        counters.iterations += 1
        stalled += 1
        if budget.clock_due(counters.iterations) and budget.out_of_time():
            return state, True
        move = _focused_move(engine, state, violated, params.focus)
        if move is None:
            continue
        if _metropolis(engine, state, move, temperature, violated, counters) and state.cost < counters.run_best:
            stalled = 0
            counters.improved(state)
        if temperature > lowest:
            temperature *= factor
    return state, False


def _focused_move(engine: Engine, state: State, violated: _Violated, focus: float) -> Move | None:
    """A random move, with probability `focus` of a variable of a violated constraint (and then, with
    that probability again, with a swap partner from another violated constraint)."""
    rng, scopes = engine.rng, engine.space.scopes
    scope = partners = None
    if violated.items and rng.random() < focus:
        scope = scopes[rng.choice(violated.items)]
        if rng.random() < focus:
            partners = scopes[rng.choice(violated.items)]
    return engine.propose(state, scope, partners)


def _metropolis(
    engine: Engine, state: State, move: Move, temperature: float, violated: _Violated, counters: _Counters
) -> bool:
    """Make the move if it does not raise the cost, or with probability exp(-rise / temperature) if it
    does; whether it was made."""
    trial = engine.trial(state, move)
    delta = trial.delta
    if delta > 0:
        counters.rises += 1
    if delta <= 0 or engine.rng.random() < math.exp(-delta / temperature):
        counters.taken += delta > 0
        engine.commit(state, trial)
        for c, now in trial.changed:
            violated.update(c, now)
        return True
    engine.undo(state, trial)
    return False
