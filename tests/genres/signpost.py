"""Signpost against the peer's signpost solver: each cell's arrow (a key of the keyboard around S: Q up
left, W up, E up right, A left, D right, Z down left, X down, C down right; ' ' none) and the numbers
given (0 none). A cell's value on both sides is its number."""

from genres import lets

PEER = "signpost.signpost"
VAR = "n"
INSTANCES = [
    {  # test_ground, Tatham's 7x7c#512596780210399
        'board': [
            ['C', 'D', 'D', 'X', 'D', 'Z', 'X'],
            ['D', 'C', 'D', 'X', 'X', 'A', 'A'],
            ['X', 'X', 'D', 'Q', 'Z', 'W', 'A'],
            ['W', 'D', 'W', 'W', 'X', 'Z', 'X'],
            ['X', 'A', 'Q', 'Q', 'A', 'Q', 'X'],
            ['D', 'W', 'W', 'A', 'E', 'A', 'Z'],
            ['D', 'E', 'D', 'E', 'D', 'A', ' '],
        ],
        'values': [
            [1, 0, 23, 0, 0, 0, 0],
            [30, 32, 0, 0, 0, 0, 0],
            [0, 0, 2, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0],
            [0, 45, 0, 0, 33, 0, 0],
            [0, 0, 22, 8, 39, 10, 0],
            [0, 0, 0, 0, 0, 20, 49],
        ],
    },
]
ARROWS = {"Q": (-1, -1), "W": (-1, 0), "E": (-1, 1), "A": (0, -1), "D": (0, 1), "Z": (1, -1), "X": (1, 0),
          "C": (1, 1), " ": (0, 0)}


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), given=kwargs["values"],
                dr=[[ARROWS[a][0] for a in row] for row in board],
                dc=[[ARROWS[a][1] for a in row] for row in board])
