"""Loops and paths through cell centres, as Masyu, Yajilin and Tracks draw them: the loop steps from a cell to a
neighbour in its row or column, and passes through each cell it visits once.

`cell_loop(loop, right, down)` names the loop by three bool grids of the model's own: `loop[r, c]` (the
loop goes through the cell), `right[r, c]` (it joins (r, c) and the cell on its right) and
`down[r, c]` (it joins (r, c) and the cell below). For a grid of R x C cells, `loop` is R x C, `right`
R x (C-1) and `down` (R-1) x C. Each cell is a table of it and its edges (on the loop, and two edges drawn,
or off it and none), and the drawn edges are one `Connected` area of edges that meet at a cell: together,
one loop, as `single_loop` makes one along the grid's lines. `cell_path(loop, right, down, a, b)` is
an open path instead, from the cell a to the cell b (Tracks): the same, with one edge at a and at b.

A cell of `loop` then stands for the loop's cell in its conditions: `turns(loop[r, c])` (the loop turns
there), `straight(loop[r, c])` (it goes straight through), `straight_next(loop[r, c])` (it goes straight
through both cells it reaches from there) and `turns_next(loop[r, c])` (it turns in at least one of
them). Each is an And/Or of the edges, so a condition like any other (in an if, a count, a forall),
and the loop's variables are all the model's own, so solutions are counted and checked on them.
`inside(loop[r, c])` and `outside(loop[r, c])` say a cell off the loop is inside or outside it: a ray
from the cell to the grid's left edge crosses an odd number of steps down; the parities along each
row are a chain of 0/1 auxiliary variables (each a table of three), made once a loop, which the loop
decides, so they add no solutions.
"""

from __future__ import annotations

import itertools
import weakref

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin, all_of, any_of, negate
from .context import error, new_aux_name
from .values import Array

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # right, down, left, up
_LOOP_FORM = (
    "cell_loop(loop, right, down) takes three bool grids: the cells on the loop (R x C), its steps to the right "
    "(R x (C-1)) and its steps down ((R-1) x C)"
)
_PATH_FORM = (
    "cell_path takes the three grids of cell_loop and the path's two end cells: "
    "cell_path(track, right, down, track[1, 1], track[4, 5])"
)
_CELL_HINT = "give it a cell of a loop's grid of cells: cell_loop(loop, right, down), then turns(loop[2, 3])"


class CellLoop:
    """A loop's three grids, by place (row and column from 0): the cell variables and the edges."""

    def __init__(self, on: Array, right: Array, down: Array) -> None:
        self.on, self.right, self.down = on, right, down
        self.rows, self.columns = len(on.ranges[0]), len(on.ranges[1])
        self.place = {_at(on, r, c): (r, c) for r in range(self.rows) for c in range(self.columns)}
        # The parity of the steps down crossed by a ray from (r, c) to the left edge, by (r, c): made once.
        self.parities: dict[tuple[int, int], str] = {}

    def edge(self, r: int, c: int, step: int) -> str | None:
        """The edge from cell (r, c) one step along STEPS[step], None off the grid."""
        dr, dc = STEPS[step]
        i, j = r + dr, c + dc
        if not (0 <= i < self.rows and 0 <= j < self.columns):
            return None
        if dr == 0:
            return _at(self.right, r, min(c, j))
        return _at(self.down, min(r, i), c)

    def edges(self, r: int, c: int) -> list[str]:
        return [e for step in range(4) if (e := self.edge(r, c, step)) is not None]


# Each lowering's loops, by the name of the variable of each of their cells.
_LOOPS: weakref.WeakKeyDictionary[Any, dict[str, CellLoop]] = weakref.WeakKeyDictionary()


def nested_loop(node: ast.Call) -> ir.Constraint:
    """The error for a loop clue inside a condition."""
    raise error(
        f"{node.func}(...) is a clue of its own: it cannot stand inside a condition",
        node,
        "write it on a line of its own; a loop that may be absent has no encoding",
    )


