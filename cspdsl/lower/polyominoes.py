"""Shapes made of squares (polyominoes): the named ones a model may use without drawing them, their
turns and flips, and the places a shape fits on a board.

A shape is a tuple of (row, column) cells, sorted and moved to row 0 and column 0, so two shapes are
the same exactly when their tuples are equal. The pentominoes carry the letters that Golomb and
Conway gave them (F I L N P T U V W X Y Z), the ones every puzzle book prints.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]
Shape = tuple[Cell, ...]

# Each named shape drawn with '#' for its cells, rows separated by '/'.
_DRAWN = {
    "monomino": "#",
    "domino": "##",
    "I3": "###",
    "L3": "##/#.",
    "I4": "####",
    "O4": "##/##",
    "T4": "###/.#.",
    "S4": ".##/##.",
    "L4": "###/#..",
    "F": ".##/##./.#.",
    "I": "#####",
    "L": "####/#...",
    "N": "##../.###",
    "P": "##/##/#.",
    "T": "###/.#./.#.",
    "U": "#.#/###",
    "V": "#../#../###",
    "W": "#../##./.##",
    "X": ".#./###/.#.",
    "Y": "####/.#..",
    "Z": "##./.#./.##",
}
GROUPS = {
    "trominoes": ["I3", "L3"],
    "tetrominoes": ["I4", "O4", "T4", "S4", "L4"],
    "pentominoes": list("FILNPTUVWXYZ"),
}


def normalized(cells: Iterable[Cell]) -> Shape:
    """The cells sorted, moved so that the least row and the least column are 0."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def _from_drawing(drawing: str) -> Shape:
    return normalized(
        (r, c) for r, row in enumerate(drawing.split("/")) for c, char in enumerate(row) if char == "#"
    )


LIBRARY: dict[str, Shape] = {name: _from_drawing(drawing) for name, drawing in _DRAWN.items()}


def library_names() -> list[str]:
    """Every name a list of pieces may use for shapes it does not draw."""
    return [*LIBRARY, *GROUPS]


def named(name: str) -> list[tuple[str, Shape]] | None:
    """The shapes a library name stands for (one, or a group's), None for a name it does not know."""
    if name in LIBRARY:
        return [(name, LIBRARY[name])]
    if name in GROUPS:
        return [(member, LIBRARY[member]) for member in GROUPS[name]]
    return None


def orientations(shape: Shape, turns: bool, flips: bool) -> list[Shape]:
    """The distinct shapes that `shape` becomes when turned by quarter turns (if `turns`) and flipped
    over (if `flips`), the shape as drawn first."""
    found: list[Shape] = []
    images = [shape, normalized((r, -c) for r, c in shape)] if flips else [shape]
    for image in images:
        for _ in range(4 if turns else 1):
            if image not in found:
                found.append(image)
            image = normalized((c, -r) for r, c in image)
    return found


def fits(orientation: Shape, board: set[Cell]) -> list[Shape]:
    """Every way `orientation` lies on the board's cells, moved but not turned: each as its cells."""
    first_r, first_c = orientation[0]
    places = []
    for r, c in sorted(board):
        cells = tuple((r + dr - first_r, c + dc - first_c) for dr, dc in orientation)
        if all(cell in board for cell in cells):
            places.append(cells)
    return places


def connected(cells: list[Cell]) -> Cell | None:
    """None when the cells touch side by side into one piece; otherwise the first cell (in reading
    order) that the first cannot reach."""
    todo, reached = [cells[0]], {cells[0]}
    members = set(cells)
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in members and near not in reached:
                reached.add(near)
                todo.append(near)
    return next((cell for cell in sorted(cells) if cell not in reached), None)
