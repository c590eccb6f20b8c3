"""Loops through cell centres (`cell_loop(loop, right, down)` and the conditions of a loop's cell) on
small grids: every exact backend finds the loops the rule itself gives, enumerated here in Python as the
sets of steps between neighbouring cells that make one closed loop (not over the IR), brute force over
the IR agrees, the Masyu model has its published answer, and bad uses are errors at their place."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from brute import brute_force

from cspdsl.api import load, loads, solve
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError

GENRES = Path(__file__).resolve().parent.parent / "models" / "genres"
Cell = tuple[int, int]
Step = frozenset[Cell]  # the two cells a step of the loop joins
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def loops(rows: int, cols: int, ends: tuple[Cell, Cell] | None = None) -> list[frozenset[Step]]:
    """Every set of steps between neighbouring cells of the grid that is one closed loop (each cell it
    meets has two of its steps, and the loop walked from one cell comes back through every step), or with
    `ends`, one open path from one end to the other (each end has one step)."""
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    steps = [frozenset({(r, c), (r + dr, c + dc)}) for r, c in cells for dr, dc in STEPS[:2]
             if r + dr <= rows and c + dc <= cols]
    found = []
    for chosen in itertools.product((0, 1), repeat=len(steps)):
        drawn = [s for s, x in zip(steps, chosen, strict=True) if x]
        if drawn and _one_walk(drawn, ends):
            found.append(frozenset(drawn))
    return found


def _one_walk(drawn: list[Step], ends: tuple[Cell, Cell] | None) -> bool:
    at: dict[Cell, list[Cell]] = {}
    for step in drawn:
        for cell in step:
            at.setdefault(cell, []).extend(other for other in step if other != cell)
    if any(len(beside) != (1 if ends and cell in ends else 2) for cell, beside in at.items()):
        return False
    if ends and not all(end in at for end in ends):
        return False
    start = ends[0] if ends else min(at)
    stop = ends[1] if ends else start
    previous, here, walked = start, at[start][0], 1
    while here != stop:
        previous, here = here, next(n for n in at[here] if n != previous)
        walked += 1
    return walked == len(drawn)


class Loop:
    """One loop, read as the puzzles' rules read it."""

    def __init__(self, drawn: frozenset[Step]) -> None:
        self.drawn = drawn

    def goes(self, cell: Cell, way: int) -> bool:
        return frozenset({cell, (cell[0] + STEPS[way][0], cell[1] + STEPS[way][1])}) in self.drawn

    def straight(self, cell: Cell) -> bool:
        return any(self.goes(cell, way) and self.goes(cell, way + 2) for way in (0, 1))

    def turns(self, cell: Cell) -> bool:
        return any(self.goes(cell, a) and self.goes(cell, b) for a in (0, 2) for b in (1, 3))

    def next_cells(self, cell: Cell) -> list[Cell]:
        return [(cell[0] + dr, cell[1] + dc) for way, (dr, dc) in enumerate(STEPS) if self.goes(cell, way)]

    def straight_next(self, cell: Cell) -> bool:
        return all(self.straight(n) for n in self.next_cells(cell))

    def turns_next(self, cell: Cell) -> bool:
        return any(self.turns(n) for n in self.next_cells(cell))

    def inside(self, cell: Cell) -> bool:
        """Off the loop, and a ray from just above the cell's centre to the right crosses the loop an odd
        number of times (steps between rows r - 1 and r, in the columns after the cell's)."""
        r, c = cell
        if self.next_cells(cell):
            return False
        return sum(self.goes((r - 1, k), 1) for k in range(c + 1, 20)) % 2 == 1

    def outside(self, cell: Cell) -> bool:
        return not self.next_cells(cell) and not self.inside(cell)

    def values(self, rows: int, cols: int) -> dict[str, int]:
        on = {cell for step in self.drawn for cell in step}
        v = {f"loop[{r},{c}]": int((r, c) in on) for r in range(1, rows + 1) for c in range(1, cols + 1)}
        v |= {f"right[{r},{c}]": int(self.goes((r, c), 0)) for r in range(1, rows + 1) for c in range(1, cols)}
        v |= {f"down[{r},{c}]": int(self.goes((r, c), 1)) for r in range(1, rows) for c in range(1, cols + 1)}
        return v


