"""Ctrl-C during `cspdsl solve --all`, `--count` or an optimisation keeps what was found: the count
as a lower bound ("interrupted: at least 17,691 solutions in 3.2 s" on standard error), the result
in words or as the last JSON document (`"interrupted": true`), and exit 130; and the progress line
that a terminal shows meanwhile (`cli/progress.py`).

Nothing here waits a fixed time to decide a speed: each run is sent SIGINT once it has shown a
solution (on standard output, or on the progress line of a pseudo-terminal), on a model whose whole
enumeration lasts far longer than any machine takes to show its first few (16 queens: 14,772,512
solutions)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT, read_to_the_end
from test_json_schema import errors

QUEENS_16 = ("param n = 16\nvar q[1..n] in 1..n\nalldifferent(q)\n"
             "forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i\n")
# 11 marks: the search finds good rulers at once and proves the optimum only after a long time.
GOLOMB_11 = ("param n = 11\nvar mark[1..n] in 0..n * n\nmark[1] == 0\nforall i in 1..n - 1: mark[i] < mark[i + 1]\n"
             "alldifferent([mark[j] - mark[i] for i in 1..n, j in 1..n where i < j])\nminimize mark[n]\n")
AT_LEAST = re.compile(r"interrupted: at least ([\d,]+) solutions? in \d+\.\d s\n")
FOUND_ON_THE_LINE = re.compile(r"([\d,]+) solutions? found, \d+\.\d s")


def _sigint_as_at_a_terminal() -> None:
    """A child of a background job ignores SIGINT from birth; a command run at a terminal has the default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _solutions(n: int) -> str:
    return f"{n:,} solution{'' if n == 1 else 's'}"


def _command(path: Path, *args: str) -> tuple[list[str], dict[str, str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CSPDSL_DEBUG", None)
    return [sys.executable, "-m", "cspdsl", "solve", str(path), *args], env


def _model(tmp_path: Path, text: str = QUEENS_16) -> Path:
    path = tmp_path / "model.puz"
    path.write_text(text)
    return path


@pytest.mark.parametrize("json_output", [False, True])
def test_ctrl_c_during_all_keeps_the_solutions_printed_and_says_how_many(tmp_path, json_output):
    command, env = _command(_model(tmp_path), "--all", *(["--json"] if json_output else []))
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                          preexec_fn=_sigint_as_at_a_terminal) as process:
        assert process.stdout is not None
        first = process.stdout.readline()  # the first solution is out: the search is under way
        process.send_signal(signal.SIGINT)
        rest, said = process.communicate(timeout=120)
    lines = (first + rest).splitlines()
    assert process.returncode == 130, said
    stated = AT_LEAST.fullmatch(said)
    assert stated is not None, said
    if json_output:
        documents = [json.loads(line) for line in lines]
        shown = [document["solution"] for document in documents[:-1]]
        assert shown == list(range(1, len(shown) + 1)) and shown
        last = documents[-1]
        assert errors(last) == []
        assert (last["interrupted"], last["complete"], last["count"], last["status"]) == (True, False, None, "solved")
        assert last["found"] == _number(stated.group(1)) >= len(shown)
    else:
        shown = [line for line in lines if re.fullmatch(r"Solution \d+:", line)]
        assert shown and shown[0] == "Solution 1:"
        n = _number(stated.group(1))
        assert n >= len(shown)
        assert f"At least {_solutions(n)} (Ctrl-C stopped the search; there may be more)." in lines


def _read_until(leader: int, pattern: re.Pattern[str]) -> tuple[str, re.Match[str]]:
    """What the terminal shows, read until `pattern` matches a solution count above 0 in it."""
    seen = ""
    while True:
        seen += os.read(leader, 1 << 16).decode()
        found = [m for m in pattern.finditer(seen) if _number(m.group(1)) > 0]
        if found:
            return seen, found[-1]


def _interrupted_on_a_terminal(command: list[str], env: dict[str, str]) -> tuple[int, str, str, re.Match[str]]:
    """Run a count with standard error on a pseudo-terminal, send SIGINT once its progress line shows
    a count above 0: (its exit code, standard output, what the terminal showed, that progress line)."""
    import pty

    leader, follower = pty.openpty()
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=follower, text=True, env=env,
                          preexec_fn=_sigint_as_at_a_terminal) as process:
        os.close(follower)
        _, line = _read_until(leader, FOUND_ON_THE_LINE)
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=120)
        said = read_to_the_end(leader).decode()
    os.close(leader)
    return process.returncode, out, said, line


