"""The page's Steps, Compare and editor words, in the worker (no server, no browser): each step of an
explanation comes with its clues' places and the board as known after it, the values it found set
apart; Compare gives a row a backend, as `cspdsl compare`; the words the editor colours are the
grammar's, grouped as the Pygments lexer groups them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from helpers import MODELS

from cspdsl.api import load, loads, solve
from cspdsl.backends import exact_backends
from cspdsl.driver.result import drawn_marks
from cspdsl.explanation.facts import Fact
from cspdsl.lower.sizes import SizeLimits
from cspdsl.render.svg import Marks, partial_svg
from cspdsl.render.svg.canvas import FRESH
from cspdsl.serve.steps import Board
from cspdsl.serve.work import Task, run
from cspdsl.syntax.words import RESERVED

SVG = "{http://www.w3.org/2000/svg}"
# A model with one solution (x = 3, y = 2) that a person finds in steps.
SMALL = "var x in 1..3\nvar y in 1..3\nx > y\ny > 1\n"


def events(action: str, text: str, timeout: float = 60) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    run(Task(action, text, "model.puz", timeout=timeout), SizeLimits(), found.append)
    assert found[-1]["type"] in ("done", "error"), found[-1]
    return found


def texts(svg: str) -> list[str]:
    return [element.text or "" for element in ET.fromstring(svg).iter(f"{SVG}text")]


LEARNING = [  # facts taken in, in turn -> the variables they make known
    ([Fact("x", 2, True)], ["x"]),
    ([Fact("x", 1, False), Fact("x", 2, False)], ["x"]),  # all but one value ruled out
    ([Fact("x", 1, False)], []),
    ([Fact("x", 3, True), Fact("x", 1, False)], ["x"]),  # known once: the later fact adds nothing
    ([Fact("aux", 1, True)], []),  # a variable the board does not hold
]


@pytest.mark.parametrize(("facts", "known"), LEARNING)
def test_a_variable_is_known_once_one_value_is_left(facts: list[Fact], known: list[str]) -> None:
    board = Board({"x": (1, 2, 3), "y": (1, 2, 3)})
    assert board.learn(facts) == known
    assert sorted(board.known) == known


def test_each_step_comes_with_its_clues_and_its_board() -> None:
    found = events("steps", SMALL)
    steps = [event for event in found if event["type"] == "step"]
    assert steps and [step["index"] for step in steps] == list(range(1, len(steps) + 1))
    assert {step["of"] for step in steps} == {len(steps)}
    known = [step["known"] for step in steps]
    assert known == sorted(known) and known[-1] == 2  # the board fills up, to the whole solution
    lines = {clue["line"] for step in steps for clue in step["clues"]}  # type: ignore[attr-defined]
    assert lines <= {3, 4} and lines
    found_words = [word for step in steps for word in step["found"]]  # type: ignore[attr-defined]
    assert sorted(found_words) == ["x = 3", "y = 2"]
    last = str(steps[-1]["svg"])
    assert {"x", "y", "3", "2"} <= set(texts(last))
    assert found[-1] == {"type": "done", "status": "unique"}


def test_a_step_marks_the_values_it_found_and_only_those() -> None:
    steps = [event for event in events("steps", SMALL) if event["type"] == "step"]
    for step in steps:
        assert (FRESH in str(step["svg"])) == bool(step["found"]), step["index"]


def test_a_board_part_way_leaves_the_unknown_cells_blank() -> None:
    model = load(MODELS / "sudoku.puz")
    solution = solve(model).solutions[0]
    known = {var: value for var, value in solution.items() if var.startswith("cell[1,")}  # the first row
    svg = partial_svg(model.layout, known, model.problem, Marks(fresh=frozenset({"cell[1,1]"})))
    digits = [word for word in texts(svg) if word.isdigit()]
    assert len(digits) == 9 and svg.count(FRESH) == 1


def test_an_entity_table_part_way_shows_what_is_known() -> None:
    model = load(MODELS / "einstein.puz")
    solution = solve(model).solutions[0]
    known = dict(list(solution.items())[:3])
    svg = partial_svg(model.layout, known, model.problem, Marks(fresh=frozenset(list(known)[:1])))
    assert texts(svg).count("-") == 25 - 3 and svg.count(FRESH) == 1


def test_the_partial_board_of_a_whole_solution_is_its_picture_without_answers() -> None:
    model = loads('var x in 1..3\nx > 2\nquestion "q": "x is {x}"\n')
    solution = solve(model).solutions[0]
    whole = solve(model).to_svg()
    part = partial_svg(model.layout, solution, model.problem, drawn_marks(model))
    assert texts(part) == [word for word in texts(whole) if word != "x is 3"]


def test_compare_gives_a_row_a_backend() -> None:
    found = events("compare", (MODELS / "einstein.puz").read_text(encoding="utf-8"))
    table = next(event for event in found if event["type"] == "comparison")
    assert table["headers"][:3] == ["backend", "status", "solutions"]  # type: ignore[index]
    rows = table["rows"]
    assert sorted(row[0] for row in rows) == sorted(exact_backends())  # type: ignore[union-attr]
    assert {row[1] for row in rows} == {"solved"} and {row[-1] for row in rows} == {"yes"}  # type: ignore[union-attr]
    assert table["disagree"] == [] and found[-1] == {"type": "done", "status": "ok"}


def test_compare_on_one_named_backend() -> None:
    found: list[dict[str, object]] = []
    run(Task("compare", SMALL, backend="sat", timeout=30), SizeLimits(), found.append)
    table = next(event for event in found if event["type"] == "comparison")
    assert [row[0] for row in table["rows"]] == ["sat"]  # type: ignore[union-attr]


def test_the_editor_colours_the_grammars_words_grouped_as_the_lexer_groups_them() -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("pygments")
    from cspdsl.serve.app import CONSTANTS, LOGIC, language_words
    from cspdsl.tools import highlight

    words = language_words()
    assert (LOGIC, CONSTANTS) == (highlight.LOGIC, highlight.CONSTANTS)
    every = [word for group in words.values() for word in group]
    assert sorted(every) == sorted(RESERVED)  # each word once, in one group
