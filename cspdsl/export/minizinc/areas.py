"""Areas, loops, paths and pairs as MiniZinc writes them: `connected(g, v)` (the cells of g whose
value is in v are one area), `single_loop(h, v)` (the drawn edges are one loop), `no_loop(d)` (a
Slant's diagonals close no loop), `numbered_path(g)` (1, 2, ... each next to the one before) and
`paired(a, b)` (the cells where a holds matched one to one with those where b holds, side by side),
each a predicate written once (`functions.py`) and called on the model's arrays."""

from __future__ import annotations

from collections.abc import Callable

from ...core.static_types import Any
from ...syntax import ast
from .functions import NO_LOOP, NUMBERED_PATH, ONE_AREA, PAIRED, SINGLE_LOOP
from .views import NoView, neighbour_function


def one_area(clues: Any, call: ast.Call) -> str:
    """`connected(g, v)` on a whole declared grid of two or more cells."""
    if len(call.args) != 2:
        raise NoView("connected")
    grid_node, value = call.args
    grid = clues.grids.get(grid_node.name) if isinstance(grid_node, ast.Name) else None
    if grid is None or len(grid.ranges) != 2 or all(lo == hi for lo, hi in grid.ranges) or grid.shape is not None:
        raise NoView("connected")
    items = value.items if isinstance(value, ast.SetLit) else [value]
    return f"{_predicate(clues, 'connected', 'one_area', ONE_AREA)}({grid.name}, " \
           f"{{{', '.join(clues.num(item) for item in items)}}})"


def loop(clues: Any, call: ast.Call) -> str:
    """`single_loop(h, v)` on two whole grids, `no_loop(d)` on one (the lowering checked their shapes)."""
    grids = [clues.grids.get(arg.name) if isinstance(arg, ast.Name) else None for arg in call.args]
    names = [g.name for g in grids if g is not None and len(g.ranges) == 2 and g.shape is None]
    if len(names) != len(grids) or len(names) != (2 if call.func == "single_loop" else 1):
        raise NoView(call.func)
    text = SINGLE_LOOP if call.func == "single_loop" else NO_LOOP
    return f"{_predicate(clues, call.func, call.func, text)}({', '.join(names)})"


def paired(clues: Any, call: ast.Call) -> str:
    """`paired(a, b)` on two grids (or 2-D lets) over the same ranges."""
    grids = [clues.grids.get(arg.name) if isinstance(arg, ast.Name) else None for arg in call.args]
    whole = [g for g in grids if g is not None and len(g.ranges) == 2 and g.shape is None]
    if len(whole) != 2 or len(grids) != 2 or whole[0].ranges != whole[1].ranges:
        raise NoView("paired")
    name: str = clues.floored.setdefault("paired", clues.fresh("paired"))
    clues.defined[name] = PAIRED.format(name)
    return f"{name}({whole[0].name}, {whole[1].name})"


def numbered_path(clues: Any, call: ast.Call) -> str:
    """`numbered_path(g)`, `numbered_path(g, around)` on a whole grid."""
    grid = clues.grids.get(call.args[0].name) if call.args and isinstance(call.args[0], ast.Name) else None
    around = len(call.args) == 2 and isinstance(call.args[1], ast.Name) and call.args[1].name == "around"
    if grid is None or len(grid.ranges) != 2 or grid.shape is not None or len(call.args) != 1 + around:
        raise NoView("numbered_path")
    nexts = neighbour_function(clues, "touching" if around else "adjacent")
    key = "numbered_path_around" if around else "numbered_path"  # each with its own neighbours
    name: str = clues.floored.setdefault(key, clues.fresh(key))
    clues.defined[name] = NUMBERED_PATH.format(name, nexts)
    clues.used.add("all_different.mzn")
    return f"{name}({grid.name})"


def _predicate(clues: Any, key: str, base: str, text: str) -> str:
    """The predicate's name in this model, defined once, with MiniZinc's `connected` included."""
    name: str = clues.floored.setdefault(key, clues.fresh(base))
    clues.defined[name] = text.format(name)
    clues.used.add("connected.mzn")
    return name


# Each call written as a predicate of its own, by its name in cspdsl.
PREDICATE_CALLS: dict[str, Callable[[Any, ast.Call], str]] = {
    "connected": one_area, "single_loop": loop, "no_loop": loop, "paired": paired, "numbered_path": numbered_path,
}
