"""Filling against the peer's filling solver: the digits given (' ' a blank cell)."""

from genres import lets, number

PEER = "filling.filling"
VAR = "digit"
SLOW = {0}  # ours about 1.8 s of CPU, the peer's about 6 s
INSTANCES = [
    {  # test_ground (Simon Tatham's Filling, 7x6#266555745914427)
        'board': [
            [' ', '4', '2', ' ', ' ', '2', ' '],
            [' ', ' ', '7', ' ', ' ', '3', ' '],
            [' ', ' ', ' ', ' ', '4', ' ', '3'],
            [' ', '6', '6', ' ', '3', ' ', ' '],
            [' ', '7', ' ', '6', '4', '5', ' '],
            [' ', '6', ' ', ' ', ' ', ' ', '4'],
        ],
    },
    {  # test_ground_simple
        'board': [
            ['1', '3', ' '],
            ['3', '3', ' '],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), given=[[number(v) for v in row] for row in board])
