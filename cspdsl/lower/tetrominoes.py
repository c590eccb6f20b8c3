"""LITS's tetrominoes: one tetromino of shaded cells in each region, no two alike side by side.

`tetrominoes(g, part)` is a clue of its own over a 0/1 grid `g` and its region map `part`: the
shaded cells (1) of each region are four, joined side by side (a tetromino: L, I, T, S or O), and two
tetrominoes of the same shape, turned or flipped, never share a side across a region's border. The
rest of LITS (the shaded cells joined, no 2x2 block shaded) is written apart with `connected` and a
sum.

No constraint kind of its own. Each region's tetrominoes are enumerated before the search from their
first cell (as `sized_areas` grows its shapes), each a 0/1 auxiliary variable: a region chooses exactly
one (a Count), its cells are shaded, and a shaded cell of the region lies in the chosen one (clauses);
two alike that touch across regions are never both chosen. The grid decides every choice, so the
auxiliaries never multiply solutions.
"""

from __future__ import annotations

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .build import any_of, count, negate
from .context import error
from .partitions import Board, Place, board_of
from .sized_areas import Shape, chosen_flag, shapes_from
from .values import Array, RegionsValue

HOW = "tetrominoes(g, part): a 0/1 var grid and its region map (regions part of g = ...)"


def tetrominoes(lowering: Any, node: ast.Call) -> list[ir.Constraint]:
    """Each region chooses one of its tetrominoes, which are its shaded cells; alike ones that touch
    across regions are never both chosen."""
    if len(node.args) != 2:
        raise error(f"tetrominoes takes two arguments, not {len(node.args)}", node, HOW)
    board = _board(lowering, node.args[0])
    regions = _regions(lowering, node.args[1], board)
    shaded = {q: ir.InSet(var, (1,)) for q, var in board.items()}
    posted: list[ir.Constraint] = []
    chosen: list[tuple[ir.Constraint, Shape, int, tuple[Place, ...]]] = []
    for number, cells in enumerate(regions):
        own = Board({q: board[q] for q in cells})
        shapes = [s for first in sorted(own) for s in shapes_from(own, first, 4, {})]
        lowering.sizes.add_terms(4 * len(shapes), "each region's tetrominoes are tried", node.span)
        flags = [chosen_flag(lowering, "tetromino") for _ in shapes]
        posted.append(count(flags, "==", 1))
        for q in sorted(own):
            over = [flag for flag, shape in zip(flags, shapes, strict=True) if q in shape]
            posted.append(any_of([negate(shaded[q]), *over]))
            posted += [any_of([negate(flag), shaded[q]]) for flag in over]
        chosen += [(flag, shape, number, kind(shape)) for flag, shape in zip(flags, shapes, strict=True)]
    posted += _alike_apart(board, chosen)
    return [p for p in posted if p != ir.TRUE]


def _alike_apart(board: Board, chosen: list[tuple[ir.Constraint, Shape, int, tuple[Place, ...]]]
                 ) -> list[ir.Constraint]:
    """Two tetrominoes of one shape in two regions, side by side: not both."""
    rims = [{p for q in shape for p in board.beside(q)} - shape for _, shape, _, _ in chosen]
    by_kind: dict[tuple[Place, ...], list[int]] = {}
    for i, (_, _, _, shape_kind) in enumerate(chosen):
        by_kind.setdefault(shape_kind, []).append(i)
    apart = []
    for alike in by_kind.values():
        for a, i in enumerate(alike):
            for j in alike[a + 1:]:
                if chosen[i][2] != chosen[j][2] and rims[i] & chosen[j][1]:
                    apart.append(any_of([negate(chosen[i][0]), negate(chosen[j][0])]))
    return apart


def kind(shape: Shape) -> tuple[Place, ...]:
    """A shape's free form: the least of its eight turns and flips, moved to the origin."""
    forms = []
    for flip in (1, -1):
        for turn in range(4):
            cells = [(r, c * flip) for r, c in shape]
            for _ in range(turn):
                cells = [(c, -r) for r, c in cells]
            top, left = min(r for r, _ in cells), min(c for _, c in cells)
            forms.append(tuple(sorted((r - top, c - left) for r, c in cells)))
    return min(forms)


def _board(lowering: Any, arg: ast.Node) -> Board:
    value = lowering.eval(arg)
    if not isinstance(value, Array) or len(value.ranges) != 2:
        raise error("tetrominoes(g, part): g must be a var grid of two dimensions", arg, HOW)
    domains = lowering.problem.variables
    if any(not set(domains[var].domain) <= {0, 1} for var in value.cells.values()):
        raise error("tetrominoes(g, part): g's cells must be 0 or 1 (shaded)", arg, "declare it so: var g[...] in bool")
    return board_of(value)


def _regions(lowering: Any, arg: ast.Node, board: Board) -> list[list[Place]]:
    """The cells of each region, by place; a region must lie on g."""
    value = lowering.eval(arg)
    if not isinstance(value, RegionsValue):
        raise error("tetrominoes(g, part): part must be the region map of g", arg, HOW)
    place = {var: q for q, var in board.items()}
    if any(var not in place for cells in value.regions.values() for var in cells):
        raise error(f"tetrominoes: the regions of {value.name} are not of this grid", arg, HOW)
    return [[place[var] for var in cells] for cells in value.regions.values()]
