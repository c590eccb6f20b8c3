"""Areas of equal values (`area_size(g[r, c])`, `clue_areas(g, v, clue)`) on small grids: every exact
backend finds the solutions the rule itself gives, enumerated here in Python over the grid's cells (the
areas found by a flood fill, not through the IR), and brute force over the IR agrees on the smallest.
The genre models (Fillomino, Nurikabe) keep their published answers."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from brute import brute_force
from helpers import check_refuses

from cspdsl.api import load, loads, solve
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError

Values = dict[str, int]
GENRES = Path(__file__).resolve().parent.parent / "models" / "genres"


def area(v: Values, grid: str, r: int, c: int) -> set[tuple[int, int]]:
    """The cells joined to (r, c) side by side through cells of its value (a flood fill)."""
    value = v[f"{grid}[{r},{c}]"]
    found, todo = {(r, c)}, [(r, c)]
    while todo:
        i, j = todo.pop()
        for q in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
            if q not in found and v.get(f"{grid}[{q[0]},{q[1]}]") == value:
                found.add(q)
                todo.append(q)
    return found


def size(v: Values, grid: str, r: int, c: int) -> int:
    return len(area(v, grid, r, c))


def cells(v: Values, grid: str) -> list[tuple[int, int]]:
    return [tuple(int(x) for x in name[len(grid) + 1:-1].split(",")) for name in v if name.startswith(f"{grid}[")]  # type: ignore[misc]


def clue_areas_hold(v: Values, grid: str, value: int, clues: dict[tuple[int, int], int]) -> bool:
    """Each area of `value` holds exactly one clue, equal to its size; the clues' cells are of it."""
    for at in cells(v, grid):
        if v[f"{grid}[{at[0]},{at[1]}]"] != value:
            if at in clues:
                return False
            continue
        held = [clues[q] for q in area(v, grid, *at) if q in clues]
        if len(held) != 1 or held[0] != size(v, grid, *at):
            return False
    return True


FILLOMINO_2X3 = "var n[1..2, 1..3] in 1..3\nforall r in 1..2, c in 1..3: area_size(n[r, c]) == n[r, c]\n"
# name -> (model, the rule over the values of the model's shown variables)
ROWS: dict[str, tuple[str, Callable[[Values], bool]]] = {
    "fillomino": (FILLOMINO_2X3, lambda v: all(size(v, "n", *at) == v[f"n[{at[0]},{at[1]}]"] for at in cells(v, "n"))),
    "at-most-and-at-least": ("var b[1..2, 1..3] in bool\narea_size(b[1, 1]) <= 2\narea_size(b[2, 3]) >= 3\n",
                             lambda v: size(v, "b", 1, 1) <= 2 and size(v, "b", 2, 3) >= 3),
    "not-equal-and-more-than": ("var b[1..2, 1..3] in bool\narea_size(b[1, 2]) != 1\n4 < area_size(b[2, 1])\n",
                                lambda v: size(v, "b", 1, 2) != 1 and size(v, "b", 2, 1) > 4),
    "against-a-variable": ("var b[1..2, 1..3] in bool\nvar k in 1..3\narea_size(b[1, 1]) == k + 1\n",
                           lambda v: size(v, "b", 1, 1) == v["k"] + 1),
    "more-than-a-variable": ("var b[1..2, 2..3] in bool\nvar k in 0..2\narea_size(b[1, 2]) > k\n",
                             lambda v: size(v, "b", 1, 2) > v["k"]),
    "in-conditions": ("var b[1..2, 1..3] in bool\nif b[1, 1] == 1 then area_size(b[1, 1]) == 2\n"
                      "not (area_size(b[2, 2]) == 3)\nexactly 1 of [area_size(b[1, 3]) == 1, b[2, 1] == 1]\n",
                      lambda v: (v["b[1,1]"] != 1 or size(v, "b", 1, 1) == 2) and size(v, "b", 2, 2) != 3
                      and (size(v, "b", 1, 3) == 1) + (v["b[2,1]"] == 1) == 1),
    "three-values": ("var g[1..2, 1..2] in 0..2\narea_size(g[1, 1]) == 2\narea_size(g[2, 2]) == 1\n",
                     lambda v: size(v, "g", 1, 1) == 2 and size(v, "g", 2, 2) == 1),
    "black-cells-of-a-shape": ('var s in bool shape """\n. . .\n# . #\n. . .\n"""\narea_size(s[1, 1]) == 5\n',
                               lambda v: size(v, "s", 1, 1) == 5),
    "clue-areas": ("var b[1..2, 1..3] in bool\nlet clue = [[2, 0, 0], [0, 0, 1]]\nclue_areas(b, 0, clue)\n",
                   lambda v: clue_areas_hold(v, "b", 0, {(1, 1): 2, (2, 3): 1})),
    "clue-areas-of-another-value": ("var b[0..2, 0..1] in 0..2\nlet clue = [[0, 3], [0, 0], [1, 0]]\n"
                                    "clue_areas(b, 2, clue)\n",
                                    lambda v: clue_areas_hold(v, "b", 2, {(0, 1): 3, (2, 0): 1})),
}
SMALL = ("at-most-and-at-least", "three-values", "clue-areas")


