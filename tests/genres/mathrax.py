"""Mathrax against the peer's mathrax solver: the circles where four cells meet (circle_board: a
result and its operation, 'E' all even, 'O' all odd, ' ' none) and the digits given (board)."""

from genres import lets, number

PEER = "mathrax.mathrax"
VAR = "digit"
OPERATION = {"+": 1, "x": 2, "-": 3, "/": 4, "E": 5, "O": 6}
INSTANCES = [
    {  # test_ground
        'circle_board': [
            [' ', ' ', ' ', '3-', ' ', ' '],
            [' ', 'O', ' ', '2-', ' ', ' '],
            [' ', ' ', ' ', ' ', '5+', ' '],
            ['2-', ' ', '1-', ' ', ' ', ' '],
            [' ', '1-', ' ', ' ', ' ', '6x'],
            ['4x', ' ', ' ', ' ', ' ', ' '],
        ],
    },
    {  # test_ground2
        'circle_board': [
            [' ', ' ', '1-', '9+', ' ', ' '],
            [' ', '2-', ' ', ' ', ' ', ' '],
            [' ', ' ', '1-', ' ', 'O', ' '],
            [' ', ' ', ' ', '4-', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
        ],
        'board': [
            [' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', '2', ' '],
            [' ', ' ', ' ', ' ', ' ', '1', ' '],
            ['2', ' ', ' ', '5', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' '],
            ['3', ' ', ' ', ' ', ' ', ' ', ' '],
            ['1', ' ', ' ', ' ', ' ', '5', ' '],
        ],
    },
]


def instance(kwargs):
    circles = kwargs["circle_board"]
    n = len(circles) + 1
    assert all(len(row) == n - 1 for row in circles)
    board = kwargs.get("board", [[" "] * n] * n)
    return lets(n=n, given=[[number(v) for v in row] for row in board],
                sign=[[OPERATION.get(v.strip()[-1:], 0) for v in row] for row in circles],
                number=[[number(v.strip()[:-1]) for v in row] for row in circles])
