"""Shaped pieces placed on a grid of cell variables (`place fleet on sea: no_touching`): Battleships'
fleet, Statue Park's statues. A cell of the grid is 1 exactly where a piece covers it, so row and
column totals, given cells and region rules are written on the grid's cells as on any grid.

Each cell ties its variable to the placements over it by one count, "exactly one of: the cell is 0,
or one of the placements over it is made" (a cell is covered at most once, and it is 1 exactly when
covered). Pieces that must not touch forbid, for each placement, the cells around it: "placed here,
then that cell is 0", one clause a placement and neighbour, which a SAT search propagates at once.
"""

from __future__ import annotations

from .. import ir
from ..syntax import ast
from .build import count
from .context import error
from .expressions import Expressions
from .layout import Tiling
from .polyominoes import Cell
from .values import Array

# The touching rules, by option: the cells around a cell that another piece may not cover.
SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))
CORNERS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
APART = {"no_touching": SIDES + CORNERS, "no_side_touching": SIDES}
OPTIONS = {
    "no_touching": "no two pieces touch, not even at a corner (the pieces are placed on a grid)",
    "no_side_touching": "no two pieces touch side by side; corners may meet (the pieces are placed on a grid)",
}


def grid_cells(ctx: Expressions, s: ast.PlaceDecl) -> dict[Cell, str]:
    """The board a grid of 0/1 cell variables makes: each (row, column) index and its variable."""
    target = ctx.declarations.lookup(s.target, s.target_span)
    if not isinstance(target, Array) or len(target.ranges) != 2:
        raise error(f"'{s.target}' is not a grid of variables: shapes are placed on a 2-D var grid, "
                    "rectangle(ROWS, COLUMNS) or a drawn board", s.target_span,
                    f"declare it as a grid, e.g. var {s.target}[1..10, 1..10] in bool")
    if any(set(tiling.cells.values()) & set(target.cells.values()) for tiling in ctx.layout.tilings):
        raise error(f"pieces are placed on '{s.target}' already; a grid shows one set of pieces", s.target_span,
                    "put every piece in one list: pieces p = [I4, domino * 2]")
    cells: dict[Cell, str] = {}
    for (r, c), var in target.cells.items():
        if ctx.problem.variables[var].domain != (0, 1):
            raise error(f"the cells of '{s.target}' must be 0 or 1 to show where the pieces lie",
                        s.target_span, "declare it with 'in bool' or 'in 0..1'")
        cells[(r, c)] = var
    if not cells:
        raise error(f"the grid '{s.target}' has no cells", s.target_span)
    return cells


def apart_rule(s: ast.PlaceDecl, chosen: set[str], tied: bool) -> str:
    """The touching rule chosen ('' for none); one at most, and only on a grid of variables."""
    rules = [name for name in APART if name in chosen]
    if len(rules) > 1:
        raise error("choose one of no_touching and no_side_touching", s.options[-1],
                    "no_touching forbids corners too, so it says all that no_side_touching says")
    if rules and not tied:
        option = next(o for o in s.options if o.name == rules[0])
        raise error(f"'{rules[0]}' needs the pieces placed on a grid of cell variables", option,
                    "declare var cells[1..R, 1..C] in bool and write 'place ... on cells'")
    return rules[0] if rules else ""


def tie_cells(ctx: Expressions, s: ast.PlaceDecl, tiling: Tiling,
              by_cell: dict[Cell, list[ir.Constraint]]) -> None:
    """Each cell's variable is 1 exactly when one placement covers it, and no two cover it."""
    for cell, conds in by_cell.items():
        ctx.problem.post(count([ir.InSet(tiling.cells[cell], (0,)), *conds], "==", 1), s.span)


def keep_apart(ctx: Expressions, s: ast.PlaceDecl, tiling: Tiling) -> None:
    """For each placement, each cell next to it (beside it, or at a corner too) stays 0 when it is made."""
    if not tiling.apart:
        return
    steps = APART[tiling.apart]
    for var, (_, cells) in tiling.placements.items():
        own = set(cells)
        around = {(r + dr, c + dc) for r, c in cells for dr, dc in steps} - own
        placed = ir.InSet(var, (1,))
        for cell in sorted(around):
            if cell in tiling.cells:
                ctx.problem.post(count([placed, ir.InSet(tiling.cells[cell], (1,))], "<=", 1), s.span)
