"""Every JSON document cspdsl prints holds to docs/schema/result.schema.json (format 1): solve's,
`--all`'s lines, batch's rows, `to_dict()` and explain's.

The `jsonschema` package is not a dependency; `valid` below checks the subset of JSON Schema the
file uses (type, const, enum, required, properties, additionalProperties, items, $ref, anyOf)."""

from __future__ import annotations

import json

import pytest
from helpers import ROOT, run_cli

from cspdsl import load, solve

SCHEMA = json.loads((ROOT / "docs/schema/result.schema.json").read_text(encoding="utf-8"))
TYPES = {"integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
         "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
         "string": lambda v: isinstance(v, str), "boolean": lambda v: isinstance(v, bool),
         "null": lambda v: v is None, "array": lambda v: isinstance(v, list), "object": lambda v: isinstance(v, dict)}


def errors(value: object, schema: dict, where: str = "$") -> list[str]:
    """Where `value` breaks `schema` (empty: it holds)."""
    if "$ref" in schema:
        return errors(value, SCHEMA["$defs"][schema["$ref"].removeprefix("#/$defs/")], where)
    if "anyOf" in schema:
        found = [errors(value, option, where) for option in schema["anyOf"]]
        return [] if any(not f for f in found) else [f"{where}: matches none of anyOf"]
    types = schema.get("type")
    if types is not None and not any(TYPES[t](value) for t in ([types] if isinstance(types, str) else types)):
        return [f"{where}: {value!r} is not {types}"]
    if "const" in schema and value != schema["const"]:
        return [f"{where}: {value!r} is not {schema['const']!r}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} not in {schema['enum']}"]
    wrong: list[str] = []
    if isinstance(value, dict):
        wrong += [f"{where}: no {key!r}" for key in schema.get("required", []) if key not in value]
        for key, item in value.items():
            rule = schema.get("properties", {}).get(key, schema.get("additionalProperties", True))
            wrong += [f"{where}.{key}: not allowed"] if rule is False else [] if rule is True else errors(
                item, rule, f"{where}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            wrong += errors(item, schema["items"], f"{where}[{i}]")
    return wrong


def test_the_validator_finds_what_breaks_the_schema() -> None:
    good = {"format": 1, "solution": 1, "values": {"q": [1, 2]}, "answers": []}
    assert errors(good, SCHEMA) == []
    for bad in ({**good, "format": 2}, {**good, "values": {"q": [1.5]}}, {**good, "extra": 1},
                {k: v for k, v in good.items() if k != "answers"}, {**good, "values": {"q": True}}):
        assert errors(bad, SCHEMA), bad


@pytest.mark.parametrize("args", [
    ["einstein", "--json"], ["sudoku", "--json"], ["queens", "--json"], ["lockmax", "--json"],
    ["australia", "--json"], ["aristotle", "--count", "--json"], ["river", "--json"],
])
def test_a_json_document_holds_to_the_schema(args: list[str]) -> None:
    data = json.loads(run_cli("solve", *args).stdout)
    assert errors(data, SCHEMA) == [] and data["format"] == 1


@pytest.mark.parametrize("model", ["lock", "queens", "hanoi", "river"])
def test_each_line_of_all_json_holds_to_the_schema(model: str) -> None:
    lines = run_cli("solve", model, "--all", "--json").stdout.splitlines()
    assert len(lines) >= 2
    for line in lines:
        assert errors(json.loads(line), SCHEMA) == [], line


def test_a_batchs_rows_hold_to_the_schema(tmp_path) -> None:
    puzzle = "..53.78....9..5..2738..1.6...........9....814.......3...............1.93.........."
    data = tmp_path / "s.txt"
    data.write_text(f"{puzzle}\n{'.' * 81}\n{puzzle[:80]}\n", encoding="utf-8")
    rows = [json.loads(line) for line in run_cli("batch", "models/sudoku.puz", str(data)).stdout.splitlines()]
    assert [row["status"] for row in rows][-1] == "error" and all(errors(row, SCHEMA) == [] for row in rows)


def test_to_dict_holds_to_the_schema() -> None:
    assert errors(solve(load("einstein")).to_dict(), SCHEMA) == []


UNSATISFIABLE = "var x in 1..3\nx > 2\nx < 2\n"


@pytest.mark.parametrize(("args", "stdin", "status"), [
    (["models/lock.puz"], None, "not_unique"),
    (["models/einstein.puz", "--steps"], None, "unique"),
    (["models/sudoku.puz"], None, "unique"),
    (["-"], UNSATISFIABLE, "unsatisfiable"),
], ids=["not-unique", "unique-with-steps", "grid", "unsatisfiable"])
def test_an_explanation_holds_to_the_schema(args: list[str], stdin: str | None, status: str) -> None:
    data = json.loads(run_cli("explain", *args, "--json", stdin=stdin).stdout)
    assert errors(data, SCHEMA) == [] and data["format"] == 1 and data["status"] == status
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
    assert errors(data, SCHEMA) == [] and data["status"] == "error"
    assert (data["error"]["line"], data["error"]["column"], data["error"]["message"]) == (2, 5, "unknown name 'dgo'")
