"""A model and a result as Python shows them: `print(result)` draws the solution as `cspdsl solve`
does, `repr` stays one short line, `print(model)` lists the model's clues as written."""

from __future__ import annotations

import pytest
from helpers import run_cli

from cspdsl import Model, Result, load, solve
from cspdsl.lower import Lowered


@pytest.mark.parametrize("name", ["einstein", "sudoku", "queens", "lockmax"])
def test_print_result_is_the_command_lines_drawing(name: str) -> None:
    result = solve(load(name))
    shown = run_cli("solve", f"models/{name}.puz").stdout
    drawn, _, note = str(result).partition("\n\nNote: ")
    assert drawn and drawn in shown  # the command line adds its stats line, and its options to a note
    assert note == "" or f"Note: {note.removesuffix('.')}" in shown
    assert repr(result).startswith("Result(") and "\n" not in repr(result)


def test_print_result_says_why_there_is_no_solution() -> None:
    from cspdsl import loads

    result = solve(loads("var x in 1..3\nx > 5\n"))
    assert str(result) == "No solution: the clues contradict each other (the model is unsatisfiable)."


def test_a_result_that_is_not_unique_says_so() -> None:
    assert str(solve(load("lock"))).endswith("Note: the puzzle is not unique: it has more than one solution.")


@pytest.mark.parametrize(("name", "headline"), [
    ("einstein", "<Model 'einstein.puz': 25 variables, 15 clues>"),
    ("queens", "<Model 'queens.puz': 8 variables, 3 clues>"),
    ("lockmax", "<Model 'lockmax.puz': 3 variables, 3 clues, an objective>"),
])
def test_a_models_repr_is_one_short_line(name: str, headline: str) -> None:
    model = load(name)
    assert repr(model) == headline and len(repr(model)) < 300


def test_print_model_lists_its_clues_as_written() -> None:
    lines = str(load("einstein")).splitlines()
    assert lines[0] == "<Model 'einstein.puz': 25 variables, 15 clues>"
    assert len(lines) == 16 and lines[1].startswith("14  Brit same red") and "Blends next_to water" in lines[-1]
    queens = str(load("queens")).splitlines()
    assert queens[1:] == ["11  alldifferent(q)", "12  alldifferent([q[i] + i for i in 1..n])",
                          "13  alldifferent([q[i] - i for i in 1..n])"]


def test_model_and_result_are_public_names() -> None:
    assert Model is Lowered and isinstance(load("lock"), Model) and isinstance(solve(load("lock")), Result)
