"""`forall group in g.rows + g.columns + part.regions: C` as MiniZinc writes it: a forall for each
family of groups (a grid's families in `grids.py`, a shape's runs in `views.py`, a region map's
regions, a board's lines), the group bound to its cells while the body is read; the binders after the
group's (`forall group in part.regions, cell in group`) a forall inside."""

from __future__ import annotations

from collections.abc import Callable

from ...core.static_types import Any
from ...syntax import ast
from .boards import Board, lines_array
from .grids import Family, grid_families
from .views import NoView, run_families


def forall_families(clues: Any, binders: ast.Binders) -> Callable[[ast.Node], str] | None:
    """The writer of the forall's body over each family, or None for a forall over no family."""
    binder, *inner = binders.binders
    if binder.unpack or (binders.where is not None and not inner):
        return None
    clues.avoid = names_in(binders) | names_in(binder.source)
    families = family_list(clues, binder.source)
    if families is None:
        return None
    rest = ast.Binders(binders.span, tuple(inner), binders.where) if inner else None

    def write(body: ast.Node) -> str:
        clues.avoid |= names_in(body)
        parts = []
        for generator, group, kind in families:
            saved = dict(clues.names)
            clues.names[binder.name] = (kind, group)
            text = clues.cond(body) if rest is None else _inner_forall(clues, rest, body)
            parts.append(f"forall({generator})({text})" if generator else text)
            clues.names = saved
        return " /\\\n  ".join(parts)

    return write


def _inner_forall(clues: Any, binders: ast.Binders, body: ast.Node) -> str:
    """`forall group in part.regions, cell in group: C`: the binders after the group's, a forall in its."""
    generators, after = clues.binders(binders)
    text = clues.cond(body)
    after()
    return f"forall({generators})({text})"


def family_list(clues: Any, node: ast.Node) -> list[Family] | None:
    """Each family's generator (empty for a single group), its group's cells, and the group's kind."""
    if isinstance(node, ast.BinOp) and node.op == "+":
        left, right = family_list(clues, node.left), family_list(clues, node.right)
        return None if left is None or right is None else left + right
    if not isinstance(node, ast.Member) or not isinstance(node.target, ast.Name):
        return None
    name = node.target.name
    r, c, i, j = (clues.fresh(x) for x in "rcij")  # the indices a family's generator binds
    if name in clues.boards and node.name in clues.boards[name].groups:
        return [(*_board_lines(clues, clues.boards[name], node.name), "list")]
    if name in clues.regions and node.name == "regions":
        regions = clues.regions[name]
        return [(f"{i} in 1..{len(regions.letters)}", clues.region(regions, i), "list")]
    grid = clues.grids.get(name)
    if grid is None:
        return None
    return run_families(clues, grid, node.name, i) or grid_families(grid, node.name, (r, c, i, j))


def _board_lines(clues: Any, board: Board, group: str) -> tuple[str, str]:
    """A forall over a board's group of lines: the line's number, its cells."""
    name = f"{board.name}_{group}"
    declaration = lines_array(board, group, name)
    if declaration is None or name in clues.names or name in clues.grids:
        raise NoView(group)
    clues.defined[name] = declaration
    line, x = clues.fresh("l"), clues.fresh("x")
    return f"{line} in 1..{len(board.groups[group])}", f"[{board.name}[{x}] | {x} in {name}[{line}]]"


def names_in(node: object) -> set[str]:
    """Every name a node uses or binds, at any depth."""
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple | list):
            stack.extend(item)
        elif isinstance(item, ast.Node):
            for key in ("name", "unpack"):
                value = getattr(item, key, None)
                found |= {value} if isinstance(value, str) else set(value or ())
            stack.extend(getattr(item, f) for f in vars(type(item)).get("__annotations__", {}) if hasattr(item, f))
    return found
