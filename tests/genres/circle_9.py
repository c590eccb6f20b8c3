"""Circle 9 against the peer's circle_9 solver: the digits of the grid, ' ' an empty cell. The peer
answers for the digits' cells only (1 circled), so ours is read at those cells."""

from genres import lets, number

PEER = "circle_9.circle_9"
VAR = "circled"
INSTANCES = [
    {  # test_ground (krazydad's Circle 9, classic volume 2, book 48)
        'board': [
            ['7', '6', '9', ' ', ' ', ' ', '5', '4', '2'],
            [' ', ' ', ' ', ' ', '9', '4', ' ', '7', ' '],
            [' ', ' ', '8', ' ', '8', ' ', ' ', '6', '6'],
            [' ', ' ', ' ', ' ', '3', ' ', '7', ' ', ' '],
            ['2', '5', ' ', '7', ' ', '8', ' ', '7', '8'],
            [' ', ' ', '4', ' ', '9', ' ', ' ', ' ', ' '],
            ['3', '4', ' ', ' ', '8', ' ', '3', ' ', ' '],
            [' ', '2', ' ', '6', '2', ' ', ' ', ' ', ' '],
            ['8', '2', '7', ' ', ' ', ' ', '9', '1', '3'],
        ],
    },
    {  # test_ground2
        'board': [
            ['6', ' ', '1', ' ', ' ', ' ', '1', ' ', '2'],
            [' ', ' ', ' ', '2', ' ', '2', ' ', ' ', ' '],
            [' ', '3', ' ', ' ', '8', ' ', ' ', '9', ' '],
            ['8', ' ', '9', ' ', ' ', ' ', '2', ' ', '9'],
            [' ', ' ', ' ', ' ', '3', ' ', ' ', ' ', ' '],
            ['6', ' ', '1', ' ', ' ', ' ', '4', ' ', '8'],
            [' ', '5', ' ', ' ', '2', ' ', ' ', '7', ' '],
            [' ', ' ', ' ', '9', ' ', '7', ' ', ' ', ' '],
            ['3', ' ', '8', ' ', ' ', ' ', '1', ' ', '6'],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(n=len(board), digit=[[number(v) for v in row] for row in board])


def our_cells(result, index, kwargs):
    rows = result.value(VAR, index)
    return (((r, c), int(v) if kwargs["board"][r][c] != " " else None)
            for r, row in enumerate(rows) for c, v in enumerate(row))
