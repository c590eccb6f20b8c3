"""Sight lines on a grid, as Kurodoko and Light Up print them: a cell sees along its row and its
column, in the four directions, up to the first cell that blocks the view or the grid's edge.

`seen(g[r, c])` is how many cells the cell (r, c) sees, itself included, when the shaded cells (a
value other than 0) block the view: Kurodoko's clue is `seen(black[r, c]) == 7`. A shaded cell sees
nothing (0), so the clue also says its own cell is white. Which cells are shaded is not known, so the
view is no list of cells: "the k-th cell along a direction is seen" is an And of "not shaded" over the
cell and every cell up to it, and the view counts those conditions. Compared with a constant it is
one `Count` with no new variable; anywhere else each condition gets a 0/1 auxiliary variable, 1
exactly when it holds, as `visibility.py` does for skyscrapers. No constraint kind of its own, so
every backend, the checker and the MiniZinc export take it as they are.

`sight(g[r, c])` is the list of cells (r, c) sees when the walls are known: the black cells (`#`) of
a grid drawn with a shape, as Light Up's walls. It is the cell itself, then each direction nearest
first (right, down, left, up), and adds nothing to the problem: `sum(sight(lamp[r, c])) >= 1` says
the cell is lit.

With a direction as a second argument, written as a word (`seen(g[r, c], left)`, `right`, `down`,
`up`), both look one way only and count or list the cells beside the cell, not the cell itself.

A black cell of a shaped grid blocks both views; the grid's own index ranges give the directions
(the next cell along a row is the next index of its range, as `neighbours` reads it).
"""

from __future__ import annotations

import weakref

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin, all_of, linear
from .calls import is_seen
from .context import error
from .neighbours import first_places
from .values import Array
from .visibility import counted, view_comparison

DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # right, down, left, up
DIRECTION_WORDS = ("right", "down", "left", "up")
HOW = {
    "seen": "give it one cell of a grid, and a direction if one: seen(black[r, c]) == 7, seen(black[r, c], left)",
    "sight": "give it one cell of a grid, and a direction if one: sum(sight(lamp[r, c])) >= 1",
}


def sight_value(lowering: Any, call: ast.Call) -> Any:
    """`seen(...)` as a number, `sight(...)` as its list of cells."""
    if call.func == "sight":
        return [Lin(((1, var),)) for var in _cells_in_sight(lowering, call)]
    return _seen_value(lowering, call)


def seen_comparison(lowering: Any, node: ast.Compare) -> ir.Constraint | None:
    """`seen(g[r, c]) op k`: with k a constant, one Count of the cells seen; with k an expression, the
    view as a number compared with it; None when neither side is a view (or for a relation)."""
    return view_comparison(lowering, node, is_seen, _seen_conditions, "seen")


def _seen_conditions(lowering: Any, call: ast.Call) -> list[ir.Constraint]:
    """For the cell and each cell along each direction, the condition that it is seen: it and every
    cell from the start to it are white (0)."""
    start, lines, itself = _lines_of_sight(lowering, call)
    steps = sum(len(line) * (len(line) + 1) // 2 for line in lines)
    lowering.sizes.add_pairs(steps, f"this view goes through {steps} steps along its lines", call.span)
    here = _white(start)
    conditions = [here] if itself else []
    for line in lines:
        path = [here]
        for cell in line:
            path.append(_white(cell))
            conditions.append(all_of(list(path)))
    return conditions


def _white(var: str) -> ir.Constraint:
    """A cell that does not block the view: its value is 0."""
    return linear(Lin(((1, var),)), "==", 0)


def _seen_value(lowering: Any, call: ast.Call) -> Lin | int:
    """The number of cells seen, as a number."""
    return counted(lowering, _seen_conditions(lowering, call), call, "seen")


def _cells_in_sight(lowering: Any, call: ast.Call) -> list[str]:
    """The cell and the cells it sees along each direction up to a black cell, nearest first (along
    the one direction given, without the cell itself)."""
    start, lines, itself = _lines_of_sight(lowering, call)
    return [*([start] if itself else []), *(cell for line in lines for cell in line)]


def _lines_of_sight(lowering: Any, call: ast.Call) -> tuple[str, list[list[str]], bool]:
    """The call's cell, the cells along each direction from it (or the one direction given), nearest
    first, up to a black cell or the edge of its grid, and whether the cell itself is in view (it is
    not when one direction is given)."""
    var, owner, (r, c) = _cell_of(lowering, call)
    direction = _direction(call)
    rows, cols = owner.ranges
    lines = []
    for dr, dc in DIRECTIONS if direction is None else DIRECTIONS[direction : direction + 1]:
        line, i, j = [], r + dr, c + dc
        while 0 <= i < len(rows) and 0 <= j < len(cols) and (rows[i], cols[j]) in owner.cells:
            line.append(owner.cells[(rows[i], cols[j])])
            i, j = i + dr, j + dc
        lines.append(line)
    return var, lines, direction is None


def _direction(call: ast.Call) -> int | None:
    """The direction a second argument names, as written (right, down, left or up); None without one."""
    if len(call.args) < 2:
        return None
    word = call.args[1]
    if not isinstance(word, ast.Name) or word.name not in DIRECTION_WORDS:
        raise error("a direction is right, down, left or up", word, HOW[call.func])
    return DIRECTION_WORDS.index(word.name)


def _cell_of(lowering: Any, call: ast.Call) -> tuple[str, Array, tuple[int, int]]:
    """The variable of the call's one argument, a cell of a grid of two dimensions, its grid and its
    place in it."""
    if len(call.args) not in (1, 2):
        raise error(f"{call.func} takes one cell of a grid, and a direction if one", call, HOW[call.func])
    value = lowering.eval(call.args[0])
    one_cell = isinstance(value, Lin) and len(value.terms) == 1 and value.terms[0][0] == 1 and not value.const
    var = value.terms[0][1] if one_cell else None
    if var is not None and var not in _PLACES.get(lowering, {}):
        _PLACES[lowering] = _places(lowering)  # made again when an array was declared since
    if var is None or var not in _PLACES[lowering]:
        raise error(f"{call.func} takes a cell of a grid, such as g[2, 3]", call.args[0], HOW[call.func])
    owner, place = _PLACES[lowering][var]
    if place is None:
        dimensions = f"{len(owner.ranges)} dimension{'s' if len(owner.ranges) > 1 else ''}"
        raise error(f"{call.func} looks along the rows and columns of a grid; '{owner.name}' has {dimensions}",
                    call.args[0], HOW[call.func])
    return var, owner, place


Place = tuple[Array, tuple[int, int] | None]
# Each lowering's array cells by variable: the cell's grid and its (row, column) by position in the
# grid's index ranges (None off a grid of two dimensions), made once, not looked for at each call.
_PLACES: weakref.WeakKeyDictionary[Any, dict[str, Place]] = weakref.WeakKeyDictionary()


def _places(lowering: Any) -> dict[str, Place]:
    """Every array cell of the model by its variable, with its grid and its place in it."""
    found: dict[str, Place] = {}
    for owner in lowering.env.names.values():
        if not isinstance(owner, Array):
            continue
        positions = [first_places(indices) for indices in owner.ranges]
        for index, var in owner.cells.items():
            found[var] = (owner, (positions[0][index[0]], positions[1][index[1]]) if len(index) == 2 else None)
    return found
