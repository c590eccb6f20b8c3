"""Dominosa against the peer's dominosa solver: the grid of numbers. A cell's value on both sides is
where its domino's other cell is ('R' right, 'L' left, 'D' down, 'U' up): the peer names each domino
by a number of its own, ours marks the dominoes across (`h`) and down (`v`)."""

from genres import lets

PEER = "dominosa.dominosa"
VAR = "h"
INSTANCES = [  # not test_ground2: our model's grid is the 11x10's size
    {  # test_ground
        'board': [
            [6, 8, 2, 7, 1, 3, 3, 4, 6, 6, 0],
            [4, 9, 5, 6, 1, 0, 6, 1, 2, 2, 4],
            [8, 2, 8, 9, 1, 9, 3, 3, 8, 8, 5],
            [1, 1, 7, 3, 4, 7, 0, 8, 7, 7, 7],
            [4, 5, 3, 9, 9, 3, 0, 1, 6, 1, 5],
            [6, 9, 5, 8, 9, 2, 1, 2, 6, 7, 9],
            [2, 7, 4, 3, 5, 5, 9, 6, 4, 0, 9],
            [0, 7, 8, 0, 5, 4, 2, 7, 6, 7, 3],
            [0, 4, 5, 2, 8, 6, 1, 0, 9, 0, 4],
            [0, 8, 8, 3, 2, 1, 3, 2, 5, 5, 4],
        ],
    },
]
STEPS = {"R": (0, 1), "L": (0, -1), "D": (1, 0), "U": (-1, 0)}


def instance(kwargs):
    return lets(n=kwargs["board"])


def their_cells(assignment, kwargs):
    domino = {(pos.y, pos.x): uid for pos, uid in assignment.items()}
    return [((r, c), side) for (r, c), uid in domino.items()
            for side, (dr, dc) in STEPS.items() if domino.get((r + dr, c + dc)) == uid]


def our_cells(result, index, kwargs):
    h, v = result.value("h", index), result.value("v", index)  # h's columns and v's rows count from 0
    cells = []
    for r, row in enumerate(kwargs["board"]):
        for c, _ in enumerate(row):
            sides = {"R": h[r][c + 1], "L": h[r][c], "D": v[r + 1][c], "U": v[r][c]}
            cells += [((r, c), side) for side, on in sides.items() if on]
    return cells
