"""Arrays of three dimensions: every exact backend agrees with brute force on clues over cells,
slices and indices over variables; solutions print layer by layer, come out in JSON keyed by their
indices and in the API indexed as the model indexes them; what only a grid of two dimensions has is
an error at its place."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from collections.abc import Callable

import pytest
from helpers import run_cli
from test_json_schema import errors

from cspdsl import CspdslError, loads, solve
from cspdsl.export.minizinc import to_minizinc
from cspdsl.render.named_values import read_named

EXACT = ["sat", "cpsat", "cp", "csp"]
CUBE = list(itertools.product((1, 2), repeat=3))
Cube = dict[tuple[int, int, int], int]

# Each row: clues over `var g[1..2, 1..2, 1..2] in 1..3`, and what they mean over the cells.
ROWS: dict[str, tuple[str, Callable[[Cube], bool]]] = {
    "cells": ("g[1, 2, 1] == g[2, 1, 2] + 1\ng[2, 2, 2] < g[1, 1, 1]\n",
              lambda g: g[1, 2, 1] == g[2, 1, 2] + 1 and g[2, 2, 2] < g[1, 1, 1]),
    "a line": ("alldifferent(g[1, 2, ..])\nsum(g[.., 1, 1]) == 5\n",
               lambda g: g[1, 2, 1] != g[1, 2, 2] and g[1, 1, 1] + g[2, 1, 1] == 5),
    "a layer": ("sum(g[2, .., ..]) == 11\n", lambda g: sum(g[2, j, k] for j in (1, 2) for k in (1, 2)) == 11),
    "every cell": ("sum(g.cells) == 22\n", lambda g: sum(g.values()) == 22),
    "an index over variables": ("var x in 1..2\ng[x, 2, 1] == 3\ng[1, 2, 1] == 1\n",
                                lambda g: g[2, 2, 1] == 3 and g[1, 2, 1] == 1),
    "a quantifier": ("forall i in 1..2: g[i, 1, 1] + g[i, 2, 2] == 4\n",
                     lambda g: all(g[i, 1, 1] + g[i, 2, 2] == 4 for i in (1, 2))),
}


def brute_force(meaning: Callable[[Cube], bool]) -> set[tuple[int, ...]]:
    found = set()
    for values in itertools.product((1, 2, 3), repeat=8):
        cube = dict(zip(CUBE, values, strict=True))
        if meaning(cube):
            found.add(values)
    return found


@pytest.mark.parametrize("backend", EXACT)
@pytest.mark.parametrize("row", sorted(ROWS))
def test_every_backend_agrees_with_brute_force(row: str, backend: str) -> None:
    clues, meaning = ROWS[row]
    model = loads("var g[1..2, 1..2, 1..2] in 1..3\n" + clues, f"{row}.puz")
    names = [f"g[{i},{j},{k}]" for i, j, k in CUBE]
    found = {tuple(s[name] for name in names) for s in solve(model, backend=backend, limit=None).solutions}
    assert found == brute_force(meaning)


LATIN = ("var c[1..2, 1..2, 1..2] in 1..2\nforall i in 1..2, j in 1..2: alldifferent(c[i, j, ..]) and "
         "alldifferent(c[i, .., j]) and alldifferent(c[.., i, j])\nc[1, 1, 1] == 1\n")


def test_a_solution_prints_layer_by_layer() -> None:
    done = run_cli("solve", "-", stdin=LATIN)
    assert done.returncode == 0
    assert "c[1, .., ..]:\n  1 2\n  2 1\nc[2, .., ..]:\n  2 1\n  1 2\n" in done.stdout


def test_json_nests_a_cube_as_deep_as_its_dimensions_and_reads_it_back(tmp_path) -> None:
    document = json.loads(run_cli("solve", "-", "--json", stdin=LATIN).stdout)
    assert errors(document) == []
    values = document["solutions"][0]["values"]
    assert values["c"] == [[[1, 2], [2, 1]], [[2, 1], [1, 2]]]
    model = loads(LATIN, "latin.puz")
    read = read_named(model.layout, model.problem.outputs, values)
    assert read == solve(model).solutions[0]
    entered = tmp_path / "entered.json"  # a wrong value entered: the hint names it
    entered.write_text(json.dumps({"c": [[[1, 1], [None, None]], [[None, None], [None, None]]]}))
    (tmp_path / "latin.puz").write_text(LATIN)
    hint = run_cli("explain", str(tmp_path / "latin.puz"), "--hint", str(entered))
    assert hint.returncode == 0 and "c[1,1,2]" in hint.stdout, hint.stdout + hint.stderr


@pytest.mark.parametrize(("line", "outcome"), [
    ('{"c": [[[1, 2], [2, 1]], [[2, 1], [1, 2]]]}', "solved"),
    ('{"c": "12212112"}', "solved"),
    ('{"c": [[[1, null], [null, null]], [[null, null], [null, 2]]]}', "solved"),
    ('{"c": [[1, 2], [2, 1]]}', "'c' is 2x2x2: expected lists nested 3 deep of 2x2x2 numbers (null for a blank)"),
])
def test_batch_reads_a_cube_as_nested_lists_or_a_line(tmp_path, line: str, outcome: str) -> None:
    (tmp_path / "latin.puz").write_text(LATIN.replace("c[1, 1, 1] == 1\n", ""))
    (tmp_path / "cubes.jsonl").write_text(line + "\n")
    row = json.loads(run_cli("batch", str(tmp_path / "latin.puz"), str(tmp_path / "cubes.jsonl")).stdout)
    assert row["status"] == outcome if outcome == "solved" else outcome in row["error"], row


def test_the_api_indexes_a_cube_as_the_model_does() -> None:
    result = solve(loads(LATIN, "latin.puz"))
    assert repr(result.solution["c"]) == "[[[1, 2], [2, 1]], [[2, 1], [1, 2]]]"
    assert result.solution["c"][2][1][1] == result.value("c[2,1,1]") == 2


@pytest.mark.parametrize(("clues", "words"), [
    ("forall r in g.rows: alldifferent(r)\n", "take its lines as slices: g[i, j, ..]"),
    ('given g = """\n  1 2\n  2 1\n"""\n', "a grid literal fills an array of one or two dimensions; 'g' has 3"),
    ('regions p of g = """\n  A A\n  B B\n"""\n', "a region map divides a grid of one or two dimensions"),
    ("g[1, 3, 1] == 1\n", "index 3 is outside g's range 1..2"),
])
def test_what_a_cube_has_not_is_an_error_at_its_place(clues: str, words: str) -> None:
    done = run_cli("solve", "-", stdin="var g[1..2, 1..2, 1..2] in 1..2\n" + clues)
    assert done.returncode == 2 and words in done.stderr and "<stdin>:2:" in done.stderr, done.stderr
    with pytest.raises(CspdslError):
        loads("var g[1..2, 1..2, 1..2] in 1..2\n" + clues, "cube.puz")


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="MiniZinc is not installed")
def test_minizinc_keeps_the_array_and_finds_the_same_solution(tmp_path) -> None:
    text = to_minizinc(loads(LATIN, "latin.puz"), "latin.puz")
    assert "array[1..2, 1..2, 1..2] of var 1..2: c;" in text
    path = tmp_path / "latin.mzn"
    path.write_text(text)
    run = subprocess.run(["minizinc", "--solver", "gecode", "-a", str(path)], capture_output=True, text=True,
                         timeout=120, check=True)
    assert run.stdout.count("----------") == 1 and "c[1, .., ..]:\n  1 2\n  2 1\n" in run.stdout
