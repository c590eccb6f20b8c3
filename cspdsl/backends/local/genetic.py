"""A genetic search over a `Space`, after article 001's tile solver.

A population of random assignments (each already satisfying the groups) evolves: every generation
keeps its best `elite` share, fills most of the rest with children of parents chosen by tournament
(with probability `crossover` a structure-keeping crossover of two parents, otherwise a copy of one)
that each get `mutations` random moves, and, as the article does, adds an `immigrants` share of new
random assignments. A child may then be `polish`ed by that many greedy moves (a move is kept when it
does not raise the cost). When `patience` generations bring no new best, the population restarts.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...core.record import Record
from ...core.static_types import Any
from .moves import Budget, Engine, State


class GeneticParams(Record, frozen=False):
    population: int = 30
    elite: float = 0.1
    immigrants: float = 0.1
    crossover: float = 0.3
    mutations: int = 1
    tournament: int = 3
    polish: int = 50
    patience: int = 300


def evolve(engine: Engine, params: GeneticParams, budget: Budget) -> tuple[State, bool, dict[str, Any]]:
    """Evolve until a member has cost 0, the generation budget ends or time runs out:
    (the best state, whether time ran out, statistics)."""
    size = params.population
    keep = min(size - 1, max(1, round(params.elite * size)))
    fresh = min(size - keep, round(params.immigrants * size))
    population = sorted(_made(engine.random_state, size, budget, at_least=1), key=_cost)
    best = population[0]
    generations = restarts = evaluations = stalled = 0
    timed_out = False
    while best.cost > 0 and generations < budget.limit:
        generations += 1
        if budget.out_of_time():
            timed_out = True
            break
        children = _made(partial(_child, engine, population, params), size - keep - fresh, budget)
        newcomers = _made(engine.random_state, fresh, budget)
        evaluations += len(children) + len(newcomers)
        population = sorted(population[:keep] + children + newcomers, key=_cost)
        stalled += 1
        if population[0].cost < best.cost:
            best, stalled = population[0], 0
        if stalled >= params.patience and best.cost > 0:
            restarts += 1
            stalled = 0
            population = sorted(_made(engine.random_state, size, budget, at_least=1), key=_cost)
    stats = {"generations": generations, "restarts": restarts, "evaluations": evaluations}
    return best, timed_out, stats


def _made(make: Callable[[], State], count: int, budget: Budget, at_least: int = 0) -> list[State]:
    """Up to `count` new members, made one at a time and fewer once the time runs out (but
    `at_least`): a generation of a large population on a large board takes seconds, and the time
    limit must hold within one."""
    made: list[State] = []
    while len(made) < count and (len(made) < at_least or not budget.out_of_time()):
        made.append(make())
    return made


def _cost(state: State) -> int:
    return state.cost


def _tournament(engine: Engine, population: list[State], rounds: int) -> State:
    """The best of `rounds` members drawn at random (the population is sorted: the lowest index)."""
    return population[min(engine.rng.randrange(len(population)) for _ in range(rounds))]


def _child(engine: Engine, population: list[State], params: GeneticParams) -> State:
    parent = _tournament(engine, population, params.tournament)
    if engine.rng.random() < params.crossover:
        child = engine.crossover(parent, _tournament(engine, population, params.tournament))
    else:
        child = parent.copy()
    for _ in range(params.mutations):
        move = engine.propose(child)
        if move is not None:
            engine.commit(child, engine.trial(child, move))
    for _ in range(params.polish):
        if child.cost == 0:
            break
        move = engine.propose(child)
        if move is None:
            continue
        trial = engine.trial(child, move)
        if trial.delta <= 0:
            engine.commit(child, trial)
        else:
            engine.undo(child, trial)
    return child
