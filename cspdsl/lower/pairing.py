"""`paired(a, b)`: one-to-one pairs of side-by-side cells, as Tents pairs each tree with one tent
next to it and each tent with one tree. The cells of a grid where `a` holds and those where `b`
holds are matched along the grid's sides: each `a` cell with exactly one `b` cell beside it, and each
`b` cell with exactly one `a` cell.

Which cells pair up is no part of the answer, only that a pairing exists: each possible pair gets a
0/1 auxiliary variable (the pair is taken), which may only be 1 when both its cells hold, and every
cell that holds has exactly one pair taken, as `Count`s. Several pairings may fit one answer, so the
problem is marked projected: solutions are told apart, counted and enumerated on the model's own
variables only, never on the pairs. No constraint kind of its own, so every backend and the checker
take it as they are.

An argument is a 2-D var array (a cell holds when its value is not 0) or rows of conditions or
numbers of the same shape (`[[tree[r][c] == 1 for c in 1..n] for r in 1..n]`, or a `let` grid of
0 and 1).
"""

from __future__ import annotations

from .. import ir
from ..core.static_types import TYPE_CHECKING, Any
from ..syntax import ast
from .build import Lin, all_of, any_of, count, linear, negate
from .context import error, new_aux_name
from .values import Array, as_cond, as_list

if TYPE_CHECKING:
    from .conditions import Conditions

_PAIRED_FORM = (
    "paired takes two grids of the same shape, var arrays or rows of conditions: paired(tree, tent)"
)
Place = tuple[int, int]


def paired(lowering: Conditions, node: ast.Call) -> list[ir.Constraint]:
    """A pair variable for each side-by-side (a cell, b cell) that may both hold, at most one pair
    for each, and exactly one for each cell that holds."""
    if len(node.args) != 2:
        raise error(f"paired(a, b) takes two grids, found {len(node.args)}", node, _PAIRED_FORM)
    a, b = (_cells(lowering, arg) for arg in node.args)
    if set(a) != set(b):
        raise error(f"paired(a, b): a is {_shape(a)} and b is {_shape(b)}; they must have the same shape",
                    node, _PAIRED_FORM)
    pairs_of: dict[tuple[str, Place], list[str]] = {}
    posted: list[ir.Constraint] = []
    for p in sorted(a):
        for q in _beside(p, a):
            both = all_of([a[p], b[q]])
            if both == ir.FALSE:
                continue
            pair = new_aux_name(lowering.scope, "pair")
            lowering.problem.add_var(pair, (0, 1), output=False)
            posted.append(any_of([ir.InSet(pair, (0,)), both]))
            pairs_of.setdefault(("a", p), []).append(pair)
            pairs_of.setdefault(("b", q), []).append(pair)
    for side, cells in (("a", a), ("b", b)):
        for p in sorted(cells):
            taken: list[ir.Constraint] = [ir.InSet(pair, (1,)) for pair in pairs_of.get((side, p), [])]
            posted.append(any_of([negate(cells[p]), count(taken, "==", 1)]))
    lowering.problem.projected = True
    return [part for part in posted if part != ir.TRUE]


def _beside(p: Place, cells: dict[Place, ir.Constraint]) -> list[Place]:
    r, c = p
    return [q for q in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)) if q in cells]


def _cells(lowering: Conditions, arg: ast.Node) -> dict[Place, ir.Constraint]:
    """Each cell's condition by its (row, column) place, from a var array or rows of conditions."""
    value = lowering.eval(arg)
    if isinstance(value, Array):
        if len(value.ranges) != 2:
            raise error("paired(a, b): a var array must have two dimensions", arg, _PAIRED_FORM)
        places = [{index: n for n, index in enumerate(indices)} for indices in value.ranges]
        return {(places[0][r], places[1][c]): _nonzero(lowering, name) for (r, c), name in value.cells.items()}
    if not isinstance(value, list):
        raise error("paired(a, b): each of a and b must be a 2-D var array or rows of conditions", arg, _PAIRED_FORM)
    rows = value
    if rows and not any(isinstance(row, list) for row in rows):
        rows = [rows]
    return {(r, c): _condition(item, arg) for r, row in enumerate(rows) for c, item in enumerate(as_list(row, arg))}


def _nonzero(lowering: Conditions, name: str) -> ir.Constraint:
    values = tuple(v for v in lowering.problem.variables[name].domain if v != 0)
    return ir.InSet(name, values) if values else ir.FALSE


def _condition(item: Any, arg: ast.Node) -> ir.Constraint:
    """A condition as it is; a number or an expression holds when it is not 0."""
    if isinstance(item, bool):
        return ir.TRUE if item else ir.FALSE
    if isinstance(item, int):
        return ir.TRUE if item != 0 else ir.FALSE
    if isinstance(item, Lin):
        return linear(item, "!=", 0)
    return as_cond(item, arg)


def _shape(cells: dict[Place, ir.Constraint]) -> str:
    rows = 1 + max((r for r, _ in cells), default=-1)
    columns = 1 + max((c for _, c in cells), default=-1)
    return f"{rows} x {columns}"
