"""How a run ends when it does not end by itself: a time limit, Ctrl-C, a full disk, a closed pipe, a
killed child process. Each ending has one exit code and one wording, whatever the command and the
backend: the tables below run every command that can meet an ending on every backend where it applies.

The machine may be loaded (two cores, shared): nothing here asserts how soon a run ends, only how.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import NO_RULER_OF_11_MARKS_AND_71, ROOT, children_of, run_cli

from cspdsl import api
from cspdsl.backends import backend_class
from cspdsl.backends.cpsat.backend import CpSatBackend

EXACT = ["sat", "cpsat", "csp", "cp"]
LOCAL = ["anneal", "genetic"]
HARD = NO_RULER_OF_11_MARKS_AND_71  # no backend proves it, or finds anything, within seconds
LONG = "600"  # a time limit the tests never reach: the run ends another way
OUTER = 300  # seconds a test waits for a run at most: only a hang ever takes it

INTERRUPTED = "interrupted\n"
FULL_DISK = "error: cannot write the output: No space left on device\n"
KILLED = ("error: {what} was killed by SIGKILL (signal 9) before it finished\nhint: the system's out-of-memory killer "
          "sends SIGKILL: --max-memory MB stops cspdsl at its own ceiling first (exit code 5)\n")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    """The files the commands name: {hard} the model no backend settles soon, {data} one instance of
    it, {three} three instances, {out} a file of output."""
    (tmp_path / "hard.puz").write_text(HARD)
    (tmp_path / "one.jsonl").write_text("{}\n")
    (tmp_path / "three.jsonl").write_text("{}\n{}\n{}\n")
    return {"hard": str(tmp_path / "hard.puz"), "data": str(tmp_path / "one.jsonl"),
            "three": str(tmp_path / "three.jsonl"), "out": str(tmp_path / "out.jsonl")}


def command(args: list[str], files: dict[str, str]) -> list[str]:
    return [sys.executable, "-m", "cspdsl", *(arg.format(**files) for arg in args)]


def environment() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CSPDSL_DEBUG", None)
    return env


def sigint_as_at_a_terminal() -> None:
    """A child of a background job ignores SIGINT from birth; a command run at a terminal has the default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# -- the time limit: exit 3, and the words of a search the limit stopped ---------------------------------

TIME_LIMIT = [
    *[(["solve", "{hard}", "--backend", b, "--timeout", "1"], "No solution found within the time limit of 1 s.\n")
      for b in EXACT + LOCAL],
    *[(["solve", "{hard}", "--backend", b, "--timeout", "1", "--json"], '"status": "timeout"') for b in EXACT],
    *[(["batch", "{hard}", "{data}", "--backend", b, "--timeout", "1"], '"status": "timeout"') for b in EXACT],
    (["solve", "{hard}", "--data", "{data}", "--backend", "cpsat", "--timeout", "1"],
     "No solution found within the time limit of 1 s.\n"),
]


@pytest.mark.parametrize(("args", "words"), TIME_LIMIT)
def test_a_time_limit_ends_a_run_with_exit_3_and_says_so(files, args, words):
    """However loaded the machine, a search its time limit stopped is a time-out, never Ctrl-C."""
    done = subprocess.run(command(args, files), cwd=ROOT, env=environment(), capture_output=True, text=True,
                          timeout=OUTER)
    assert (done.returncode, words in done.stdout) == (3, True), done.stdout + done.stderr
    assert "interrupted" not in done.stderr


def test_a_cpsat_search_that_ends_early_without_ctrl_c_is_no_interrupt(monkeypatch):
    """CP-SAT may give up (UNKNOWN) long before the time limit: that is not Ctrl-C (no guess from the
    time it took), here made certain by a limit of one conflict."""
    chosen = CpSatBackend._solver

    def one_conflict(workers, timeout, seed):
        solver = chosen(workers, timeout, seed)
        solver.parameters.max_number_of_conflicts = 1
        return solver

    monkeypatch.setattr(CpSatBackend, "_solver", staticmethod(one_conflict))
    result = api.solve(api.loads(HARD, "hard.puz"), "cpsat", limit=1, timeout=float(LONG))
    assert result.status == "timeout"


# -- Ctrl-C: exit 130, "interrupted" on standard error, nothing else ---------------------------------------

