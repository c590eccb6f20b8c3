"""Nonograms against the peer's nonograms solver: the runs of each column (top) and each row (side),
as tuples of lists, kept from becoming one numpy array (the lines hold different numbers of runs)."""

from genres import lets

PEER = "nonograms.nonograms"
VAR = "black"
INSTANCES = [
    {  # test_ground (Simon Tatham's Pattern, 15x15#697217620427463)
        'top': ([8, 2], [5, 4], [2, 1, 4], [2, 4], [2, 1, 4], [2, 5], [2, 8], [3, 2], [1, 6], [1, 9],
                [1, 6, 1], [1, 5, 3], [3, 2, 1], [4, 2], [1, 5]),
        'side': ([7, 3], [7, 1, 1], [2, 3], [2, 3], [3, 2], [1, 1, 1, 1, 2], [1, 6, 1], [1, 9], [9], [2, 4],
                 [8], [11], [7, 1, 1], [4, 3], [3, 2]),
    },
]


def instance(kwargs):
    return lets(R=len(kwargs["side"]), C=len(kwargs["top"]), rows=list(kwargs["side"]), columns=list(kwargs["top"]))
