"""Inputs found by fuzzing that once ended in an internal error (exit 4), a wrong message or minutes of
work, run through the CLI as a user would: a count by components of parts with fixed and auxiliary
variables, the SAT backend's optimum of a model whose objective reads hidden variables, a model past a
size limit, a batch instance's bad param. Each file is in tests/data."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

DATA = Path(__file__).resolve().parent / "data"

# (file, the arguments after it, a line the output holds)
RUNS = [
    ("count_components_keyerror_min.puz", ["--count"], "162 solutions."),
    ("count_components_keyerror_min.puz", ["--count", "--backend", "cpsat"], "162 solutions."),
    ("count_components_keyerror.puz", ["--count"], "324 solutions."),
    ("sat_optimum_same_solution_twice.puz", ["--count"], "5 optimal solutions."),
    ("sat_optimum_same_solution_twice.puz", ["--all"], "Solution 5:"),
    ("sat_optimum_same_solution_twice.puz", [], "(proved optimal)"),
]


@pytest.mark.parametrize(("name", "args", "line"), RUNS)
def test_the_cli_answers(name: str, args: list[str], line: str) -> None:
    result = run_cli("solve", str(DATA / name), *args)
    assert (result.returncode, result.stderr) == (0, "")
    assert line in result.stdout


# (the command and its arguments, {data} for tests/data; the exit code; lines the standard error holds)
REFUSALS = [
    pytest.param(["check", "{data}/lockmax_1M_slow_check.puz"], 2, [
        "lockmax_1M_slow_check.puz:12:37: error: this clue goes through a list of 1000000 items, which brings "
        "the model's clues to 2000000 terms; at most 1000000 are supported",
        "hint: if this is meant, raise the limit with --max-terms N"], marks=pytest.mark.slow),
    (["batch", "models/queens.puz", "{data}/batch_param_blames_D.jsonl"], 2, [
        "batch_param_blames_D.jsonl:1:7: error: param 'n': 99999999999 is too large: the backends take numbers "
        "from -2147483647 to 2147483647",
        "hint: solve this model with --backend cpsat"]),
]


@pytest.mark.parametrize(("args", "code", "lines"), REFUSALS)
def test_the_cli_refuses_where_the_fault_is(args: list[str], code: int, lines: list[str]) -> None:
    """A model past a size limit is refused at its clue, in seconds, not lowered for minutes; an
    instance's param is blamed at the data file's line, and hints are in the command line's words."""
    result = run_cli(*[arg.format(data=DATA) for arg in args])
    assert result.returncode == code, result.stderr
    for line in lines:
        assert any(written.endswith(line) for written in result.stderr.splitlines()), (line, result.stderr)
