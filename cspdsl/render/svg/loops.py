"""A loop (`single_loop(h, v)`) drawn as puzzle books draw one: the dots of the grid's corners and
the edges the loop takes as one line, instead of its two grids of 0s and 1s.

`h[i, c]` joins the corners (i, c - 1) and (i, c); `v[r, j]` joins (r - 1, j) and (r, j)."""

from __future__ import annotations

from collections.abc import Mapping

from ...lower.layout import Grid
from .canvas import FOUND, INK, Block, caption, circle, column, line

CELL = 40
Corner = tuple[int, int]


def loop_block(h: Grid, v: Grid, solution: Mapping[str, int], fixed: Mapping[str, int]) -> Block | None:
    """The loop over its dots, under the grids' names; None when the grids are not a loop's (each
    2-D) and are drawn as grids."""
    if len(h.index_ranges) != 2 or len(v.index_ranges) != 2:
        return None
    edges = [(_h_ends(index), var) for index, var in h.cells.items()]
    edges += [(_v_ends(index), var) for index, var in v.cells.items()]
    corners = {corner for (a, b), _ in edges for corner in (a, b)}
    top, left = min(r for r, _ in corners), min(c for _, c in corners)
    height, width = max(r for r, _ in corners) - top, max(c for _, c in corners) - left

    def at(corner: Corner) -> tuple[float, float]:
        return (corner[1] - left) * CELL + 4, (corner[0] - top) * CELL + 4

    body = Block(width * CELL + 8, height * CELL + 8)
    for (a, b), var in edges:
        if solution.get(var) == 1:
            (x1, y1), (x2, y2) = at(a), at(b)
            body.elements.append(line(x1, y1, x2, y2, INK if var in fixed else FOUND, 4))
    body.elements += [circle(*at(corner), 2.5, fill=INK, stroke=INK, width=0) for corner in sorted(corners)]
    return column([caption(f"{h.name}, {v.name}", 14), body], gap=4)


def _h_ends(index: tuple[int, ...]) -> tuple[Corner, Corner]:
    i, c = index
    return (i, c - 1), (i, c)


def _v_ends(index: tuple[int, ...]) -> tuple[Corner, Corner]:
    r, j = index
    return (r - 1, j), (r, j)
