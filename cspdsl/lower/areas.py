"""Connectivity clues: `connected(...)` (the cells that meet a condition are one orthogonally connected
area: Hitori, Nurikabe) and `single_loop(h, v)` (the drawn edges of a grid are one loop: Slitherlink,
Masyu), both lowered to the IR's `Connected`, a loop's degrees as tables.

Neighbours here are the orthogonal ones of a grid (one step in one index), defined for these two
clues only. Both are clues of their own, refused inside a condition: the IR keeps `Connected` at the
top level, since "the area falls apart" has no cheap encoding.
"""

from __future__ import annotations

import itertools

from .. import ir
from ..core.static_types import TYPE_CHECKING, Any
from ..syntax import ast
from .context import error
from .values import Array, as_cond, as_list

if TYPE_CHECKING:
    from .conditions import Conditions

_CONNECTED_FORMS = (
    "connected takes a grid and its value, connected(g, 0), or rows of conditions, "
    "connected([[g[r, c] == 0 for c in 1..n] for r in 1..n])"
)
_PART_HINT = "for a part of a grid, give its rows of conditions: connected([[g[1, c] == 1 for c in 1..n]])"
_LOOP_FORM = "single_loop takes the bool grids of the horizontal and the vertical edges: single_loop(h, v)"


def nested_area(node: ast.Call) -> ir.Constraint:
    """The error for a connectivity clue inside a condition (if, not, or, a count)."""
    raise error(
        f"{node.func}(...) is a clue of its own: it cannot stand inside a condition",
        node,
        "write it on a line of its own (a forall may hold it); an area that need not be connected has "
        "no encoding",
    )


def area_constraints(lowering: Conditions, node: ast.Call) -> list[ir.Constraint]:
    """The IR constraints of a top-level `connected(...)` or `single_loop(h, v)`."""
    if node.func == "connected":
        return [_connected(lowering, node)]
    return _single_loop(lowering, node)


def _connected(lowering: Conditions, node: ast.Call) -> ir.Constraint:
    if len(node.args) == 2:
        return _connected_by_value(lowering, node)
    if len(node.args) != 1:
        raise error(_CONNECTED_FORMS, node)
    return _connected_rows(lowering, node, node.args[0])


def _connected_by_value(lowering: Conditions, node: ast.Call) -> ir.Constraint:
    """`connected(g, v)`: the cells of g whose value is v (or in v), neighbours along g's indices."""
    array = _array(lowering, node.args[0], "connected(g, v): g", _PART_HINT)
    values = _area_values(lowering, node.args[1])
    cells = list(array.cells)
    conds = tuple(ir.InSet(array.cells[cell], values) for cell in cells)
    return ir.Connected(conds, _grid_edges(cells, array.ranges))


def _connected_rows(lowering: Conditions, node: ast.Call, arg: ast.Node) -> ir.Constraint:
    """`connected([[cond, ...], ...])`: a condition a cell, rows of them (or one row), laid out as a grid."""
    value = lowering.eval(arg)
    if isinstance(value, Array):
        raise error("connected(g) needs the value of the cells that make the area", node, _CONNECTED_FORMS)
    rows = as_list(value, arg)
    if rows and not any(isinstance(row, list) for row in rows):
        rows = [rows]  # one row of conditions
    places: list[tuple[int, ...]] = []
    conds: list[ir.Constraint] = []
    for r, row in enumerate(rows):
        for c, item in enumerate(as_list(row, arg)):
            places.append((r, c))
            conds.append(as_cond(item, arg))
    width = max((len(as_list(row, arg)) for row in rows), default=0)
    return ir.Connected(tuple(conds), _grid_edges(places, [list(range(len(rows))), list(range(width))]))


def _area_values(lowering: Conditions, arg: ast.Node) -> tuple[int, ...]:
    """The constant value (a number, or a set, range or list of them) of the cells that make the area."""
    value = lowering.eval(arg)
    if not isinstance(value, (int, range, frozenset, list)) or isinstance(value, bool):
        raise error("connected(g, v): v, the value of the area's cells, must be a constant number or set", arg)
    values = tuple(sorted(set(lowering.int_values(arg))))
    if not values:
        raise error("connected(g, v): v is empty, so no cell could be in the area", arg)
    return values