def rule_solutions(text: str, rule: Callable[[Values], bool]) -> set[tuple[int, ...]]:
    """The assignments of the model's shown variables that the rule accepts, in the model's order."""
    problem = loads(text, "areas.puz").problem
    names = list(problem.outputs)
    domains = [problem.variables[name].domain for name in names]
    return {values for values in itertools.product(*domains) if rule(dict(zip(names, values, strict=True)))}


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("row", sorted(ROWS))
def test_every_backend_finds_the_areas_the_rule_finds(row: str, backend: str) -> None:
    text, rule = ROWS[row]
    expected = rule_solutions(text, rule)
    assert expected, f"{row}: the rule accepts nothing, a row that cannot tell backends apart"
    model = loads(text, "areas.puz")
    result = solve(model, backend, limit=None)
    assert result.complete
    assert {model.problem.project(s) for s in result.solutions} == expected


@pytest.mark.parametrize("row", [pytest.param(row, marks=pytest.mark.slow) if row == "at-most-and-at-least" else row
                                 for row in SMALL])  # that one's brute force takes a minute: -m slow
def test_brute_force_over_the_ir_agrees_with_the_rule(row: str) -> None:
    text, rule = ROWS[row]
    assert brute_force(loads(text, "areas.puz").problem) == rule_solutions(text, rule)


def test_an_area_is_grown_only_as_far_as_the_size_it_is_compared_with() -> None:
    """On a long row, a size compared with 2 looks one step away, not along the whole row."""
    near = loads("var b[1..1, 1..30] in bool\narea_size(b[1, 15]) == 2\n", "areas.puz").problem
    far = loads("var b[1..1, 1..30] in bool\narea_size(b[1, 15]) == 20\n", "areas.puz").problem
    assert len(near.variables) - 30 <= 6 < 30 <= len(far.variables) - 30


FILLOMINO = """\
8 8 3 3 10 10 10 10 5
8 8 8 3 10 10 10 5 5
3 3 8 10 10 4 4 4 5
1 3 8 3 10 2 2 4 5
2 2 8 3 3 1 3 2 2
6 6 2 2 1 3 3 1 3
6 4 4 4 2 2 1 3 3
6 4 2 2 4 3 3 4 4
6 6 4 4 4 1 3 4 4"""


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_wikipedias_fillomino_has_its_one_answer(backend: str) -> None:
    model = load(GENRES / "fillomino.puz")
    result = solve(model, backend, limit=2)
    assert result.complete and len(result.solutions) == 1
    answer = result.solutions[0]
    rows = [" ".join(str(answer[f"size[{r},{c}]"]) for c in range(1, 10)) for r in range(1, 10)]
    assert "\n".join(rows) == FILLOMINO


NURIKABE_5X5 = """\
let clue = [[1, 0, 0, 0, 0], [0, 2, 0, 2, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 3, 0, 0]]
var black[1..5, 1..5] in bool
clue_areas(black, 0, clue)
connected(black, 1)
forall r in 1..4, c in 1..4: black[r, c] + black[r, c + 1] + black[r + 1, c] + black[r + 1, c + 1] <= 3
"""
NURIKABE_5X5_ANSWER = ".#### #.#.# #.#.# ##### #...#"
NURIKABE_20X20_ANSWER = (
    ".#.#...#..#...#.#..# .#.######.#####.#### ##.#..#.##.#..##...# .##.##.##.#.#.#.#### "
    ".#.#.#..#.#.####...# ##.#.#######.#.##### .####.#..#.#.#..#.#. #.#.##.###..#..#.##. "
    "#.#.#.#..####.##.#.# ##.##.##.#.#.#.###.# .#..##.#.#.#.#.#.#.# .###.#.#..#####..### "
    ".#.#.#.##.#.#.###.#. .#.#.#..##.#.##...#. #.##.##..#.#..#.###. ##.#..#######.#.#.## "
    ".#.##.#.#...###.##.. .##.####.###.#.#.### #.#...#.##.#.###..#. #######..#####.####."
)


def shaded(answer: dict[str, int], n: int) -> str:
    return " ".join("".join("#" if answer[f"black[{r},{c}]"] else "." for c in range(1, n + 1))
                    for r in range(1, n + 1))


