"""Graphs whose edges are chosen: `linked(h, v)` (the links drawn between the cells of a grid join
every cell they touch into one group: Hashiwokakero's bridges) and `no_loop(d)` (the diagonals of a
grid never close a loop: Slant). `paired(a, b)` (Tents' trees and tents) is in `pairing.py`.

Both lower to the IR's `Connected`, with no kind of their own, so every backend, the checker and the
MiniZinc export take them as they are. A graph with chosen edges is the graph of its edges and its
nodes together: a link becomes a node that holds when it is drawn, joined to the nodes at its two
ends. "The diagonals make no loop" is its planar dual: a grid's corners fall into two classes (the
parity of row + column), a cell's `\\` joins two corners of one class and its `/` two of the other,
and a loop of one class closes in a corner of the other, which can then reach the grid's edge along
no drawn diagonal of its own class. So no loop anywhere is: in each class, every corner reaches the
edge through drawn diagonals, one `Connected` a class with the outside as one more node.
"""

from __future__ import annotations

import itertools

from .. import ir
from ..core.static_types import TYPE_CHECKING, Any
from ..syntax import ast
from .context import error
from .pairing import paired
from .values import Array

if TYPE_CHECKING:
    from .conditions import Conditions

_LINKED_FORM = (
    "linked takes the links of a grid of R x C cells: linked(h, v), h[1..R, 0..C] between a cell and the "
    "one to its right, v[0..R, 1..C] between a cell and the one below"
)
_NO_LOOP_FORM = "no_loop takes a grid of bool diagonals, one a cell (1 is \\, 0 is /): no_loop(d)"

Place = tuple[int, int]


def nested_graph(node: ast.Call) -> ir.Constraint:
    """The error for a clue on a graph's chosen edges inside a condition (if, not, or, a count)."""
    raise error(
        f"{node.func}(...) is a clue of its own: it cannot stand inside a condition",
        node,
        "write it on a line of its own (a forall may hold it)",
    )


def graph_constraints(lowering: Conditions, node: ast.Call) -> list[ir.Constraint]:
    """The IR constraints of a top-level `linked(h, v)`, `no_loop(d)` or `paired(a, b)`."""
    if node.func == "paired":
        return paired(lowering, node)
    if node.func == "linked":
        return _linked(lowering, node)
    return _no_loop(lowering, node)


def whole_grid(lowering: Conditions, arg: ast.Node, what: str, hint: str) -> Array:
    """A 2-D var array with every cell (no black cells), or an error at `arg`."""
    value = lowering.eval(arg)
    if not isinstance(value, Array) or len(value.ranges) != 2:
        raise error(f"{what} must be a 2-D var array", arg, hint)
    if len(value.cells) != len(value.ranges[0]) * len(value.ranges[1]):
        raise error(f"{what} must have every cell (it is drawn with black cells)", arg, hint)
    return value


def _at(array: Array, r: int, c: int) -> str:
    """The variable at place (r, c) of a grid, by position in its index ranges."""
    return array.cells[(array.ranges[0][r], array.ranges[1][c])]


def _drawn(lowering: Conditions, name: str) -> ir.Constraint:
    """A link is drawn when its value is not 0."""
    values = tuple(v for v in lowering.problem.variables[name].domain if v != 0)
    return ir.InSet(name, values) if values else ir.FALSE


def _linked(lowering: Conditions, node: ast.Call) -> list[ir.Constraint]:
    """The links off the grid's edge held at 0; the drawn inner links one connected group, where two
    links meet when they touch one cell."""
    if len(node.args) != 2:
        raise error(f"linked(h, v) takes two arrays of links, found {len(node.args)}", node, _LINKED_FORM)
    h, v = (whole_grid(lowering, arg, f"linked(h, v): {name}", _LINKED_FORM)
            for arg, name in zip(node.args, "hv", strict=True))
    rows, columns = len(h.ranges[0]), len(v.ranges[1])
    if len(h.ranges[1]) != columns + 1 or len(v.ranges[0]) != rows + 1:
        raise error(
            f"linked(h, v): for a grid of R x C cells, h is R x (C+1) and v is (R+1) x C; here h is "
            f"{rows} x {len(h.ranges[1])} and v is {len(v.ranges[0])} x {columns}",
            node,
            _LINKED_FORM,
        )
    border: list[ir.Constraint] = []
    at_cell: dict[Place, list[int]] = {}
    links: list[str] = []
    for name, ends in _links(h, v, rows, columns):
        inside = [end for end in ends if 0 <= end[0] < rows and 0 <= end[1] < columns]
        if len(inside) < 2:
            border.append(ir.InSet(name, (0,)))
            continue
        for end in inside:
            at_cell.setdefault(end, []).append(len(links))
        links.append(name)
    meet = sorted({pair for ends in at_cell.values() for pair in itertools.combinations(ends, 2)})
    drawn = tuple(_drawn(lowering, name) for name in links)
    return [*border, ir.Connected(drawn, tuple(meet))]


def _links(h: Array, v: Array, rows: int, columns: int) -> list[tuple[str, tuple[Place, Place]]]:
    """Every link with the two cells it joins (a cell off the grid at its edge)."""
    found = [(_at(h, r, j), ((r, j - 1), (r, j))) for r in range(rows) for j in range(columns + 1)]
    found += [(_at(v, i, c), ((i - 1, c), (i, c))) for i in range(rows + 1) for c in range(columns)]
    return found


def _no_loop(lowering: Conditions, node: ast.Call) -> list[ir.Constraint]:
    """One `Connected` for each class of corners: its corners, the outside, and its drawn diagonals."""
    if len(node.args) != 1:
        raise error(f"no_loop(d) takes one grid of diagonals, found {len(node.args)} arguments", node, _NO_LOOP_FORM)
    d = whole_grid(lowering, node.args[0], "no_loop(d): d", _NO_LOOP_FORM)
    domains: Any = lowering.problem.variables
    if any(not set(domains[name].domain) <= {0, 1} for name in d.cells.values()):
        raise error("no_loop(d): the diagonals must be bool variables (1 is \\, 0 is /)", node.args[0],
                    _NO_LOOP_FORM)
    return [_corners_reach_edge(d, parity) for parity in (0, 1)]


def _corners_reach_edge(d: Array, parity: int) -> ir.Constraint:
    """Every corner of one class joined to the outside (node 0) through the drawn diagonals of its class."""
    rows, columns = len(d.ranges[0]), len(d.ranges[1])
    corners = [(i, j) for i in range(rows + 1) for j in range(columns + 1) if (i + j) % 2 == parity]
    number = {corner: n + 1 for n, corner in enumerate(corners)}
    conds: list[ir.Constraint] = [ir.TRUE] * (len(corners) + 1)
    edges = [(0, number[(i, j)]) for i, j in corners if i in (0, rows) or j in (0, columns)]
    for r in range(rows):
        for c in range(columns):
            backslash = (r + c) % 2 == parity  # this class's diagonal of the cell is its `\`
            ends = ((r, c), (r + 1, c + 1)) if backslash else ((r, c + 1), (r + 1, c))
            conds.append(ir.InSet(_at(d, r, c), (1 if backslash else 0,)))
            edges += [(number[end], len(conds) - 1) for end in ends]
    return ir.Connected(tuple(conds), tuple(edges))
