"""Suko against the peer's suko solver: a map of coloured areas with each colour's sum, and the sums
of each 2x2 block (quadrant)."""

from genres import lets, picture

PEER = "suko.suko"
VAR = "digit"
INSTANCES = [
    {  # test_ground
        'board': [
            ['R', 'B', 'G'],
            ['R', 'B', 'G'],
            ['R', 'R', 'G'],
        ],
        'quadrant': [
            [21, 23],
            [17, 15],
        ],
        'color_sums': {'R': 19, 'G': 17, 'B': 9},
    },
]


def instance(kwargs):
    board, sums = kwargs["board"], kwargs["color_sums"]
    assert all(len(colour) == 1 for colour in sums)  # our regions come in their letters' order
    return (lets(R=len(board), C=len(board[0]), block=kwargs["quadrant"],
                 colour_sum=[sums[colour] for colour in sorted(sums)])
            + "var digit[1..R, 1..C] in 1..R * C\nregions colour of digit = " + picture(board) + "\n")
