"""Cow and Cactus against the peer's cow_and_cactus solver: the cows ('W'), the cacti ('P') and the
numbers (the cells inside the fence its cell sees, itself included). A cell's value on both sides is
1 inside the fence."""

from genres import lets, row_text

PEER = "cow_and_cactus.cow_and_cactus"
VAR = "out"
INSTANCES = [
    {  # test_toy
        'board': [
            ['  ', '  ', '15', '  ', '11', '9 ', '8 ', '11'],
            ['  ', '  ', '  ', 'P ', '  ', '  ', '  ', '  '],
            ['W ', '3 ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['W ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['W ', '  ', '  ', '  ', '  ', 'W ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '4 ', '  '],
            ['W ', '  ', '  ', '  ', 'W ', 'W ', 'P ', 'W '],
            ['P ', 'W ', '  ', '  ', 'W ', 'W ', '  ', 'P '],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    cells = {"cow": [], "cactus": [], "sees": []}
    for r, row in enumerate(board):
        for c, v in enumerate(row):
            if v.strip() in ("W", "P"):
                cells["cow" if v.strip() == "W" else "cactus"].append([r + 1, c + 1])
            elif v.strip():
                cells["sees"].append([r + 1, c + 1, int(v)])
    return lets(R=len(board), C=len(board[0])) + "".join(
        f"let {name} = {row_text([row_text(item) for item in items])}\n" for name, items in cells.items())


def theirs(value):
    return int(value)


def ours(value):
    return 1 - value
