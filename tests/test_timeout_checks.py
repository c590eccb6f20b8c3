"""The steps that ran on past a time limit now look at the clock often enough: the annealer every
`CLOCK_EVERY` iterations and samples of its median rise (not every 512: 0.2 s of a core on 600
queens), and the CP-SAT compile between its variables' declarations and before each constraint.

Nothing here measures a speed: the looks are counted, and a deadline already past is one that the
next look must see."""

from __future__ import annotations

import random
import sys
import time

import pytest
from helpers import NO_RULER_OF_11_MARKS_AND_71 as GOLOMB
from helpers import ROOT

from cspdsl.backends import get_backend
from cspdsl.backends.local.moves import Budget, Engine
from cspdsl.core.deadline import TimeLimitReached, time_limited
from cspdsl.driver.loop import compile_within
from cspdsl.lower.load import loads

ANNEAL = sys.modules["cspdsl.backends.local.anneal"]  # the module, not the function the package exports


def _annealing_engine() -> Engine:
    compiled = get_backend("anneal").compile(loads(GOLOMB).problem)  # no ruler: the cost never reaches 0
    return Engine(compiled.native, random.Random(7))


def test_the_annealer_looks_at_the_clock_every_clock_every_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    looks: list[int] = []
    monkeypatch.setattr(Budget, "out_of_time", lambda self: looks.append(1) is not None)  # never out of time
    iterations = 20 * ANNEAL.CLOCK_EVERY
    budget = Budget(time.perf_counter() + 3600, iterations, ANNEAL.CLOCK_EVERY)
    _, timed_out, stats = ANNEAL.anneal(_annealing_engine(), ANNEAL.AnnealParams(), budget)
    assert (stats["iterations"], len(looks), timed_out) == (iterations, 20, False)
    assert ANNEAL.CLOCK_EVERY <= 64


def test_the_backend_gives_its_searches_that_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[Budget] = []
    anneal = get_backend("anneal")
    monkeypatch.setattr(type(anneal), "_search", lambda self, compiled, seed, loop, budget, on: given.append(budget))
    anneal.solve(anneal.compile(loads(GOLOMB).problem), limit=1, timeout=5.0, seed=1)
    assert [budget.clock_every for budget in given] == [ANNEAL.CLOCK_EVERY]


def test_the_median_rise_looks_at_the_deadline_between_its_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _annealing_engine()
    state = engine.random_state()
    looks: list[int] = []
    monkeypatch.setattr(ANNEAL, "check_deadline", lambda: looks.append(1))
    ANNEAL.median_rise(engine, state, samples=1000)
    assert len(looks) == -(-1000 // ANNEAL.CLOCK_EVERY)


def test_a_spent_deadline_stops_the_median_rise_at_its_first_sample() -> None:
    engine = _annealing_engine()
    state = engine.random_state()
    with time_limited(time.monotonic() - 1.0), pytest.raises(TimeLimitReached):
        ANNEAL.median_rise(engine, state)


def test_the_cpsat_compile_looks_at_the_clock_between_variables_and_constraints(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cspdsl.backends.cpsat import shifted, translate

    looks = {"variables": 0, "constraints": 0}
    monkeypatch.setattr(translate, "check_deadline", lambda: looks.__setitem__("variables", looks["variables"] + 1))
    monkeypatch.setattr(shifted, "check_deadline", lambda: looks.__setitem__("constraints", looks["constraints"] + 1))
    queens = (ROOT / "models" / "queens.puz").read_text().replace("param n = 8", "param n = 600")
    problem = loads(queens).problem
    get_backend("cpsat").compile(problem)
    every = translate.VARIABLES_BETWEEN_LOOKS
    assert looks == {"variables": -(-len(problem.variables) // every), "constraints": len(problem.constraints)}


@pytest.mark.parametrize("backend", ["cpsat", "anneal", "genetic", "sat"])
def test_a_compile_given_no_time_ends_as_a_time_limit(backend: str) -> None:
    queens = (ROOT / "models" / "queens.puz").read_text().replace("param n = 8", "param n = 60")
    assert compile_within(get_backend(backend), loads(queens).problem, time.monotonic() - 1.0) is None


def test_a_batch_whose_limit_is_spent_does_not_lower_the_model_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch's compile lowers the model once more, without its pictures (`instances.template`); with
    the command's limit already spent by the start-up and the first reading, it is not begun."""
    from cspdsl.instances import compiled as compiled_module

    lowered: list[str] = []
    monkeypatch.setattr(compiled_module, "Template", lambda *args: lowered.append("again"))
    with time_limited(time.monotonic() - 1.0), pytest.raises(TimeLimitReached):
        compiled_module.CompiledModel(GOLOMB, "golomb.puz", "sat")
    assert lowered == []


def _nothing_to_set_up() -> None:
    return None


def _a_long_task(task: int) -> int:
    time.sleep(120)  # far longer than the test waits: the deadline, not the task, must end it
    return task


def test_workers_are_waited_on_no_later_than_the_deadline() -> None:
    """`generate --workers N --timeout S`: a worker busy with one long task held the run past its limit
    (1.4 s past 3 s under load); this process now stops waiting at the deadline and ends the workers."""
    from cspdsl.instances.pool import in_order

    with time_limited(time.monotonic() - 1.0), pytest.raises(TimeLimitReached):
        list(in_order([1, 2, 3], _a_long_task, 2, _nothing_to_set_up, ()))
