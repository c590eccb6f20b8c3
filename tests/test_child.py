"""The time limit for solvers that have none: a child process that streams its finds back."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator

import pytest
from helpers import child_processes

from cspdsl.backends import child
from cspdsl.backends.child import run_with_time_limit
from cspdsl.core.errors import ProcessKilled


def count_up(emit: Callable[[object], None], n: int, pause: float) -> str:
    for i in range(n):
        emit({"i": i})
        time.sleep(pause)
    return "finished"


def fail(emit: Callable[[object], None]) -> None:
    emit(1)
    raise ValueError("boom")


@pytest.fixture(autouse=True)
def no_child_left_behind(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test here must leave no child process, running or unreaped (multiprocessing's spawn
    path keeps its own resource tracker alive by design; that test checks its processes itself)."""
    before = child_processes()
    yield
    if "spawned" not in request.node.name:
        assert child_processes() <= before


def test_without_a_limit_it_runs_here() -> None:
    run = run_with_time_limit(count_up, (3, 0.0), None)
    assert run.items == [{"i": 0}, {"i": 1}, {"i": 2}]
    assert run.summary == "finished" and not run.timed_out


def test_a_search_that_ends_in_time_returns_everything() -> None:
    run = run_with_time_limit(count_up, (500, 0.0), 30.0)
    assert run.items == [{"i": i} for i in range(500)]
    assert run.summary == "finished" and not run.timed_out


def test_the_limit_keeps_what_arrived_and_stops_the_child() -> None:
    started = time.monotonic()
    run = run_with_time_limit(count_up, (1_000_000, 0.01), 2.0)  # hours of work: the limit comes first
    assert time.monotonic() - started < 60  # not the hours the child would take
    assert run.timed_out and run.summary is None
    assert 1 <= len(run.items) < 1_000_000
    assert run.items == [{"i": i} for i in range(len(run.items))]


def killed(emit: Callable[[object], None]) -> None:
    emit(1)
    os.kill(os.getpid(), signal.SIGKILL)  # as the out-of-memory killer does


def test_a_child_killed_from_outside_is_said_so() -> None:
    with pytest.raises(ProcessKilled, match="the solver process was killed by SIGKILL") as raised:
        run_with_time_limit(killed, (), 60.0)
    assert raised.value.exit_code == 137


def test_an_error_in_the_child_is_raised_here() -> None:
    with pytest.raises(RuntimeError, match="ValueError: boom"):
        run_with_time_limit(fail, (), 10.0)


def test_the_spawned_child_of_platforms_without_fork() -> None:
    """The path Windows takes, forced here: the same results, through multiprocessing."""
    run = child._run_in_spawned(count_up, (5, 0.0), 60.0)
    assert run.items == [{"i": i} for i in range(5)] and run.summary == "finished"
    limited = child._run_in_spawned(count_up, (10_000, 0.01), 2.0)
    assert limited.timed_out and limited.items == [{"i": i} for i in range(len(limited.items))]
    with pytest.raises(RuntimeError, match="ValueError: boom"):
        child._run_in_spawned(fail, (), 60.0)
    with pytest.raises(ProcessKilled, match="killed by SIGKILL"):
        child._run_in_spawned(killed, (), 60.0)
    assert multiprocessing.active_children() == []
