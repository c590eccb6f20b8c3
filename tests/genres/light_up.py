"""Light Up (Akari) against the peer's light_up solver: its walls ('W', or a digit: the lamps beside it)."""

from genres import lets, picture

PEER = "light_up.light_up"
VAR = "lamp"
INSTANCES = [
    {  # test_ground
        'board': [
            [' ', '0', ' ', ' ', ' ', ' ', 'W', ' ', ' ', ' '],
            [' ', ' ', ' ', '0', ' ', ' ', ' ', ' ', ' ', '1'],
            ['W', ' ', 'W', ' ', ' ', 'W', ' ', ' ', '0', ' '],
            ['0', ' ', ' ', ' ', '3', ' ', 'W', ' ', '0', ' '],
            [' ', ' ', ' ', ' ', 'W', ' ', '2', ' ', 'W', ' '],
            [' ', '1', ' ', 'W', ' ', '2', ' ', ' ', ' ', ' '],
            [' ', '0', ' ', 'W', ' ', 'W', ' ', ' ', ' ', 'W'],
            [' ', '0', ' ', ' ', '1', ' ', ' ', '2', ' ', 'W'],
            ['0', ' ', ' ', ' ', ' ', ' ', '1', ' ', ' ', ' '],
            [' ', ' ', ' ', '2', ' ', ' ', ' ', ' ', 'W', ' '],
        ],
    },
    {  # test_ground_2
        'board': [
            [' ', ' ', 'W', ' ', ' ', ' ', 'W'],
            [' ', '4', ' ', ' ', '1', ' ', 'W'],
            [' ', ' ', ' ', '2', ' ', ' ', ' '],
            [' ', 'W', ' ', ' ', ' ', 'W', ' '],
            [' ', ' ', ' ', 'W', ' ', ' ', ' '],
            ['W', ' ', 'W', ' ', ' ', '1', ' '],
            ['1', ' ', ' ', ' ', '1', ' ', ' '],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    shape = [["." if v == " " else "#" for v in row] for row in board]
    clue = [[-1 if v == " " else -2 if v == "W" else int(v) for v in row] for row in board]
    return (lets(R=len(board), C=len(board[0]), clue=clue) + "var lamp in bool shape " + picture(shape) + "\n")


def theirs(value):
    return int(value)


def ours(value):
    return 0 if value is None else value
