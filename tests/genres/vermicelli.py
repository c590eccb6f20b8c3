"""Vermicelli against the peer's vermicelli solver: the walls (the letters of a cell's sides that have
one, U, L, D, R). A cell's value on both sides is where the loop leaves it (the letters of D, L, R, U
in order)."""

from genres import lets, loop_ways, row_text

PEER = "vermicelli.vermicelli"
VAR = "loop"
INSTANCES = [
    {  # test_ground
        'walls': [
            ['  ', '  ', '  ', '  ', 'D ', '  '],
            ['  ', '  ', '  ', 'DR', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  '],
            ['R ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', 'R ', '  '],
            ['  ', '  ', 'R ', '  ', '  ', '  '],
        ],
    },
    {  # test_toy
        'walls': [
            ['  ', '  ', '  ', '  '],
            ['  ', '  ', 'UR', '  '],
            ['  ', '  ', '  ', '  '],
        ],
    },
    {  # test_ground2
        'walls': [
            ['  ', '  ', '  ', 'D ', '  ', '  ', 'R ', '  ', '  ', '  '],
            ['  ', 'D ', '  ', '  ', '  ', 'R ', 'D ', '  ', '  ', '  '],
            ['R ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', 'D ', '  ', '  ', '  ', '  ', '  ', 'R ', '  '],
            ['D ', '  ', 'R ', 'D ', '  ', 'DR', '  ', 'R ', 'D ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', 'D ', 'R ', 'D ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', 'R ', '  ', '  ', 'U ', '  '],
        ],
    },
]


def walls(board):
    """The walls inside the grid, as [r, c] of the first of their two cells (1-based): across a row
    (between (r, c) and (r, c + 1)) and across a column (between (r, c) and (r + 1, c))."""
    rows, columns = len(board), len(board[0])
    right, down = [], []
    for r, row in enumerate(board):
        for c, sides in enumerate(row):
            for side in sides.strip():
                where, i, j = {"U": (down, r, c + 1), "D": (down, r + 1, c + 1),
                               "L": (right, r + 1, c), "R": (right, r + 1, c + 1)}[side]
                inside = 1 <= i <= rows - (where is down) and 1 <= j <= columns - (where is right)
                if inside and [i, j] not in where:
                    where.append([i, j])
    return right, down


def instance(kwargs):
    board = kwargs["walls"]
    right, down = walls(board)
    return (lets(R=len(board), C=len(board[0])) + f"let wall_right = {row_text([row_text(w) for w in right])}\n"
            + f"let wall_down = {row_text([row_text(w) for w in down])}\n")


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(way))) for pos, way in assignment.items()]


def our_cells(result, index, kwargs):
    board = kwargs["walls"]
    return list(loop_ways(result, index, len(board), len(board[0])).items())
