"""Shaped pieces (polyominoes) placed on a board: the shapes drawn or named, and `place` lowered to one
0/1 variable a placement, the way an exact-cover model is written.

Each way a kind of shape can lie on the board (moved, turned and flipped as allowed) is one bool;
the kind is placed as many times as it has copies (`Count == copies`), and each cell is covered by
exactly one (or at most one) of the placements over it. Every backend takes these two kinds of
count, and the SAT search sees the board's own symmetries in them. The placements are the model's
own variables, so two tilings differ exactly when they place a piece differently; copies of a kind
share their placements, so swapping two copies is never a new tiling.
"""

from __future__ import annotations

from .. import ir
from ..core.errors import CspdslError, did_you_mean
from ..syntax import ast
from .build import count
from .context import error
from .expressions import Expressions
from .fleets import OPTIONS as FLEET_OPTIONS
from .fleets import apart_rule, grid_cells, keep_apart, tie_cells
from .layout import Tiling
from .polyominoes import Cell, Shape, connected, fits, library_names, named, normalized, orientations
from .values import ShapeKind, ShapesValue

OPTIONS = {
    "no_turns": "the pieces lie as drawn, never turned",
    "no_flips": "the pieces are never flipped over (turned only)",
    "at_most_once": "cells may stay uncovered; none is covered twice",
    **FLEET_OPTIONS,
}
EMPTY = "._"
HOLE = "#"


def drawn_shapes(s: ast.DrawnPiecesDecl) -> ShapesValue:
    """The shapes of a drawing, one a letter (or digit), in order of the letters; each connected."""
    places: dict[str, list[Cell]] = {}
    spans: dict[Cell, ast.PictureCell] = {}
    for r, row in enumerate(s.picture.rows):
        for c, cell in enumerate(row.cells):
            if cell.char not in EMPTY:
                places.setdefault(cell.char, []).append((r, c))
                spans[(r, c)] = cell
    if not places:
        raise error("the drawing has no shape: write a shape's letter on each of its cells", s.picture)
    kinds = []
    for letter in sorted(places):
        apart = connected(places[letter])
        if apart is not None:
            raise CspdslError(
                f"shape {letter} is not connected: this {letter} does not reach the first {letter} side by side",
                spans[apart].span, "a shape's cells touch side by side; give each shape a letter of its own",
            )
        kinds.append(ShapeKind(letter, normalized(places[letter]), 1))
    return ShapesValue(s.name, kinds, s.span)


def named_shapes(ctx: Expressions, s: ast.PiecesDecl) -> ShapesValue:
    """A list of shapes by name: library shapes and groups, and sets drawn earlier, with copies.
    A kind named twice adds up its copies; two different shapes of one name are an error."""
    kinds: dict[str, ShapeKind] = {}
    for piece in s.pieces:
        if not isinstance(piece, ast.NamedPiece):
            raise error("a list of pieces holds numbers or shapes, not both", piece)
        if piece.copies < 1:
            raise error("a piece needs at least one copy", piece)
        for name, cells, copies in _shapes_named(ctx, piece):
            known = kinds.get(name)
            if known is not None and known.cells != cells:
                raise error(f"two different shapes are named {name}", piece, "give each shape a name of its own")
            total = copies * piece.copies + (known.copies if known else 0)
            kinds[name] = ShapeKind(name, cells, total)
    return ShapesValue(s.name, list(kinds.values()), s.span)


def _shapes_named(ctx: Expressions, piece: ast.NamedPiece) -> list[tuple[str, Shape, int]]:
    """What one name in a list of pieces stands for: a set drawn in the model, or the library's."""
    if piece.name in ctx.env.names:
        value = ctx.env.names[piece.name]
        if not isinstance(value, ShapesValue):
            raise error(f"'{piece.name}' is not a set of shapes", piece)
        return [(kind.name, kind.cells, kind.copies) for kind in value.kinds]
    found = named(piece.name)
    if found is None:
        hint = did_you_mean(piece.name, library_names()) or (
            "name a drawn set of shapes, or one of " + ", ".join(library_names()))
        raise error(f"no shape named '{piece.name}'", piece, hint)
    return [(name, cells, 1) for name, cells in found]


def tile(ctx: Expressions, s: ast.PlaceDecl, shapes: ShapesValue) -> None:
    """Post the placement of every piece of `shapes` on the board of `s`, and lay out its printing."""
    if any(tiling.name == shapes.name for tiling in ctx.layout.tilings):
        raise error(f"'{shapes.name}' is placed already; a set of shapes is placed once", s)
    chosen = _options(s)
    grid = grid_cells(ctx, s) if s.target else {}
    board = list(grid) if grid else _board(ctx, s)
    exact = "at_most_once" not in chosen and not grid  # a grid's cells not covered are its 0s
    apart = apart_rule(s, chosen, bool(grid))
    _check_area(s, shapes, len(board), exact=exact)
    turns, flips = "no_turns" not in chosen, "no_flips" not in chosen
    placements = _placements(s, shapes, set(board), turns, flips)
    ctx.sizes.add_values(f"placements of {shapes.name}", 2 * len(placements), s.span)
    tiling = Tiling(shapes.name, board, {k.name: k.cells for k in shapes.kinds},
                    {k.name: k.copies for k in shapes.kinds}, turns, flips, exact, placements, grid, apart)
    _post(ctx, s, tiling)
    keep_apart(ctx, s, tiling)
    ctx.layout.tilings.append(tiling)


