"""Symmetric layouts of givens (`--symmetry`): the cells of a `given` block's picture grouped in orbits,
the sets of cells a symmetry maps onto each other, so that givens kept or removed an orbit at a time
draw a layout the symmetry maps onto itself.

A symmetry is a set of maps of a picture's (row, column) onto itself, the group they generate giving
the orbits: `rotational` (or `180`) turns the picture half a turn, `90` a quarter turn (its orbits
are those of its four turns), `horizontal` mirrors it top to bottom, `vertical` left to right,
`diagonal` in its main diagonal (top left to bottom right), `antidiagonal` in the other one. Only a
picture whose rows have the same number of cells has them (a square one for `90` and the
diagonals), and only when its black cells, where the grid has no variable, are symmetric too."""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import CspdslError
from ..syntax import ast
from .givens import PictureCell

# A map of a cell of an R x C picture: (row, column, R, C) -> (row, column).
Move = Callable[[int, int, int, int], tuple[int, int]]

_HALF_TURN: Move = lambda r, c, rows, cols: (rows - 1 - r, cols - 1 - c)  # noqa: E731
MOVES: dict[str, tuple[Move, ...]] = {
    "none": (),
    "rotational": (_HALF_TURN,),
    "90": (lambda r, c, rows, cols: (c, rows - 1 - r),),
    "horizontal": (lambda r, c, rows, cols: (rows - 1 - r, c),),
    "vertical": (lambda r, c, rows, cols: (r, cols - 1 - c),),
    "diagonal": (lambda r, c, rows, cols: (c, r),),
    "antidiagonal": (lambda r, c, rows, cols: (cols - 1 - c, rows - 1 - r),),
}
ALIASES = {"180": "rotational"}
SQUARE_ONLY = frozenset({"90", "diagonal", "antidiagonal"})
NAMES = (*MOVES, *ALIASES)


def symmetry(text: str) -> str:
    """A symmetry's name as the command line gives it (`180` is `rotational`)."""
    name = ALIASES.get(text, text)
    if name not in MOVES:
        raise ValueError(f"'{text}' is not a symmetry: {', '.join(NAMES)}")
    return name


def orbits(name: str, pictures: list[tuple[ast.GivenDecl, list[PictureCell]]]) -> list[tuple[str, ...]]:
    """The orbits of the variables of every block's picture under the symmetry `name`, each in
    reading order, in the order of their first cells; each variable its own orbit for `none`."""
    found: list[tuple[str, ...]] = []
    for decl, cells in pictures:
        found.extend(_block_orbits(name, decl, cells))
    return found


def _block_orbits(name: str, decl: ast.GivenDecl, cells: list[PictureCell]) -> list[tuple[str, ...]]:
    at = {(r, c): var for r, c, var in cells}
    if name == "none":
        return [(var,) for _, _, var in cells if var is not None]
    rows, cols = _shape(name, decl)
    seen: set[tuple[int, int]] = set()
    found: list[tuple[str, ...]] = []
    for r, c, var in cells:
        if (r, c) in seen:
            continue
        orbit = _orbit((r, c), MOVES[name], rows, cols)
        seen |= orbit
        variables = [at[cell] for cell in sorted(orbit)]
        if any(v is None for v in variables) and any(v is not None for v in variables):
            raise CspdslError(f"--symmetry {name}: the black cells of '{decl.name}' are not symmetric, so no "
                              "layout of its givens is", decl.name_span)
        if var is not None:
            found.append(tuple(v for v in variables if v is not None))
    return found


def _shape(name: str, decl: ast.GivenDecl) -> tuple[int, int]:
    """The picture's rows and columns; refused when its rows differ in length, or it is not square
    and the symmetry needs it to be."""
    lengths = {len(row.cells) for row in decl.grid.rows}
    if len(lengths) != 1:
        raise CspdslError(f"--symmetry {name} needs a rectangular grid of givens; the rows of '{decl.name}' have "
                          f"{min(lengths)} to {max(lengths)} cells", decl.name_span)
    rows, cols = len(decl.grid.rows), lengths.pop()
    if name in SQUARE_ONLY and rows != cols:
        raise CspdslError(f"--symmetry {name} needs a square grid of givens; '{decl.name}' is {rows} x {cols}",
                          decl.name_span, hint="rotational, horizontal and vertical take any rectangle")
    return rows, cols


def _orbit(start: tuple[int, int], moves: tuple[Move, ...], rows: int, cols: int) -> set[tuple[int, int]]:
    """The cells the moves, applied again and again, take `start` to (itself included)."""
    orbit, waiting = {start}, [start]
    while waiting:
        r, c = waiting.pop()
        for move in moves:
            image = move(r, c, rows, cols)
            if image not in orbit:
                orbit.add(image)
                waiting.append(image)
    return orbit
