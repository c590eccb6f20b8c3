"""Slitherlink against the peer's slitherlink solver: the numbers (' ' no number). A cell's value on
both sides is the letters of the lines the peer gives it, in order: its right side (R) and its bottom
(D) for every cell, its top (U) on the first row and its left (L) in the first column ('' none drawn)."""

from genres import lets, number

PEER = "slitherlink.slitherlink"
VAR = "h"
INSTANCES = [
    {  # test_easy, https://www.puzzle-loop.com/
        'board': [
            [' ', '2', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' '],
            ['3', '3', '2', '1', ' '],
            ['1', ' ', ' ', ' ', '2'],
            [' ', '3', '3', '2', '0'],
        ],
    },
    {  # test_dummy: 80 loops around a 2
        'board': [
            [' ', ' ', ' '],
            [' ', '2', ' '],
            [' ', ' ', ' '],
        ],
    },
    {  # test_ground, 20x20 hard, https://www.puzzle-loop.com/?e=Nzo0LDM1NCw5MTY=
        'board': [
            ['3', ' ', ' ', '2', ' ', ' ', ' ', ' ', ' ', '3', ' ', ' ', ' ', ' ', ' ', '3', ' ', ' ', '1', ' '],
            [' ', ' ', '3', ' ', '3', ' ', ' ', ' ', '3', ' ', '2', '2', ' ', '2', ' ', '2', '2', ' ', '2', '3'],
            ['2', '2', ' ', ' ', ' ', '2', '1', ' ', '1', '1', ' ', ' ', '3', '1', ' ', '2', ' ', ' ', ' ', '2'],
            [' ', ' ', '2', ' ', ' ', '2', '2', ' ', ' ', ' ', '3', ' ', ' ', ' ', ' ', ' ', '2', '2', '3', ' '],
            ['1', '2', '1', ' ', ' ', ' ', '2', '1', ' ', '3', '2', ' ', '3', '2', '2', '3', ' ', '3', '2', '2'],
            [' ', '3', '2', '2', '1', '2', ' ', '3', ' ', ' ', ' ', ' ', '2', '2', '3', ' ', '1', '1', ' ', '2'],
            ['1', ' ', ' ', ' ', ' ', ' ', '2', ' ', ' ', '2', ' ', '1', '3', ' ', ' ', ' ', ' ', '2', '2', '2'],
            [' ', '3', ' ', '2', '0', '1', '2', '1', ' ', '1', '3', ' ', '2', ' ', ' ', '2', ' ', '2', '1', ' '],
            ['2', ' ', ' ', ' ', '2', ' ', '3', ' ', ' ', ' ', ' ', '2', ' ', ' ', '1', '2', ' ', ' ', '1', '3'],
            [' ', ' ', '1', ' ', ' ', ' ', ' ', '2', '0', ' ', '1', ' ', '2', ' ', '0', ' ', '2', ' ', '3', '2'],
            [' ', '3', ' ', '3', ' ', '1', '3', ' ', '3', ' ', '2', ' ', ' ', '2', '2', '2', '3', ' ', ' ', ' '],
            ['3', ' ', ' ', ' ', ' ', ' ', ' ', '0', '2', '1', ' ', ' ', '2', ' ', ' ', '1', ' ', '0', '2', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', '3', ' ', '3', '2', '3', ' ', ' ', '2', ' ', '1', ' ', ' ', ' ', ' '],
            ['2', '2', ' ', '3', '0', ' ', ' ', '3', ' ', ' ', '2', ' ', ' ', ' ', ' ', '2', '2', ' ', '3', ' '],
            [' ', '2', '0', ' ', ' ', '3', ' ', '1', ' ', ' ', '2', ' ', '2', '2', ' ', ' ', ' ', '2', ' ', '2'],
            [' ', ' ', '1', '3', '1', ' ', ' ', ' ', ' ', ' ', '2', ' ', '2', '1', ' ', '1', '2', '2', ' ', ' '],
            ['2', ' ', '2', '2', ' ', '1', '3', ' ', '2', ' ', '3', '1', '2', ' ', '3', '2', ' ', '1', '1', ' '],
            [' ', ' ', '2', ' ', '1', ' ', ' ', ' ', '2', ' ', ' ', ' ', '2', ' ', '1', '0', ' ', ' ', ' ', '3'],
            [' ', '2', ' ', ' ', '2', ' ', '2', '3', '2', ' ', '2', '2', ' ', '3', '2', '2', '3', '3', '1', ' '],
            ['0', '0', ' ', '3', '2', ' ', ' ', ' ', ' ', ' ', '2', '1', '2', '1', ' ', ' ', ' ', '2', '1', ' '],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), clue=[[number(v, -1) for v in row] for row in board])


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(sides))) for pos, sides in assignment.items()]


def our_cells(result, index, kwargs):
    h, v = result.value("h", index), result.value("v", index)  # h[0] is line 0, v[r][0] is line 0
    cells = []
    for r, row in enumerate(kwargs["board"]):
        for c, _ in enumerate(row):
            sides = {"D": h[r + 1][c], "L": c == 0 and v[r][0], "R": v[r][c + 1], "U": r == 0 and h[0][c]}
            way = "".join(side for side, on in sides.items() if on)
            cells.append(((r, c), way or None))
    return cells
