"""`explain --hint FILE`: from the values a solver has entered (JSON as `solve --json` writes it, null
where nothing is entered), which entered values are wrong, or the next step, whose facts are the
solution's and not entered yet; a whole, right grid is solved. The values read back from every
model's JSON are the solution's, whatever the shape (grids, attributes, boards, keyed arrays)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli
from test_json_schema import errors

from cspdsl import load, solve
from cspdsl.explanation.hint import hint
from cspdsl.render.named_values import named_values, read_named


@pytest.mark.parametrize("name", ["einstein", "sudoku", "queens", "lockmax", "australia", "aristotle", "bands",
                                  "seder", "magicstar", "kakuro4", "pentominoes"])
def test_the_json_values_read_back_are_the_solutions(name: str) -> None:
    model = load(name)
    solution = solve(model).solutions[0]
    shown = named_values(model.layout, model.problem.outputs, solution)
    assert read_named(model.layout, model.problem.outputs, shown) == {v: solution[v] for v in model.problem.outputs}


def entered(name: str, keep: float) -> tuple[dict[str, int], dict[str, int]]:
    """(the first `keep` part of a solution's variables, in the model's order; the whole solution)."""
    model = load(name)
    solution = solve(model).solutions[0]
    outputs = model.problem.outputs
    return {var: solution[var] for var in outputs[: int(len(outputs) * keep)]}, solution


@pytest.mark.parametrize("name", ["sudoku", "einstein", "kakuro4"])
def test_the_next_step_finds_values_not_entered_and_right(name: str) -> None:
    given, solution = entered(name, 0.5)
    found = hint(load(name), given)
    assert found.status == "step" and found.step is not None
    assert found.step.derived and all(fact.var not in given for fact in found.step.derived)
    assert all((solution[fact.var] == fact.value) == fact.holds for fact in found.step.derived)


def test_a_wrong_value_is_named_and_not_corrected() -> None:
    given, solution = entered("sudoku", 0.5)
    wrong = next(var for var in given if var.startswith("cell[1,"))
    given[wrong] = solution[wrong] % 9 + 1
    found = hint(load("sudoku"), given)
    assert (found.status, found.wrong, found.step) == ("wrong", [wrong], None)


def test_a_whole_right_grid_is_solved() -> None:
    given, _ = entered("sudoku", 1.0)
    assert hint(load("sudoku"), given).status == "solved"


def test_cli_reads_solves_json_with_blanks(tmp_path: Path) -> None:
    document = json.loads(run_cli("solve", "models/sudoku.puz", "--json").stdout)
    grid = document["solutions"][0]["values"]["cell"]
    for row in range(4, 9):
        grid[row] = [None] * 9
    path = tmp_path / "partial.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    done = run_cli("explain", "models/sudoku.puz", "--hint", str(path))
    assert done.returncode == 0 and done.stdout.startswith("Next: From line "), done.stdout + done.stderr
    as_json = json.loads(run_cli("explain", "models/sudoku.puz", "--hint", str(path), "--json").stdout)
    assert as_json["status"] == "step" and as_json["step"]["derived"]
    assert errors(as_json) == []


@pytest.mark.parametrize(("text", "words"), [
    ("not json", "is not JSON"),
    ('{"values": {"cell": [[0]]}}', "for cell[1,1], 0, is not one of its values"),
    ("[1, 2]", "holds no values"),
])
def test_cli_refuses_values_it_cannot_read(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "values.json"
    path.write_text(text, encoding="utf-8")
    done = run_cli("explain", "models/sudoku.puz", "--hint", str(path))
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr
