"""Branches against the peer's branches solver: the numbers. A cell's value on both sides is the way
its branch runs to its number ('U', 'R', 'D' or 'L'); a number's cell is left out."""

from genres import lets, number

PEER = "branches.branches"
VAR = "branch"
INSTANCES = [
    {  # test_ground
        'board': [
            [' ', ' ', ' ', ' ', ' ', '2'],
            ['5', ' ', '7', ' ', ' ', ' '],
            [' ', ' ', ' ', '3', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', '2'],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', '7', ' ', ' ', '3', ' '],
        ],
    },
]
WAYS = {0: None, 1: "U", 2: "R", 3: "D", 4: "L"}


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), clue=[[number(v) for v in row] for row in board])


def ours(value):
    return WAYS[value]
