"""What `compare` and `batch` say about their figures and how they end: end-to-end times with the first
solution never after all of them, the runs' range, the table within the terminal's width, counts with
separators, rates of slow batches, Ctrl-C keeping what was done, and a Ray cluster that cannot be used."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import types

import pytest
from helpers import MODELS, ROOT, read_to_the_end, run_cli

from cspdsl import cli
from cspdsl.api import load
from cspdsl.compare import Row, Run, compare_backends
from cspdsl.compare.chart import chart_of
from cspdsl.compare.table import render_table, time_range
from cspdsl.instances.rows import Summary, rate

QUEENS = ("param n = 8\nvar q[1..n] in 1..n\nalldifferent(q)\n"
          "forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i\n")
SOLVED_SUDOKU = "965317824481926537273854196659438271327691485814275963592743618136582749748169352"


@pytest.mark.parametrize(("model", "backends"), [
    ("lock.puz", ["sat", "cpsat", "csp"]),  # solutions: one search gives both times
    ("coins.puz", ["sat", "cpsat"]),  # an objective: the proof, then the optimal solutions
])
def test_all_solutions_never_take_less_than_the_first(model: str, backends: list[str]) -> None:
    rows = compare_backends(load(MODELS / model), backends, all_solutions=True, repeat=2, timeout=60)
    for row in rows:
        for run in row.runs:
            assert run.first_seconds is not None and run.all_seconds is not None, row.backend
            assert run.compile_seconds <= run.first_seconds <= run.all_seconds, row.backend


def _rows(repeats: int) -> list[Row]:
    """Three backends with made-up times, so that the layout does not depend on the machine."""
    def runs(compile_: float, first: float, every: float | None) -> list[Run]:
        return [Run("solved", 17_691, compile_ * k, first * k, None if every is None else every * k)
                for k in (1.0, 1.3, 0.9)[:repeats]]

    return [Row("sat", True, runs(0.0021, 0.0052, 0.81), {"variables": 1234, "clauses": 60712}, True),
            Row("cpsat", True, runs(0.021, 0.052, 8.1), {"variables": 1234, "constraints": 6071}, True),
            Row("anneal", False, runs(0.0006, 32.6, None), {"variables": 1234}, True)]


@pytest.mark.parametrize("width", [60, 80, 130])
@pytest.mark.parametrize("repeats", [1, 3])
def test_the_table_fits_the_width_and_says_how_many_runs(width: int, repeats: int) -> None:
    from cspdsl.compare.table import runs_said

    text = render_table(_rows(repeats), f"The lock: all solutions, {runs_said(repeats)}", width=width)
    assert max(len(line) for line in text.splitlines()) <= width
    assert "median of 1" not in text
    assert ("1 run" in text) == (repeats == 1)
    assert "17,691" in text and "60,712" in text  # counts with thousands separators
    sat_all = "729.0 ms–1.05 s" if width >= 130 else "729.0"  # the range of sat's times to all solutions
    assert (sat_all in text) == (repeats > 1)


def test_the_width_is_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert max(len(line) for line in render_table(_rows(3), "t").splitlines()) <= 80


@pytest.mark.parametrize(("low", "high", "said"), [
    (0.0119, 0.013, "11.9–13.0 ms"), (0.95, 1.31, "950.0 ms–1.31 s"), (2.0, 3.5, "2.00–3.50 s"),
])
def test_a_range_says_its_unit_once(low: float, high: float, said: str) -> None:
    assert time_range(low, high) == said


@pytest.mark.parametrize(("repeats", "axis"), [
    (1, "seconds from the compile's start, log scale (1 run)"),
    (3, "seconds from the compile's start, log scale (median of 3 runs, a line from shortest to longest)"),
])
def test_the_chart_says_how_many_runs_and_draws_their_range(repeats: int, axis: str) -> None:
    chart = chart_of(_rows(repeats), "The lock", all_solutions=True)
    assert chart.axis_label == axis
    sat_first = chart.series[1][1][0]
    assert (sat_first.spread is None) == (repeats == 1)
    if sat_first.spread is not None:
        assert sat_first.spread[0] <= (sat_first.value or 0) <= sat_first.spread[1]


def test_the_json_gives_plain_numbers() -> None:
    result = run_cli("compare", "models/lock.puz", "--backends", "sat", "--all", "--repeat", "2", "--json")
    sat = json.loads(result.stdout)["backends"][0]
    assert sat["solutions"] == 3 and sat["repeats"] == 2
    low, high = sat["range_seconds"]["all_solutions"]
    assert low <= sat["all_solutions_seconds"] <= high


@pytest.mark.parametrize(("count", "seconds", "said"), [
    (17_691, 2.0, "8,846/s"), (25, 10.0, "2.5/s"), (3, 120.0, "40.0 s each"), (0, 1.0, "none done"),
])
def test_a_rate_is_never_0_per_second(count: int, seconds: float, said: str) -> None:
    assert rate(count, seconds) == said


def test_the_summary_counts_with_separators() -> None:
    summary = Summary()
    summary.counts["solved"], summary.unique = 17_691, 17_000
    assert summary.text().startswith("17,691 instances in ")
    assert "17,691 solved (17,000 unique)" in summary.text()
    assert summary.as_json()["solved"] == 17_691


# -- Ctrl-C ---------------------------------------------------------------------------------------------


def _interrupted_after_first_line(args: list[str], stream: str) -> tuple[int, str, str]:
    """Run `cspdsl ARGS`, send it SIGINT once it has written its first line to `stream`, and give its
    exit code, standard output and standard error (the first line included)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")  # the whole table on one line a row
    env.pop("CSPDSL_DEBUG", None)
    process = subprocess.Popen([sys.executable, "-m", "cspdsl", *args], cwd=ROOT, env=env, text=True,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watched = process.stdout if stream == "stdout" else process.stderr
    assert watched is not None
    first = watched.readline()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return process.returncode, (first if stream == "stdout" else "") + out, (first if stream == "stderr" else "") + err


def _interrupted_once_shown(args: list[str], shown: bytes) -> tuple[int, str, str]:
    """Run `cspdsl ARGS` with standard error on a pseudo-terminal (compare's status line is drawn on
    a terminal only), send it SIGINT once `shown` is on it, and give its exit code, standard output
    and all that standard error showed."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    env.pop("CSPDSL_DEBUG", None)
    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "cspdsl", *args], cwd=ROOT, env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=follower)
    os.close(follower)
    seen = b""
    try:
        while shown not in seen:
            ready, _, _ = select.select([leader], [], [], 120)
            assert ready, f"nothing more on standard error after {seen[-200:]!r}"
            seen += os.read(leader, 4096)
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=120)
        seen += read_to_the_end(leader)
    finally:
        os.close(leader)
    return process.returncode, out.decode(), seen.decode(errors="replace")


def test_ctrl_c_during_compare_prints_the_runs_done(tmp_path: object) -> None:
    # sat proves n=3 unsatisfiable at once; the local search then searches until its 600 s limit
    model = f"{tmp_path}/queens.puz"
    with open(model, "w", encoding="utf-8") as file:
        file.write(QUEENS)
    code, out, err = _interrupted_once_shown(
        ["compare", model, "-D", "n=3", "--backends", "sat,anneal", "--timeout", "600"], b"run 1/1: anneal")
    assert code == 130, err
    assert "interrupted: 1 of 2 runs done" in err
    assert " ".join(out.split()).startswith(f"{model}: first solution, 1 run (interrupted: 1 of 2 runs done) ")
    table_rows = [line for line in out.splitlines() if line.startswith("│ ")]
    assert len(table_rows) == 1 and "unsatisfiable" in table_rows[0]
    assert "Traceback" not in err


def test_compare_writes_no_progress_where_standard_error_is_no_terminal() -> None:
    done = subprocess.run([sys.executable, "-m", "cspdsl", "compare", str(MODELS / "lock.puz"), "--backends", "sat"],
                          cwd=ROOT, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0 and done.stderr == ""


@pytest.mark.parametrize("workers", [[], ["--workers", "2"]], ids=["here", "two workers"])
def test_ctrl_c_during_a_batch_keeps_the_rows_done(tmp_path: object, workers: list[str]) -> None:
    # the first instance is solved already; the second clashes, so the local search runs to its limit
    data = f"{tmp_path}/two.txt"
    with open(data, "w", encoding="utf-8") as file:
        file.write(f"{SOLVED_SUDOKU}\n11{'.' * 79}\n")
    code, out, err = _interrupted_after_first_line(
        ["batch", str(MODELS / "sudoku.puz"), data, "--backend", "anneal", "--timeout", "600", *workers], "stdout")
    assert code == 130, err
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["status"] for row in rows] == ["solved"]
    assert err.splitlines()[-1] == "interrupted: 1 of 2 instances done"
    assert err.splitlines()[-2].startswith("1 instance in ")
    assert "Traceback" not in err


# -- Ray ---------------------------------------------------------------------------------------------------


class RefusingRay(types.ModuleType):
    """A stand-in for Ray whose `init` fails as a cluster that cannot be reached or refuses does."""

    def __init__(self, error: Exception) -> None:
        super().__init__("ray")
        self.error = error
        self.util = types.SimpleNamespace(ActorPool=None)

    def is_initialized(self) -> bool:
        return False

    def init(self, **keywords: object) -> None:
        raise self.error


@pytest.mark.parametrize("error", [
    ConnectionError("Could not find any running Ray instance. Please specify the one to connect to."),
    RuntimeError("Authentication failed: the token is missing or does not match"),
    ValueError(""),
], ids=["nothing there", "token refused", "no words"])
def test_a_ray_cluster_that_cannot_be_used_is_a_bad_argument(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: object, error: Exception,
) -> None:
    fake = RefusingRay(error)
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setitem(sys.modules, "ray.util", fake.util)
    data = f"{tmp_path}/one.txt"
    with open(data, "w", encoding="utf-8") as file:
        file.write(SOLVED_SUDOKU + "\n")
    code = cli.main(["batch", str(MODELS / "sudoku.puz"), data, "--ray", "10.0.0.1:6379"])
    err = capsys.readouterr().err
    assert code == 2
    reason = str(error).splitlines()[0] if str(error) else type(error).__name__
    assert err.splitlines()[0] == f"error: --ray 10.0.0.1:6379: cannot use the Ray cluster there: {reason}"
    assert "ray status" in err and "ray[client]" in err and "RAY_AUTH_TOKEN" in err
    assert "bug" not in err


def test_an_address_where_nothing_listens_is_a_bad_argument(tmp_path: object) -> None:
    pytest.importorskip("ray")
    data = f"{tmp_path}/one.txt"
    with open(data, "w", encoding="utf-8") as file:
        file.write(SOLVED_SUDOKU + "\n")
    result = run_cli("batch", str(MODELS / "sudoku.puz"), data, "--ray", "127.0.0.1:1")
    assert result.returncode == 2, result.stderr
    assert "error: --ray 127.0.0.1:1: cannot use the Ray cluster there" in result.stderr
    assert "Traceback" not in result.stderr and "bug" not in result.stderr
