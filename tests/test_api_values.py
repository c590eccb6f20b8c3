"""A solution's values read by the model's own names (`Result.value`), as a question's `{...}` reads
them, with a suggestion for a misspelt name; and the documented loop over `solutions` typed."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import ROOT

from cspdsl import CspdslError, load, solutions, solve


@pytest.mark.parametrize(("model", "name", "value"), [
    ("einstein", "fish", 4),  # an attribute's value: its position
    ("einstein", "nationality[German]", 4),  # a variable as the IR spells it
    ("einstein", "nationality[fish]", "German"),  # as a question reads it
    ("einstein", "colour[Brit]", "red"),
    ("bands", "band[South]", "Moss Hollow"),  # a key value
    ("bands", "genre['Yellow Reef']", "folk"),
    ("queens", "q", [4, 2, 7, 3, 6, 8, 5, 1]),  # an array, as `solution["q"]` gives it
    ("queens", "q[2] + 1", 3),  # an expression a question takes
    ("lock", "code", [4, 3, 8]),
    ("australia", "WA", "red"),  # a variable of names: its name, as `solution["WA"]`, `{WA}` and the JSON give it
    ("australia", "SA", "blue"),
])
def test_value_takes_every_name_a_question_takes(model: str, name: str, value: object) -> None:
    assert solve(load(model)).value(name) == value


def test_a_grid_reads_as_rows_as_the_solution_view_does() -> None:
    result = solve(load("sudoku"))
    rows = result.value("cell")
    assert len(rows) == 9 and rows[0] == list(result.solution["cell"][1]) and rows[8][8] == result.value("cell[9,9]")


@pytest.mark.parametrize(("name", "hint"), [
    ("fsh", "did you mean 'fish'?"),
    ("nationality[fsh]", "did you mean 'fish'?"),
    ("Nationality", "did you mean 'nationality'?"),
    ('a"b', None),
])
def test_a_misspelt_name_is_a_key_error_with_a_suggestion(name: str, hint: str | None) -> None:
    result = solve(load("einstein"))
    with pytest.raises(KeyError) as caught:
        result.value(name)
    assert isinstance(caught.value, CspdslError)
    assert f"no variable or value named {name!r}" in str(caught.value)
    assert caught.value.hint == hint


def test_the_loops_result_is_there_once_the_loop_ends() -> None:
    found = solutions(load("queens"), limit=3)
    with pytest.raises(LookupError, match="until the loop has taken"):
        found.result  # noqa: B018 (the property raises)
    assert not found.finished and len(list(found)) == 3 and found.finished and found.result.found == 3


TYPED_IDIOM = '''
from cspdsl import Model, Result, load, solutions, solve

model: Model = load("queens")
found = solutions(model, limit=100, timeout=10)
for solution in found:
    print(solution["q[1]"])
result: Result = found.result
count: int | None = found.result.count
print(solve(model).value("q"), count, result)
'''


def test_the_documented_idiom_passes_mypy_strict(tmp_path) -> None:
    program = tmp_path / "idiom.py"
    program.write_text(TYPED_IDIOM, encoding="utf-8")
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(program)],
                             capture_output=True, text=True, cwd=ROOT, check=False)
    assert checked.returncode == 0, checked.stdout
