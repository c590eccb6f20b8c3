"""Yajilin against the peer's yajilin solver: the arrows (a direction and a count: 'R1', 'L0', 'D1',
'U2'). A cell's value on both sides is where the loop leaves it (the letters of U, D, L, R in order),
'F' for a shaded cell, 'N' for an arrow's."""

from genres import loop_ways

PEER = "yajilin.yajilin"
VAR = "shaded"
INSTANCES = [  # not test_ground: our model's grid is the 6x6's size
    {  # test_easy
        'board': [
            ['R1', '  ', '  ', '  ', '  ', 'L1'],
            ['  ', '  ', 'R0', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', 'R0', '  '],
            ['  ', '  ', 'L0', '  ', '  ', '  '],
            ['  ', '  ', '  ', 'D1', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  '],
        ],
    },
]
POINTING = {"R": "right", "L": "left", "D": "down", "U": "up"}


def instance(kwargs):
    arrows = {way: [] for way in POINTING}
    for r, row in enumerate(kwargs["board"]):
        for c, clue in enumerate(row):
            if clue.strip():
                arrows[clue[0]].append([r + 1, c + 1, int(clue[1:])])
    return "".join(f"let pointing_{POINTING[way]} = {found}\n" for way, found in arrows.items() if found)


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(value))) for pos, value in assignment.items()]


def our_cells(result, index, kwargs):
    board = kwargs["board"]
    shaded = result.value("shaded", index)
    ways = loop_ways(result, index, len(board), len(board[0]))
    return [((r, c), "".join(sorted(way + "F" * shaded[r][c] + "N" * bool(board[r][c].strip()))))
            for (r, c), way in ways.items()]
