"""Arrows against the peer's arrows solver: the numbers of the grid. The peer answers with the way of
each arrow around the grid (UP, DOWN_LEFT, ...) at its cell outside the grid (row or column -1 or
the grid's size); ours holds each arrow's slant along the side it stands on."""

from genres import lets

PEER = "arrows.arrows"
VAR = "top"
INSTANCES = [
    {  # test_ground
        'board': [
            [3, 1, 4, 1, 3, 2, 3, 2],
            [5, 2, 4, 4, 2, 3, 4, 4],
            [5, 5, 4, 3, 6, 2, 5, 6],
            [5, 2, 4, 2, 3, 4, 3, 3],
            [3, 1, 2, 2, 2, 2, 3, 2],
            [3, 2, 3, 2, 5, 1, 4, 4],
            [5, 1, 3, 3, 2, 4, 2, 3],
            [2, 2, 2, 0, 3, 0, 3, 1],
        ],
    },
    {  # test_toy
        'board': [
            [4, 4, 4],
            [4, 4, 4],
            [4, 4, 4],
        ],
    },
]
# Each side's arrows: where the peer puts one, and its way for each slant -1, 0, 1.
SIDES = {
    "top": (lambda i, rows, columns: (-1, i), ("DOWN_LEFT", "DOWN", "DOWN_RIGHT")),
    "bottom": (lambda i, rows, columns: (rows, i), ("UP_LEFT", "UP", "UP_RIGHT")),
    "left": (lambda i, rows, columns: (i, -1), ("UP_RIGHT", "RIGHT", "DOWN_RIGHT")),
    "right": (lambda i, rows, columns: (i, columns), ("UP_LEFT", "LEFT", "DOWN_LEFT")),
}


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), number=board)


def our_cells(result, index, kwargs):
    rows, columns = len(kwargs["board"]), len(kwargs["board"][0])
    for side, (where, ways) in SIDES.items():
        for i, slant in enumerate(result.value(side, index)):
            yield where(i, rows, columns), ways[slant + 1]