def loop_constraints(lowering: Any, node: ast.Call) -> list[ir.Constraint]:
    """`cell_loop(loop, right, down)`: a table of each cell and its edges (two drawn on the loop, none
    off it), and the edges one area. `cell_path(..., a, b)`: the same, but one edge at the ends a and b."""
    if node.func == "cell_path" and len(node.args) != 5:
        raise error(f"cell_path takes five arguments, and {_given(len(node.args))}", node, _PATH_FORM)
    loop = _loop_of(lowering, node)
    ends = _path_ends(lowering, node, loop) if node.func == "cell_path" else set()
    registered = _LOOPS.setdefault(lowering, {})
    if any(var in registered for var in loop.place):
        raise error(f"'{loop.on.name}' is the cells of a loop already", node.args[0], "one cell_loop a grid")
    registered.update(dict.fromkeys(loop.place, loop))
    cells: list[ir.Constraint] = []
    for (r, c), var in sorted((p, v) for v, p in loop.place.items()):
        edges = loop.edges(r, c)
        degrees = (1,) if var in ends else (0, 2)
        rows = [(1 if sum(t) else 0, *t) for t in itertools.product((0, 1), repeat=len(edges)) if sum(t) in degrees]
        cells.append(ir.Table((var, *edges), tuple(sorted(rows))))
    names = sorted({e for r, c in loop.place.values() for e in loop.edges(r, c)})
    number = {name: n for n, name in enumerate(names)}
    meet = set()
    for r, c in loop.place.values():
        for a, b in itertools.combinations(sorted(number[e] for e in loop.edges(r, c)), 2):
            meet.add((a, b))
    drawn = tuple(ir.InSet(name, (1,)) for name in names)
    return [*cells, ir.Connected(drawn, tuple(sorted(meet)))]


def _path_ends(lowering: Any, node: ast.Call, loop: CellLoop) -> set[str]:
    """The variables of a cell_path's two ends, two different cells of its grid of cells."""
    ends = []
    for arg in node.args[3:]:
        value = lowering.eval(arg)
        one_cell = isinstance(value, Lin) and len(value.terms) == 1 and value.terms[0][0] == 1 and not value.const
        if not one_cell or value.terms[0][1] not in loop.place:
            raise error(f"cell_path: an end is a cell of '{loop.on.name}', such as {loop.on.name}[1, 1]", arg,
                        _PATH_FORM)
        ends.append(value.terms[0][1])
    if ends[0] == ends[1]:
        raise error("cell_path: the two ends are one cell; a closed path is cell_loop(loop, right, down)", node,
                    _PATH_FORM)
    return set(ends)


def loop_cell_value(lowering: Any, node: ast.Call) -> ir.Constraint:
    """`turns(loop[r, c])`, `straight(...)`, `straight_next(...)`, `turns_next(...)` as conditions on
    the loop's edges."""
    loop, (r, c) = _cell_of(lowering, node)
    if node.func in ("inside", "outside"):
        inside = _inside(lowering, loop, r, c, node)
        off = ir.InSet(_at(loop.on, r, c), (0,))
        return all_of([off, inside if node.func == "inside" else negate(inside)])
    if node.func == "straight":
        return _straight(loop, r, c)
    if node.func == "turns":
        return _turns(loop, r, c)
    return _next_cells(loop, r, c, node.func == "straight_next")


def _drawn(edge: str | None) -> ir.Constraint:
    return ir.FALSE if edge is None else ir.InSet(edge, (1,))


def _straight(loop: CellLoop, r: int, c: int) -> ir.Constraint:
    """Both edges of the row, or both of the column."""
    return any_of([all_of([_drawn(loop.edge(r, c, a)), _drawn(loop.edge(r, c, a + 2))]) for a in (0, 1)])


def _turns(loop: CellLoop, r: int, c: int) -> ir.Constraint:
    """An edge of the row and one of the column."""
    return any_of(
        [all_of([_drawn(loop.edge(r, c, a)), _drawn(loop.edge(r, c, b))]) for a in (0, 2) for b in (1, 3)]
    )


def _next_cells(loop: CellLoop, r: int, c: int, straight: bool) -> ir.Constraint:
    """Along each step the loop takes from (r, c), whether it carries on the same way from the cell it
    reaches: in every one of them (straight), or not in at least one (turns). The loop enters that
    cell along the step, so it goes straight there exactly when it leaves along the same step."""
    parts = []
    for step in range(4):
        edge = loop.edge(r, c, step)
        if edge is None:
            continue
        dr, dc = STEPS[step]
        onward = _drawn(loop.edge(r + dr, c + dc, step))
        if straight:
            parts.append(any_of([ir.InSet(edge, (0,)), onward]))
        else:
            parts.append(all_of([ir.InSet(edge, (1,)), ir.Not(onward) if onward != ir.FALSE else ir.TRUE]))
    return all_of(parts) if straight else any_of(parts)


