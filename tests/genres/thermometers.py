"""Thermometers against the peer's thermometers solver: each cell's arrow points towards its
thermometer's tip ('X'); the counts at the top and at the side."""

from genres import lets

PEER = "thermometers.thermometers"
VAR = "mercury"
STEP = {"R": (0, 1), "D": (1, 0), "L": (0, -1), "U": (-1, 0), "X": (0, 0)}
INSTANCES = [
    {  # test_ground
        'board': [
            ['R', 'R', 'D', 'R', 'D', 'R', 'X', 'D', 'L', 'X', 'L', 'L', 'L', 'L', 'L'],
            ['D', 'D', 'D', 'U', 'X', 'U', 'X', 'R', 'R', 'R', 'R', 'D', 'D', 'R', 'U'],
            ['D', 'D', 'D', 'U', 'X', 'U', 'U', 'R', 'R', 'R', 'X', 'D', 'D', 'D', 'D'],
            ['X', 'D', 'D', 'U', 'U', 'U', 'L', 'U', 'R', 'R', 'D', 'X', 'D', 'X', 'X'],
            ['X', 'D', 'D', 'U', 'U', 'R', 'R', 'R', 'R', 'X', 'R', 'X', 'D', 'R', 'X'],
            ['U', 'D', 'D', 'U', 'U', 'R', 'X', 'R', 'R', 'R', 'R', 'D', 'D', 'R', 'D'],
            ['U', 'D', 'D', 'R', 'R', 'X', 'R', 'R', 'R', 'R', 'D', 'D', 'R', 'X', 'D'],
            ['U', 'D', 'D', 'U', 'X', 'L', 'X', 'L', 'R', 'X', 'X', 'R', 'X', 'X', 'L'],
            ['U', 'D', 'D', 'R', 'X', 'U', 'L', 'L', 'L', 'L', 'L', 'L', 'L', 'L', 'L'],
            ['X', 'D', 'X', 'U', 'R', 'R', 'R', 'R', 'R', 'R', 'R', 'R', 'R', 'D', 'U'],
            ['U', 'D', 'X', 'U', 'R', 'R', 'X', 'R', 'R', 'R', 'R', 'X', 'X', 'L', 'U'],
            ['U', 'R', 'U', 'U', 'R', 'X', 'R', 'X', 'R', 'X', 'R', 'R', 'R', 'R', 'U'],
            ['U', 'R', 'X', 'R', 'R', 'R', 'R', 'R', 'R', 'R', 'R', 'R', 'X', 'X', 'L'],
            ['U', 'U', 'R', 'R', 'X', 'D', 'R', 'R', 'D', 'R', 'X', 'X', 'L', 'L', 'U'],
            ['U', 'U', 'U', 'L', 'L', 'R', 'X', 'X', 'L', 'U', 'R', 'R', 'R', 'U', 'U'],
        ],
        'top': [7, 4, 12, 8, 4, 6, 5, 7, 5, 4, 8, 9, 13, 8, 12],
        'side': [8, 10, 9, 10, 6, 10, 4, 6, 6, 10, 5, 7, 6, 6, 9],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), top=kwargs["top"], side=kwargs["side"],
                down=[[STEP[v][0] for v in row] for row in board], across=[[STEP[v][1] for v in row] for row in board])
