"""Shaped pieces placed on a grid of cell variables (`place fleet on sea: no_touching`): every exact
backend finds the placements that a search written here finds (over the grid's cells, apart from the
IR: each set of pieces that covers cells without overlap, with the touching rule and the clues), brute
force over the IR agrees on the smallest rows, and the genre models have their published answers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from brute import brute_force

from cspdsl.api import load, loads, solve
from cspdsl.backends import exact_backends
from cspdsl.check.tiling import tiling_faults
from cspdsl.core.errors import CspdslError

Cell = tuple[int, int]
Placed = frozenset[tuple[str, frozenset[Cell]]]
GENRES = Path(__file__).resolve().parent.parent / "models" / "genres"
SHAPES = {"monomino": [(0, 0)], "domino": [(0, 0), (0, 1)], "I3": [(0, 0), (0, 1), (0, 2)],
          "L3": [(0, 0), (0, 1), (1, 0)]}
AROUND = {"": [], "no_side_touching": [(0, 1), (1, 0), (0, -1), (-1, 0)],
          "no_touching": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]}


def lying(shape: list[Cell], turns: bool, flips: bool) -> set[frozenset[Cell]]:
    """The shape as it may lie, each moved to row 0 and column 0."""
    images = []
    for flip in (False, True) if flips else (False,):
        cells = [(r, -c) if flip else (r, c) for r, c in shape]
        for _ in range(4 if turns else 1):
            images.append(cells)
            cells = [(c, -r) for r, c in cells]
    return {frozenset((r - min(a for a, _ in i), c - min(b for _, b in i)) for r, c in i) for i in images}


def covers(rows: int, columns: int, fleet: dict[str, int], turns: bool = True, flips: bool = True,
           apart: str = "") -> set[Placed]:
    """Every way to lay the fleet's pieces on the rows x columns grid (from 1) without overlap, no
    two touching as `apart` says: each as its pieces (kind, cells)."""
    board = [(r, c) for r in range(1, rows + 1) for c in range(1, columns + 1)]
    places = [(kind, frozenset((r + dr, c + dc) for dr, dc in image))
              for kind in fleet for image in lying(SHAPES[kind], turns, flips) for r, c in board]
    places = [(kind, cells) for kind, cells in places if cells <= set(board)]
    found: set[Placed] = set()

    def extend(chosen: list[tuple[str, frozenset[Cell]]], start: int) -> None:
        left = {kind: n - sum(k == kind for k, _ in chosen) for kind, n in fleet.items()}
        if not any(left.values()):
            found.add(frozenset(chosen))
            return
        for i in range(start, len(places)):
            kind, cells = places[i]
            taken = {cell for _, other in chosen for cell in other}
            near = {(r + dr, c + dc) for r, c in cells for dr, dc in AROUND[apart]}
            if left[kind] and not cells & taken and not near & taken:
                extend([*chosen, places[i]], i + 1)

    extend([], 0)
    return found


def grid(placed: Placed) -> set[Cell]:
    return {cell for _, cells in placed for cell in cells}


# name -> (model, rows, columns, fleet, options, the clues as a rule over the covered cells)
ROWS: dict[str, tuple[str, int, int, dict[str, int], dict[str, object], Callable[[set[Cell]], bool]]] = {
    "no-rule": ("var s[1..2, 1..3] in bool\npieces f = [domino, monomino]\nplace f on s\n",
                2, 3, {"domino": 1, "monomino": 1}, {}, lambda g: True),
    "not-touching": ("var s[1..3, 1..4] in bool\npieces f = [domino, monomino * 2]\nplace f on s: no_touching\n",
                     3, 4, {"domino": 1, "monomino": 2}, {"apart": "no_touching"}, lambda g: True),
    "not-side-by-side": ("var s[1..3, 1..3] in 0..1\npieces f = [L3, monomino]\nplace f on s: no_side_touching\n",
                         3, 3, {"L3": 1, "monomino": 1}, {"apart": "no_side_touching"}, lambda g: True),
    "row-totals": ("var s[1..4, 1..4] in bool\npieces f = [I3, domino, monomino]\nplace f on s: no_touching\n"
                   "let across = [3, 0, 2, 1]\nforall r in 1..4: sum([s[r, c] for c in 1..4]) == across[r]\n",
                   4, 4, {"I3": 1, "domino": 1, "monomino": 1}, {"apart": "no_touching"},
                   lambda g: [sum((r, c) in g for c in range(1, 5)) for r in range(1, 5)] == [3, 0, 2, 1]),
    "givens-and-columns": ("var s[1..3, 1..4] in bool\npieces f = [L3 * 2]\nplace f on s: no_flips\n"
                           "s[1, 1] == 1\nsum([s[r, 4] for r in 1..3]) <= 1\n",
                           3, 4, {"L3": 2}, {"flips": False},
                           lambda g: (1, 1) in g and sum((r, 4) in g for r in range(1, 4)) <= 1),
    "never-turned": ("var s[1..3, 1..3] in bool\npieces f = [I3, domino]\nplace f on s: no_turns, no_touching\n",
                     3, 3, {"I3": 1, "domino": 1}, {"turns": False, "apart": "no_touching"}, lambda g: True),
}


def expected(row: str) -> set[Placed]:
    _, rows, columns, fleet, options, clues = ROWS[row]
    turns, flips = bool(options.get("turns", True)), bool(options.get("flips", True))
    found = covers(rows, columns, fleet, turns, flips, str(options.get("apart", "")))
    return {placed for placed in found if clues(grid(placed))}


def placed_by(model_text: str, backend: str) -> tuple[list[Placed], list[list[str]]]:
    """Each solution's pieces, and the checker's faults, after its grid is checked against them."""
    model = loads(model_text, "fleet.puz")
    result = solve(model, backend, limit=None)
    assert result.complete
    tiling = model.layout.tilings[0]
    pieces, faults = [], []
    for solution in result.solutions:
        placed = frozenset((kind, frozenset(cells)) for var, (kind, cells) in tiling.placements.items()
                           if solution[var] == 1)
        assert {cell for cell, var in tiling.cells.items() if solution[var] == 1} == grid(placed)
        pieces.append(placed)
        faults.append(tiling_faults(tiling, solution))
    return pieces, faults


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("row", sorted(ROWS))
def test_every_backend_places_what_the_search_here_places(row: str, backend: str) -> None:
    wanted = expected(row)
    assert wanted, f"{row}: nothing to place, a row that cannot tell backends apart"
    pieces, faults = placed_by(ROWS[row][0], backend)
    assert len(pieces) == len(set(pieces)) and set(pieces) == wanted
    assert not any(faults)


# Small enough for brute force over every variable of the IR: (model, rows, columns, fleet, apart).
TINY = {
    "side-by-side": ("var s[1..2, 1..3] in bool\npieces f = [domino, monomino]\nplace f on s\n",
                     2, 3, {"domino": 1, "monomino": 1}, ""),
    "at-corners": ("var s[1..2, 1..3] in bool\npieces f = [monomino * 2]\nplace f on s: no_side_touching\n",
                   2, 3, {"monomino": 2}, "no_side_touching"),
    "apart": ("var s[1..2, 1..3] in bool\npieces f = [monomino * 2]\nplace f on s: no_touching\n",
              2, 3, {"monomino": 2}, "no_touching"),
}


@pytest.mark.parametrize("row", sorted(TINY))
def test_brute_force_over_the_ir_agrees_with_the_search_here(row: str) -> None:
    text, rows, columns, fleet, apart = TINY[row]
    assert len(brute_force(loads(text, "fleet.puz").problem)) == len(covers(rows, columns, fleet, apart=apart)) > 0


def test_the_checker_finds_a_cell_that_lies_and_pieces_that_touch() -> None:
    model = loads(ROWS["not-touching"][0], "fleet.puz")
    tiling = model.layout.tilings[0]
    solution = solve(model, "sat", limit=1).solutions[0]
    lying_cell = dict(solution)
    empty = next(var for var in tiling.cells.values() if solution[var] == 0)
    lying_cell[empty] = 1
    assert tiling_faults(tiling, lying_cell) == [f"cell {_cell_of(tiling.cells, empty)} is 1, but no piece does"]
    touching = {var: 0 for var in solution}
    for var, (kind, cells) in tiling.placements.items():
        if (kind, cells) in {("domino", ((1, 1), (1, 2))), ("monomino", ((2, 3),)), ("monomino", ((3, 4),))}:
            touching[var] = 1
    for cell in [(1, 1), (1, 2), (2, 3), (3, 4)]:
        touching[tiling.cells[cell]] = 1
    assert tiling_faults(tiling, touching) == ["two pieces touch at (1, 2) and (2, 3)",
                                               "two pieces touch at (2, 3) and (3, 4)"]


def _cell_of(cells: dict[Cell, str], var: str) -> Cell:
    return next(cell for cell, name in cells.items() if name == var)


BATTLESHIPS = [
    ".....#.........", "..........#.#..", "............#..", "............#..", "...............",
    ".####......###.", "...............", "..#..#####..###", "#.#............", "........#..#...",
    "####....#......", "..........#....", ".......##.#....", "...............", "..............#",
]


@pytest.mark.parametrize("backend", ["sat", "cpsat", "cp"])
def test_battleships_has_its_published_answer_alone(backend: str) -> None:
    """csp takes the model too, but finds no answer to the 15x15 in minutes."""
    model = load(GENRES / "battleships.puz")
    result = solve(model, backend, limit=None)
    assert result.complete and result.count == 1
    sea = model.layout.tilings[0].cells
    shown = ["".join("#" if result.solutions[0][sea[(r, c)]] else "." for c in range(1, 16)) for r in range(1, 16)]
    assert shown == BATTLESHIPS


# CSPLib problem 14's example, the first Battleships of Games Magazine, August 1998 (Mark Gottlieb):
# the published size, 10x10, with the classic fleet and a submarine shown. The source prints no answer;
# the puzzle has one by design, and sat, cpsat and cp each prove that it is this one.
GAMES_MAGAZINE = """
var sea[1..10, 1..10] in bool
pieces fleet = [I4, I3 * 2, domino * 3, monomino * 4]
place fleet on sea: no_touching
let across = [0, 2, 3, 1, 2, 4, 2, 1, 2, 3]
let down = [1, 3, 3, 1, 5, 1, 2, 4, 0, 0]
forall r in 1..10: sum([sea[r, c] for c in 1..10]) == across[r]
forall c in 1..10: sum([sea[r, c] for r in 1..10]) == down[c]
sea[8, 1] == 1 and sea[7, 1] + sea[9, 1] + sea[8, 2] == 0   # a submarine
"""
GAMES_MAGAZINE_ANSWER = [
    "..........", "....#.#...", ".##...#...", "....#.....", "....#..#..",
    ".##.#..#..", "....#..#..", "#.........", ".....#.#..", ".###......",
]


@pytest.mark.parametrize("backend", ["sat", "cpsat", "cp"])
def test_a_published_ten_by_ten_battleships_has_one_answer(backend: str) -> None:
    model = loads(GAMES_MAGAZINE, "battleships.puz")
    result = solve(model, backend, limit=None)
    assert result.complete and result.count == 1
    sea = model.layout.tilings[0].cells
    shown = ["".join("#" if result.solutions[0][sea[(r, c)]] else "." for c in range(1, 11)) for r in range(1, 11)]
    assert shown == GAMES_MAGAZINE_ANSWER


ERRORS = {
    "var s[1..2] in bool\npieces f = [domino]\nplace f on s\n": "is not a grid of variables",
    "var s[1..2, 1..2] in 0..2\npieces f = [domino]\nplace f on s\n": "must be 0 or 1",
    "pieces f = [domino]\nplace f on rectangle(2, 2): no_touching, at_most_once\n": "needs the pieces placed on a grid",
    "var s[1..2, 1..2] in bool\npieces f = [domino]\nplace f on s: no_touching, no_side_touching\n":
        "choose one of no_touching and no_side_touching",
    "var s[1..2, 1..2] in bool\npieces f = [I3 * 2]\nplace f on s\n": "more than the board's 4 cells",
    "var s[1..2, 1..2] in bool\npieces f = [domino]\npieces g = [monomino]\nplace f on s\nplace g on s\n":
        "pieces are placed on 's' already",
}


@pytest.mark.parametrize("text", sorted(ERRORS))
def test_a_bad_use_says_what_is_wrong(text: str) -> None:
    with pytest.raises(CspdslError, match=ERRORS[text]) as caught:
        loads(text, "fleet.puz")
    assert caught.value.span is not None
