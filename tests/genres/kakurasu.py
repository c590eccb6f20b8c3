"""Kakurasu against the peer's kakurasu solver: the sums at the side and at the bottom (' ' none)."""

from genres import lets, number

PEER = "kakurasu.kakurasu"
VAR = "black"
INSTANCES = [
    {  # test_ground_1
        'side': [6, 1, 2, 5],
        'bottom': [2, 8, 4, 1],
    },
    {  # test_ground_2
        'side': [27, 6, 1, 12, 37, 37, 11, 4, 29, 23, 66, 55],
        'bottom': [22, 1, 25, 36, 10, 22, 25, 35, 32, 28, 45, 45],
    },
    {  # test_ground
        'bottom': ['30', '15', '9', '18', '10', '17', '30', '30', '10'],
        'side': ['42', '30', '24', ' ', ' ', '17', '8', '14', '21'],
    },
]


def instance(kwargs):
    side, bottom = kwargs["side"], kwargs["bottom"]
    return lets(R=len(side), C=len(bottom), side=[number(v, -1) for v in side], bottom=[number(v, -1) for v in bottom])
