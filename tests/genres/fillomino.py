"""Fillomino, which the peer does not have: the numbers given (0 a blank cell)."""

from genres import lets

PEER = None
WHY = ("not in multi-puzzle-solver: the example puzzle of Wikipedia's article \"Fillomino\" (as grilops' "
       "examples/fillomino.py gives it), held to the one answer the article shows")
VAR = "size"
INSTANCES = [
    {  # Wikipedia
        'given': [
            [0, 0, 0, 3, 0, 0, 0, 0, 5],
            [0, 0, 8, 3, 10, 0, 0, 5, 0],
            [0, 3, 0, 0, 0, 4, 4, 0, 0],
            [1, 3, 0, 3, 0, 0, 2, 0, 0],
            [0, 2, 0, 0, 3, 0, 0, 2, 0],
            [0, 0, 2, 0, 0, 3, 0, 1, 3],
            [0, 0, 4, 4, 0, 0, 0, 3, 0],
            [0, 4, 0, 0, 4, 3, 3, 0, 0],
            [6, 0, 0, 0, 0, 1, 0, 0, 0],
        ],
    },
]
ANSWER = [
    '8 8 3 3 10 10 10 10 5',
    '8 8 8 3 10 10 10 5 5',
    '3 3 8 10 10 4 4 4 5',
    '1 3 8 3 10 2 2 4 5',
    '2 2 8 3 3 1 3 2 2',
    '6 6 2 2 1 3 3 1 3',
    '6 4 4 4 2 2 1 3 3',
    '6 4 2 2 4 3 3 4 4',
    '6 6 4 4 4 1 3 4 4',
]


def instance(kwargs):
    given = kwargs["given"]
    return lets(n=len(given), given=given)
