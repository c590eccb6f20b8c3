"""The declarations of a model: params, lets, variables and arrays (in numbers, names or bool), grids
drawn with black cells, boards, pieces, region maps and givens. Each binds its name and adds its IR
variables (a given posts its cells' values); none holds a clue.

Functions over the lowering's `Declarations` record (the names, the problem and its sizes, the
layout, the params given); the lowering, passed in, only evaluates what a declaration writes (a
param's default, a let's value, a domain, an array's dimensions)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from functools import partial

from .. import ir
from ..core.errors import CspdslError, Span, did_you_mean
from ..core.static_types import Any
from ..syntax import ast
from ..syntax.nesting import MAX_NESTING
from .build import Lin
from .context import MAX_DOMAIN, MAX_INT, Declarations, Param, error, range_text, reword
from .layout import SHADED, Board, Grid
from .symbols import Symbols
from .values import Array, BoardValue, PiecesValue, check_size, list_depth


def declaration_handlers(declarations: Declarations, lowering: Symbols) -> dict[type, Callable[[Any], None]]:
    """The function that lowers each kind of declaration, over `declarations` (with the lowering to
    evaluate with, for those that evaluate)."""
    return {
        ast.ParamDecl: partial(param_decl, declarations, lowering),
        ast.LetDecl: partial(let_decl, declarations, lowering),
        ast.VarDecl: partial(var_decl, declarations, lowering),
        ast.ShapedVarDecl: partial(shaped_var_decl, declarations, lowering),
        ast.BoardDecl: partial(board_decl, declarations, lowering),
        ast.PiecesDecl: partial(pieces_decl, declarations, lowering),
        ast.DrawnPiecesDecl: partial(drawn_pieces_decl, declarations),
        ast.GivenDecl: partial(given_decl, declarations, lowering),
        ast.RegionsDecl: partial(regions_decl, declarations),
    }


def check_params_used(declarations: Declarations) -> None:
    """Every param given from outside names a param of the model."""
    unknown = set(declarations.params) - declarations.used_params
    if unknown:
        name = sorted(unknown)[0]
        known = declarations.declared_params
        hint = did_you_mean(name, known) or (
            f"the model's params: {', '.join(known)}" if known else "the model has no params"
        )
        raise CspdslError(f"-D {name}: the model has no param '{name}'", None, hint)


def param_decl(declarations: Declarations, lowering: Symbols, s: ast.ParamDecl) -> None:
    """A param takes its value from `params` when given there, else from the model."""
    value: Any = _given_param(declarations, s) if s.name in declarations.params else lowering.constant(s.value)
    declarations.bind(s.name, Param(value), s.span)
    declarations.declared_params.append(s.name)


def _given_param(declarations: Declarations, s: ast.ParamDecl) -> int:
    """The value `params` gives a param (-D): a whole number the backends take. Anything else (text,
    a list, from the command line or Python) is an error at the default it would replace."""
    value = declarations.params[s.name]
    declarations.used_params.add(s.name)
    shown = value if isinstance(value, str) else repr(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"-D {s.name}={shown}: the value is not a whole number", s.value,
                    f"give a whole number, such as -D {s.name}=10")
    if abs(value) > MAX_INT:
        raise error(
            f"-D {s.name}={value}: the number is too large: the backends take numbers from "
            f"{-MAX_INT} to {MAX_INT}",
            s.value,
        )
    return value


def let_decl(declarations: Declarations, lowering: Symbols, s: ast.LetDecl) -> None:
    try:
        value = lowering.eval(s.value)
    except CspdslError as failed:
        if isinstance(s.value, (ast.ListLit, ast.Comprehension)):  # an item's error names its list
            raise reword(failed, f"in let {s.name}: {failed.message}") from None
        raise
    if list_depth(value) > MAX_NESTING:  # lets that nest lists in each other: no clue may hold it
        raise error(
            f"this list is nested more than {MAX_NESTING} levels deep",
            s.value,
            f"cspdsl reads at most {MAX_NESTING} levels of nesting; write the clue in simpler parts",
        )
    declarations.bind(s.name, value, s.span)


def var_decl(declarations: Declarations, lowering: Symbols, s: ast.VarDecl) -> None:
    """A scalar variable, or an array of one or more dimensions with a variable per index."""
    declarations.check_free(s.name, s.span)
    domain, kind = _declared_domain(lowering, s.domain, s)
    if not s.dims:
        declarations.sizes.add_values(s.name, len(domain), s.span)
        declarations.problem.add_var(s.name, domain, span=s.span)
        _note_kind(declarations, kind, [s.name])
        declarations.layout.scalars[s.name] = s.name
        declarations.bind(s.name, Lin(((1, s.name),)), s.span)
        return
    ranges = [lowering.int_values(d) for d in s.dims]
    for r, node in zip(ranges, s.dims, strict=False):
        if not r:
            raise error("an array dimension needs at least one index", node)
    cells = math.prod(len(r) for r in ranges)
    declarations.sizes.check_cells(s.name, cells, s.span)  # before a variable is made
    declarations.sizes.add_values(f"array {s.name}", cells * len(domain), s.span)
    from .shapes import box_shape  # here: a model without arrays or boards does not import shapes

    _add_array(declarations, s, ranges, list(itertools.product(*ranges)), (domain, kind), box_shape(ranges))
    if s.domain is None:  # a grid in bool: a picture of shaded cells
        declarations.layout.grids[-1].symbols = dict(SHADED)


def _add_array(
    declarations: Declarations, s: ast.VarDecl | ast.ShapedVarDecl, ranges: list[list[int]],
    indices: list[tuple[int, ...]], domain: tuple[tuple[int, ...], str], box: tuple[int, int] | None,
) -> None:
    """An array's variables at `indices` over the domain (values, kind), its grid and its name."""
    cells = {}
    for index in indices:
        var = f"{s.name}[{','.join(map(str, index))}]"
        declarations.problem.add_var(var, domain[0], span=s.span)
        cells[index] = var
    _note_kind(declarations, domain[1], cells.values())
    grid = Grid(s.name, ranges, cells, box)
    declarations.layout.grids.append(grid)
    declarations.bind(s.name, Array(s.name, ranges, cells, grid, isinstance(s, ast.ShapedVarDecl)), s.span)


