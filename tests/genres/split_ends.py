"""Split Ends against the peer's split_ends solver: the triangles given ('L', 'R', 'U', 'D', the way
each points) and the blanks given ('O'); ' ' an empty cell."""

PEER = "split_ends.split_ends"
VAR = "cell"
INSTANCES = [
    {  # test_ground
        'board': [
            ['O', ' ', 'O', 'L', ' ', 'U'],
            [' ', ' ', ' ', ' ', ' ', ' '],
            [' ', 'R', ' ', ' ', 'O', ' '],
            [' ', 'O', ' ', ' ', 'L', ' '],
            [' ', ' ', ' ', ' ', ' ', ' '],
            ['U', ' ', 'L', 'D', ' ', 'R'],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    clues = [" and ".join(f"cell[{r}, {c}] == {v}" for c, v in enumerate(row, 1) if v != " ")
             for r, row in enumerate(board, 1)]
    assert len(board) == 6  # the peer's boards are 6x6, as the model's grid is
    return "".join(f"{line}\n" for line in clues if line)