@pytest.mark.parametrize("backend", [b for b in exact_backends() if b != "cp"])
def test_multi_puzzle_solvers_small_nurikabe_has_its_one_answer(backend: str) -> None:
    result = solve(loads(NURIKABE_5X5, "nurikabe.puz"), backend, limit=2)
    assert result.complete and len(result.solutions) == 1
    assert shaded(result.solutions[0], 5) == NURIKABE_5X5_ANSWER


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_multi_puzzle_solvers_large_nurikabe_has_its_one_answer(backend: str) -> None:
    result = solve(load(GENRES / "nurikabe.puz"), backend, limit=2)
    assert result.complete and len(result.solutions) == 1
    assert shaded(result.solutions[0], 20) == NURIKABE_20X20_ANSWER


GRIDS = "var b[1..2, 1..3] in bool\nvar q[1..3] in 1..3\nlet clue = [[1, 0, 0], [0, 0, 0]]\n"
SIZE_HINT = "hint: compare the size of a cell's area: area_size(n[r, c]) == n[r, c]"
CLUES_HINT = ("hint: clue_areas(g, v, clue): the areas of g's cells of value v, and a constant grid of clues "
              "(0 for none)")
# name -> (the bad line, after GRIDS; its error, caret and hint)
ERRORS = {
    "size-not-compared": ("area_size(b[1, 1]) + 1 == 3", [
        "m.puz:4:1: error: area_size(...) can only be compared: it cannot be a value of its own here",
        " 4 | area_size(b[1, 1]) + 1 == 3", "   | ^^^^^^^^^^^^^^^^^^", SIZE_HINT]),
    "size-of-nothing": ("area_size() == 2", [
        "m.puz:4:1: error: area_size takes one cell of a grid", " 4 | area_size() == 2", "   | ^^^^^^^^^^^",
        SIZE_HINT]),
    "size-of-a-whole-grid": ("area_size(b) == 2", [
        "m.puz:4:11: error: area_size takes a cell of a grid of two dimensions, such as n[2, 3]",
        " 4 | area_size(b) == 2", "   |           ^", SIZE_HINT]),
    "size-of-a-row-cell": ("area_size(q[1]) == 2", [
        "m.puz:4:11: error: area_size takes a cell of a grid of two dimensions, such as n[2, 3]",
        " 4 | area_size(q[1]) == 2", "   |           ^^^^", SIZE_HINT]),
    "size-against-a-list": ("area_size(b[1, 1]) == clue", [
        "m.puz:4:23: error: area_size(...) is compared with a number or an expression of numbers",
        " 4 | area_size(b[1, 1]) == clue", "   |                       ^^^^", SIZE_HINT]),
    "clue-areas-in-a-condition": ("not clue_areas(b, 0, clue)", [
        "m.puz:4:5: error: clue_areas(...) is a clue of its own: it cannot stand inside a condition",
        " 4 | not clue_areas(b, 0, clue)", "   |     ^^^^^^^^^^^^^^^^^^^^^^", "hint: write it on a line of its own"]),
    "clue-areas-two-arguments": ("clue_areas(b, 0)", [
        "m.puz:4:1: error: clue_areas takes three arguments, not 2", " 4 | clue_areas(b, 0)",
        "   | ^^^^^^^^^^^^^^^^", CLUES_HINT]),
    "clue-areas-of-a-row": ("clue_areas(q, 0, clue)", [
        "m.puz:4:12: error: clue_areas(g, v, clue): g must be a var grid of two dimensions",
        " 4 | clue_areas(q, 0, clue)", "   |            ^", CLUES_HINT]),
    "clue-off-the-grid": ("clue_areas(b, 0, [[0, 0, 0, 2]])", [
        "m.puz:4:18: error: clue_areas: the clue at row 1, column 4 is off the grid",
        " 4 | clue_areas(b, 0, [[0, 0, 0, 2]])", "   |                  ^^^^^^^^^^^^^^",
        "hint: the clue grid has a row for each row of g and a number for each of its cells"]),
    "clue-of-a-variable": ("clue_areas(b, 0, [[b[1, 1], 0, 0]])", [
        "m.puz:4:18: error: clue_areas(g, v, clue): clue must be a grid of constant numbers",
        " 4 | clue_areas(b, 0, [[b[1, 1], 0, 0]])", "   |                  ^^^^^^^^^^^^^^^^^", CLUES_HINT]),
    "misspelt": ("area_sise(b[1, 1]) == 2", [
        "m.puz:4:1: error: unknown function 'area_sise'", " 4 | area_sise(b[1, 1]) == 2", "   | ^^^^^^^^^",
        "hint: did you mean 'area_size'?"]),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_a_bad_use_is_located_with_a_hint(case: str) -> None:
    line, expected = ERRORS[case]
    with pytest.raises(CspdslError) as caught:
        loads(GRIDS + line + "\n", "m.puz")
    assert caught.value.render() == "\n".join(expected)


def test_the_command_line_exits_2_on_a_bad_use(tmp_path: Path) -> None:
    path, said = check_refuses(tmp_path, GRIDS + "area_size(b[1, 1]) + 1 == 3\n")
    assert said.startswith(f"{path}:4:1: error: area_size(...) can only be compared")
