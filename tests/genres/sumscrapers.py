"""Sumscrapers against the peer's sumscrapers solver: the heights given (' ' none) and the sums seen
from each side (' ' none)."""

from genres import lets, number

PEER = "sumscrapers.sumscrapers"
VAR = "tower"
INSTANCES = [
    {  # test_ground
        'board': [
            [' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', '2', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', '3', ' ', '2'],
            [' ', ' ', ' ', '3', ' ', ' ', ' '],
            [' ', '4', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', '5', ' ', ' '],
        ],
        'top': [' ', '13', '19', '7', ' ', '18', ' '],
        'left': ['15', '7', '12', '13', ' ', '16', '16'],
        'right': ['15', '18', '15', ' ', '13', ' ', ' '],
        'bottom': [' ', ' ', ' ', ' ', ' ', '7', '17'],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(n=len(board), given=[[number(v) for v in row] for row in board],
                **{side: [number(v) for v in kwargs[side]] for side in ("top", "bottom", "left", "right")})
