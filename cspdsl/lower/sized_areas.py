"""Areas of a given size (Palisade): a grid split into areas of n cells each, joined side by side.

`sized_areas(area, n)` is a clue of its own: each cell's value is the number of its area's first
cell in reading order (counting the grid's cells from 1 along the first row, then the second, ...),
so that two areas never share a number and a partition has one labelling only. `sized_areas(area,
n, borders)` adds Palisade's clues: a constant grid as large as the grid, where a number (-1 for none)
counts the sides of its cell that are borders of its area, the grid's edge included.

No constraint kind of its own. The shapes an area can take are enumerated before the search, each
from its first cell (Redelmeier's method: every fixed polyomino once), and a shape that breaks a
border clue is dropped as it grows, since a clue counts what the area alone decides. Each shape left
is a 0/1 auxiliary variable; each cell is covered by exactly one shape over it (a Count), and a shape
chosen gives its cells its first cell's number (an Or). The labels decide every shape, so the
auxiliaries never multiply solutions.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .build import any_of, count, negate
from .context import error, new_aux_name
from .partitions import Board, Place, board_of
from .values import Array, as_list

HOW = ("sized_areas(area, n) or sized_areas(area, n, borders): a var grid, the areas' size, and a constant "
       "grid of border counts (-1 for none)")

Shape = frozenset[Place]


def sized_areas(lowering: Any, node: ast.Call) -> list[ir.Constraint]:
    """Every cell is covered by exactly one chosen shape of n cells, and a chosen shape's cells hold
    the number of its first cell."""
    if len(node.args) not in (2, 3):
        raise error(f"sized_areas takes two or three arguments, not {len(node.args)}", node, HOW)
    board, columns = _board(lowering, node.args[0])
    size = lowering.eval(node.args[1])
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise error("sized_areas(area, n): n, the size of every area, must be a constant number of 1 or more",
                    node.args[1], HOW)
    borders = _borders(lowering, node.args[2], board) if len(node.args) == 3 else {}
    number = {q: q[0] * columns + q[1] + 1 for q in board}
    _check_values(lowering, board, max(number.values(), default=0), node.args[0])
    pieces = ((shape, number[first]) for first in sorted(board)
              for shape in shapes_from(board, first, size, borders, lambda q, s: lowering.sizes.add_terms(
                  len(s), "every shape an area can take is tried", node.span)))
    return covered_once(lowering, board, pieces, "shape")


def covered_once(lowering: Any, board: Board, pieces: Iterable[tuple[Iterable[Place], int]],
                 what: str) -> list[ir.Constraint]:
    """Each piece (its cells, its number) chosen or not by a hidden 0/1 variable: every cell is covered by
    exactly one chosen piece, a chosen piece's cells hold its number, and each cell's values are
    narrowed to the numbers of the pieces that can cover it (`rectangles`, `sized_areas`)."""
    covering: dict[Place, list[ir.Constraint]] = {q: [] for q in board}
    numbers: dict[Place, set[int]] = {q: set() for q in board}
    posted: list[ir.Constraint] = []
    for cells, label in pieces:
        chosen = chosen_flag(lowering, what)
        for q in sorted(cells):
            covering[q].append(chosen)
            numbers[q].add(label)
            posted.append(any_of([negate(chosen), ir.InSet(board[q], (label,))]))
    for q in sorted(board):
        posted.append(ir.InSet(board[q], tuple(sorted(numbers[q]))))
        posted.append(count(covering[q], "==", 1))
    return [p for p in posted if p != ir.TRUE]


def shapes_from(board: Board, first: Place, size: int, borders: dict[Place, int],
                tried: Any = None) -> list[Shape]:
    """Every connected shape of `size` cells whose first cell in reading order is `first`, on the
    board's cells, each of its cells with a border count having exactly that many sides on its
    border. Redelmeier's method: a cell tried and left out stays out of the shapes grown after it."""
    found: list[Shape] = []
    shape: list[Place] = []

    def fits(q: Place) -> bool:
        """Whether the shape, q just added, can still meet its border counts: a counted cell has no
        more neighbours in it than its count allows."""
        for p in [q, *board.beside(q)]:
            if p in borders and p in shape and sum(x in shape for x in board.beside(p)) > 4 - borders[p]:
                return False
        return True

    def grow(untried: list[Place], seen: set[Place]) -> None:
        untried = list(untried)
        while untried:
            q = untried.pop()
            shape.append(q)
            if fits(q):
                if len(shape) == size:
                    whole = frozenset(shape)
                    if all(4 - sum(x in whole for x in board.beside(p)) == k for p, k in borders.items()
                           if p in whole):
                        found.append(whole)
                        if tried is not None:
                            tried(first, whole)
                else:
                    new = [p for p in board.beside(q) if p not in seen and p > first]
                    grow(untried + new, seen | set(new))
            shape.pop()

    grow([first], {first})
    return found


def chosen_flag(lowering: Any, what: str) -> ir.Constraint:
    """A hidden 0/1 variable for one piece that may be placed, as the condition "it is chosen"."""
    name = new_aux_name(lowering.scope, what)
    lowering.problem.add_var(name, (0, 1), output=False)
    return ir.InSet(name, (1,))


def _board(lowering: Any, arg: ast.Node) -> tuple[Board, int]:
    """The grid's cells by place, and its number of columns (for the cells' numbers)."""
    value = lowering.eval(arg)
    if not isinstance(value, Array) or len(value.ranges) != 2:
        raise error("sized_areas(area, n): area must be a var grid of two dimensions", arg, HOW)
    return board_of(value), len(value.ranges[1])


def _check_values(lowering: Any, board: Board, cells: int, arg: ast.Node) -> None:
    """Each cell's values must hold every cell's number, 1 to the number of cells."""
    domains = lowering.problem.variables
    for var in board.values():
        if not set(range(1, cells + 1)) <= set(domains[var].domain):
            raise error(f"sized_areas: the grid's values must include 1..{cells}, the numbers of its cells in "
                        "reading order (an area holds the number of its first cell)", arg,
                        f"declare it so: var ...[...] in 1..{cells}")


def _borders(lowering: Any, arg: ast.Node, board: Board) -> dict[Place, int]:
    """The border counts of a constant grid (a list of rows) by place: the numbers 0 to 4 (-1: none)."""
    rows = as_list(lowering.eval(arg), arg)
    counts: dict[Place, int] = {}
    for r, row in enumerate(rows):
        for c, item in enumerate(as_list(row, arg)):
            if isinstance(item, bool) or not isinstance(item, int):
                raise error("sized_areas: the border counts must be a grid of constant numbers (a list of rows)",
                            arg, HOW)
            if item == -1:
                continue
            if (r, c) not in board:
                raise error(f"sized_areas: the border count at row {r + 1}, column {c + 1} is off the grid", arg,
                            "the grid of counts has a row for each row of the grid and a number for each of its cells")
            if not 0 <= item <= 4:
                raise error(f"sized_areas: a cell has 4 sides, so {item} is no border count", arg,
                            "a count is 0 to 4 (-1: none)")
            counts[(r, c)] = item
    return counts
