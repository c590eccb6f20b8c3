"""Rectangles (`rectangles(area, clue)`, docs/language/areas.md) on small grids: every exact backend
finds the label grids the rule itself accepts, enumerated here in Python over the cells' values (each
clue's cells a full rectangle over it, as large as the clue), apart from the IR; brute force over the
IR agrees on the smallest; bad uses are located with a hint."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from brute import brute_force
from helpers import check_refuses

from cspdsl.api import loads, solve
from cspdsl.backends import exact_backends
from cspdsl.check.problem import violated
from cspdsl.core.errors import CspdslError

Values = dict[str, int]
Place = tuple[int, int]


def label_cells(v: Values, grid: str) -> dict[Place, int]:
    """Each cell's label by its (row, column) indices."""
    cells = {}
    for name, value in v.items():
        if name.startswith(f"{grid}["):
            r, c = (int(x) for x in name[len(grid) + 1:-1].split(","))
            cells[(r, c)] = value
    return cells


def rectangles_hold(v: Values, grid: str, clues: list[tuple[Place, int]]) -> bool:
    """The clues numbered 1, 2, ... as listed: the cells labelled k are a full rectangle over clue k,
    of its size, and every cell is labelled with some clue's number."""
    cells = label_cells(v, grid)
    if any(not 1 <= label <= len(clues) for label in cells.values()):
        return False
    for k, (at, size) in enumerate(clues, start=1):
        body = {q for q, label in cells.items() if label == k}
        if at not in body or len(body) != size:
            return False
        rows, cols = {q[0] for q in body}, {q[1] for q in body}
        if body != {(r, c) for r in range(min(rows), max(rows) + 1) for c in range(min(cols), max(cols) + 1)}:
            return False
    return True


def grid_model(rows: int, cols: int, clue: list[list[int]], values: str = "", extra: str = "") -> str:
    count = sum(1 for row in clue for x in row if x)
    return (f"let clue = {clue}\nvar a[1..{rows}, 1..{cols}] in {values or f'1..{count}'}\n"
            f"rectangles(a, clue)\n{extra}")


def reading_order(clue: list[list[int]], first: int = 1) -> list[tuple[Place, int]]:
    return [((r + first, c + first), x) for r, row in enumerate(clue) for c, x in enumerate(row) if x]


# name -> (model, the clues in reading order by their indices, whether the rule accepts some grid)
ROWS: dict[str, tuple[str, list[tuple[Place, int]], bool]] = {
    "one-answer": (grid_model(2, 3, [[2, 0, 0], [0, 0, 4]]), reading_order([[2, 0, 0], [0, 0, 4]]), True),
    "several-answers": (grid_model(2, 2, [[2, 0], [0, 2]]), reading_order([[2, 0], [0, 2]]), True),
    "three-clues": (grid_model(3, 3, [[3, 0, 0], [0, 0, 2], [0, 4, 0]]),
                    reading_order([[3, 0, 0], [0, 0, 2], [0, 4, 0]]), True),
    "a-square": (grid_model(2, 3, [[0, 4, 0], [0, 0, 2]]), reading_order([[0, 4, 0], [0, 0, 2]]), True),
    "wider-values": (grid_model(2, 2, [[0, 2], [2, 0]], values="0..3"), reading_order([[0, 2], [2, 0]]), True),
    "no-way": (grid_model(2, 2, [[3, 0], [0, 1]]), reading_order([[3, 0], [0, 1]]), False),
    "with-another-rule": (grid_model(2, 2, [[2, 0], [0, 2]], extra="a[1, 1] == a[1, 2]\n"),
                          reading_order([[2, 0], [0, 2]]), True),
    "indices-from-0": ("let clue = [[2, 0, 0], [0, 0, 4]]\nvar a[0..1, 0..2] in 1..2\nrectangles(a, clue)\n",
                       reading_order([[2, 0, 0], [0, 0, 4]], first=0), True),
    "black-cells": ('let clue = [[2, 0, 0], [0, 0, 0], [0, 0, 3]]\nvar a in 1..2 shape """\n. . #\n# # #\n'
                    '. . .\n"""\nrectangles(a, clue)\n', [((1, 1), 2), ((3, 3), 3)], True),
}
SMALL = ("several-answers", "a-square", "no-way")


def rule_solutions(text: str, clues: list[tuple[Place, int]]) -> set[tuple[int, ...]]:
    """The assignments of the model's shown variables that the rule accepts, in the model's order."""
    problem = loads(text, "rectangles.puz").problem
    names = list(problem.outputs)
    domains = [problem.variables[name].domain for name in names]
    extra = text.split("rectangles(a, clue)\n")[1]
    same = (lambda v: v["a[1,1]"] == v["a[1,2]"]) if extra else (lambda v: True)
    return {values for values in itertools.product(*domains)
            if rectangles_hold(dict(zip(names, values, strict=True)), "a", clues)
            and same(dict(zip(names, values, strict=True)))}


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("row", sorted(ROWS))
def test_every_backend_finds_the_rectangles_the_rule_finds(row: str, backend: str) -> None:
    text, clues, some = ROWS[row]
    expected = rule_solutions(text, clues)
    assert bool(expected) == some, f"{row}: the rule accepts {len(expected)} grids"
    model = loads(text, "rectangles.puz")
    result = solve(model, backend, limit=None)
    assert result.complete
    assert {model.problem.project(s) for s in result.solutions} == expected


