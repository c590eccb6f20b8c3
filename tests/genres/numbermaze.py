"""Numbermaze against the peer's numbermaze solver: the walls ('#') and the numbers. A cell's value
on both sides is the ways the path leaves it (the letters of D, L, R, U in order; a wall is left out)."""

from genres import lets, number, picture, row_text

PEER = "numbermaze.numbermaze"
VAR = "step"
SLOW = {3}  # the 9x9: a minute of CPU on sat, 7 s on cpsat
INSTANCES = [
    {  # test_ground
        'board': [
            ['#', ' ', ' ', ' ', ' '],
            ['1', ' ', ' ', ' ', ' '],
            [' ', ' ', '3', ' ', '#'],
            [' ', ' ', '#', ' ', '#'],
            [' ', ' ', '2', ' ', '#'],
        ],
    },
    {  # test_toy2
        'board': [
            [' ', '1', '#'],
            ['2', ' ', ' '],
            [' ', ' ', '3'],
        ],
    },
    {  # test_toy3
        'board': [
            ['#', ' ', ' ', '#'],
            ['1', ' ', ' ', ' '],
            ['#', '#', '#', ' '],
            ['#', '3', ' ', ' '],
            ['#', '#', ' ', '2'],
        ],
    },
    {  # test_ground2, https://puzzlemadness.co.uk/numbermaze/hard/2025/11/4
        'board': [
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', '3', ' ', '5', ' ', ' ', '4', ' ', '7'],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', '#', ' ', ' ', '#', ' ', '6', '8', ' '],
            ['2', ' ', '#', '#', ' ', ' ', ' ', ' ', ' '],
            ['#', ' ', '1', ' ', ' ', '#', ' ', '#', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            ['9', ' ', '10', ' ', ' ', ' ', '#', ' ', '#'],
            ['#', ' ', ' ', '11', '#', ' ', ' ', ' ', '#'],
        ],
    },
    {  # test_ground3: two solutions
        'board': [
            ['7', ' ', '#', ' ', '2', ' '],
            [' ', ' ', '#', ' ', ' ', ' '],
            [' ', ' ', '1', ' ', '3', '9'],
            [' ', ' ', ' ', ' ', '4', ' '],
            [' ', '6', ' ', '5', ' ', ' '],
            [' ', ' ', ' ', '8', ' ', ' '],
        ],
    },
]
WAYS = {(1, 0): "D", (0, -1): "L", (0, 1): "R", (-1, 0): "U"}


def instance(kwargs):
    board = kwargs["board"]
    cells = {number(v): [r + 1, c + 1] for r, row in enumerate(board) for c, v in enumerate(row) if number(v)}
    open_cells = sum(v.strip() != "#" for row in board for v in row)
    return (lets(W=open_cells) + f"let clue = {row_text([row_text(cells[k]) for k in sorted(cells)])}\n"
            + "var step in 1..W shape " + picture([["#" if v == "#" else "." for v in row] for row in board]) + "\n")


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(way))) for pos, way in assignment.items()]


def our_cells(result, index, kwargs):
    step = result.value("step", index)  # None on a wall
    where = {n: (r, c) for r, row in enumerate(step) for c, n in enumerate(row) if n is not None}
    cells = []
    for n, (r, c) in where.items():
        beside = [where[m] for m in (n - 1, n + 1) if m in where]
        cells.append(((r, c), "".join(sorted(WAYS[(i - r, j - c)] for i, j in beside))))
    return cells
