"""Towers (Skyscrapers) against the peer's towers solver: the views from the four sides (-1 none)."""

from genres import lets, number

PEER = "towers.towers"
VAR = "height"
INSTANCES = [
    {  # test_ground
        'board': [
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', '3', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
        ],
        'top': [2, -1, 2, 2, 2, 3],
        'bottom': [2, 4, -1, 4, -1, -1],
        'right': [3, -1, 2, -1, -1, -1],
        'left': [-1, -1, -1, 2, -1, 4],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(n=len(board), given=[[number(v) for v in row] for row in board],
                top=kwargs["top"], bottom=kwargs["bottom"], left=kwargs["left"], right=kwargs["right"])


def theirs(value):
    return int(value)
