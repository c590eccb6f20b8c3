"""`explain --intended FILE`: the fewest values of a setter's intended solution that, added as clues,
leave it the only one: proved (the clues added and solved again find only it) and fewest (checked
here by brute force: no smaller set of the solution's values does); no clue for a model already
unique; clear refusals of a solution that is none of the model's."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from helpers import MODELS, run_cli
from test_json_schema import errors

from cspdsl import CspdslError, loads, solve
from cspdsl.explanation.facts import Fact, Namer
from cspdsl.explanation.intended import fewest_clues

# Einstein without four of its clues: many solutions, and the riddle's own among them.
LOOSE = "\n".join(line for line in (MODELS / "einstein.puz").read_text(encoding="utf-8").splitlines()
                  if not line.startswith(("Norwegian at first", "milk at middle", "Norwegian next_to blue",
                                          "horse next_to Dunhill")))
RIDDLE = solve(loads((MODELS / "einstein.puz").read_text(encoding="utf-8"))).solutions[0]


def solutions_with(text: str, clues: list[str]) -> int:
    return len(solve(loads(text + "\n" + "\n".join(clues) + "\n"), limit=2).solutions)


def test_the_clues_found_are_proved_and_no_fewer_values_do() -> None:
    model = loads(LOOSE, "loose.puz")
    found = fewest_clues(model, RIDDLE).clues
    assert found and solutions_with(LOOSE, found) == 1
    namer = Namer(model.layout)
    values = [namer.fact(Fact(var, RIDDLE[var], True)) for var in model.problem.outputs]
    assert all(solutions_with(LOOSE, list(fewer)) == 2 for fewer in itertools.combinations(values, len(found) - 1))


def test_a_model_unique_already_needs_no_clue() -> None:
    assert fewest_clues(loads((MODELS / "einstein.puz").read_text(encoding="utf-8")), RIDDLE).clues == []


def test_a_solution_that_is_none_of_the_models_is_refused() -> None:
    broken = dict(RIDDLE)
    first, second = "nationality[Brit]", "nationality[Dane]"
    broken[first], broken[second] = broken[second], broken[first]  # the Brit's house is red: not now
    with pytest.raises(CspdslError, match="the intended solution breaks the model's clues"):
        fewest_clues(loads(LOOSE), broken)
    with pytest.raises(CspdslError, match="gives no value for"):
        fewest_clues(loads(LOOSE), {})


def test_cli_reads_the_intended_solution_from_solves_json(tmp_path: Path) -> None:
    lines = run_cli("solve", "models/lock.puz", "--all", "--json").stdout.splitlines()
    third = tmp_path / "third.json"
    third.write_text(lines[2], encoding="utf-8")  # the third code found, one of three
    done = run_cli("explain", "models/lock.puz", "--intended", str(third))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("This clue makes the intended solution the only one")
    data = json.loads(run_cli("explain", "models/lock.puz", "--intended", str(third), "--json").stdout)
    assert data["status"] == "intended" and len(data["added"]) == 1 and errors(data) == []
