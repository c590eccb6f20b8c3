"""Palisade against the peer's palisade solver: the areas' size, and the border counts given (-1 for
none). The peer numbers each area by its shape's place in its list, we by its first cell in reading
order: both sides are compared as that, each cell's area named by the area's first cell (from 0).
The peer's 15x12 with areas of 10 is left out: its 130,803 shapes that keep the border counts (the
peer's own solve takes some 30 s) pass the 1,000,000 terms a model may have by default."""

from genres import lets, number

PEER = "palisade.palisade"
VAR = "area"
SLOW = {0}
INSTANCES = [
    {  # test_ground_2
        'board': [
            [' ', ' ', ' ', '1', ' ', '1', ' ', ' ', ' ', ' '],
            [' ', '0', '2', ' ', '1', ' ', ' ', '2', ' ', '1'],
            ['2', ' ', ' ', '3', '3', '3', '1', '1', ' ', ' '],
            [' ', ' ', ' ', ' ', '1', ' ', '1', ' ', ' ', ' '],
            [' ', ' ', '1', ' ', '3', ' ', ' ', '3', ' ', ' '],
            [' ', ' ', ' ', '0', ' ', ' ', ' ', '1', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', '1', '2', '2', '1', ' '],
            ['3', '1', '2', ' ', ' ', '3', ' ', ' ', ' ', ' '],
        ],
        'region_size': 8,
    },
    {  # test_easy_2
        'board': [
            ['3', ' ', ' ', ' ', ' '],
            ['3', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', '1'],
            ['2', ' ', '2', '3', '2'],
            [' ', ' ', ' ', '2', ' '],
        ],
        'region_size': 5,
    },
    {  # test_easy
        'board': [
            ['2', ' ', ' '],
            ['3', ' ', ' '],
            ['2', ' ', ' '],
            [' ', '3', ' '],
        ],
        'region_size': 4,
    },
    {  # test_toy
        'board': [
            ['3', '2', '3'],
            ['3', '2', '3'],
            [' ', ' ', ' '],
        ],
        'region_size': 3,
    },
]


def instance(kwargs):
    board = kwargs["board"]
    counts = [[number(v, blank=-1) for v in row] for row in board]
    return lets(rows=len(board), columns=len(board[0]), n=kwargs["region_size"], borders=counts)


def their_cells(assignment, kwargs):
    """Each cell's area as the number of the area's first cell in reading order, from 0."""
    columns = len(kwargs["board"][0])
    first = {}
    for pos, shape in assignment.items():
        first[shape] = min(first.get(shape, pos.y * columns + pos.x), pos.y * columns + pos.x)
    return (((pos.y, pos.x), first[shape]) for pos, shape in assignment.items())


def ours(value):
    """Our cell: the number of its area's first cell in reading order, from 1."""
    return value - 1
