"""The lines of a board, read from its drawing the way a puzzle book prints it.

A drawing with connectors (`-`, `|`, `/`, `\\`, crossing at `+`) has exactly the lines drawn: a run
of connectors, however long, joins the cells at its two ends (`drawn_lines`), so nothing is guessed.
A drawing without them is read as a lattice: its cells' rows and columns are scaled down by their
common spacing (a hexagon drawn 4 characters apart is the one drawn 2 apart; a square drawn `a b c`
is the one drawn `abc`), and its lines are the lattice's rows, columns and two slanted directions.
A slanted direction in which no two cells meet is a drawing the lattice does not fit: using it is an
error that shows what was read, never a model whose lines quietly became single cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import gcd

from ..syntax import ast
from .drawn_lines import drawn_links
from .neighbours import board_neighbourhoods

# A group's cell names in order, or why the drawing has no such group (a message, then a hint).
Group = list[list[str]] | str

# The group each connector's lines make.
DRAWN_GROUPS = {"-": "rows", "|": "columns", "\\": "diagonals", "/": "antidiagonals"}
# The order of a direction's lines, by the (row, column) of a cell of each on the scaled lattice:
# rows top to bottom, columns left to right, diagonals from the bottom-left one, antidiagonals from
# the top-left one (the order of a drawing without connectors).
LINE_ORDER: dict[str, Callable[[tuple[int, int]], int]] = {
    "-": lambda rc: rc[0], "|": lambda rc: rc[1], "\\": lambda rc: rc[1] - rc[0], "/": lambda rc: rc[1] + rc[0],
}


def board_groups(drawing: ast.Drawing) -> dict[str, Group]:
    """The named groups of a board: rows, columns, diagonals, antidiagonals, lines and cells, and its
    adjacent and touching pairs."""
    cells = {(cell.row, cell.column): cell.name for cell in drawing.cells}
    groups = drawn_groups(drawing, cells) if drawing.connectors else lattice_groups(cells)
    groups["cells"] = [[cell.name for cell in drawing.cells]]
    lines = [line for name in DRAWN_GROUPS.values() if isinstance(group := groups[name], list) for line in group]
    groups.update(board_neighbourhoods(scaled(cells), lines if drawing.connectors else None))
    return groups


# ---- drawn lines ---------------------------------------------------------------------------------


def drawn_groups(drawing: ast.Drawing, cells: dict[tuple[int, int], str]) -> dict[str, Group]:
    """The lines the connectors draw (`drawn_lines`), each in reading order, a direction's lines in
    the order of a drawing without connectors (LINE_ORDER); `lines` is all of them."""
    links = drawn_links(drawing, cells)
    groups: dict[str, Group] = {}
    for char, group in DRAWN_GROUPS.items():
        groups[group] = _chains(links[char], cells, LINE_ORDER[char]) or (
            f"the drawing has connectors but no '{char}' between two cells, so it has no {group}\n"
            "a drawing with connectors has the lines drawn: - for rows, | for columns, \\ and / slanted"
        )
    lines: list[list[str]] = []
    for group in DRAWN_GROUPS.values():
        drawn = groups[group]
        lines += drawn if isinstance(drawn, list) else []
    groups["lines"] = lines
    return groups


def _chains(
    links: dict[tuple[int, int], tuple[int, int]],
    cells: dict[tuple[int, int], str],
    order: Callable[[tuple[int, int]], int],
) -> list[list[str]]:
    """The joined cells as lines: each from a cell nothing leads to, following the links; ordered
    by `order` on the scaled lattice, then by their first cells."""
    ends = set(links.values())
    chains = []
    for start in sorted(links):
        if start in ends:
            continue
        chain, place = [start], start
        while place in links:
            place = links[place]
            chain.append(place)
        chains.append(sorted(chain))  # reading order: top to bottom, left to right
    lattice = lattice_places(cells)
    chains.sort(key=lambda chain: (order(lattice[chain[0]]), chain[0]))
    return [[cells[place] for place in chain] for chain in chains]


# ---- a lattice ----------------------------------------------------------------------------------


def lattice_groups(cells: dict[tuple[int, int], str]) -> dict[str, Group]:
    """Rows, columns and both slanted directions of the cells scaled to their common spacing."""
    lattice = scaled(cells)

    def by(key: Callable[[tuple[int, int]], int]) -> list[list[str]]:
        found: dict[int, list[str]] = {}
        for place in sorted(lattice):
            found.setdefault(key(place), []).append(lattice[place])
        return [found[k] for k in sorted(found)]

    rows = by(lambda rc: rc[0])
    groups: dict[str, Group] = {
        "rows": rows,
        "columns": by(lambda rc: rc[1]),
        "diagonals": by(lambda rc: rc[1] - rc[0]),
        "antidiagonals": by(lambda rc: rc[1] + rc[0]),
    }
    spread = len({r for r, _ in lattice}) > 1 and len({c for _, c in lattice}) > 1
    for name, direction in (("diagonals", "down to the right"), ("antidiagonals", "down to the left")):
        if spread and all(len(line) == 1 for line in groups[name]):
            groups[name] = _degenerate(lattice, name, direction)
    diagonals, antidiagonals = groups["diagonals"], groups["antidiagonals"]
    if isinstance(diagonals, str) or isinstance(antidiagonals, str):
        groups["lines"] = diagonals if isinstance(diagonals, str) else antidiagonals
    else:
        groups["lines"] = rows + diagonals + antidiagonals
    return groups


def scaled(cells: dict[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    """The cells by their places on the lattice: see `lattice_places`."""
    return {lattice: cells[place] for place, lattice in lattice_places(cells).items()}


def lattice_places(places: Iterable[tuple[int, int]]) -> dict[tuple[int, int], tuple[int, int]]:
    """Each place in the drawing -> its place from the top-left one, rows and columns divided by
    their common spacing."""
    places = list(places)
    top, left = min(r for r, _ in places), min(c for _, c in places)
    row_step = _spacing(r - top for r, _ in places)
    column_step = _spacing(c - left for _, c in places)
    return {(r, c): ((r - top) // row_step, (c - left) // column_step) for r, c in places}


def _spacing(offsets: Iterable[int]) -> int:
    step = 0
    for offset in offsets:
        step = gcd(step, offset)
    return step or 1


def _degenerate(lattice: dict[tuple[int, int], str], name: str, direction: str) -> str:
    """Why a slanted direction is missing, with a picture of the drawing as it was read."""
    height = max(r for r, _ in lattice) + 1
    width = max(c for _, c in lattice) + 1
    picture = "\n".join(
        "    " + "".join(lattice.get((r, c), ".") for c in range(width)).rstrip(".") for r in range(height)
    )
    return (
        f"the drawing has no {name}: no two of its cells are on a line going {direction}\n"
        f"its cells were read, spacing taken out, as\n{picture}\n"
        "draw a hexagon's rows offset by half the spacing of their cells and a square's rows aligned, "
        "or draw the lines with connectors (- | / \\)"
    )