def _array(lowering: Conditions, arg: ast.Node, what: str, hint: str | None = None) -> Array:
    value = lowering.eval(arg)
    if not isinstance(value, Array):
        raise error(f"{what} must be a var array or grid", arg, hint)
    return value


def _grid_edges(cells: list[tuple[int, ...]], ranges: list[list[int]]) -> tuple[tuple[int, int], ...]:
    """The pairs of cells one step apart in one index (by its place in the index's range)."""
    places = [{index: place for place, index in enumerate(indices)} for indices in ranges]
    number = {tuple(p[i] for p, i in zip(places, cell, strict=True)): n for n, cell in enumerate(cells)}
    edges = []
    for at, n in number.items():
        for d in range(len(at)):
            after = number.get((*at[:d], at[d] + 1, *at[d + 1:]))
            if after is not None:
                edges.append((n, after))
    return tuple(edges)


def _single_loop(lowering: Conditions, node: ast.Call) -> list[ir.Constraint]:
    """Degree 0 or 2 at every corner (a table of its edges), and the drawn edges one area of edges that
    meet at a corner: together, one loop."""
    if len(node.args) != 2:
        raise error(_LOOP_FORM, node)
    h, v = (_array(lowering, arg, f"single_loop(h, v): {name}") for arg, name in zip(node.args, "hv", strict=True))
    _check_loop_grids(lowering, node, h, v)
    lowering.layout.loops.append((h.name, v.name))
    rows, columns = len(v.ranges[0]), len(h.ranges[1])
    edge_names = [_cell(h, r, c) for r in range(rows + 1) for c in range(columns)]
    edge_names += [_cell(v, r, c) for r in range(rows) for c in range(columns + 1)]
    at_corner: dict[tuple[int, int], list[int]] = {}
    for n in range(len(edge_names)):
        for corner in _ends(n, rows, columns):
            at_corner.setdefault(corner, []).append(n)
    degrees: list[ir.Constraint] = []
    for corner in sorted(at_corner):
        names = tuple(edge_names[n] for n in at_corner[corner])
        rows_allowed = tuple(t for t in itertools.product((0, 1), repeat=len(names)) if sum(t) in (0, 2))
        degrees.append(ir.Table(names, rows_allowed))
    meet = {(a, b) for ends in at_corner.values() for a, b in itertools.combinations(ends, 2)}
    drawn = tuple(ir.InSet(name, (1,)) for name in edge_names)
    return [*degrees, ir.Connected(drawn, tuple(sorted(meet)))]


def _cell(array: Array, r: int, c: int) -> str:
    return array.cells[(array.ranges[0][r], array.ranges[1][c])]


def _ends(n: int, rows: int, columns: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two corners of edge n: the horizontal edges row by row, then the vertical ones."""
    horizontal = (rows + 1) * columns
    if n < horizontal:
        r, c = divmod(n, columns)
        return (r, c), (r, c + 1)
    r, c = divmod(n - horizontal, columns + 1)
    return (r, c), (r + 1, c)


def _check_loop_grids(lowering: Conditions, node: ast.Call, h: Array, v: Array) -> None:
    """h is (R+1) x C and v is R x (C+1) for a grid of R x C cells, whole and of bools."""
    shape_h, shape_v = [len(r) for r in h.ranges], [len(r) for r in v.ranges]
    fits = len(shape_h) == len(shape_v) == 2 and shape_h[0] == shape_v[0] + 1 and shape_v[1] == shape_h[1] + 1
    if not fits or len(h.cells) != shape_h[0] * shape_h[1] or len(v.cells) != shape_v[0] * shape_v[1]:
        raise error(
            f"single_loop(h, v): for a grid of R x C cells, h is (R+1) x C and v is R x (C+1), whole; "
            f"here h is {_shape(shape_h)} and v is {_shape(shape_v)}",
            node,
        )
    domains: Any = lowering.problem.variables
    for array, arg in ((h, node.args[0]), (v, node.args[1])):
        if any(not set(domains[name].domain) <= {0, 1} for name in array.cells.values()):
            raise error("single_loop: the edges must be bool variables (an edge is drawn when it is 1)", arg)


def _shape(sizes: list[int]) -> str:
    return " x ".join(map(str, sizes))
