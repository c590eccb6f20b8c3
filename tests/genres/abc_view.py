"""ABC View against the peer's abc_view solver: the letters to place (characters), the letters seen
from each side ('' none) and the letters given on the board (' ' none). The letters are a UserList:
the peer adds a list to them, which a numpy array (what peer_board makes of a list) would not take."""

from collections import UserList

PEER = "abc_view.abc_view"
VAR = "letter"
SIDES = {"above": "top", "below": "bottom", "left": "left", "right": "right"}  # ours: the peer's
INSTANCES = [
    {  # test_toy
        'board': [[' '] * 5 for _ in range(5)],
        'top': ['C', 'C', 'C', 'B', ''],
        'left': ['C', 'C', '', 'A', ''],
        'bottom': ['', 'A', 'A', 'C', 'B'],
        'right': ['', '', 'C', '', ''],
        'characters': UserList(['A', 'B', 'C']),
    },
]


def side(clues):
    return "[" + ", ".join(clue or "none" for clue in clues) + "]"


def instance(kwargs):
    board, letters = kwargs["board"], ", ".join(kwargs["characters"])
    given = [f"letter[{r}, {c}] == {v}" for r, row in enumerate(board, 1) for c, v in enumerate(row, 1) if v.strip()]
    return (f"let n = {len(board)}\nvar letter[1..n, 1..n] in {{{letters}, none}}\nlet letters = {{{letters}}}\n"
            + "".join(f"let {ours} = {side(kwargs[theirs])}\n" for ours, theirs in SIDES.items())
            + "".join(f"{clue}\n" for clue in given))


def our_cells(result, index, kwargs):
    rows = result.value(VAR, index)
    return (((r, c), None if v == "none" else v) for r, row in enumerate(rows) for c, v in enumerate(row))
