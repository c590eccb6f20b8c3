"""Linesweeper against the peer's linesweeper solver: the numbers (' ' no number). A cell's value on
both sides is where the loop leaves it (the letters of D, L, R, U in order; a cell off the loop is
left out)."""

from genres import lets, loop_ways, number

PEER = "linesweeper.linesweeper"
VAR = "loop"
INSTANCES = [
    {  # test_toy
        'board': [
            [' ', '3', ' ', ' ', '3', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            ['5', ' ', '3', ' ', ' ', '5'],
            [' ', ' ', ' ', '5', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
        ],
    },
    {  # test_ground
        'board': [
            [' ', '3', ' ', ' ', ' ', ' ', '5', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', '6', ' ', '5', ' ', ' ', ' ', ' ', ' ', '5'],
            [' ', ' ', '5', ' ', ' ', '7', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', '6', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', '7', '6', ' ', ' ', ' ', '7', ' ', '5'],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', '7', ' ', ' ', '8', ' ', '8', ' ', '8', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            ['3', ' ', ' ', ' ', ' ', ' ', ' ', '5', ' ', ' '],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), clue=[[number(v, -1) for v in row] for row in board])


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(way)) or None) for pos, way in assignment.items()]


def our_cells(result, index, kwargs):
    board = kwargs["board"]
    return [(where, way or None) for where, way in loop_ways(result, index, len(board), len(board[0])).items()]
