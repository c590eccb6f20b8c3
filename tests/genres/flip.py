"""Flip against the peer's flip solver: the board ('B' black, 'W' white) and, for a random puzzle,
`random_mapping`: the ways ('U', 'DR', ...) a tap on each cell reaches, keyed here by (x, y) as the
peer's `Pos` is (`Board` below makes each key a `Pos`). The answer is the cells tapped."""

import contextlib

from genres import lets

PEER = "flip.flip"
VAR = "tap"
WAY = {"UL": 1, "U": 2, "UR": 3, "L": 4, "R": 5, "DL": 6, "D": 7, "DR": 8}
INSTANCES = [
    {  # test_toy
        'board': [
            ['W', 'B', 'B'],
            ['B', 'B', 'W'],
            ['B', 'B', 'B'],
        ],
    },
    {  # test_toy_random (flip.html, 3x3 random)
        'board': [
            ['B', 'W', 'B'],
            ['W', 'W', 'W'],
            ['W', 'B', 'W'],
        ],
        'random_mapping': {
            (0, 0): ['R', 'D'], (1, 0): ['L', 'D', 'DR'], (2, 0): ['L', 'D'],
            (0, 1): ['U', 'R', 'D'], (1, 1): ['U', 'UL', 'UR'], (2, 1): ['U', 'D', 'DL'],
            (0, 2): ['U', 'R', 'UR'], (1, 2): ['L', 'R', 'UL'], (2, 2): ['L', 'U'],
        },
    },
    {  # test_ground (flip.html#7x7c%23786091446619314)
        'board': [
            ['B', 'W', 'W', 'W', 'W', 'W', 'W'],
            ['B', 'B', 'W', 'W', 'W', 'B', 'B'],
            ['W', 'B', 'W', 'W', 'B', 'B', 'W'],
            ['B', 'B', 'B', 'W', 'W', 'B', 'W'],
            ['W', 'W', 'B', 'B', 'W', 'B', 'W'],
            ['B', 'W', 'B', 'B', 'W', 'W', 'W'],
            ['B', 'W', 'B', 'W', 'W', 'B', 'B'],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    text = lets(R=len(board), C=len(board[0]), black=[[int(v == "B") for v in row] for row in board])
    mapping = kwargs.get("random_mapping")
    if mapping is None:
        return text + "let flips = [[[2, 4, 5, 7] for c in 1..C] for r in 1..R]\n"
    flips = [[sorted(WAY[way] for way in mapping[(c, r)]) for c, _ in enumerate(row)] for r, row in enumerate(board)]
    return text + lets(flips=flips)


def theirs(value):
    return int(value)


def ours(value):
    return int(value)


with contextlib.suppress(ImportError):
    from puzzle_solver.core.utils import Pos
    from puzzle_solver.puzzles.flip import flip

    class Board(flip.Board):
        """The peer's Board, its `random_mapping` keyed by (x, y) pairs made `Pos`."""

        def __init__(self, board, random_mapping=None):
            mapping = random_mapping and {Pos(x=x, y=y): ways for (x, y), ways in random_mapping.items()}
            super().__init__(board, random_mapping=mapping)

    flip.Board = Board
