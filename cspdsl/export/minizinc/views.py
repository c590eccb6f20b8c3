"""What a cell sees along its row and column, the cells next to it, and the runs of a grid drawn
with a shape, as MiniZinc writes them: `seen(g[r, c])`, `sight(g[r, c])`, `neighbours(g[r, c])` and
`around(g[r, c])` functions defined once (`functions.py`) and called with the cell's grid and indices
(`sight` with the grid's shape too, whose black cells block the view), and the runs across and down
(`k.across`, `k.down`, `k.runs`) as par arrays of their lines and ends, a run the slice of its cells
(`shapes.py`)."""

from __future__ import annotations

from ...core.static_types import Any
from ...syntax import ast
from .functions import NEIGHBOURS, NEXT_TO, SEEN, SIGHT
from .grids import Family, Grid
from .shapes import RUN_KINDS, run_slice, runs_declaration


class NoView(Exception):
    """A view or a run without a MiniZinc form here (a direction given, a grid without a shape)."""


def cell_of(clues: Any, node: ast.Node) -> tuple[Grid, str, str]:
    """The grid and the indices of the one cell a view is of: `g[r, c]`, or a name bound to a cell."""
    if isinstance(node, ast.Name):
        kind, value = clues.names.get(node.name, ("", None))
        if kind == "cell":
            return value.grid, value.row, value.column
    if isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and len(node.indices) == 2:
        grid = clues.grids.get(node.target.name)
        if grid is not None and len(grid.ranges) == 2:
            return grid, clues.num(node.indices[0]), clues.num(node.indices[1])
    raise NoView("cell")


def seen(clues: Any, call: ast.Call) -> str:
    """`seen(g[r, c])` on a whole grid, the cells blocked by a value other than 0."""
    if len(call.args) != 1:
        raise NoView("direction")
    grid, r, c = cell_of(clues, call.args[0])
    if grid.shape is not None:
        raise NoView("shape")
    return f"{_defined(clues, 'seen', SEEN)}({grid.name}, {r}, {c})"


def sight(clues: Any, call: ast.Call) -> str:
    """`sight(g[r, c])` on a grid drawn with a shape, its black cells the walls."""
    if len(call.args) != 1:
        raise NoView("direction")
    grid, r, c = cell_of(clues, call.args[0])
    if grid.shape is None:
        raise NoView("shape")
    return f"{_defined(clues, 'sight', SIGHT)}({grid.name}, {grid.shape.mask}, {r}, {c})"


# cspdsl's calls of the cells next to a cell -> the family of pairs they are (`lower/calls.py`)
NEIGHBOUR_CALLS = {"neighbours": "adjacent", "neighbors": "adjacent", "around": "touching"}


def neighbours(clues: Any, call: ast.Call) -> str:
    """`neighbours(g[r, c])`, `around(g[r, c])` on a whole grid."""
    if len(call.args) != 1:
        raise NoView("neighbours")
    grid, r, c = cell_of(clues, call.args[0])
    if grid.shape is not None:
        raise NoView("shape")
    return f"{neighbour_function(clues, NEIGHBOUR_CALLS[call.func])}({grid.name}, {r}, {c})"


def neighbour_function(clues: Any, family: str) -> str:
    """The function of the cells next to a cell (`adjacent`: a side; `touching`: a corner too), defined once."""
    name = "neighbours" if family == "adjacent" else "around"
    return _defined(clues, name, NEIGHBOURS, NEXT_TO[family])


def _defined(clues: Any, name: str, text: str, *more: str) -> str:
    function: str = clues.floored.setdefault(name, clues.fresh(name))
    clues.defined[function] = text.format(function, *more)
    return function


def run_families(clues: Any, grid: Grid, group: str, i: str) -> list[Family] | None:
    """`forall run in k.runs`: a forall over the runs across, then one over those down."""
    if grid.shape is None or group not in (*RUN_KINDS, "runs"):
        return None
    kinds = RUN_KINDS if group == "runs" else (group,)
    families: list[Family] = []
    for kind in kinds:
        families.append((f"{i} in 1..{len(grid.shape.runs(kind))}", run_cells(clues, grid, kind, i), "block"))
    return families


def run_cells(clues: Any, grid: Grid, kind: str, i: str) -> str:
    """The cells of run `i` across or down: the slice its par array gives."""
    name = _runs_array(clues, grid, kind)
    return run_slice(grid.name, kind, *(f"{name}[{i}, {k}]" for k in (1, 2, 3)))


def _runs_array(clues: Any, grid: Grid, kind: str) -> str:
    """The par array of the runs of one kind, declared once."""
    key = f"{grid.name}.{kind}"
    if key not in clues.floored:
        clues.floored[key] = clues.fresh(f"{grid.name}_{kind}")
    name: str = clues.floored[key]
    clues.defined[name] = runs_declaration(grid.shape, kind, name)  # type: ignore[arg-type]
    return name


def run_of(clues: Any, node: ast.Index) -> str | None:
    """`k.across[2]`, `k.down[i]`, `k.runs[3]`: a run by its number, the slice of its cells (a number
    written as a number: the slice itself); None for no run."""
    target = node.target
    if not (isinstance(target, ast.Member) and isinstance(target.target, ast.Name) and len(node.indices) == 1):
        return None
    grid = clues.grids.get(target.target.name)
    if grid is None or grid.shape is None or target.name not in (*RUN_KINDS, "runs"):
        return None
    index = node.indices[0]
    if isinstance(index, ast.Num):
        runs = [(kind, run) for kind in (RUN_KINDS if target.name == "runs" else (target.name,))
                for run in grid.shape.runs(kind)]
        if not 1 <= index.value <= len(runs):
            return None
        kind, run = runs[index.value - 1]
        return run_slice(grid.name, kind, str(run.line), str(run.first), str(run.last))
    if target.name == "runs":
        return None
    return run_cells(clues, grid, target.name, clues.num(index))