def declared(rows: int, cols: int, ends: tuple[Cell, Cell] | None = None) -> str:
    clue = "cell_loop(loop, right, down)" if ends is None else (
        f"cell_path(loop, right, down, loop[{ends[0][0]}, {ends[0][1]}], loop[{ends[1][0]}, {ends[1][1]}])")
    return (f"var loop[1..{rows}, 1..{cols}] in bool\nvar right[1..{rows}, 1..{cols - 1}] in bool\n"
            f"var down[1..{rows - 1}, 1..{cols}] in bool\n{clue}\n")


# name -> (rows, columns, the clues, the rule over a loop)
ROWS: dict[str, tuple[int, int, str, Callable[[Loop], bool]]] = {
    "any-loop-2x3": (2, 3, "", lambda loop: True),
    "any-loop-3x3": (3, 3, "", lambda loop: True),
    "through-the-centre": (3, 3, "loop[2, 2]\n", lambda loop: any(loop.goes((2, 2), w) for w in range(4))),
    "turns": (3, 3, "turns(loop[1, 2])\n", lambda loop: loop.turns((1, 2))),
    "straight": (3, 3, "straight(loop[2, 1])\nnot loop[2, 2]\n",
                 lambda loop: loop.straight((2, 1)) and not loop.next_cells((2, 2))),
    "black-pearl": (3, 4, "turns(loop[1, 1]) and straight_next(loop[1, 1])\n",
                    lambda loop: loop.turns((1, 1)) and loop.straight_next((1, 1))),
    "white-pearl": (3, 4, "straight(loop[2, 2]) and turns_next(loop[2, 2])\n",
                    lambda loop: loop.straight((2, 2)) and loop.turns_next((2, 2))),
    "counted-turns": (3, 3, "exactly 4 of [turns(cell) for cell in loop.cells]\nloop[2, 2]\n",
                      lambda loop: sum(loop.turns((r, c)) for r in (1, 2, 3) for c in (1, 2, 3)) == 4
                      and bool(loop.next_cells((2, 2)))),
    "in-conditions": (3, 3, "if loop[1, 1] then straight(loop[1, 2]) else turns(loop[2, 2])\n",
                      lambda loop: loop.straight((1, 2)) if loop.next_cells((1, 1)) else loop.turns((2, 2))),
    "turns-next-at-an-edge": (2, 4, "turns_next(loop[1, 2])\n", lambda loop: loop.turns_next((1, 2))),
    "inside-the-centre": (3, 3, "inside(loop[2, 2])\n", lambda loop: loop.inside((2, 2))),
    "inside-counted": (3, 4, "exactly 2 of [inside(cell) for cell in loop.cells]\n",
                       lambda loop: sum(loop.inside((r, c)) for r in (1, 2, 3) for c in (1, 2, 3, 4)) == 2),
    "outside-and-inside": (3, 4, "outside(loop[2, 2])\nnot inside(loop[2, 1])\nloop[2, 3]\n",
                           lambda loop: loop.outside((2, 2)) and not loop.inside((2, 1))
                           and bool(loop.next_cells((2, 3)))),
}


# name -> (rows, columns, the path's two ends, the clues, the rule over the path)
PATHS: dict[str, tuple[int, int, tuple[Cell, Cell], str, Callable[[Loop], bool]]] = {
    "corner-to-corner-2x3": (2, 3, ((1, 1), (2, 3)), "", lambda path: True),
    "along-a-side-3x3": (3, 3, ((1, 1), (3, 1)), "", lambda path: True),
    "every-cell": (3, 3, ((1, 1), (1, 3)), "sum(loop) == 9\n", lambda path: len(path.drawn) == 8),
    "turns-and-straight": (3, 3, ((1, 1), (3, 3)), "straight(loop[2, 2])\nturns(loop[1, 3]) or turns(loop[3, 1])\n",
                           lambda path: path.straight((2, 2)) and (path.turns((1, 3)) or path.turns((3, 1)))),
}


