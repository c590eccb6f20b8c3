"""Areas and loops as MiniZinc writes them: `connected(g, v)` (the cells of g whose value is in v are
one area) and `single_loop(h, v)` (the drawn edges are one loop), each a predicate written once
(`functions.py`) and called on the model's arrays."""

from __future__ import annotations

from ...core.static_types import Any
from ...syntax import ast
from .functions import ONE_AREA, SINGLE_LOOP
from .views import NoView


def one_area(clues: Any, grid_node: ast.Node, value: ast.Node) -> str:
    """`connected(g, v)` on a whole declared grid of two or more cells."""
    grid = clues.grids.get(grid_node.name) if isinstance(grid_node, ast.Name) else None
    if grid is None or len(grid.ranges) != 2 or all(lo == hi for lo, hi in grid.ranges) or grid.shape is not None:
        raise NoView("connected")
    items = value.items if isinstance(value, ast.SetLit) else [value]
    return f"{_predicate(clues, 'connected', 'one_area', ONE_AREA)}({grid.name}, " \
           f"{{{', '.join(clues.num(item) for item in items)}}})"


def single_loop(clues: Any, call: ast.Call) -> str:
    """`single_loop(h, v)` on two whole grids (the lowering checked that their shapes fit)."""
    grids = [clues.grids.get(arg.name) if isinstance(arg, ast.Name) else None for arg in call.args]
    names = [g.name for g in grids if g is not None and len(g.ranges) == 2 and g.shape is None]
    if len(names) != 2 or len(grids) != 2:
        raise NoView("single_loop")
    return f"{_predicate(clues, 'single_loop', 'single_loop', SINGLE_LOOP)}({names[0]}, {names[1]})"


def _predicate(clues: Any, key: str, base: str, text: str) -> str:
    """The predicate's name in this model, defined once, with MiniZinc's `connected` included."""
    name: str = clues.floored.setdefault(key, clues.fresh(base))
    clues.defined[name] = text.format(name)
    clues.used.add("connected.mzn")
    return name
