"""Every JSON document cspdsl prints holds to docs/schema/result.schema.json (format 1): solve's,
`--all`'s lines, batch's rows, `to_dict()` and explain's.

Validated by the `jsonschema` library (a test dependency) as JSON Schema draft 2020-12, the draft the
file declares; `errors` lists where a document breaks it."""

from __future__ import annotations

import json

import pytest
from helpers import ROOT, run_cli
from jsonschema import Draft202012Validator

from cspdsl import load, solve

SCHEMA = json.loads((ROOT / "docs/schema/result.schema.json").read_text(encoding="utf-8"))
Draft202012Validator.check_schema(SCHEMA)
VALIDATOR = Draft202012Validator(SCHEMA)


def errors(value: object) -> list[str]:
    """Where `value` breaks the schema, one line each (empty: it holds)."""
    return [f"{error.json_path}: {error.message}" for error in VALIDATOR.iter_errors(value)]


def test_the_validator_finds_what_breaks_the_schema() -> None:
    good = {"format": 1, "solution": 1, "values": {"q": [1, 2]}, "answers": []}
    assert errors(good) == []
    for bad in ({**good, "format": 2}, {**good, "values": {"q": [1.5]}}, {**good, "extra": 1},
                {k: v for k, v in good.items() if k != "answers"}, {**good, "values": {"q": True}}):
        assert errors(bad), bad


@pytest.mark.parametrize("args", [
    ["einstein", "--json"], ["sudoku", "--json"], ["queens", "--json"], ["lockmax", "--json"],
    ["australia", "--json"], ["aristotle", "--count", "--json"], ["river", "--json"],
])
def test_a_json_document_holds_to_the_schema(args: list[str]) -> None:
    data = json.loads(run_cli("solve", *args).stdout)
    assert errors(data) == [] and data["format"] == 1


@pytest.mark.parametrize("model", ["lock", "queens", "hanoi", "river"])
def test_each_line_of_all_json_holds_to_the_schema(model: str) -> None:
    lines = run_cli("solve", model, "--all", "--json").stdout.splitlines()
    assert len(lines) >= 2
    for line in lines:
        assert errors(json.loads(line)) == [], line


def test_a_batchs_rows_hold_to_the_schema(tmp_path) -> None:
    puzzle = "..53.78....9..5..2738..1.6...........9....814.......3...............1.93.........."
    data = tmp_path / "s.txt"
    data.write_text(f"{puzzle}\n{'.' * 81}\n{puzzle[:80]}\n", encoding="utf-8")
    rows = [json.loads(line) for line in run_cli("batch", "models/sudoku.puz", str(data)).stdout.splitlines()]
    assert [row["status"] for row in rows][-1] == "error" and all(errors(row) == [] for row in rows)


def test_to_dict_holds_to_the_schema() -> None:
    assert errors(solve(load("einstein")).to_dict()) == []


UNSATISFIABLE = "var x in 1..3\nx > 2\nx < 2\n"


@pytest.mark.parametrize(("args", "stdin", "status"), [
    (["models/lock.puz"], None, "not_unique"),
    (["models/einstein.puz", "--steps"], None, "unique"),
    (["models/sudoku.puz"], None, "unique"),
    (["-"], UNSATISFIABLE, "unsatisfiable"),
], ids=["not-unique", "unique-with-steps", "grid", "unsatisfiable"])
def test_an_explanation_holds_to_the_schema(args: list[str], stdin: str | None, status: str) -> None:
    data = json.loads(run_cli("explain", *args, "--json", stdin=stdin).stdout)
    assert errors(data) == [] and data["format"] == 1 and data["status"] == status
    numbers = {clue["number"] for clue in data["clues"]}
    named = [clue["number"] for clue in data.get("conflict", []) + data.get("minimal", [])]
    named += [number for step in data.get("steps", []) for number in step["clues"]]
    assert set(named) <= numbers  # every clue named by number is in the table


def test_an_explanations_solutions_are_in_solves_shape() -> None:
    explained = json.loads(run_cli("explain", "models/einstein.puz", "--json").stdout)["solution"]
    solved = json.loads(run_cli("solve", "models/einstein.puz", "--json").stdout)["solutions"][0]
    assert explained == solved and explained["values"]["animal"]["fish"] == 4


def test_an_explanation_of_a_model_it_cannot_read_is_json_too() -> None:
    done = run_cli("explain", "-", "--json", stdin="var x in 1..3\nx > dgo\n")
    assert done.returncode == 2 and "<stdin>:2:5: error: unknown name 'dgo'" in done.stderr
    data = json.loads(done.stdout)
    assert errors(data) == [] and data["status"] == "error"
    assert (data["error"]["line"], data["error"]["column"], data["error"]["message"]) == (2, 5, "unknown name 'dgo'")