def text_of(row: str) -> str:
    if row in PATHS:
        rows, cols, ends, clues, _ = PATHS[row]
        return declared(rows, cols, ends) + clues
    rows, cols, clues, _ = ROWS[row]
    return declared(rows, cols) + clues


@cache
def rule_solutions(row: str) -> set[tuple[int, ...]]:
    rows, cols, ends, _, rule = PATHS[row] if row in PATHS else (*ROWS[row][:2], None, *ROWS[row][2:])
    problem = loads(text_of(row), "loop.puz").problem
    names = list(problem.outputs)
    drawn = loops(rows, cols, ends)
    return {tuple(Loop(d).values(rows, cols)[n] for n in names) for d in drawn if rule(Loop(d))}


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("row", sorted(ROWS) + sorted(PATHS))
def test_every_backend_draws_the_loops_the_rule_allows(row: str, backend: str) -> None:
    expected = rule_solutions(row)
    assert expected, f"{row}: the rule accepts no loop, a row that cannot tell backends apart"
    model = loads(text_of(row), "loop.puz")
    result = solve(model, backend, limit=None)
    assert result.complete
    assert {model.problem.project(s) for s in result.solutions} == expected


@pytest.mark.parametrize("row", ["any-loop-2x3", "turns-next-at-an-edge", "corner-to-corner-2x3"])
def test_brute_force_over_the_ir_agrees_with_the_rule(row: str) -> None:
    assert brute_force(loads(text_of(row), "loop.puz").problem) == rule_solutions(row)


def test_a_3x3_grid_has_the_loops_counted_by_hand() -> None:
    # Four 2x2 squares, four 2x3 rectangles, the ring around the edge and four rings less a corner: the
    # 13 cycles of the 3x3 grid graph (OEIS A140517).
    assert len(loops(3, 3)) == 13


def test_the_cp_backend_refuses_a_loop_with_its_message() -> None:
    with pytest.raises(CspdslError, match="no constraint for a connected area"):
        solve(loads(declared(2, 3), "loop.puz"), "cp", limit=None)


def test_inside_adds_one_parity_a_cell_once_whatever_asks() -> None:
    once = loads(declared(3, 4) + "inside(loop[2, 4])\n", "loop.puz").problem
    more = "inside(loop[2, 4])\noutside(loop[2, 4]) or inside(loop[2, 3])\n"
    twice = loads(declared(3, 4) + more, "loop.puz").problem
    assert len(once.variables) - len(once.outputs) == 2  # the parities after 2 and 3 steps (1 step: the step)
    assert len(twice.variables) == len(once.variables)


# The Masyu of pzprjs's test/script/mashu.js: right and down as rows of 0 and 1.
MASYU_RIGHT = ["11101", "01100", "00110", "01011", "11000", "00100"]
MASYU_DOWN = ["100111", "110011", "111001", "100100", "001100"]


@pytest.mark.parametrize("backend", exact_backends())
def test_masyu_has_its_published_answer(backend: str) -> None:
    model = load(GENRES / "masyu.puz")
    result = solve(model, backend, limit=None)
    assert result.complete and result.count == 1
    found = result.solutions[0]
    assert ["".join(str(found[f"right[{r},{c}]"]) for c in range(1, 6)) for r in range(1, 7)] == MASYU_RIGHT
    assert ["".join(str(found[f"down[{r},{c}]"]) for c in range(1, 7)) for r in range(1, 6)] == MASYU_DOWN


