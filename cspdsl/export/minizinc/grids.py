"""A declared array as the clues see it (`Grid`), and the families of groups a grid of two dimensions
has, each as a MiniZinc generator and the cells of its group: `g.rows`, `g.columns`, `g.boxes`,
`g.diagonals`, and the pairs of `g.adjacent` and `g.touching` (one forall over the cells and the
steps to a neighbour, instead of a constraint per pair)."""

from __future__ import annotations

from ...core.record import Record
from ...core.static_types import Any
from .arrays import Array
from .shapes import Shape, cell_generators

# One family: its generator (empty for a single group), its group's cells, and the group's kind
# ("list", "block": a box or a slice, not indexed, "items": a list of the items' texts, a pair of
# neighbours, or "cell": one cell, a `Cell`).
Family = tuple[str, Any, str]

class Grid(Record):
    """A declared array a clue may name: its MiniZinc name, index ranges and box shape, and the
    shape of a grid drawn with black cells."""

    name: str
    ranges: list[tuple[int, int]]
    box: tuple[int, int] | None = None
    shape: Shape | None = None

    def cells(self, r: str, c: str) -> str:
        """Every cell, in reading order: the array, or a shape's `[k[r, c] | r, c in 1..4 where k_shape[r, c] = 1]`."""
        if self.shape is None:
            return self.name
        return f"[{self.name}[{r}, {c}] | {self.shape.generators(r, c)}]"


class Cell(Record):
    """One cell of a grid a quantifier binds (`forall cell in g.cells`): its text and its indices."""

    text: str
    grid: Grid
    row: str
    column: str


def grid_of(array: Array, box: tuple[int, int] | None, shape: Shape | None = None) -> Grid:
    """The translator's view of an array declared over ranges `lo..hi`."""
    ranges = [tuple(int(x) for x in s.split("..")) for s in array.index_sets]
    return Grid(array.name, [(r[0], r[1]) for r in ranges], box, shape)


def grid_families(grid: Grid, group: str, indices: tuple[str, str, str, str]) -> list[Family] | None:
    """The families of `grid.group`, their generators binding the fresh names `indices` (r, c, i, j);
    None for a group without a MiniZinc form here."""
    if len(grid.ranges) != 2:
        return None
    (r0, r1), (c0, c1) = grid.ranges
    r, c, i, j = indices
    if group == "cells":
        generator = grid.shape.generators(r, c) if grid.shape is not None else cell_generators(r, c, grid.ranges)
        return [(generator, Cell(f"{grid.name}[{r}, {c}]", grid, r, c), "cell")]
    if grid.shape is not None:  # its lines are broken at the black cells: its runs (`views.py`)
        return None
    if group == "rows":
        return [(f"{r} in {r0}..{r1}", f"row({grid.name}, {r})", "list")]
    if group == "columns":
        return [(f"{c} in {c0}..{c1}", f"col({grid.name}, {c})", "list")]
    if group == "boxes" and grid.box is not None:
        h, w = grid.box
        tops, lefts = _starts(r0, r1, h), _starts(c0, c1, w)
        generator = f"{r}, {c} in {tops}" if tops == lefts else f"{r} in {tops}, {c} in {lefts}"
        return [(generator, f"{grid.name}[{r}..{r} + {h - 1}, {c}..{c} + {w - 1}]", "block")]
    if group in ("adjacent", "touching"):
        return neighbour_pairs(grid, group, r, c, i, j)
    if group == "diagonals" and r1 - r0 == c1 - c0:  # each main diagonal one group: no generator
        shift = "" if c0 == r0 else f" {'+' if c0 > r0 else '-'} {abs(c0 - r0)}"
        return [("", f"[{grid.name}[{i}, {i}{shift}] | {i} in {r0}..{r1}]", "list"),
                ("", f"[{grid.name}[{i}, {c1 + r0} - {i}] | {i} in {r0}..{r1}]", "list")]
    return None


def neighbour_pairs(grid: Grid, group: str, r: str, c: str, i: str, j: str) -> list[Family]:
    """`g.adjacent` (cells side by side) and `g.touching` (also corner to corner): one forall over each
    cell and each step (i, j) to a later cell in reading order (right and down; for `touching` the
    diagonals down too), each pair its first cell, then the other, as the lowering pairs them."""
    (_, r1), (c0, c1) = grid.ranges
    rows = cell_generators(r, c, grid.ranges)
    if group == "adjacent":
        steps = f"{i}, {j} in 0..1 where {i} + {j} = 1 /\\ {r} + {i} <= {r1} /\\ {c} + {j} <= {c1}"
    else:
        steps = f"{i} in 0..1, {j} in -1..1 where ({i} = 1 \\/ {j} = 1) /\\ {r} + {i} <= {r1} " \
                f"/\\ {c} + {j} in {c0}..{c1}"
    return [(f"{rows}, {steps}", [f"{grid.name}[{r}, {c}]", f"{grid.name}[{r} + {i}, {c} + {j}]"], "items")]


def _starts(lo: int, hi: int, size: int) -> str:
    """The first index of each box along lo..hi: `{1, 4, 7}`."""
    return "{" + ", ".join(str(x) for x in range(lo, hi + 1, size)) + "}"
