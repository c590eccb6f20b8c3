"""Walls against the peer's walls solver: the numbers. A cell's value on both sides is its line: 'LR'
across, 'UD' down, '' a number's cell."""

from genres import lets, number

PEER = "walls.walls"
VAR = "line"
INSTANCES = [
    {  # test_ground
        'board': [
            [' ', ' ', '7', ' ', ' ', ' ', ' ', '1', ' '],
            ['4', ' ', ' ', ' ', ' ', '4', ' ', ' ', ' '],
            [' ', ' ', ' ', '2', ' ', ' ', ' ', ' ', '4'],
            [' ', '1', ' ', ' ', ' ', ' ', '4', ' ', ' '],
            [' ', ' ', ' ', ' ', '7', ' ', ' ', ' ', ' '],
            [' ', ' ', '8', ' ', ' ', ' ', ' ', '5', ' '],
            ['6', ' ', ' ', ' ', ' ', '6', ' ', ' ', ' '],
            [' ', ' ', ' ', '5', ' ', ' ', ' ', ' ', '5'],
            [' ', '4', ' ', ' ', ' ', ' ', '3', ' ', ' '],
        ],
    },
    {  # test_ground2
        'board': [
            [' ', ' ', ' ', '5', ' ', ' ', ' ', ' ', '2', ' '],
            [' ', ' ', '1', ' ', ' ', '2', ' ', ' ', ' ', '2'],
            ['5', ' ', ' ', ' ', '4', ' ', ' ', '4', ' ', ' '],
            [' ', ' ', '3', ' ', ' ', '4', ' ', ' ', ' ', ' '],
            ['7', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '6', '6'],
            [' ', '2', ' ', ' ', '5', ' ', '6', ' ', ' ', ' '],
            [' ', ' ', '1', ' ', ' ', ' ', '1', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', '5', ' ', ' ', ' ', ' ', ' '],
            ['4', ' ', '2', ' ', ' ', '4', ' ', '4', ' ', ' '],
            [' ', ' ', '4', ' ', ' ', ' ', ' ', ' ', ' ', '6'],
        ],
    },
]
LINES = {0: "", 1: "LR", 2: "UD"}


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), clue=[[number(v, -1) for v in row] for row in board])


def ours(value):
    return LINES[value]
