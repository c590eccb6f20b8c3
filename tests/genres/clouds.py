"""Clouds against the peer's clouds solver: the counts beside (`side`) and above (`top`) the grid. A
cell's value on both sides is 1 for a cloud's cell."""

from genres import lets

PEER = "clouds.clouds"
VAR = "cloud"
INSTANCES = [
    {  # test_ground
        'side': [2, 9, 9, 0, 4, 4, 3, 6, 6, 3],
        'top': [7, 7, 7, 4, 2, 5, 5, 3, 3, 3],
    },
    {  # test_toy
        'side': [2, 2],
        'top': [2, 2],
    },
    {  # test_ground2
        'side': [5, 7, 7, 4, 2, 7, 5, 7, 2, 2, 2, 10, 8, 3],
        'top': [6, 6, 3, 5, 4, 4, 5, 8, 6, 3, 3, 6, 6, 6],
    },
]


def instance(kwargs):
    return lets(R=len(kwargs["side"]), C=len(kwargs["top"]), in_row=kwargs["side"], in_column=kwargs["top"])
