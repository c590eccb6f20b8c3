"""Kropki against the peer's kropki solver: digits given, and the dots between cells across
(horiz_board) and down (vert_board): 'W' white, 'B' black, ' ' none."""

from genres import lets, number

PEER = "kropki.kropki"
VAR = "digit"
DOT = {"W": 1, "B": 2}
INSTANCES = [
    {  # test_toy
        'board': [
            ['1', ' ', '2'],
            [' ', ' ', ' '],
            [' ', ' ', ' '],
        ],
        'horiz_board': [
            [' ', 'W'],
            ['W', ' '],
            ['W', 'W'],
        ],
        'vert_board': [
            ['W', ' ', 'W'],
            ['W', 'W', ' '],
        ],
    },
    {  # test_ground
        'board': [
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', '2', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', '4', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
        ],
        'horiz_board': [
            [' ', ' ', ' ', ' ', 'W'],
            [' ', ' ', ' ', ' ', ' '],
            ['B', ' ', 'B', ' ', ' '],
            ['B', 'W', ' ', 'W', ' '],
            ['B', 'W', ' ', ' ', 'W'],
            [' ', 'W', ' ', 'W', 'W'],
        ],
        'vert_board': [
            [' ', ' ', ' ', ' ', ' ', 'W'],
            ['W', ' ', ' ', 'W', ' ', ' '],
            [' ', 'W', ' ', ' ', ' ', ' '],
            [' ', 'W', 'W', ' ', 'W', ' '],
            ['W', ' ', ' ', 'W', ' ', ' '],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(n=len(board), given=[[number(v) for v in row] for row in board],
                across=[[DOT.get(v, 0) for v in row] for row in kwargs["horiz_board"]],
                down=[[DOT.get(v, 0) for v in row] for row in kwargs["vert_board"]])


def theirs(value):
    return int(value)