CTRL_C = [
    *[["solve", "{hard}", "--backend", b] for b in EXACT + LOCAL],  # local searches: their default limit of 10 s
    *[["solve", "{hard}", "--backend", b, "--timeout", LONG] for b in EXACT],  # sat, csp: the search in a child
    *[["solve", "{hard}", "--backend", b, "--count", "--timeout", LONG] for b in EXACT],
    *[["batch", "{hard}", "{three}", "--backend", b, "--timeout", LONG] for b in EXACT],
    *[["batch", "{hard}", "{three}", "--backend", b, "--workers", "2", "--timeout", LONG] for b in ("sat", "cpsat")],
    ["compare", "{hard}", "--backends", "sat,cpsat,csp,cp", "--timeout", LONG],
]
# The command, ready to run: its modules imported, so that SIGINT from now on meets cspdsl's own handling.
READY = "import sys\nfrom cspdsl.cli import main\nprint('ready', file=sys.stderr, flush=True)\nsys.exit(main())\n"


@pytest.mark.parametrize("args", CTRL_C)
def test_ctrl_c_ends_a_run_with_exit_130_and_one_word(files, args):
    cli = [sys.executable, "-c", READY, *command(args, files)[3:]]
    with subprocess.Popen(cli, cwd=ROOT, env=environment(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=sigint_as_at_a_terminal) as run:
        assert run.stderr is not None and run.stderr.readline() == "ready\n"
        time.sleep(1)  # most likely in the search by now; wherever it is, the ending is the same
        run.send_signal(signal.SIGINT)
        out, errors = run.communicate(timeout=OUTER)
    if args[0] in ("batch", "compare"):  # what was done is kept, and the last line says how far it got
        assert run.returncode == 130 and "Traceback" not in errors, errors
        # "interrupted" alone when the signal came before the first instance or run started
        assert re.fullmatch(r"interrupted(: \d+ of \d+ (instances|runs) done)?", errors.splitlines()[-1]), errors
        return
    assert (run.returncode, out, errors) == (130, "", INTERRUPTED)


def test_ctrl_c_while_a_compiled_extension_loads_is_an_interrupt_not_a_bug(monkeypatch, capsys):
    """A Ctrl-C during OR-Tools' import comes out as "ImportError: initialization failed" with the
    interrupt as its cause: it ends as any Ctrl-C does."""
    from cspdsl.cli import commands

    def loading_an_extension(args):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as ctrl_c:
            raise ImportError("initialization failed") from ctrl_c

    monkeypatch.setattr(commands, "_solve", loading_an_extension)
    assert commands.main(["solve", str(ROOT / "models/lock.puz")]) == 130
    assert capsys.readouterr().err == "interrupted\n"


def test_an_import_error_of_its_own_is_still_a_bug(monkeypatch, capsys):
    from cspdsl.cli import commands

    def broken(args):
        raise ImportError("initialization failed")

    monkeypatch.setattr(commands, "_solve", broken)
    assert commands.main(["solve", str(ROOT / "models/lock.puz")]) == 4
    assert "This is a bug in cspdsl" in capsys.readouterr().err


def test_a_real_sigint_stops_a_cpsat_search_that_has_no_time_limit(files):
    """CP-SAT's search is native code: the interrupt reaches it through StopSearch, not at its end."""
    with subprocess.Popen(command(["solve", "{hard}", "--backend", "cpsat"], files), cwd=ROOT, env=environment(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=sigint_as_at_a_terminal) as run:
        time.sleep(3)
        run.send_signal(signal.SIGINT)
        out, errors = run.communicate(timeout=OUTER)
    assert (run.returncode, out, errors) == (130, "", INTERRUPTED)


# -- a full disk and a closed pipe: every command that writes ------------------------------------------

WRITERS = [
    *[["solve", "models/lock.puz", "--backend", b] for b in EXACT + LOCAL],
    ["solve", "models/lock.puz", "--json"],
    ["solve", "models/pegs.puz"],
    ["solve", "models/sudoku.puz", "--data", "{data}"],
    ["batch", "models/lock.puz", "{three}"],
    ["batch", "models/lock.puz", "{three}", "--workers", "2"],
    ["compare", "models/lock.puz", "--backends", "sat,cpsat,csp,cp"],
    ["compare", "models/lock.puz", "--backends", "sat,cpsat", "--json"],
    ["explain", "models/lock.puz"],
    ["check", "models/lock.puz"],
    ["compile", "models/lock.puz", "--to", "dimacs"],
    ["compile", "models/lock.puz", "--to", "minizinc"],
    ["backends"],
    ["examples"],
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [*WRITERS, ["batch", "models/lock.puz", "{three}", "--out", "/dev/full"],
                                  ["batch", "models/lock.puz", "{three}", "--out", "/dev/full", "--workers", "2"],
                                  ["compile", "models/lock.puz", "--to", "dimacs", "--output", "/dev/full"]])
def test_a_full_disk_ends_a_run_with_exit_74_and_one_line(files, args):
    with open("/dev/full", "w") as full:
        done = subprocess.run(command(args, files), cwd=ROOT, env=environment(), stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=OUTER)
    assert (done.returncode, done.stderr.splitlines(keepends=True)[-1:]) == (74, [FULL_DISK]), done.stderr


CLOSED = "error: cannot write the output: standard output is closed\n"


@pytest.mark.parametrize("args", [["solve", "models/lock.puz"], ["batch", "models/lock.puz", "{three}"],
                                  ["check", "models/lock.puz"], ["compile", "models/lock.puz", "--to", "dimacs"]])
def test_a_standard_output_closed_before_the_run_ends_it_with_exit_74(files, args):
    """`cspdsl solve m.puz >&-`: the output cannot be written, said in one line, never lost in silence
    (exit 0) nor taken for a bug (exit 4)."""
    done = subprocess.run(command(args, files), cwd=ROOT, env=environment(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, timeout=OUTER, pass_fds=(),
                          preexec_fn=lambda: os.close(1))
    assert (done.returncode, done.stderr.splitlines(keepends=True)[-1:]) == (74, [CLOSED]), done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_a_chart_written_to_a_full_disk_ends_with_exit_74(tmp_path):
    """`compare --plot FILE.svg` where FILE is open but cannot take the chart: a failed output, as for
    standard output, not a bad argument (exit 2)."""
    chart = tmp_path / "chart.svg"
    chart.symlink_to("/dev/full")
    done = run_cli("compare", "models/lock.puz", "--backends", "sat", "--plot", str(chart))
    assert (done.returncode, done.stderr.splitlines(keepends=True)[-1:]) == (74, [FULL_DISK]), done.stderr


@pytest.mark.parametrize("args", WRITERS)
def test_a_closed_pipe_ends_a_run_quietly_with_exit_141(files, args):
    """`cspdsl ... | head -1` whose reader has gone: a pipe whose reading end is closed before the run."""
    reading, writing = os.pipe()
    os.close(reading)
    try:
        done = subprocess.run(command(args, files), cwd=ROOT, env=environment(), stdout=writing,
                              stderr=subprocess.PIPE, text=True, timeout=OUTER)
    finally:
        os.close(writing)
    assert (done.returncode, done.stderr) == (141, "")


# -- a child process killed from outside: exit 128 + 9, said as such ------------------------------------

KILLED_CHILD = [
    *[(["solve", "{hard}", "--backend", b, "--timeout", LONG], "the solver process")
      for b in EXACT if backend_class(b).CAPABILITIES.forks],
    # A worker killed while its own forked search runs (the backends that fork): the search dies with it.
    *[(["batch", "{hard}", "{three}", "--backend", b, "--workers", "2", "--timeout", LONG], "a worker process")
      for b in EXACT],
    (["compare", "{hard}", "--backends", "sat", "--timeout", LONG], "the solver process"),
]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads a process's children from /proc (Linux)")
@pytest.mark.parametrize(("args", "what"), KILLED_CHILD)
def test_a_child_killed_from_outside_ends_a_run_with_exit_137_and_says_so(files, args, what):
    with subprocess.Popen(command(args, files), cwd=ROOT, env=environment(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True) as run:
        waited_until = time.monotonic() + OUTER  # the child starts within moments; this only bounds a hang
        while not _all_started(run.pid, args) and run.poll() is None and time.monotonic() < waited_until:
            time.sleep(0.02)
        started = children_of(run.pid)
        descendants = started | {pid for child in started for pid in children_of(child)}
        os.kill(min(started), signal.SIGKILL)
        errors = run.communicate(timeout=OUTER)[1]
    assert (run.returncode, errors) == (137, KILLED.format(what=what))
    waited_until = time.monotonic() + OUTER  # a search bound to its killed parent is killed with it: moments
    while [pid for pid in descendants if running(pid)] and time.monotonic() < waited_until:
        time.sleep(0.02)
    assert not [pid for pid in descendants if running(pid)], "a child process outlived the run"


def _all_started(pid: int, args: list[str]) -> bool:
    """Whether the run's children are up, and in a batch on a backend that forks its search, the first
    worker's search too (the one to be orphaned if it outlived its worker)."""
    children = children_of(pid)
    if not children:
        return False
    forks = args[0] == "batch" and backend_class(args[args.index("--backend") + 1]).CAPABILITIES.forks
    return not forks or bool(children_of(min(children)))


def running(pid: int) -> bool:
    """Whether a process runs (a zombie, waiting to be reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False
