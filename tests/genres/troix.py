"""Troix against the peer's troix solver: the symbols given ('O', 'I', 'X'), ' ' an empty cell."""

PEER = "troix.troix"
VAR = "symbol"
INSTANCES = [
    {  # test_ground
        'board': [
            ['O', 'I', 'O', ' ', 'I', ' ', 'X', 'O', 'I'],
            [' ', 'O', ' ', 'I', ' ', 'X', ' ', 'X', ' '],
            ['I', ' ', 'X', ' ', 'I', ' ', 'I', ' ', 'X'],
            ['X', 'I', ' ', ' ', ' ', ' ', ' ', 'X', 'X'],
            [' ', ' ', 'O', 'I', ' ', 'X', 'X', ' ', ' '],
            ['I', 'O', ' ', ' ', ' ', ' ', ' ', 'I', 'I'],
            ['O', ' ', 'O', ' ', 'O', ' ', 'I', ' ', 'X'],
            [' ', 'X', ' ', 'I', ' ', 'O', ' ', 'O', ' '],
            ['X', 'O', 'X', ' ', 'O', ' ', 'O', 'I', 'I'],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    assert {v for row in board for v in row} == {" ", "O", "I", "X"}  # the peer takes its symbols from the board
    clues = [[f"symbol[{r}, {c}] == {v}" for c, v in enumerate(row, 1) if v != " "] for r, row in enumerate(board, 1)]
    return f"let n = {len(board)}\nvar symbol[1..n, 1..n] in {{O, I, X}}\n" + "".join(clue_lines(row) for row in clues)


def clue_lines(clues):
    """A row's givens, four to a line."""
    return "".join(" and ".join(clues[i:i + 4]) + "\n" for i in range(0, len(clues), 4))
