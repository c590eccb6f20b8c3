"""Pipes against the peer's pipes solver: each cell's tile ('1' an end, '2L' a bend, '2I' a straight
pipe, '3' a T, '4' a cross). A cell's value on both sides is the ways its pipe leaves it after the
turn (the letters of D, L, R, U in order)."""

from genres import lets

PEER = "pipes.pipes"
VAR = "h"
INSTANCES = [
    {  # test_easy, https://www.puzzle-pipes.com/?e=MDo3LDI2NiwyMTg=
        'board': [
            ['1', '2L', '2L', '1'],
            ['2L', '3', '2I', '2I'],
            ['1', '1', '3', '3'],
            ['2L', '2I', '2L', '1'],
        ],
    },
    {  # test_ground, https://www.puzzle-pipes.com/?e=MjoyNTgsNjQz
        'board': [
            ['1 ', '3 ', '2I', '1 ', '2L', '1 ', '1 '],
            ['1 ', '3 ', '3 ', '1 ', '2I', '2L', '2L'],
            ['2L', '3 ', '2L', '3 ', '3 ', '3 ', '1 '],
            ['2L', '2L', '1 ', '3 ', '1 ', '2I', '1 '],
            ['2I', '1 ', '3 ', '3 ', '3 ', '3 ', '2I'],
            ['1 ', '1 ', '3 ', '2L', '3 ', '2L', '2L'],
            ['1 ', '2I', '2L', '1 ', '2L', '2I', '1 '],
        ],
    },
    {  # test_ground2, https://www.puzzle-pipes.com/?e=MzoxLDE5OCw0ODU=
        'board': [
            ['1 ', '3 ', '3 ', '3 ', '1 ', '1 ', '2L', '2L', '2I', '1 '],
            ['1 ', '1 ', '1 ', '3 ', '2I', '1 ', '2I', '3 ', '2I', '1 '],
            ['2I', '1 ', '1 ', '3 ', '2L', '1 ', '3 ', '2I', '1 ', '1 '],
            ['2I', '2I', '1 ', '3 ', '3 ', '3 ', '2L', '3 ', '3 ', '2L'],
            ['3 ', '3 ', '2I', '3 ', '1 ', '3 ', '2I', '2L', '1 ', '2L'],
            ['1 ', '1 ', '3 ', '2I', '3 ', '2L', '1 ', '1 ', '2L', '2L'],
            ['1 ', '1 ', '3 ', '1 ', '1 ', '1 ', '3 ', '3 ', '3 ', '2L'],
            ['3 ', '2I', '3 ', '3 ', '2L', '3 ', '3 ', '2I', '2L', '1 '],
            ['1 ', '1 ', '3 ', '3 ', '3 ', '3 ', '1 ', '2L', '3 ', '2L'],
            ['1 ', '2I', '3 ', '2I', '1 ', '1 ', '1 ', '3 ', '1 ', '1 '],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), ends=[[int(v.strip()[0]) for v in row] for row in board],
                straight=[[int(v.strip() == "2I") for v in row] for row in board])


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(way))) for pos, way in assignment.items()]


def our_cells(result, index, kwargs):
    h, v = result.value("h", index), result.value("v", index)  # h's columns and v's rows count from 0
    cells = []
    for r, row in enumerate(kwargs["board"]):
        for c, _ in enumerate(row):
            sides = {"D": v[r + 1][c], "L": h[r][c], "R": h[r][c + 1], "U": v[r][c]}
            cells.append(((r, c), "".join(side for side, on in sides.items() if on)))
    return cells
