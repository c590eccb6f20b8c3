"""`compare --timeout` is the whole comparison's limit, counted from the command's start: each run
(a backend, a repeat) is given an equal share of what is left when it starts, its compile included,
so that the command ends within its limit however many runs it has, and a run that ends early leaves
its time to the runs after it.

Nothing here waits on the clock: the clock is a counter the test moves, or a deadline already past."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from helpers import NO_RULER_OF_11_MARKS_AND_71 as GOLOMB

from cspdsl.compare import runs
from cspdsl.compare.rows import Run
from cspdsl.lower.load import loads

NOW = 1000.0

SHARES = [  # (timeout, the comparison's deadline, runs left) -> the run's deadline, the clock at NOW
    (None, None, 3, None),  # no limit at all
    (20.0, None, 3, NOW + 20),  # the Python API's own limit per run, alone
    (None, NOW + 30, 3, NOW + 10),  # a third of what is left
    (None, NOW + 30, 1, NOW + 30),  # the last run: all that is left
    (5.0, NOW + 30, 3, NOW + 5),  # the lesser of the two
    (None, NOW - 4, 2, NOW),  # spent: the run ends at once
]


@pytest.mark.parametrize(("timeout", "deadline", "left", "expected"), SHARES)
def test_a_run_is_given_its_share_of_what_is_left(monkeypatch: pytest.MonkeyPatch, timeout: float | None,
                                                  deadline: float | None, left: int, expected: float | None) -> None:
    monkeypatch.setattr(time, "monotonic", lambda: NOW)
    assert runs.run_deadline(timeout, deadline, left) == expected


def test_a_run_that_ends_early_leaves_its_time_to_the_runs_after_it(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [NOW]
    given: list[float | None] = []

    def run(_model: object, row: object, _all: bool, deadline: float | None, _seed: object) -> Run:
        given.append(deadline)
        clock[0] += 4.0  # each run takes 4 s of the clock
        return Run("timeout", 0, None, None, None)

    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(runs, "_run", run)
    model = loads(GOLOMB)
    runs.compare_backends(model, ["sat", "cp"], all_solutions=False, repeat=2, timeout=None, deadline=NOW + 40)
    # 40 s for 4 runs: 10 each; the first took 4, so 36 are left for 3 runs; and so on.
    assert given == [NOW + 10, NOW + 4 + 12, NOW + 8 + 16, NOW + 12 + 28]


@pytest.mark.parametrize("backend", ["sat", "cp", "cpsat", "anneal"])
def test_a_spent_limit_stops_the_compile_and_the_run_says_timeout(backend: str) -> None:
    """The compile is under the run's deadline too: with none left, no compile time and no search."""
    model = loads(GOLOMB)
    rows = runs.compare_backends(model, [backend], all_solutions=False, repeat=1, timeout=600.0,
                                 deadline=time.monotonic() - 1.0)
    assert [(row.status, row.solutions) for row in rows] == [("timeout", 0)]
    assert rows[0].runs[0].first_seconds is None


def test_a_run_whose_share_is_spent_does_not_load_its_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nor does the comparison's table: a backend's exactness is read from its declaration."""
    loaded: list[str] = []
    monkeypatch.setattr(runs, "get_backend", lambda name: loaded.append(name))
    rows = runs.compare_backends(loads(GOLOMB), ["sat", "cpsat"], all_solutions=False, repeat=1, timeout=None,
                                 deadline=time.monotonic() - 1.0)
    assert [(row.backend, row.exact, row.status) for row in rows] == [("sat", True, "timeout"),
                                                                       ("cpsat", True, "timeout")]
    assert loaded == []


def test_a_run_stopped_in_its_compile_is_shown_without_times(tmp_path: Path) -> None:
    """No compile time, no size: the table says "-" and the chart the status, with no time at all to draw."""
    from cspdsl.compare import chart
    from cspdsl.compare.table import render_table

    rows = runs.compare_backends(loads(GOLOMB), ["sat"], all_solutions=True, repeat=1, timeout=None,
                                 deadline=time.monotonic() - 1.0)
    assert rows[0].as_json()["compile_seconds"] is None and rows[0].size == {}
    assert "timeout" in str(render_table(rows, "golomb", objective=False, plans=False))
    chart.plot(rows, str(tmp_path / "times.svg"), "golomb", all_solutions=True, objective=False)
    assert "timeout" in (tmp_path / "times.svg").read_text()
