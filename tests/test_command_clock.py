"""A command's `--timeout` counts from the command's start (`core.deadline`: the process's start for
the console script), so that reading and lowering the model, and a batch's shared compile, come out
of the limit: a command whose start is put back by the whole limit ends at once with exit 3 and says
so, in the limit's own words ("within the time limit of 600 s"), on each command that takes one.

Nothing here measures a speed: the clock is moved, not waited on, and the one bound on the time
taken is a generous half of the limit, which a limit counted from the solve's call would take whole."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from helpers import NO_RULER_OF_11_MARKS_AND_71 as GOLOMB
from helpers import ROOT

from cspdsl.core import deadline

LIMIT = 600.0
HANOI = (ROOT / "models" / "hanoi.puz").read_text().replace("param discs = 3", "param discs = 14")
WORDS = f"within the time limit of {LIMIT:g} s"
SUDOKU = """var g[1..4, 1..4] in 1..4
forall group in g.rows + g.columns + g.boxes: alldifferent(group)
given g = \"\"\"
. . . .
. . . .
. . . .
. . . .
\"\"\"
"""


@pytest.fixture
def started_long_ago(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each command starts as though its whole limit had gone on reading the model."""
    from cspdsl.cli import commands

    def long_ago(_with_the_process: bool = False) -> None:
        monkeypatch.setattr(deadline, "_COMMAND", [time.monotonic() - LIMIT])

    monkeypatch.setattr(commands, "start_command", long_ago)


RUNS = [  # (model, the arguments after it ({data}: one instance), what standard output holds)
    (GOLOMB, ["solve"], f"No solution found {WORDS}."),
    (GOLOMB, ["solve", "--count"], f"No solution found {WORDS}."),
    (GOLOMB, ["solve", "--backend", "cp"], f"No solution found {WORDS}."),
    (GOLOMB, ["solve", "--backend", "anneal"], f"No solution found {WORDS}."),
    (GOLOMB, ["solve", "--data", "{data}"], f"No solution found {WORDS}."),
    (GOLOMB, ["batch", "{data}"], '"status": "timeout"'),
    (GOLOMB, ["batch", "{data}", "--backend", "cp"], '"status": "timeout"'),
    (GOLOMB, ["explain"], f"No explanation found {WORDS}"),
    (HANOI, ["solve"], "No plan found within the time limit."),
    (GOLOMB, ["compare", "--backends", "sat,cp"], f"No solution found {WORDS} on any backend."),
    (HANOI, ["compare", "--backends", "search"], f"No solution found {WORDS} on any backend."),
    (SUDOKU, ["generate"], f"No puzzle made {WORDS}."),
]


def _name(model: str) -> str:
    return "hanoi" if model is HANOI else "sudoku" if model is SUDOKU else "golomb"


@pytest.mark.parametrize(("model", "args", "words"), RUNS,
                         ids=["-".join([_name(model), *(a for a in args if a[0] != "{")])
                              for model, args, _ in RUNS])
def test_a_limit_spent_before_the_search_ends_the_command_with_exit_3(
        started_long_ago: None, capsys: pytest.CaptureFixture[str], tmp_path: Path, model: str, args: list[str],
        words: str) -> None:
    from cspdsl.cli import main

    path, data = tmp_path / "model.puz", tmp_path / "one.jsonl"
    path.write_text(model)
    data.write_text("{}\n")
    command, rest = args[0], [arg.format(data=data) for arg in args[1:]]
    began = time.monotonic()
    code = main([command, str(path), *rest, "--timeout", f"{LIMIT:g}"])
    out, said = capsys.readouterr()
    assert (code, words in out) == (3, True), out + said
    assert time.monotonic() - began < LIMIT / 2
    if command == "batch":  # the first instance's limit counts the start and the shared compile
        assert [json.loads(line)["status"] for line in out.splitlines()] == ["timeout"]


def test_what_is_left_of_a_limit_counts_from_the_command_start(monkeypatch: pytest.MonkeyPatch) -> None:
    now = time.monotonic()
    monkeypatch.setattr(deadline, "_COMMAND", [now - 2.0])
    assert deadline.left_of_command(None) is None
    assert deadline.left_of_command(float("inf")) == float("inf")
    assert 7.0 < deadline.left_of_command(10.0) <= 8.0  # type: ignore[operator]
    assert deadline.left_of_command(1.0) == deadline.MIN_SEARCH_SECONDS  # spent: at least what says so
    limit = deadline.command_deadline(10.0)
    assert limit is not None and now + 7.0 < limit <= now + 8.0


def test_the_console_script_counts_from_the_process_start_and_a_long_lived_process_from_the_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`entry.run` starts the clock with the process; a program that calls `main` again and again (a
    test, a server) has its command counted from each call, not from its own start minutes ago."""
    monkeypatch.setattr(deadline, "_COMMAND", [])
    monkeypatch.setattr(deadline, "_process_age", lambda: 0.75)
    deadline.start_command(with_the_process=True)
    assert 0.75 <= time.monotonic() - deadline.command_started() < 0.75 + 5
    deadline.start_command()  # the next command in the same process: from its call
    assert time.monotonic() - deadline.command_started() < 0.75
    monkeypatch.setattr(deadline, "_process_age", lambda: deadline.MAX_START_SECONDS + 1)
    deadline.start_command(with_the_process=True)
    assert time.monotonic() - deadline.command_started() < 0.75


def test_a_process_knows_its_own_age() -> None:
    """Linux records when a process started: this one, pytest's worker, is older than nothing."""
    age = deadline._process_age()
    assert age >= 0.0
    if Path("/proc/self/stat").exists():
        assert age > 0.0
