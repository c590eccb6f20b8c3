"""Snail against the peer's snail solver: the numbers given (' ' none). A cell's value on both sides
is its number, 0 a blank."""

from genres import lets, number

PEER = "snail.snail"
VAR = "g"
INSTANCES = [
    {  # test_ground
        'board': [
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', '3', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            ['1', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', '1', ' ', ' ', ' '],
        ],
    },
]


def spiral(n):
    """Each cell's place along the snail, from the top left corner clockwise inward."""
    place = [[0] * n for _ in range(n)]
    r, c, dr, dc = 0, 0, 0, 1
    for k in range(1, n * n + 1):
        place[r][c] = k
        if not (0 <= r + dr < n and 0 <= c + dc < n and place[r + dr][c + dc] == 0):
            dr, dc = dc, -dr
        r, c = r + dr, c + dc
    return place


def instance(kwargs):
    board = kwargs["board"]
    return lets(N=len(board), given=[[number(v) for v in row] for row in board], snail=spiral(len(board)))
