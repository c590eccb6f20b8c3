"""Open paths through the cells of a grid, written as the cells' numbers (Numberlink, Hidato, Numbrix).

`paths(g, ends)`: Numberlink's rule. `ends` is a constant grid of numbers the size of g, 0 where no
path ends; each other number stands in exactly two cells, the ends of its path. The cells of g that
hold a number k form one path from one end of k to the other: each end has exactly one neighbour that
holds k, each other cell that holds k exactly two, and the cells of k are one `Connected` area (no
loop apart from the path). A cell holds 0 (empty, when 0 is in g's domain) or a number of an end.
A path so read never runs beside itself: two cells of one path that are neighbours follow each other
on it, as Numberlink's answers are drawn.

`numbered_path(g)`: Numbrix's and Hidato's rule. The cells hold 1, 2, ..., one number each, and each
number but the last is in a neighbour of the cell of the next one: the numbers, in order, walk one
path through every cell. Neighbours are the cells that share a side; `numbered_path(g, around)` takes
those that share a corner too (Hidato). Each cell is one disjunction of "the next number is beside
it", and the numbers are all different: no kind of its own, every backend takes it as it is.
"""

from __future__ import annotations

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin, any_of, count, linear
from .context import error
from .values import Array, as_list

_PATHS_FORM = "paths takes a grid of numbers and the grid of its paths' ends, 0 where none ends: paths(g, ends)"
_NUMBERED_FORM = "numbered_path takes a grid of numbers 1, 2, ...: numbered_path(g), or numbered_path(g, around)"
Steps = tuple[tuple[int, int], ...]
SIDES: Steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
AROUND: Steps = (*SIDES, (1, 1), (1, -1), (-1, 1), (-1, -1))


def nested_path(node: ast.Call) -> ir.Constraint:
    """The error for a path clue inside a condition."""
    raise error(
        f"{node.func}(...) is a clue of its own: it cannot stand inside a condition",
        node,
        "write it on a line of its own: paths(g, ends), numbered_path(g)",
    )


def path_constraints(lowering: Any, node: ast.Call) -> list[ir.Constraint]:
    if node.func == "paths":
        return _paths(lowering, node)
    return _numbered_path(lowering, node)


def _grid(lowering: Any, node: ast.Call, form: str) -> tuple[Array, dict[tuple[int, int], str]]:
    """The call's first argument, a var grid of two dimensions, and its cells by place (from 0)."""
    if not node.args:
        raise error(form, node)
    value = lowering.eval(node.args[0])
    if not isinstance(value, Array) or len(value.ranges) != 2:
        raise error(f"{node.func}: its first argument must be a var grid of two dimensions", node.args[0], form)
    rows, cols = value.ranges
    cells = {
        (r, c): value.cells[(i, j)]
        for r, i in enumerate(rows)
        for c, j in enumerate(cols)
        if (i, j) in value.cells
    }
    return value, cells


def _neighbours(cells: dict[tuple[int, int], str], r: int, c: int, steps: Steps) -> list[str]:
    return [cells[(r + dr, c + dc)] for dr, dc in steps if (r + dr, c + dc) in cells]


def _paths(lowering: Any, node: ast.Call) -> list[ir.Constraint]:
    """Each end holds its number and has one neighbour of it; each other cell that holds a number k has
    two; each number's cells are connected."""
    if len(node.args) != 2:
        raise error(_PATHS_FORM, node)
    grid, cells = _grid(lowering, node, _PATHS_FORM)
    ends = _ends(lowering, node.args[1], grid, cells)
    numbers = sorted(set(ends.values()))
    domains = lowering.problem.variables
    constraints: list[ir.Constraint] = []
    for (r, c), var in sorted(cells.items()):
        around = _neighbours(cells, r, c, SIDES)
        k = ends.get((r, c))
        if k is not None:
            constraints.append(ir.InSet(var, (k,)))
            constraints.append(count([ir.InSet(n, (k,)) for n in around], "==", 1))
            continue
        allowed = tuple(v for v in domains[var].domain if v == 0 or v in numbers)
        constraints.append(ir.InSet(var, allowed))
        for k in (v for v in allowed if v != 0):
            holds = count([ir.InSet(n, (k,)) for n in around], "==", 2)
            constraints.append(any_of([ir.InSet(var, tuple(v for v in allowed if v != k)), holds]))
    places = sorted(cells)
    number = {place: n for n, place in enumerate(places)}
    edges = tuple(
        (number[(r, c)], number[(r + dr, c + dc)])
        for r, c in places
        for dr, dc in SIDES[:2]
        if (r + dr, c + dc) in number
    )
    for k in numbers:
        constraints.append(ir.Connected(tuple(ir.InSet(cells[p], (k,)) for p in places), edges))
    return constraints


