"""Battleships against the peer's battleships solver: the ship cells in each row (`side`) and
column (`top`), and the revealed cells ('W' water; 'S' a submarine; 'O' a ship's middle; 'L', 'R',
'U', 'D' its left, right, top or bottom end). The fleet (`ship_counts`) is the model's own rule."""

from genres import lets, picture

PEER = "battleships.battleships"
VAR = "sea"
INSTANCES = [  # the 15x15 only: our model's grid and fleet are that one's
    {  # test_ground_2
        'board': [
            [' ', ' ', ' ', ' ', ' ', 'S', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', 'S', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', 'O', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            ['W', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', 'O', ' ', ' ', ' ', ' ', 'W', ' ', ' ', 'R'],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', 'U', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', 'L', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', 'S'],
        ],
        'top': [2, 2, 4, 2, 1, 2, 1, 2, 4, 1, 3, 2, 5, 2, 2],
        'side': [1, 2, 1, 1, 0, 7, 0, 9, 2, 2, 5, 1, 3, 0, 1],
        'ship_counts': {1: 5, 2: 4, 3: 3, 4: 2, 5: 1},
    },
]
PARTS = {"S": "a submarine", "O": "a middle part", "L": "a left end", "R": "a right end", "U": "a top end",
         "D": "a bottom end"}
ALONG = {"L": (0, 1), "R": (0, -1), "U": (1, 0), "D": (-1, 0)}  # from an end to the rest of its ship


def instance(kwargs):
    board = kwargs["board"]
    shown = [["." if v == " " else "0" if v == "W" else "1" for v in row] for row in board]
    parts = [part_line(board, r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v in PARTS]
    return (lets(across=kwargs["side"], down=kwargs["top"]) + "given sea = " + picture(shown) + "\n"
            + "".join(parts))


def part_line(board, r, c):
    """What the revealed part at (r, c) says of the cells beside it, with a comment that names it."""
    part = board[r][c]

    def sea(dr, dc):
        inside = 0 <= r + dr < len(board) and 0 <= c + dc < len(board[0])
        return f"sea[{r + dr + 1}, {c + dc + 1}]" if inside else None

    if part == "S":
        rule = " + ".join(s for s in (sea(-1, 0), sea(1, 0), sea(0, -1), sea(0, 1)) if s) + " == 0"
    elif part == "O":
        pairs = [(sea(-1, 0), sea(1, 0)), (sea(0, -1), sea(0, 1))]
        rule = " or ".join(f"{a} + {b} == 2" for a, b in pairs if a and b)
    else:
        dr, dc = ALONG[part]
        rule = " and ".join([f"{sea(dr, dc)} == 1"] + ([f"{sea(-dr, -dc)} == 0"] if sea(-dr, -dc) else []))
    return (rule + "  ").ljust(60) + f"# {PARTS[part]} at row {r + 1}, column {c + 1}\n"


def theirs(value):
    return int(value)