def test_a_row_has_more_than_one_answer() -> None:
    """The rows tell backends apart on a set of answers, not only on one."""
    text, clues, _ = ROWS["several-answers"]
    assert len(rule_solutions(text, clues)) == 2


@pytest.mark.parametrize("row", SMALL)
def test_brute_force_over_the_ir_agrees_with_the_rule(row: str) -> None:
    text, clues, _ = ROWS[row]
    assert brute_force(loads(text, "rectangles.puz").problem) == rule_solutions(text, clues)


def test_the_checker_refuses_a_cell_moved_to_another_rectangle() -> None:
    """The rectangles are checkable from the IR: the one full assignment the checker accepts, with one
    cell's label changed (its rectangles' flags as they were), breaks it."""
    problem = loads(ROWS["one-answer"][0], "rectangles.puz").problem
    names = list(problem.variables)
    accepted = [dict(zip(names, values, strict=True))
                for values in itertools.product(*(problem.variables[n].domain for n in names))
                if not violated(problem, dict(zip(names, values, strict=True)))]
    assert len(accepted) == 1
    wrong = {**accepted[0], "a[1,1]": 2}
    assert violated(problem, wrong)


def test_each_clue_tries_only_its_own_rectangles() -> None:
    """A clue of a prime number on a wide row has two ways; a cell beyond every rectangle's reach
    keeps a single value: the encoding grows with the rectangles, not the grid's values."""
    problem = loads(grid_model(1, 7, [[0, 0, 3, 0, 0, 0, 4]], values="1..2"), "r.puz").problem
    flags = [name for name in problem.variables if name not in problem.outputs]
    assert len(flags) == 3 + 1  # the 3 placements of 1x3 over column 3, the one 1x4 ending at column 7


GRIDS = "var a[1..2, 1..3] in 1..2\nvar q[1..3] in 1..3\nlet clue = [[2, 0, 0], [0, 0, 4]]\n"
HINT = "hint: rectangles(area, clue): a var grid of the clues' numbers, and a constant grid of clues (0 for none)"
# name -> (the bad line, after GRIDS; its error, caret and hint)
ERRORS = {
    "in-a-condition": ("not rectangles(a, clue)", [
        "m.puz:4:5: error: rectangles(...) is a clue of its own: it cannot stand inside a condition or a value",
        " 4 | not rectangles(a, clue)", "   |     ^^^^^^^^^^^^^^^^^^^",
        "hint: write it on a line of its own: rectangles(area, clue)"]),
    "one-argument": ("rectangles(a)", [
        "m.puz:4:1: error: rectangles takes two arguments, not 1", " 4 | rectangles(a)", "   | ^^^^^^^^^^^^^",
        HINT]),
    "of-a-row": ("rectangles(q, clue)", [
        "m.puz:4:12: error: rectangles(area, clue): area must be a var grid of two dimensions",
        " 4 | rectangles(q, clue)", "   |            ^", HINT]),
    "clue-off-the-grid": ("rectangles(a, [[0, 0, 0, 2]])", [
        "m.puz:4:15: error: rectangles: the clue at row 1, column 4 is off the grid",
        " 4 | rectangles(a, [[0, 0, 0, 2]])", "   |               ^^^^^^^^^^^^^^",
        "hint: the clue grid has a row for each row of the grid and a number for each of its cells"]),
    "clue-of-a-variable": ("rectangles(a, [[a[1, 1], 0, 0]])", [
        "m.puz:4:15: error: rectangles: the clues must be a grid of constant numbers (a list of rows)",
        " 4 | rectangles(a, [[a[1, 1], 0, 0]])", "   |               ^^^^^^^^^^^^^^^^^", HINT]),
    "negative-clue": ("rectangles(a, [[-2, 0, 0]])", [
        "m.puz:4:15: error: rectangles: the clue -2 is no rectangle's area",
        " 4 | rectangles(a, [[-2, 0, 0]])", "   |               ^^^^^^^^^^^^", "hint: a clue is 1 or more (0: none)"]),
    "too-few-values": ("rectangles(a, [[2, 0, 0], [1, 0, 3]])", [
        "m.puz:4:12: error: rectangles: the grid's values must include 1..3, the numbers of its 3 clues in "
        "reading order (3 is not among them)", " 4 | rectangles(a, [[2, 0, 0], [1, 0, 3]])", "   |            ^",
        "hint: declare it so: var ...[...] in 1..3"]),
    "misspelt": ("rectangels(a, clue)", [
        "m.puz:4:1: error: unknown function 'rectangels'", " 4 | rectangels(a, clue)", "   | ^^^^^^^^^^",
        "hint: did you mean 'rectangles'?"]),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_a_bad_use_is_located_with_a_hint(case: str) -> None:
    line, expected = ERRORS[case]
    with pytest.raises(CspdslError) as caught:
        loads(GRIDS + line + "\n", "m.puz")
    assert caught.value.render() == "\n".join(expected)


def test_the_command_line_exits_2_on_a_bad_use(tmp_path: Path) -> None:
    path, said = check_refuses(tmp_path, GRIDS + "rectangles(a)\n")
    assert said.startswith(f"{path}:4:1: error: rectangles takes two arguments, not 1")
