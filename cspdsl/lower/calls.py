"""The names of the functions whose lowering has a module of its own, and how to tell a call of one.

The dispatch (`conditions`, `expressions`, `bodies`) reads them here, so that the modules that
lower the calls (`areas`, `graphs`, `partitions`, `rectangles`, `sized_areas`, `tetrominoes`,
`cell_loops`, `paths`, `neighbours`, `sight`, `automata`, `visibility`) load only when a model calls
one: a plain solve of a logic grid never does (docs/performance.md, Start-up)."""

from __future__ import annotations

from ..syntax import ast

AREA_CALLS = ("connected", "single_loop")
GRAPH_CALLS = ("linked", "no_loop", "paired")
PARTITION_CALLS = ("area_size", "clue_areas")
TILING_CALLS = ("rectangles", "sized_areas", "tetrominoes")
LOOP_CLUES = ("cell_loop", "cell_path")
LOOP_CELL_CALLS = ("turns", "straight", "straight_next", "turns_next", "inside", "outside")
PATH_CLUES = ("paths", "numbered_path")
NEIGHBOUR_CALLS = {"neighbours": "adjacent", "neighbors": "adjacent", "around": "touching"}
SIGHT_CALLS = ("seen", "sight")


def is_runs_clue(node: ast.Node) -> bool:
    """Whether a clue is `runs(...) == [...]` (or written the other way round)."""
    return isinstance(node, ast.Compare) and any(is_runs(side) for side in (node.left, node.right))


def is_runs(node: ast.Node) -> bool:
    return isinstance(node, ast.Call) and node.func == "runs"


def is_visible(node: ast.Node) -> bool:
    return isinstance(node, ast.Call) and node.func == "visible"


def is_seen(node: ast.Node) -> bool:
    return isinstance(node, ast.Call) and node.func == "seen"


def is_area_size(node: ast.Node) -> bool:
    return isinstance(node, ast.Call) and node.func == "area_size"


def is_view(node: ast.Node) -> bool:
    """Whether a node is a count of what is seen (`visible(...)`, `seen(...)`), which a comparison
    with it lowers as one Count."""
    return is_visible(node) or is_seen(node)
