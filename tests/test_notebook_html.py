"""A result in a notebook (`_repr_html_`, `render/html_view.py`): the puzzle's title, text aligned left
whatever the notebook's own style, a Sudoku's boxes ruled as the terminal rules them, and a note when
the solution drawn is one of several."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import pytest
from helpers import MODELS

from cspdsl import Result, count, load, loads, solve, solve_plans


def style_of(page: str) -> str:
    found = re.search(r"<style>(.*?)</style>", page, re.DOTALL)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize(("model", "title"), [
    ("einstein", "Einstein's riddle"),
    ("sudoku", "Sudoku (Brain Games, puzzle 51)"),
    ("lock", "The lock"),
])
def test_the_page_carries_the_puzzle_title(model: str, title: str) -> None:
    result = solve(load(MODELS / f"{model}.puz"))
    assert result.model.layout.title is not None and result.model.layout.title.startswith(title)
    page = result._repr_html_()
    assert f'<p class="cspdsl-title"><strong>{html.escape(result.model.layout.title)}</strong></p>' in page


def test_a_model_without_a_title_has_no_title_line() -> None:
    page = solve(loads("var x in 1..3\nx == 2\n"))._repr_html_()
    assert "cspdsl-title" not in page and "<p><code>Result(" in page


def test_text_is_aligned_left_over_the_notebook_style() -> None:
    page = solve(load(MODELS / "einstein.puz"))._repr_html_()
    assert page.startswith('<div class="cspdsl-result"><style>')
    style = style_of(page)
    # More specific than a notebook's `.jp-RenderedHTMLCommon td` (one class, one element).
    assert "div.cspdsl-result td, div.cspdsl-result th, div.cspdsl-result p { text-align: left; }" in style
    assert "div.cspdsl-result table { margin-left: 0;" in style


def test_a_sudoku_has_its_3x3_boxes_ruled() -> None:
    page = solve(load(MODELS / "sudoku.puz"))._repr_html_()
    assert '<div class="cspdsl-boxes-3x3"><table><tr><td>9</td><td>6</td><td>5</td>' in page
    style = style_of(page)
    boxes = "div.cspdsl-result div.cspdsl-boxes-3x3 table"
    assert f"{boxes} tr:nth-child(3n):not(:last-child) td {{ border-bottom: 2px solid currentColor; }}" in style
    assert f"{boxes} td:nth-child(3n):not(:last-child) {{ border-right: 2px solid currentColor; }}" in style
    assert page.split('class="cspdsl-boxes-3x3">')[1].split("</table>")[0].count("<tr>") == 9


@pytest.mark.parametrize(("model", "boxes"), [
    ("kakuro4", None), ("nonogram", None), ("jigsaw", None),  # the jigsaw's regions are not boxes
    ("killer4", "2x2"), ("killer", "3x3"),
])
def test_only_a_grid_that_uses_its_boxes_has_them_ruled(model: str, boxes: str | None) -> None:
    page = solve(load(MODELS / f"{model}.puz"))._repr_html_()
    assert sorted(set(re.findall(r'<div class="cspdsl-boxes-(\w+)">', page))) == ([boxes] if boxes else [])
    assert (f"div.cspdsl-boxes-{boxes} table" in style_of(page)) if boxes else "cspdsl-boxes" not in page


@pytest.mark.parametrize(("run", "note"), [
    (lambda: solve(load(MODELS / "lock.puz")), "Solution 1 of at least 2 shown: the puzzle is not unique."),
    (lambda: solve(load(MODELS / "lock.puz"), limit=None), "Solution 1 of 3 shown: the puzzle is not unique."),
    (lambda: count(load(MODELS / "australia.puz")), "Solution 1 of 18 shown: the puzzle is not unique."),
    (lambda: solve(loads("var x in 1..3\nmaximize 0 * x\n"), limit=None),
     "Solution 1 of 3 shown: the optimum is not unique."),
])
def test_one_solution_of_several_says_so(run: Callable[[], Result], note: str) -> None:
    assert f'<p class="cspdsl-note">{note}</p>' in run()._repr_html_()


def test_a_unique_solution_and_no_solution_have_no_note() -> None:
    assert "cspdsl-note" not in solve(load(MODELS / "einstein.puz"))._repr_html_()
    unsat = solve(loads("var x, y in 1..2\nx + y == 5\n"))._repr_html_()
    assert "cspdsl-note" not in unsat and "No solution: the clues contradict each other" in unsat


def test_a_plan_of_several_says_so() -> None:
    page = solve_plans(load(MODELS / "river.puz"), limit=None)._repr_html_()
    assert "<svg" in page and '<p class="cspdsl-note">Plan 1 of 2 shown.</p>' in page
    assert page.startswith('<div class="cspdsl-result"><style>')
