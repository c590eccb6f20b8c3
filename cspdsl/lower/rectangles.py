"""Rectangles (Shikaku): a grid split into rectangles, each holding exactly one clue, equal to its area.

`rectangles(area, clue)` is a clue of its own. `clue` is a constant grid of numbers (0 for none), its
clues numbered 1, 2, ... in reading order; `area` is a var grid as large, and `area[r, c]` is the number
of the clue whose rectangle holds (r, c).

No constraint kind of its own. Each clue's rectangles are few and known before the search (the
ways to write its number as rows x columns, placed over the clue, on the grid, over no other clue), so
each is a 0/1 auxiliary variable; a cell is covered by exactly one of the rectangles over it (a Count),
and a rectangle that is chosen gives its cells its clue's number (an Or). The grid's values decide
every rectangle, so the auxiliaries never multiply solutions, and every backend, the checker and the
MiniZinc export take them as they are.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .context import error
from .partitions import Board, Place, board_of
from .sized_areas import covered_once
from .values import Array, as_list

HOW = "rectangles(area, clue): a var grid of the clues' numbers, and a constant grid of clues (0 for none)"

Rectangle = frozenset[Place]


# How each of the calls that split a grid is written on a line of its own.
ON_ITS_OWN = {"rectangles": "rectangles(area, clue)", "sized_areas": "sized_areas(area, n)",
              "tetrominoes": "tetrominoes(g, part)"}


def nested_tiling(node: ast.Call) -> Any:
    """The error for `rectangles(...)`, `sized_areas(...)` or `tetrominoes(...)` inside a condition or
    a value: each is a clue of its own."""
    raise error(f"{node.func}(...) is a clue of its own: it cannot stand inside a condition or a value", node,
                f"write it on a line of its own: {ON_ITS_OWN[node.func]}")


def rectangles(lowering: Any, node: ast.Call) -> list[ir.Constraint]:
    """`rectangles(area, clue)`: every cell is covered by exactly one chosen rectangle, and a chosen
    rectangle's cells hold the number of its clue."""
    if len(node.args) != 2:
        raise error(f"rectangles takes two arguments, not {len(node.args)}", node, HOW)
    board = _board(lowering, node.args[0])
    clues = clue_grid(lowering, node.args[1], board, "rectangles")
    _check_values(lowering, board, len(clues), node.args[0])
    def pieces() -> Iterator[tuple[Rectangle, int]]:
        for number, (at, size) in enumerate(sorted(clues.items()), start=1):
            for body in placements(board, at, size, set(clues) - {at}):
                lowering.sizes.add_terms(len(body), "each clue's rectangles are tried in every place", node.span)
                yield body, number

    return covered_once(lowering, board, pieces(), "rectangle")


def placements(board: Board, at: Place, size: int, others: set[Place]) -> list[Rectangle]:
    """Every rectangle of `size` cells over `at`, on the board's cells and over none of `others`."""
    found: list[Rectangle] = []
    for height in range(1, size + 1):
        if size % height:
            continue
        width = size // height
        for top in range(at[0] - height + 1, at[0] + 1):
            for left in range(at[1] - width + 1, at[1] + 1):
                body = frozenset((top + i, left + j) for i in range(height) for j in range(width))
                if all(q in board for q in body) and not body & others:
                    found.append(body)
    return found


def _board(lowering: Any, arg: ast.Node) -> Board:
    value = lowering.eval(arg)
    if not isinstance(value, Array) or len(value.ranges) != 2:
        raise error("rectangles(area, clue): area must be a var grid of two dimensions", arg, HOW)
    return board_of(value)


def _check_values(lowering: Any, board: Board, clues: int, arg: ast.Node) -> None:
    """Each cell's values must hold every clue's number, 1 to the number of clues."""
    domains = lowering.problem.variables
    for var in board.values():
        missing = [k for k in range(1, clues + 1) if k not in domains[var].domain]
        if missing:
            raise error(f"rectangles: the grid's values must include 1..{clues}, the numbers of its {clues} clues "
                        f"in reading order ({missing[0]} is not among them)", arg,
                        f"declare it so: var ...[...] in 1..{clues}")


def clue_grid(lowering: Any, arg: ast.Node, board: Board, call: str) -> dict[Place, int]:
    """The clues of a constant grid (a list of rows) by place: the numbers other than 0, each on a
    cell of the board and at least 1."""
    rows = as_list(lowering.eval(arg), arg)
    clues: dict[Place, int] = {}
    for r, row in enumerate(rows):
        for c, item in enumerate(as_list(row, arg)):
            if isinstance(item, bool) or not isinstance(item, int):
                raise error(f"{call}: the clues must be a grid of constant numbers (a list of rows)", arg, HOW)
            if item:
                if (r, c) not in board:
                    raise error(f"{call}: the clue at row {r + 1}, column {c + 1} is off the grid", arg,
                                "the clue grid has a row for each row of the grid and a number for each of its cells")
                if item < 1:
                    raise error(f"{call}: the clue {item} is no rectangle's area", arg, "a clue is 1 or more (0: none)")
                clues[(r, c)] = item
    return clues
