"""Magnets against the peer's magnets solver: its board of dominoes ('H' across, 'V' down), and the
counts of + and of - at the top and at the side (-1 none)."""

from genres import lets, picture

PEER = "magnets.magnets"
VAR = "pole"
INSTANCES = [
    {  # test_dummy
        'board': [
            ['H', 'H', 'H', 'H', 'V'],
            ['V', 'V', 'H', 'H', 'V'],
            ['V', 'V', 'H', 'H', 'V'],
            ['H', 'H', 'H', 'H', 'V'],
            ['V', 'H', 'H', 'V', 'V'],
            ['V', 'H', 'H', 'V', 'V'],
        ],
        'top_pos': [3, 2, 2, 0, 2],
        'top_neg': [2, 2, 1, 2, 2],
        'side_pos': [2, 1, 1, 2, 2, 1],
        'side_neg': [1, 2, 1, 2, 2, 1],
    },
    {  # test_ground
        'board': [
            ['H', 'H', 'H', 'H', 'V', 'V', 'V', 'V', 'H', 'H'],
            ['H', 'H', 'H', 'H', 'V', 'V', 'V', 'V', 'V', 'V'],
            ['H', 'H', 'H', 'H', 'H', 'H', 'H', 'H', 'V', 'V'],
            ['V', 'V', 'V', 'H', 'H', 'H', 'H', 'H', 'H', 'V'],
            ['V', 'V', 'V', 'V', 'V', 'V', 'V', 'H', 'H', 'V'],
            ['V', 'H', 'H', 'V', 'V', 'V', 'V', 'V', 'V', 'V'],
            ['V', 'V', 'V', 'V', 'V', 'H', 'H', 'V', 'V', 'V'],
            ['V', 'V', 'V', 'V', 'V', 'V', 'H', 'H', 'H', 'H'],
            ['V', 'H', 'H', 'H', 'H', 'V', 'H', 'H', 'H', 'H'],
        ],
        'top_pos': [-1, -1, 3, 5, 3, 3, -1, 3, -1, 4],
        'top_neg': [-1, 2, 3, 4, -1, 3, 4, 3, 4, 4],
        'side_pos': [5, -1, -1, -1, 5, -1, 3, 1, -1],
        'side_neg': [4, -1, 4, -1, 5, 4, -1, 2, -1],
    },
]


def instance(kwargs):
    return (lets(R=len(kwargs["board"]), C=len(kwargs["board"][0]), top_plus=kwargs["top_pos"],
                 top_minus=kwargs["top_neg"], side_plus=kwargs["side_pos"], side_minus=kwargs["side_neg"])
            + f"var pole[1..R, 1..C] in -1..1\nregions domino of pole = {picture(dominoes(kwargs['board']))}\n")


def dominoes(board):
    """A number a domino, as the peer pairs the cells: down the columns, then along the rows."""
    label = [[""] * len(board[0]) for _ in board]
    count = 0
    for letter, cells in (("V", [(r, c) for c in range(len(board[0])) for r in range(len(board))]),
                          ("H", [(r, c) for r in range(len(board)) for c in range(len(board[0]))])):
        for r, c in cells:
            if board[r][c] == letter and not label[r][c]:
                count += 1
                label[r][c] = label[r + (letter == "V")][c + (letter == "H")] = str(count)
    return [[f"{v:>2}" for v in row] for row in label]


def theirs(value):
    return {"+": 1, "-": -1, "x": 0}[value[1]]
