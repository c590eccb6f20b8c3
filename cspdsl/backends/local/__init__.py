"""Local search backends: simulated annealing (`anneal`) and a genetic search (`genetic`).

Both search complete assignments whose cost is the violation of the model's constraints
(`local/cost.py`), with moves (`local/moves.py`) that keep the structure the model guarantees
(`local/groups.py`): the all-different groups stay permutations and the placed pieces keep their
counts; `local/space.py` puts a problem's variables, groups and costs together. The loops are in
`local/anneal.py` and `local/genetic.py`. They look for one solution and cannot prove that there is none:
when their own budget ends first they give up (`complete=False, timed_out=False`); when the time limit
stops them (the user's, or `driver.solve`'s default for them, `LOCAL_SEARCH_TIMEOUT`) they report a
timeout. See docs/backend-local-search.md.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ...core.deadline import TimeLimitReached, time_limited
from ...core.errors import CspdslError
from ...core.static_types import Any, ClassVar
from ...ir import Problem
from ...passes.narrow import narrow_domains
from ..base import run_passes
from ..declarations import ANNEAL, GENETIC, LOCAL_SEARCH
from ..protocol import Capabilities, Compiled, OnSolution, Outcome, Pass
from .anneal import CLOCK_EVERY, AnnealParams, anneal
from .genetic import GeneticParams, evolve
from .moves import Budget, Engine, State
from .space import Space, build_space

Loop = Callable[[Engine, Budget], tuple[State, bool, dict[str, Any]]]


def _check(backend: str, name: str, value: Any, ok: bool, what: str) -> None:
    if not ok:
        raise CspdslError(f"option {name} of backend '{backend}': {value!r} is out of range: it must be {what}")


class _LocalSearch:
    """What the two backends share: compiling to a `Space`, seeding, and reporting an `Outcome`."""

    name = ""
    CAPABILITIES: ClassVar[Capabilities] = LOCAL_SEARCH
    SESSIONS: ClassVar[dict[str, str]] = {}
    # The domains cut by the one-variable clues (-O propagate then prunes the all-differents' fixed values).
    PASSES: ClassVar[tuple[Pass, ...]] = (narrow_domains,)

    def __init__(self, weighted: bool, propagate: bool) -> None:
        self.weighted = weighted
        self.propagate = propagate

    def compile(self, problem: Problem) -> Compiled:
        started = time.perf_counter()
        passed, _ = run_passes(problem, self.PASSES)
        space = build_space(passed, weighted=self.weighted, propagate=self.propagate)
        size = {
            "variables": len(space.names),
            "constraints": len(space.costs),
            "groups": len(space.groups),
            "structural_constraints": sum(len(g.source) for g in space.groups),
        }
        return Compiled(problem, space, size, time.perf_counter() - started)

    def _search(
        self, compiled: Compiled, seed: int | None, loop: Loop, budget: Budget, on_solution: OnSolution | None
    ) -> Outcome:
        space: Space = compiled.native
        chosen = seed if seed is not None else random.SystemRandom().randrange(2**31)
        empty = sum(1 for d in space.domains if not d)
        if empty:  # no assignment to search from; a proof of that is an exact backend's business
            return Outcome([], complete=False, stats={"seed": chosen, "final_cost": empty, "empty_domains": empty})
        try:  # building the engine and its first states takes seconds on a large model: timed too
            with time_limited(budget.monotonic_deadline()):
                best, timed_out, stats = loop(Engine(space, random.Random(chosen)), budget)
        except TimeLimitReached:
            return Outcome([], complete=False, timed_out=True, stats={"seed": chosen})
        stats["seed"] = chosen
        stats["final_cost"] = best.cost
        if best.cost > 0:
            return Outcome([], complete=False, timed_out=timed_out, stats=stats)
        solution = dict(zip(space.names, best.values, strict=True))
        if on_solution is not None:
            on_solution(solution)
        return Outcome([solution], complete=False, stats=stats)


    def optimise(
        self, compiled: Compiled, *, timeout: float | None, seed: int | None, on_solution: OnSolution | None = None
    ) -> Outcome:
        """The best found, the objective joining the cost after feasibility (`local/optimise.py`)."""
        from .optimise import optimise

        return optimise(self, compiled, timeout, seed, on_solution)


class AnnealBackend(_LocalSearch):
    """Simulated annealing with restarts, as articles 000 and 002 solve Einstein and the hexagon."""

    name = "anneal"
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = ANNEAL.options

    def __init__(
        self,
        temperature: float | None = None,
        min_temperature: float | None = None,
        cooling_iterations: int = 3_000,
        patience: int = 5_000,
        focus: float = 0.8,
        max_iterations: int = 5_000_000,
        weighted: bool = True,
        propagate: bool = False,
    ) -> None:
        super().__init__(weighted, propagate)
        if temperature is not None:
            _check("anneal", "temperature", temperature, temperature > 0, "a positive number")
        if min_temperature is not None:
            _check("anneal", "min_temperature", min_temperature, min_temperature > 0, "a positive number")
            below = temperature is None or min_temperature <= temperature
            _check("anneal", "min_temperature", min_temperature, below, "at most the temperature")
        _check("anneal", "cooling_iterations", cooling_iterations, cooling_iterations >= 1, "at least 1")
        _check("anneal", "patience", patience, patience >= 1, "at least 1")
        _check("anneal", "focus", focus, 0.0 <= focus <= 1.0, "between 0 and 1")
        _check("anneal", "max_iterations", max_iterations, max_iterations >= 1, "at least 1")
        self.params = AnnealParams(temperature, min_temperature, cooling_iterations, patience, focus)
        self.max_iterations = max_iterations

    def solve(
        self,
        compiled: Compiled,
        *,
        limit: int | None,
        timeout: float | None,
        seed: int | None,
        on_solution: OnSolution | None = None,
    ) -> Outcome:
        budget = Budget.of(timeout, self.max_iterations, clock_every=CLOCK_EVERY)
        return self._search(compiled, seed, lambda engine, b: anneal(engine, self.params, b), budget, on_solution)


class GeneticBackend(_LocalSearch):
    """A genetic search with structure-keeping crossover and mutation, as article 001 lays tiles."""

    name = "genetic"
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = GENETIC.options

    def __init__(
        self,
        population: int = 30,
        elite: float = 0.1,
        immigrants: float = 0.1,
        crossover: float = 0.3,
        mutations: int = 1,
        tournament: int = 3,
        polish: int = 50,
        patience: int = 300,
        max_generations: int = 5_000,
        weighted: bool = True,
        propagate: bool = False,
    ) -> None:
        super().__init__(weighted, propagate)
        _check("genetic", "population", population, population >= 2, "at least 2")
        _check("genetic", "elite", elite, 0.0 <= elite < 1.0, "at least 0 and below 1")
        _check("genetic", "immigrants", immigrants, 0.0 <= immigrants < 1.0, "at least 0 and below 1")
        _check("genetic", "elite", elite, elite + immigrants < 1.0, "such that elite + immigrants is below 1")
        _check("genetic", "crossover", crossover, 0.0 <= crossover <= 1.0, "between 0 and 1")
        _check("genetic", "mutations", mutations, mutations >= 0, "at least 0")
        _check("genetic", "tournament", tournament, tournament >= 1, "at least 1")
        _check("genetic", "polish", polish, polish >= 0, "at least 0")
        _check("genetic", "patience", patience, patience >= 1, "at least 1")
        _check("genetic", "max_generations", max_generations, max_generations >= 1, "at least 1")
        self.params = GeneticParams(population, elite, immigrants, crossover, mutations, tournament, polish, patience)
        self.max_generations = max_generations

    def solve(
        self,
        compiled: Compiled,
        *,
        limit: int | None,
        timeout: float | None,
        seed: int | None,
        on_solution: OnSolution | None = None,
    ) -> Outcome:
        budget = Budget.of(timeout, self.max_generations, clock_every=1)
        return self._search(compiled, seed, lambda engine, b: evolve(engine, self.params, b), budget, on_solution)