@pytest.mark.parametrize("json_output", [False, True])
def test_ctrl_c_during_count_gives_the_count_so_far(tmp_path, json_output):
    """--count prints nothing until it ends; on a terminal its progress line shows the count so far,
    which the count that Ctrl-C leaves is at least."""
    command, env = _command(_model(tmp_path), "--count", *(["--json"] if json_output else []))
    code, out, said, line = _interrupted_on_a_terminal(command, env)
    assert code == 130, said
    stated = re.search(r"interrupted: at least ([\d,]+) solutions? in \d+\.\d s\r?\n", said)
    assert stated is not None, said
    n = _number(stated.group(1))
    assert n >= _number(line.group(1))
    if json_output:
        document = json.loads(out)
        assert errors(document) == []
        assert (document["found"], document["count"], document["interrupted"]) == (n, None, True)
        assert "solutions" not in document
    else:
        assert f"At least {_solutions(n)} (Ctrl-C stopped the search; there may be more)." in out.splitlines()


def test_ctrl_c_while_the_optimal_solutions_are_counted_keeps_the_optimum_and_their_count_so_far(tmp_path):
    """Step 2 of an optimisation (`driver/optimum.py`): the optimum is proved at once (q[1] = 1), and
    its many solutions are counted when Ctrl-C comes."""
    text = QUEENS_16 + "minimize q[1]\n"
    command, env = _command(_model(tmp_path, text), "--count", "--json")
    code, out, said, line = _interrupted_on_a_terminal(command, env)
    assert code == 130, said
    stated = re.search(r"interrupted: at least ([\d,]+) optimal solutions in \d+\.\d s", said)
    assert stated is not None, said
    document = json.loads(out)
    assert errors(document) == []
    assert (document["status"], document["objective"], document["bound"], document["interrupted"]) == (
        "optimal", 1, 1, True)
    assert document["found"] == _number(stated.group(1)) >= _number(line.group(1))


@pytest.mark.parametrize("backend", ["sat", "cp", "cpsat"])
def test_ctrl_c_during_an_optimisation_keeps_the_best_solution_found(monkeypatch, backend):
    """Step 1: Ctrl-C right after the first improving solution (raised where the search hands it over)
    leaves that solution, its value recomputed, not proved optimal."""
    from cspdsl import loads, solve
    from cspdsl.driver import optimum
    from cspdsl.driver.result import Interrupted

    saw = optimum.Optimum.saw

    def then_ctrl_c(self: optimum.Optimum, solution: dict[str, int]) -> None:
        saw(self, solution)
        raise KeyboardInterrupt

    monkeypatch.setattr(optimum.Optimum, "saw", then_ctrl_c)
    with pytest.raises(Interrupted) as stopped:
        solve(loads(GOLOMB_11), backend)
    partial = stopped.value.partial
    assert (partial.status, partial.optimal, partial.complete, partial.bound) == ("feasible", False, False, None)
    assert len(partial.solutions) == 1 and partial.objective == partial.solutions[0]["mark[11]"]
    assert partial.stats["total_seconds"] > 0 and partial.size


class Screen:
    """A stand-in for standard error on a terminal: what was written to it."""

    def __init__(self, terminal: bool = True) -> None:
        self.text, self.terminal = "", terminal

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return self.terminal


def test_the_progress_line_is_for_a_terminal_only():
    from cspdsl.cli.progress import Progress

    assert Progress.on_terminal(Screen(terminal=False)) is None
    assert Progress.on_terminal(Screen(terminal=True)) is not None
    assert Progress.on_terminal(object()) is None  # no isatty at all