def _ends(lowering: Any, arg: ast.Node, grid: Array, cells: dict[tuple[int, int], str]) -> dict[tuple[int, int], int]:
    """The ends' grid, read: its numbers other than 0 by place, each twice, each a value of its cells."""
    rows = as_list(lowering.eval(arg), arg)
    shape = [len(grid.ranges[0]), len(grid.ranges[1])]
    if len(rows) != shape[0] or any(len(as_list(row, arg)) != shape[1] for row in rows):
        raise error(f"paths(g, ends): ends must be a grid of numbers of g's shape, {shape[0]} x {shape[1]}", arg,
                    _PATHS_FORM)
    ends: dict[tuple[int, int], int] = {}
    for r, row in enumerate(rows):
        for c, item in enumerate(as_list(row, arg)):
            if not isinstance(item, int) or isinstance(item, bool):
                raise error("paths(g, ends): ends must be constant numbers, 0 where no path ends", arg, _PATHS_FORM)
            if item != 0:
                if (r, c) not in cells:
                    raise error(f"paths(g, ends): a path ends on a black cell (row {r + 1}, column {c + 1})", arg,
                                "a path's ends are cells of g")
                ends[(r, c)] = item
    for k in sorted(set(ends.values())):
        places = [p for p, v in ends.items() if v == k]
        if len(places) != 2:
            cells_said = f"{len(places)} cell{'s' if len(places) != 1 else ''}"
            raise error(f"paths(g, ends): a path has two ends, and {k} stands in {cells_said} of ends", arg,
                        "each number other than 0 stands in exactly two cells")
        if any(k not in lowering.problem.variables[cells[p]].domain for p in places):
            raise error(f"paths(g, ends): {k} is not a value of the cells of {grid.name}", arg,
                        f"declare {grid.name} with a value for each path, and 0 for an empty cell")
    return ends


def _numbered_path(lowering: Any, node: ast.Call) -> list[ir.Constraint]:
    """All different, and each cell's number is the last or its successor is in a neighbour."""
    if len(node.args) not in (1, 2):
        raise error(_NUMBERED_FORM, node)
    steps = SIDES
    if len(node.args) == 2:
        word = node.args[1]
        if not isinstance(word, ast.Name) or word.name != "around":
            raise error("numbered_path's second argument is the word around (neighbours across corners too)", word,
                        _NUMBERED_FORM)
        steps = AROUND
    _, cells = _grid(lowering, node, _NUMBERED_FORM)
    last = len(cells)
    domains = lowering.problem.variables
    constraints: list[ir.Constraint] = [ir.AllDifferent(tuple(cells[p] for p in sorted(cells)))]
    for (r, c), var in sorted(cells.items()):
        if not set(domains[var].domain) <= set(range(1, last + 1)):
            raise error(f"numbered_path: the {last} cells of the grid hold 1..{last}, and {var} may hold other numbers",
                        node.args[0], f"declare the grid in 1..{last}")
        nexts = [linear(Lin(((1, n), (-1, var))), "==", 1) for n in _neighbours(cells, r, c, steps)]
        constraints.append(any_of([ir.InSet(var, (last,)), *nexts]))
    return constraints

