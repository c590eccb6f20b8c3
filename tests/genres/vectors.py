"""Vectors against the peer's vectors solver: the numbered blocks. A cell's value on both sides is the
block whose vector covers it, as that block's (row, column) (a block covers its own cell; a cell no
vector covers is left out)."""

import re

from genres import lets, number

PEER = "vectors.vectors"
VAR = "arm"
WAYS = {1: (-1, 0), 2: (0, 1), 3: (1, 0), 4: (0, -1)}


def rows(text):
    """A board's rows, a number or '.' (none) a word."""
    return [[word if word != "." else " " for word in line.split()] for line in text.splitlines() if line.strip()]


INSTANCES = [
    {  # test_ground
        'board': rows("""
             .  .  .  .  .  5  .  .  .  .  4  .  .  .  .
             .  .  . 12  .  .  .  .  .  .  .  .  .  .  .
             .  .  .  .  .  .  .  .  4  .  .  5  .  .  .
             .  . 12  .  .  .  .  .  .  .  .  .  .  .  5
             4  .  .  9  .  7  .  .  .  .  .  2  .  .  .
             .  .  2  .  .  .  .  .  .  .  .  . 15  .  .
             .  .  .  .  .  .  .  .  .  2  .  4  .  . 10
             .  .  .  .  4  .  .  .  .  .  5  .  .  4  .
             .  .  1  .  .  4  .  .  8  .  .  .  .  .  .
             .  .  .  .  3  .  .  1  .  .  .  .  .  .  .
             . 13  .  .  .  .  .  .  .  .  .  .  .  .  .
             .  .  1  .  .  .  .  3  .  .  6  .  .  .  .
             .  .  .  .  .  .  .  .  .  .  .  2  .  2  .
             .  .  .  .  .  . 14  .  .  5  .  .  .  .  .
            14  .  .  .  .  .  .  .  .  .  .  .  .  .  .
        """),
    },
    {  # test_toy
        'board': rows("""
             3  .  .  1
             .  1  .  .
             2  .  .  .
        """),
    },
    {  # test_ground2
        'board': rows("""
             .  .  .  .  .  . 11  .  .  .  .  .  .  1  .
             .  .  .  .  .  .  .  .  .  .  .  .  6  .  .
             5  .  .  1  .  .  .  .  .  .  .  5  .  1  .
             .  .  5  .  .  .  .  .  .  .  .  .  .  . 11
             .  .  .  .  .  .  .  .  .  .  5  .  .  9  .
             .  .  2  .  . 13  .  .  .  .  .  .  .  .  .
             1  .  .  .  .  .  . 12  .  .  .  .  .  .  .
             .  .  .  .  .  .  .  .  .  .  2  .  .  .  .
             2  .  .  5  .  5  .  .  .  2  .  6  .  .  .
             .  .  .  .  .  .  2  .  6  .  .  .  .  .  .
             .  .  2  .  .  .  .  .  .  .  5  .  .  .  .
             3  .  .  .  .  .  .  .  .  1  .  .  .  .  6
             . 15  .  4  .  .  .  .  .  .  .  .  .  .  .
             .  .  .  .  .  .  3  .  .  2  .  .  .  .  1
             .  .  1  . 15  .  .  .  .  .  .  . 13  .  .
        """),
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), clue=[[number(v) for v in row] for row in board])


def their_cells(assignment, kwargs):
    """The block of each covered cell, read off the peer's shape id ('Pos(x=3, y=1):15')."""
    cells = []
    for pos, (uid, _) in assignment.items():
        x, y = map(int, re.match(r"Pos\(x=(\d+), y=(\d+)\)", uid).groups())
        cells.append(((pos.y, pos.x), (y, x)))
    return cells


def our_cells(result, index, kwargs):
    arm = result.value("arm", index)
    board = kwargs["board"]
    cells = []
    for r, row in enumerate(arm):
        for c, way in enumerate(row):
            i, j = r, c
            while way and not number(board[i][j]):  # along the arm to its block
                i, j = i + WAYS[way][0], j + WAYS[way][1]
            cells.append(((r, c), (i, j) if number(board[i][j]) else None))
    return cells
