"""Hidden Stars against the peer's hidden_stars solver: the arrows ('Q' up-left, 'W' up, 'E' up-right,
'A' left, 'D' right, 'Z' down-left, 'X' down, 'C' down-right; ' ' none) and the stars of each row
(side) and column (top). The peer answers for the cells without an arrow only."""

from genres import lets

PEER = "hidden_stars.hidden_stars"
VAR = "star"
WAY = {"Q": 1, "W": 2, "E": 3, "A": 4, "D": 5, "Z": 6, "X": 7, "C": 8}
INSTANCES = [
    {  # test_toy
        'board': [
            [' ', 'C', 'A', ' ', 'X', ' ', 'X'],
            ['C', ' ', 'Z', 'C', ' ', 'Z', ' '],
            ['D', ' ', ' ', ' ', 'W', ' ', ' '],
            [' ', ' ', 'X', ' ', ' ', ' ', ' '],
            [' ', ' ', 'A', ' ', ' ', ' ', ' '],
            ['W', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', 'W', ' ', ' ', 'A', 'Q', ' '],
        ],
        'side': [1, 2, 2, 1, 1, 3, 1],
        'top': [1, 3, 2, 1, 2, 1, 1],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), arrow=[[WAY.get(v.strip(), 0) for v in row] for row in board],
                side=kwargs["side"], top=kwargs["top"])


def our_cells(result, index, kwargs):
    rows = result.value(VAR, index)
    return (((r, c), None if kwargs["board"][r][c].strip() else int(v))
            for r, row in enumerate(rows) for c, v in enumerate(row))