def _options(s: ast.PlaceDecl) -> set[str]:
    """The options after the colon, each known."""
    for option in s.options:
        if option.name not in OPTIONS:
            hint = did_you_mean(option.name, OPTIONS) or "the options are " + ", ".join(OPTIONS)
            raise error(f"unknown option '{option.name}' of placing shapes", option, hint)
    return {option.name for option in s.options}


def _board(ctx: Expressions, s: ast.PlaceDecl) -> list[Cell]:
    """The board's cells, (row, column) from 1, in reading order: a rectangle or a drawing."""
    if s.drawn_target is not None:
        board = [(r, c) for r, row in enumerate(s.drawn_target.rows, 1)
                 for c, cell in enumerate(row.cells, 1) if cell.char != HOLE]
        if not board:
            raise error("the board has no cells: draw its cells with '.' and its holes with '#'", s.drawn_target)
        return board
    call = s.target_call
    if call is None:
        raise error("shapes are placed on rectangle(ROWS, COLUMNS) or on a board drawn in triple quotes",
                    s.target_span, "draw the board with '.' for a cell and '#' for a hole")
    if call.func != "rectangle" or len(call.args) != 2:
        raise error("shapes are placed on rectangle(ROWS, COLUMNS) or on a board drawn in triple quotes", call)
    rows, columns = (ctx.constant_int(arg) for arg in call.args)
    if rows < 1 or columns < 1:
        raise error(f"a rectangle of {rows}x{columns} has no cells", call)
    ctx.sizes.check_cells(f"rectangle({rows}, {columns})", rows * columns, call.span)
    return [(r, c) for r in range(1, rows + 1) for c in range(1, columns + 1)]


def _check_area(s: ast.PlaceDecl, shapes: ShapesValue, cells: int, exact: bool) -> None:
    """The pieces' squares against the board's cells: as many for an exact cover, at most as many."""
    area = sum(len(kind.cells) * kind.copies for kind in shapes.kinds)
    if area > cells:
        raise error(f"the pieces of '{shapes.name}' have {area} squares, more than the board's {cells} cells", s)
    if exact and area < cells:
        raise error(f"the pieces of '{shapes.name}' have {area} squares and the board {cells} cells; "
                    "covering it needs as many", s, "with ': at_most_once' some cells may stay uncovered")


def _placements(
    s: ast.PlaceDecl, shapes: ShapesValue, board: set[Cell], turns: bool, flips: bool
) -> dict[str, tuple[str, Shape]]:
    """Each place a kind fits, in each of its orientations, by the name of its variable:
    `p[F,r,c,o]`, its first cell (row r, column c) and its orientation o."""
    placements: dict[str, tuple[str, Shape]] = {}
    for kind in shapes.kinds:
        before = len(placements)
        for o, orientation in enumerate(orientations(kind.cells, turns, flips), 1):
            for cells in fits(orientation, board):
                r, c = cells[0]
                placements[f"{shapes.name}[{kind.name},{r},{c},{o}]"] = (kind.name, cells)
        if len(placements) == before:
            raise error(f"shape {kind.name} of '{shapes.name}' fits nowhere on the board", s)
    return placements


def _post(ctx: Expressions, s: ast.PlaceDecl, tiling: Tiling) -> None:
    """A 0/1 variable a placement; each cell covered once (at most once), the cells in the order a
    board is best filled (`filling_order`); each kind placed its copies' times.

    The cells come first so that an exact cover's search can branch on the placements by their first
    cell in that order (`backends/cover.py`)."""
    by_kind: dict[str, list[ir.Constraint]] = {name: [] for name in tiling.shapes}
    by_cell: dict[Cell, list[ir.Constraint]] = {cell: [] for cell in filling_order(tiling.board)}
    for var, (kind, cells) in tiling.placements.items():
        ctx.problem.add_var(var, (0, 1), span=s.span)
        placed = ir.InSet(var, (1,))
        by_kind[kind].append(placed)
        for cell in cells:
            by_cell[cell].append(placed)
    op = "==" if tiling.exact else "<="
    if tiling.cells:
        tie_cells(ctx, s, tiling, by_cell)
    for conds in by_cell.values() if not tiling.cells else ():
        if op == "==" or len(conds) > 1:
            ctx.problem.post(count(conds, op, 1), s.span)
    for kind, conds in by_kind.items():
        ctx.problem.post(count(conds, "==", tiling.copies[kind]), s.span)


def filling_order(board: list[Cell]) -> list[Cell]:
    """The cells along the board's longer side, across its shorter side first (column by column on
    a board wider than tall): a search that covers the first cell left then keeps a short front.
    CP-SAT's search counts the 4x15 pentominoes so in about 18 s, row by row in more than 150 s."""
    height = max(r for r, _ in board) - min(r for r, _ in board)
    width = max(c for _, c in board) - min(c for _, c in board)
    return sorted(board, key=lambda cell: (cell[1], cell[0])) if width > height else sorted(board)
