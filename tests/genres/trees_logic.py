"""Trees Logic against the peer's trees_logic solver: a map of blocks ('01', '02', ...)."""

from genres import lets, picture

PEER = "trees_logic.trees_logic"
VAR = "tree"
INSTANCES = [
    {  # test_ground (sporcle.com, Katie_Wandering's "Trees Logic Puzzle")
        'board': [
            ['01', '01', '02', '02', '02', '03', '03', '03'],
            ['04', '01', '01', '02', '08', '03', '08', '08'],
            ['04', '01', '01', '02', '08', '08', '08', '08'],
            ['04', '01', '01', '02', '02', '05', '05', '05'],
            ['04', '01', '01', '01', '02', '02', '05', '05'],
            ['04', '04', '01', '01', '02', '06', '06', '06'],
            ['04', '04', '04', '04', '07', '07', '07', '06'],
            ['04', '04', '07', '07', '07', '06', '06', '06'],
        ],
    },
    {  # test_toy
        'board': [
            ['01', '01', '02', '02', '02'],
            ['01', '02', '02', '05', '05'],
            ['03', '03', '03', '05', '05'],
            ['04', '03', '04', '05', '05'],
            ['04', '04', '04', '05', '05'],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return (lets(R=len(board), C=len(board[0]))
            + f"var tree[1..R, 1..C] in bool\nregions block of tree = {picture(board)}\n")