def shaped_var_decl(declarations: Declarations, lowering: Symbols, s: ast.ShapedVarDecl) -> None:
    """A grid drawn with black cells: a variable at each other cell, none at the black ones."""
    declarations.check_free(s.name, s.span)
    domain, kind = _declared_domain(lowering, s.domain, s)
    from .runs import picture_ranges, white_cells  # here: only a model with a shape imports runs

    ranges = [lowering.int_values(d) for d in s.dims] if s.dims else picture_ranges(s)
    for r, node in zip(ranges, s.dims, strict=False):
        if not r:
            raise error("an array dimension needs at least one index", node)
    white: list[tuple[int, ...]] = list(white_cells(s, ranges))
    declarations.sizes.check_cells(s.name, len(white), s.span)
    declarations.sizes.add_values(f"array {s.name}", len(white) * len(domain), s.span)
    _add_array(declarations, s, ranges, white, (domain, kind), None)


def _declared_domain(lowering: Symbols, node: ast.Node | None, owner: ast.Node) -> tuple[tuple[int, ...], str]:
    """A declaration's values and their kind: 'bool', 'names' (a domain of names) or 'numbers'."""
    if node is None:
        return (0, 1), "bool"
    codes = lowering.symbolic_domain(node)
    if codes is not None:
        return codes, "names"
    return _domain(lowering, node, owner), "numbers"


def _note_kind(declarations: Declarations, kind: str, variables: Iterable[str]) -> None:
    """Remember the variables whose values are conditions (bool) or names."""
    if kind == "bool":
        declarations.bool_vars.update(variables)
    elif kind == "names":
        declarations.layout.symbolic.update(variables)


def _domain(lowering: Symbols, node: ast.Node, owner: ast.Node) -> tuple[int, ...]:
    """A variable's values, sorted and without repeats; an empty or too large domain is an error."""
    values = lowering.int_values(node)
    if not values:
        hint = None
        if isinstance(node, ast.Range):
            lo, hi = lowering.constant_int(node.lo), lowering.constant_int(node.hi)
            hint = f"the range {lo}..{hi} is empty because {lo} > {hi}; a range goes up, as in {hi}..{lo}"
        raise error("empty domain: no value is possible", node, hint)
    if len(values) > MAX_DOMAIN:
        raise error(f"domain has {len(values)} values; at most {MAX_DOMAIN} are supported", node)
    return tuple(sorted(set(values)))


def board_decl(declarations: Declarations, lowering: Symbols, s: ast.BoardDecl) -> None:
    """A variable per cell of the drawing; the board's lines come from the cells' places."""
    declarations.check_free(s.name, s.span)
    domain, kind = _declared_domain(lowering, s.domain, s)
    cells = {cell.name: (cell.row, cell.column) for cell in s.drawing.cells}
    declarations.sizes.add_values(f"board {s.name}", len(cells) * len(domain), s.span)
    variables = {}
    for cell in cells:
        var = f"{s.name}.{cell}"
        declarations.problem.add_var(var, domain, span=s.span)
        variables[cell] = var
    _note_kind(declarations, kind, variables.values())
    board = Board(s.name, list(s.drawing.lines), cells, variables)
    declarations.layout.boards.append(board)
    from .drawings import board_groups  # here: a model without boards does not import them

    declarations.bind(s.name, BoardValue(board, board_groups(s.drawing)), s.span)


