"""Tents against the peer's tents solver: its trees ('T') and the tents in each row (`side`) and
column (`top`). The peer leaves out the cells whose value it knows beforehand (a tree's): no tent."""

from genres import lets

PEER = "tents.tents"
VAR = "tent"
INSTANCES = [  # not test_dummy: its -1 (no count) for a row is a clue our model does not write
    {  # test_ground
        'board': [
            [' ', 'T', ' ', ' ', ' ', ' ', ' ', ' ', 'T', ' ', 'T', ' ', 'T', ' ', ' '],
            [' ', ' ', ' ', ' ', 'T', ' ', ' ', 'T', ' ', 'T', ' ', ' ', 'T', ' ', ' '],
            [' ', 'T', ' ', 'T', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', 'T', ' ', ' ', ' ', 'T', ' ', 'T'],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', 'T', ' ', ' ', 'T', ' ', 'T', ' ', ' ', 'T', ' ', ' ', 'T', 'T', ' '],
            [' ', 'T', ' ', ' ', 'T', ' ', ' ', ' ', 'T', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', 'T', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', 'T', ' ', ' ', ' ', ' ', 'T', ' ', ' ', 'T', ' '],
            [' ', ' ', ' ', 'T', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', 'T', ' ', 'T'],
            ['T', ' ', ' ', ' ', ' ', ' ', ' ', 'T', ' ', ' ', ' ', 'T', ' ', ' ', ' '],
            ['T', ' ', ' ', ' ', 'T', ' ', 'T', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', 'T', ' ', 'T', ' ', ' ', ' ', 'T'],
            [' ', 'T', ' ', ' ', ' ', 'T', ' ', ' ', ' ', ' ', ' ', ' ', 'T', ' ', ' '],
            [' ', 'T', ' ', ' ', 'T', ' ', ' ', ' ', ' ', 'T', ' ', 'T', ' ', ' ', ' '],
        ],
        'side': [4, 1, 6, 0, 5, 2, 3, 1, 5, 2, 3, 2, 4, 3, 4],
        'top': [4, 2, 4, 1, 3, 3, 3, 3, 3, 3, 2, 2, 6, 2, 4],
    },
]


def instance(kwargs):
    tree = [[1 if v == "T" else 0 for v in row] for row in kwargs["board"]]
    return lets(tree=tree, in_row=kwargs["side"], in_column=kwargs["top"])


def their_cells(assignment, kwargs):
    board = kwargs["board"]
    tents = {(pos.y, pos.x) for pos, v in assignment.items() if v == 1}
    return [((r, c), int((r, c) in tents)) for r, row in enumerate(board) for c, _ in enumerate(row)]