def _inside(lowering: Any, loop: CellLoop, r: int, c: int, node: ast.Call) -> ir.Constraint:
    """Whether a cell off the loop is inside it: a ray from a point just below its centre to the left
    edge crosses the loop an odd number of times, at the steps down from row r in the columns before c."""
    parity = _parity(lowering, loop, r, c, node)
    return ir.FALSE if parity is None else ir.InSet(parity, (1,))


def _parity(lowering: Any, loop: CellLoop, r: int, c: int, node: ast.Call) -> str | None:
    """A 0/1 variable, the parity of the steps down from (r, 0) ... (r, c - 1); None for no step."""
    if c == 0 or r == loop.rows - 1:
        return None
    step = _at(loop.down, r, c - 1)
    before = _parity(lowering, loop, r, c - 1, node)
    if before is None:
        return step
    if (r, c) not in loop.parities:
        name: str = new_aux_name(lowering.scope, "inside")
        lowering.problem.add_var(name, (0, 1), output=False)
        rows = tuple((a ^ b, a, b) for a in (0, 1) for b in (0, 1))
        lowering.problem.post(ir.Table((name, before, step), tuple(sorted(rows))), node.span, lowering.instance)
        loop.parities[(r, c)] = name
    return loop.parities[(r, c)]


def _cell_of(lowering: Any, node: ast.Call) -> tuple[CellLoop, tuple[int, int]]:
    """The loop and the place of the call's one argument, a cell of a loop's grid of cells."""
    if len(node.args) != 1:
        raise error(f"{node.func} takes one cell of a loop: {node.func}(loop[r, c])", node, _CELL_HINT)
    value = lowering.eval(node.args[0])
    one_cell = isinstance(value, Lin) and len(value.terms) == 1 and value.terms[0][0] == 1 and not value.const
    var = value.terms[0][1] if one_cell else None
    loop = _LOOPS.get(lowering, {}).get(var) if var is not None else None
    if var is None or loop is None:
        raise error(
            f"{node.func} takes a cell of the grid of a loop's cells, written after its cell_loop(loop, right, down)",
            node.args[0],
            _CELL_HINT,
        )
    return loop, loop.place[var]


def _loop_of(lowering: Any, node: ast.Call) -> CellLoop:
    """The three grids of a cell_loop, checked: two dimensions each, whole, of bools, shapes that fit."""
    if node.func == "cell_loop" and len(node.args) != 3:
        raise error(f"cell_loop takes three grids, and {_given(len(node.args))}", node, _LOOP_FORM)
    grids = []
    for arg, what in zip(node.args[:3], ("loop", "right", "down"), strict=True):
        value = lowering.eval(arg)
        if not isinstance(value, Array) or len(value.ranges) != 2:
            raise error(f"cell_loop(loop, right, down): {what} must be a var grid of two dimensions", arg, _LOOP_FORM)
        if len(value.cells) != len(value.ranges[0]) * len(value.ranges[1]):
            raise error(f"cell_loop(loop, right, down): {what} must be whole (no black cells)", arg, _LOOP_FORM)
        domains = lowering.problem.variables
        if any(not set(domains[name].domain) <= {0, 1} for name in value.cells.values()):
            raise error(f"cell_loop(loop, right, down): {what} must be bool variables", arg, _LOOP_FORM)
        grids.append(value)
    on, right, down = grids
    (rows, cols), shape_right, shape_down = ([len(r) for r in g.ranges] for g in grids)
    if shape_right != [rows, cols - 1] or shape_down != [rows - 1, cols] or rows < 2 or cols < 2:
        raise error(
            f"cell_loop(loop, right, down): for a loop of {rows} x {cols} cells, right is {rows} x {cols - 1} and "
            f"down {rows - 1} x {cols}; here right is {_shape(shape_right)} and down {_shape(shape_down)}",
            node,
            _LOOP_FORM,
        )
    return CellLoop(on, right, down)


def _at(array: Array, r: int, c: int) -> str:
    return array.cells[(array.ranges[0][r], array.ranges[1][c])]


def _shape(sizes: list[int]) -> str:
    return " x ".join(map(str, sizes))


def _given(n: int) -> str:
    return "1 is given" if n == 1 else f"{n} are given"
