"""What a picture shows beyond the values: the cells the model fixes (its givens), the regions its
letter maps draw over a grid, the grids of edges its `single_loop` joins into a loop, and the cells
an explanation's step has just found.

The givens are read from the IR (a unary `InSet` of one value: a `given` grid, a `--data` instance's
cell). The region maps and loops are recorded by lowering on the layout (`Layout.region_maps`,
`Layout.loops`), and handed over as `Marks` (`driver/result.drawn_marks`)."""

from __future__ import annotations

from ...core.record import Record, field
from ...ir import InSet, Problem
from ...lower.layout import Grid

Index = tuple[int, ...]


class Marks(Record):
    """Region maps by the grid they divide (the labels, row by row, as drawn) and the loops, each
    its grid of horizontal edges and its grid of vertical ones; and, on a board drawn part way
    through (an explanation's step), the variables just found, set apart from those known before."""

    regions: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    loops: tuple[tuple[str, str], ...] = ()
    fresh: frozenset[str] = frozenset()


def fixed_values(problem: Problem | None) -> dict[str, int]:
    """The variables the model fixes to one value, and that value."""
    if problem is None:
        return {}
    return {posted.constraint.var: posted.constraint.values[0] for posted in problem.constraints
            if isinstance(posted.constraint, InSet) and len(posted.constraint.values) == 1}


def region_of(grid: Grid, marks: Marks) -> dict[Index, str] | None:
    """Each cell's region letter, when a map divides this grid and has its shape; None otherwise."""
    drawn = marks.regions.get(grid.name)
    if drawn is None:
        return None
    places: list[list[Index]]
    if len(grid.index_ranges) == 1:
        places = [[(i,) for i in grid.index_ranges[0]]]
    else:
        rows, columns = grid.index_ranges
        places = [[(r, c) for c in columns] for r in rows]
    if [len(letters) for letters in drawn] != [len(indices) for indices in places]:
        return None  # a map that does not fit: lowering refuses one, so only a hand-made Marks gets here
    return {index: letter for letters, indices in zip(drawn, places, strict=True)
            for letter, index in zip(letters, indices, strict=True)}


def box_of(grid: Grid) -> dict[Index, str] | None:
    """A Sudoku's boxes as regions (when the model uses them), so they are outlined as regions are."""
    if grid.box is None or not grid.show_boxes or len(grid.index_ranges) != 2:
        return None
    (height, width), (rows, columns) = grid.box, grid.index_ranges
    return {(r, c): f"{i // height},{j // width}" for i, r in enumerate(rows) for j, c in enumerate(columns)}