def pieces_decl(declarations: Declarations, lowering: Symbols, s: ast.PiecesDecl) -> None:
    """A set of pieces, checked; nothing is posted until it is placed."""
    if any(isinstance(piece, ast.NamedPiece) for piece in s.pieces):
        from .tilings import named_shapes  # here: only a model with shapes imports them

        declarations.bind(s.name, named_shapes(lowering, s), s.span)
        return
    pieces = []
    for piece in s.pieces:
        assert isinstance(piece, ast.Piece)
        if len(set(piece.alternatives)) != len(piece.alternatives):
            raise error("a piece lists the same value twice", piece)
        if piece.copies < 1:
            raise error("a piece needs at least one copy", piece)
        for value in piece.alternatives:
            check_size(value, piece)
        pieces.append((piece.alternatives, piece.copies))
    declarations.bind(s.name, PiecesValue(s.name, pieces, s.span), s.span)


def given_decl(declarations: Declarations, lowering: Symbols, s: ast.GivenDecl) -> None:
    """Each number of a grid literal fixes the array's cell at the same place."""
    target = declarations.lookup(s.name, s.name_span)
    if not isinstance(target, Array):
        raise error(f"'{s.name}' is not an array or grid; givens fill an array", s.name_span)
    check_grid_shape(s, target)
    for r, row in enumerate(s.grid.rows):
        for c, cell in enumerate(row.cells):
            if cell.value is None:
                continue
            index = (target.ranges[-1][c],) if len(target.ranges) == 1 else (
                target.ranges[0][r],
                target.ranges[1][c],
            )
            if index not in target.cells:
                from .runs import black_cell

                raise black_cell(s.name, index, cell.span)
            _post_given(declarations, target.cells[index], cell.value, cell.span, lowering.instance)


def regions_decl(declarations: Declarations, s: ast.RegionsDecl) -> None:
    """A map of region labels over a grid: a name for its regions; nothing is posted."""
    declarations.check_free(s.name, s.span)
    target = declarations.lookup(s.grid, s.grid_span)
    if not isinstance(target, Array):
        raise error(f"'{s.grid}' is not an array or grid; a region map divides a grid's cells", s.grid_span)
    if len(target.ranges) > 2:
        raise error(f"a region map divides a grid of one or two dimensions; '{s.grid}' has {len(target.ranges)}",
                    s.grid_span)
    from .regions import map_labels, read_regions  # here: a model without regions does not import them

    declarations.bind(s.name, read_regions(s, target), s.span)
    declarations.layout.region_maps[s.grid] = tuple(tuple(cell.char for cell in row) for row in map_labels(s, target))


def check_grid_shape(s: ast.GivenDecl, target: Array) -> None:
    """A grid literal has the rows and columns of the array it fills (a 1-D array: one row)."""
    if len(target.ranges) > 2:
        raise error(f"a grid literal fills an array of one or two dimensions; '{s.name}' has "
                    f"{len(target.ranges)}", s.name_span, f"give its cells by clues: {s.name}[1, 1, 1] == 5")
    rows = s.grid.rows
    shape = [len(r) for r in target.ranges]
    if len(shape) == 1:
        shape = [1, *shape]
    expected = f"{shape[0]}x{shape[1]}" if len(target.ranges) == 2 else f"1 row of {shape[1]}"
    if len(rows) != shape[0]:
        # Too many rows: point at the first one too many; too few: at the literal.
        span = rows[shape[0]].span if len(rows) > shape[0] else s.grid.span
        raise error(f"grid literal has {len(rows)} rows; '{s.name}' is {expected}", span)
    for row in rows:
        if len(row.cells) != shape[1]:
            raise error(f"grid literal row has {len(row.cells)} cells; '{s.name}' is {expected}", row.span)


def _post_given(
    declarations: Declarations, name: str, value: int, span: Span, instance: tuple[tuple[str, str], ...]
) -> None:
    var = declarations.problem.variables[name]
    if value not in var.domain:
        raise CspdslError(
            f"given {value} is outside the domain {range_text(list(var.domain))} of {var.name}", span
        )
    declarations.problem.post(ir.InSet(var.name, (value,)), span, instance)


def drawn_pieces_decl(declarations: Declarations, s: ast.DrawnPiecesDecl) -> None:
    """Shapes drawn as text, one a letter; nothing is posted until they are placed."""
    from .tilings import drawn_shapes

    declarations.bind(s.name, drawn_shapes(s), s.span)
