"""Hidoku (Hidato) against the peer's hidoku solver: the numbers given."""

from genres import lets, number

PEER = "hidoku.hidoku"
VAR = "number"
INSTANCES = [
    {  # test_ground
        'board': [
            ['  ', '  ', '24', '  ', '  ', '  ', '  '],
            ['  ', '25', '  ', '  ', '22', '39', '40'],
            ['  ', '27', '  ', '  ', '  ', '20', '  '],
            ['  ', '03', '  ', '01', '  ', '  ', '  '],
            ['  ', '05', '06', '17', '16', '  ', '  '],
            ['  ', '08', '  ', '49', '  ', '46', '  '],
            ['09', '  ', '  ', '  ', '  ', '  ', '  '],
        ],
    },
    {  # test_toy
        'board': [
            ['9', ' ', '1'],
            [' ', '4', ' '],
            ['6', ' ', ' '],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), given=[[number(v) for v in row] for row in board])


def theirs(value):
    return int(value)
