"""Yin-Yang against the peer's yin_yang solver: 'B' and 'W' given; 1 black."""

from genres import lets

PEER = "yin_yang.yin_yang"
VAR = "black"
INSTANCES = [
    {  # test_ground
        'board': [
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', 'W', ' ', ' '],
            [' ', ' ', 'W', ' ', 'B', ' '],
            [' ', ' ', ' ', 'B', ' ', ' '],
            [' ', 'W', ' ', ' ', 'W', ' '],
            ['B', 'W', ' ', 'W', ' ', 'B'],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), given=[[{"B": 1, "W": 0}.get(v, -1) for v in row] for row in board])


def theirs(value):
    return int(value == "B")
