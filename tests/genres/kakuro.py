"""Kakuro against the peer's kakuro solver: the black cells ('#'), and each row's and each column's
sums, one a stretch of white cells in the order they come along the line (a tuple of lists, kept
from becoming one numpy array: the lines hold different numbers of sums)."""

from genres import lets, picture

PEER = "kakuro.kakuro"
VAR = "digit"
INSTANCES = [
    {  # test_easy
        'board': [
            ['#', '#', ' ', ' ', '#', '#'],
            ['#', ' ', ' ', ' ', ' ', '#'],
            [' ', ' ', '#', '#', ' ', ' '],
            [' ', ' ', '#', '#', ' ', ' '],
            ['#', ' ', ' ', ' ', ' ', '#'],
            ['#', '#', ' ', ' ', '#', '#'],
        ],
        'row_sums': ([3], [11], [4, 3], [6, 6], [11], [7]),
        'col_sums': ([3], [14], [5, 6], [6, 4], [10], [3]),
    },
    {  # test_ground
        'board': [
            ['#', '#', ' ', ' ', '#', ' ', ' ', '#', ' ', ' '],
            [' ', ' ', ' ', ' ', '#', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', '#', ' ', ' ', '#', ' ', ' ', '#'],
            ['#', '#', ' ', ' ', ' ', '#', '#', ' ', ' ', '#'],
            [' ', ' ', '#', ' ', ' ', ' ', ' ', '#', ' ', ' '],
            [' ', ' ', '#', ' ', ' ', ' ', ' ', '#', ' ', ' '],
            ['#', ' ', ' ', '#', '#', ' ', ' ', ' ', '#', '#'],
            ['#', ' ', ' ', '#', ' ', ' ', '#', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', '#', ' ', ' ', ' ', ' '],
            [' ', ' ', '#', ' ', ' ', '#', ' ', ' ', '#', '#'],
        ],
        'row_sums': ([7, 16, 12], [28, 23], [22, 16, 9], [18, 15], [12, 11, 16], [9, 24, 8], [7, 9],
                     [14, 7, 20], [23, 30], [11, 3, 4]),
        'col_sums': ([14, 12, 8], [15, 21], [29, 23], [8, 10, 11], [24, 8], [21, 13], [17, 12, 11],
                     [21, 15], [29, 17], [4, 16, 15]),
    },
]


def starts(line):
    """Where each stretch of white cells of a line begins."""
    return [i for i, v in enumerate(line) if v != "#" and (i == 0 or line[i - 1] == "#")]


def instance(kwargs):
    board = kwargs["board"]
    columns = [list(column) for column in zip(*board, strict=True)]
    assert all(len(sums) == len(starts(line)) for sums, line in zip(kwargs["row_sums"], board, strict=True))
    # our runs down are numbered in the reading order of their first cells, as a kakuro numbers its clues
    down = sorted((r, c, kwargs["col_sums"][c][k]) for c, column in enumerate(columns)
                  for k, r in enumerate(starts(column)))
    shape = [["#" if v == "#" else "." for v in row] for row in board]
    return (lets(across=[s for sums in kwargs["row_sums"] for s in sums], down=[s for _, _, s in down])
            + "var digit in 1..9 shape " + picture(shape) + "\n")