ERRORS = {
    "two-grids": ("var loop[1..2, 1..2] in bool\nvar right[1..2, 1..1] in bool\ncell_loop(loop, right)\n",
                  "m.puz:3:1: error: cell_loop takes three grids, and 2 are given"),
    "shapes": ("var loop[1..2, 1..3] in bool\nvar right[1..2, 1..3] in bool\nvar down[1..1, 1..3] in bool\n"
               "cell_loop(loop, right, down)\n",
               "m.puz:4:1: error: cell_loop(loop, right, down): for a loop of 2 x 3 cells, right is 2 x 2 and "
               "down 1 x 3; here right is 2 x 3 and down 1 x 3"),
    "not-bool": ("var loop[1..2, 1..2] in 0..2\nvar right[1..2, 1..1] in bool\nvar down[1..1, 1..2] in bool\n"
                 "cell_loop(loop, right, down)\n",
                 "m.puz:4:11: error: cell_loop(loop, right, down): loop must be bool variables"),
    "turns-before-the-loop": ("var loop[1..2, 1..2] in bool\nvar right[1..2, 1..1] in bool\n"
                              "var down[1..1, 1..2] in bool\nturns(loop[1, 1])\ncell_loop(loop, right, down)\n",
                              "m.puz:4:7: error: turns takes a cell of the grid of a loop's cells, written after"),
    "path-ends-one-cell": ("var loop[1..2, 1..2] in bool\nvar right[1..2, 1..1] in bool\n"
                           "var down[1..1, 1..2] in bool\ncell_path(loop, right, down, loop[1, 1], loop[1, 1])\n",
                           "m.puz:4:1: error: cell_path: the two ends are one cell"),
    "path-end-elsewhere": ("var loop[1..2, 1..2] in bool\nvar right[1..2, 1..1] in bool\n"
                           "var down[1..1, 1..2] in bool\ncell_path(loop, right, down, loop[1, 1], right[1, 1])\n",
                           "m.puz:4:42: error: cell_path: an end is a cell of 'loop', such as loop[1, 1]"),
    "in-a-condition": ("var loop[1..2, 1..2] in bool\nvar right[1..2, 1..1] in bool\n"
                       "var down[1..1, 1..2] in bool\nnot cell_loop(loop, right, down)\n",
                       "m.puz:4:5: error: cell_loop(...) is a clue of its own"),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_bad_uses_are_errors_at_their_place(name: str) -> None:
    text, message = ERRORS[name]
    with pytest.raises(CspdslError) as caught:
        loads(text, "m.puz")
    shown = caught.value.render()
    assert message in shown
    assert "^" in shown and "hint:" in shown


# multi-puzzle-solver's answer to its easy Yajilin, a cell a piece: N a clue, F shaded, else the two
# ways the loop leaves the cell (U, D, L, R).
YAJILIN = [["N", "DR", "LR", "DL", "F", "N"], ["DR", "UL", "N", "UR", "LR", "DL"],
           ["UD", "DR", "LR", "DL", "N", "UD"], ["UD", "UD", "N", "UR", "DL", "UD"],
           ["UD", "UR", "DL", "N", "UD", "UD"], ["UR", "LR", "UL", "F", "UR", "UL"]]


# csp takes about 100 s to prove this answer unique (a search-time check of the loop): sat and cpsat.
@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_yajilin_has_multi_puzzle_solvers_answer(backend: str) -> None:
    result = solve(load(GENRES / "yajilin.puz"), backend, limit=None)
    assert result.complete and result.count == 1
    found = result.solutions[0]

    def piece(r: int, c: int) -> str:
        if found[f"shaded[{r},{c}]"]:
            return "F"
        ways = {"U": found.get(f"down[{r - 1},{c}]", 0), "D": found.get(f"down[{r},{c}]", 0),
                "L": found.get(f"right[{r},{c - 1}]", 0), "R": found.get(f"right[{r},{c}]", 0)}
        return "".join(way for way, drawn in ways.items() if drawn) or "N"

    assert [[piece(r, c) for c in range(1, 7)] for r in range(1, 7)] == YAJILIN
