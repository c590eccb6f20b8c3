"""Masyu against the peer's pearl solver, on our model's own instance (puzz.link's sample; the peer's
12x8 does not fit our model's 6x6 grid): the pearls ('W' white, 'B' black). A cell's value on both
sides is where the loop leaves it (the letters of U, D, L, R in order; '' off the loop)."""

from genres import lets, loop_ways

PEER = "pearl.pearl"
VAR = "loop"
INSTANCES = [
    {  # puzz.link's sample, https://puzz.link/p?mashu/6/6/1063000i3000
        'board': [
            [' ', ' ', 'W', ' ', ' ', ' '],
            [' ', 'B', ' ', ' ', 'W', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', 'B', ' ', ' '],
            [' ', 'W', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
        ],
    },
]
PEARLS = {" ": 0, "W": 1, "B": 2}


def instance(kwargs):
    return lets(pearl=[[PEARLS[v] for v in row] for row in kwargs["board"]])


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(way))) for pos, way in assignment.items()]


def our_cells(result, index, kwargs):
    board = kwargs["board"]
    return list(loop_ways(result, index, len(board), len(board[0])).items())
