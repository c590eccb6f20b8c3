"""Inputs found by fuzzing that once ended in an internal error (exit 4), run through the CLI as a user
would: a count by components of parts with fixed and auxiliary variables, and the SAT backend's
optimum of a model whose objective reads hidden variables. Each file is in tests/data."""

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
