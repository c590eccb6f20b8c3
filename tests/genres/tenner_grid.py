"""Tenner Grid against the peer's tenner_grid solver: digits given, the column totals (goal)."""

from genres import lets, number

PEER = "tenner_grid.tenner_grid"
VAR = "digit"
INSTANCES = [
    {  # test_toy
        'board': [
            [' ', ' ', ' ', ' ', ' ', ' ', '0', '9', '1', '5'],
            [' ', '8', ' ', ' ', ' ', '5', ' ', ' ', '7', ' '],
            [' ', '5', ' ', '2', ' ', ' ', ' ', '1', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', '6', ' ', '9', '5', '7'],
            ['8', ' ', '0', ' ', '9', ' ', '5', ' ', ' ', ' '],
            ['7', '3', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '1'],
        ],
        'goal': ['33', '22', '13', '34', '26', '41', '22', '29', '32', '18'],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), given=[[number(v, -1) for v in row] for row in board],
                total=[int(v) for v in kwargs["goal"]])


def theirs(value):
    return int(value)