def test_the_progress_line_stays_below_each_printed_solution():
    """--all: the line is wiped before a solution is printed and drawn again at once below it."""
    from cspdsl.cli.progress import WIPE, Progress, watching

    screen = Screen()
    times = iter([0.0, 0.5, 1.25, 2.0, 9.0])
    progress = Progress(screen, clock=lambda: next(times))
    printed: list[str] = []

    def then(solution: int) -> None:
        printed.append(f"{screen.text.endswith(WIPE)}:{solution}")  # what the screen was when it printed

    watch = watching(progress, then)
    assert watch is not None
    progress.draw()
    watch(7)
    watch(8)
    assert printed == ["True:7", "True:8"]  # the line was wiped each time
    tail = " (Ctrl-C stops and keeps them)"
    assert screen.text == (f"{WIPE}0 solutions found, 0.5 s{tail}{WIPE}{WIPE}1 solution found, 1.2 s{tail}"
                           f"{WIPE}{WIPE}2 solutions found, 2.0 s{tail}")
    progress.close()
    assert screen.text.endswith(f"2.0 s{tail}{WIPE}")
    progress.draw()  # a late tick of the clock draws nothing once closed
    assert screen.text.endswith(WIPE)


def test_the_progress_line_of_a_count_is_redrawn_at_most_every_tick():
    """--count: a million solutions a second do not make a million redraws."""
    from cspdsl.cli.progress import TICK_SECONDS, WIPE, Progress, watching

    screen = Screen()
    now = [0.0]
    progress = Progress(screen, clock=lambda: now[0])
    watch = watching(progress, None)
    assert watch is not None
    for number in range(1, 20_001):
        now[0] = number * 1e-4  # 10,000 a second, over 2 s
        watch(number)
    drawn = screen.text.split(WIPE)[1:]
    assert len(drawn) <= 2.0 / TICK_SECONDS + 1
    assert drawn[-1].startswith("20,000 solutions found, 2.0 s") or drawn[-1].startswith("19,")


def test_the_progress_line_goes_on_ticking_while_no_solution_comes():
    """The clock thread redraws the line, so the time moves between two solutions; `close` stops it."""
    import threading

    from cspdsl.cli.progress import Progress

    screen = Screen()
    ticks = threading.Semaphore(0)
    progress = Progress(screen)
    drawn = progress.draw

    def counted_draw() -> None:
        drawn()
        ticks.release()

    progress.draw = counted_draw  # type: ignore[method-assign]
    progress.start()
    for _ in range(3):  # the first line, then two ticks of the clock
        assert ticks.acquire(timeout=60)
    progress.close()
    assert screen.text.count("0 solutions found") >= 3


# Two independent parts alike: counted by components, 4 solutions in all (tests/test_counting.py).
TWO_BOARDS = "param k = 2\nvar a[1..k] in 1..k\nvar b[1..k] in 1..k\nalldifferent(a)\nalldifferent(b)\n"


@pytest.mark.parametrize(("stopped_in", "found"), [("_enumerate", 0), ("_checked_counts", 1)])
def test_ctrl_c_during_a_count_by_components_keeps_its_lower_bound(monkeypatch, stopped_in, found):
    """Before the witness is put together nothing is counted; once it is, the solutions checked so
    far (the witness alone here) are a lower bound, as at a time limit."""
    from cspdsl import count, loads
    from cspdsl.driver.counting import PartCount
    from cspdsl.driver.result import Interrupted

    def ctrl_c(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(PartCount, stopped_in, ctrl_c)
    with pytest.raises(Interrupted) as stopped:
        count(loads(TWO_BOARDS), "sat")
    partial = stopped.value.partial
    assert (partial.count_method, partial.found, partial.count, partial.complete) == ("components", found, None,
                                                                                      False)


def test_ctrl_c_during_a_plan_search_says_so_in_its_json(monkeypatch, capsys):
    """A plan search hands its plans over as it ends: Ctrl-C keeps none, and the JSON document says
    that it was interrupted."""
    from cspdsl.cli import main, plan_text

    def ctrl_c(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(plan_text, "solve_plans", ctrl_c)
    assert main(["solve", str(ROOT / "models/pegs.puz"), "--count", "--json"]) == 130
    out, said = capsys.readouterr()
    document = json.loads(out)
    assert errors(document) == []
    assert (document["status"], document["interrupted"], document["found"], document["count"]) == (
        "interrupted", True, 0, None)
    assert said == "interrupted\n"
