"""Rooms against the peer's rooms solver: the numbers. A cell's value on both sides is the sides of it
that are walls, the grid's edge included (the letters of D, L, R, U in order; a cell without one is
left out)."""

from genres import lets, number

PEER = "rooms.rooms"
VAR = "h"
INSTANCES = [
    {  # test_ground
        'board': [
            ['1', '6', ' ', '2', ' ', '3', '2', ' ', '3', ' '],
            ['2', ' ', '2', '2', '9', ' ', '8', '5', ' ', '7'],
            ['4', '8', ' ', '1', '8', '3', ' ', '5', '6', ' '],
            [' ', ' ', '3', '2', ' ', '3', ' ', ' ', '6', '6'],
            ['2', '7', '3', ' ', '9', ' ', '5', '3', '1', ' '],
            [' ', '6', '5', '3', ' ', '7', ' ', '3', '2', '5'],
            ['3', '7', ' ', ' ', '11', ' ', '5', '4', ' ', ' '],
            [' ', '2', '2', ' ', '9', '5', '2', ' ', '2', '6'],
            ['5', ' ', '3', '2', ' ', '6', '4', '3', ' ', '6'],
            [' ', '2', ' ', '1', '13', ' ', '5', ' ', '5', '10'],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), clue=[[number(v, -1) for v in row] for row in board])


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(walls))) for pos, walls in assignment.items()]


def our_cells(result, index, kwargs):
    h, v = result.value("h", index), result.value("v", index)  # h's columns and v's rows count from 0
    cells = []
    for r, row in enumerate(kwargs["board"]):
        for c, _ in enumerate(row):
            doors = {"D": v[r + 1][c], "L": h[r][c], "R": h[r][c + 1], "U": v[r][c]}
            cells.append(((r, c), "".join(side for side, door in doors.items() if not door) or None))
    return cells
