"""A grid drawn with a shape (its black cells `#`) as MiniZinc writes one: the whole array over its
ranges, with the shape beside it as a par array of 0s and 1s over the same ranges (`k_shape`, 0 a
black cell), each black cell holding 0 so that it adds no solutions; the shape's cells are those
where the shape is 1 (`[k[r, c] | r, c in 1..4 where k_shape[r, c] = 1]`), and its runs across and
down (`k.across`, `k.down`, `k.runs`) par arrays of each run's row or column, first and last index,
a run the slice of its cells (`k[k_across[i, 1], k_across[i, 2]..k_across[i, 3]]`, `k[2, 2..4]`
for a run named by its number)."""

from __future__ import annotations

from ...core.record import Record
from .writers import unused

RUN_KINDS = ("across", "down")


class Run(Record):
    """A run of two or more white cells side by side: its row (across) or column (down), and the
    first and last index along it."""

    line: int
    first: int
    last: int


class Shape(Record, frozen=False):
    """The shape of a grid: its par array's name, its ranges and its black cells."""

    mask: str
    ranges: list[tuple[int, int]]
    holes: frozenset[tuple[int, int]]
    zero_outside: bool = False  # 0 is no cell's value: a cell is 0 exactly where the shape is black

    def rows(self) -> list[list[int]]:
        (r0, r1), (c0, c1) = self.ranges
        return [[0 if (r, c) in self.holes else 1 for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)]

    def runs(self, kind: str) -> list[Run]:
        """The runs across (row by row, left to right) or down (in the reading order of their first
        cells), as the lowering numbers them (`lower/runs.py`)."""
        (r0, r1), (c0, c1) = self.ranges
        rows, cols = range(r0, r1 + 1), range(c0, c1 + 1)
        if kind == "across":
            return [run for r in rows for run in self._stretches(r, [(r, c) for c in cols], 1)]
        down = [run for c in cols for run in self._stretches(c, [(r, c) for r in rows], 0)]
        return sorted(down, key=lambda run: (run.first, run.line))

    def _stretches(self, line: int, cells: list[tuple[int, int]], along: int) -> list[Run]:
        found, current = [], []
        for cell in [*cells, None]:
            if cell is not None and cell not in self.holes:
                current.append(cell[along])
                continue
            if len(current) > 1:
                found.append(Run(line, current[0], current[-1]))
            current = []
        return found

    def generators(self, r: str, c: str) -> str:
        """The shape's cells as generators: `r, c in 1..4 where k_shape[r, c] = 1`."""
        return f"{cell_generators(r, c, self.ranges)} where {self.mask}[{r}, {c}] = 1"


def cell_generators(r: str, c: str, ranges: list[tuple[int, int]]) -> str:
    """Every cell of a grid of two dimensions: `r, c in 1..4`, or `r in 0..2, c in 1..3`."""
    (r0, r1), (c0, c1) = ranges
    return f"{r}, {c} in {r0}..{r1}" if (r0, r1) == (c0, c1) else f"{r} in {r0}..{r1}, {c} in {c0}..{c1}"


def shape_declaration(shape: Shape, array: str, declared: str) -> list[str]:
    """The shape's par array, the array's declaration (`declared`), and its black cells held at 0
    (with 0 outside the cells' own domain, a cell is 0 exactly where the shape is black)."""
    r = unused("r", {array, shape.mask})
    c = unused("c", {array, shape.mask, r})
    (r0, r1), (c0, c1) = shape.ranges
    body = " | ".join(", ".join(map(str, row)) for row in shape.rows())
    every = cell_generators(r, c, shape.ranges)
    cell, black = f"{array}[{r}, {c}]", f"{shape.mask}[{r}, {c}] = 0"
    holes = (f"constraint forall({every})(({cell} = 0) = ({black}));" if shape.zero_outside
             else f"constraint forall({every} where {black})({cell} = 0);")
    return [f"array[{r0}..{r1}, {c0}..{c1}] of 0..1: {shape.mask} = [| {body} |];  % 0: black (#)",
            declared, holes]


def runs_declaration(shape: Shape, kind: str, name: str) -> str:
    """`array[1..4, 1..3] of int: k_across = [| 1, 3, 4 | ... |];`: each run's line, first, last."""
    runs = shape.runs(kind)
    body = " | ".join(f"{run.line}, {run.first}, {run.last}" for run in runs)
    what = "row, first, last column" if kind == "across" else "column, first, last row"
    return f"array[1..{len(runs)}, 1..3] of int: {name} = [| {body} |];  % {what}"


def run_slice(array: str, kind: str, line: str, first: str, last: str) -> str:
    """The cells of a run: a row's slice across, a column's down."""
    return f"{array}[{line}, {first}..{last}]" if kind == "across" else f"{array}[{first}..{last}, {line}]"
