"""Area 51 against the peer's area_51 solver: the board's clues (a number: the fence's sides around
its cell; 'A' an alien, inside; 'C' a cactus, outside; 'O' and a number: the cells inside the fence
its cell sees, itself included) and the dots on the grid's corners ('W' white, 'B' black; a corner
(x, y) is x lines across and y lines down). A cell's value on both sides is 1 inside the fence."""

from genres import lets, number, row_text

try:
    from puzzle_solver.core.utils import get_pos
except ImportError:  # without the peer its tests are skipped; the instances still describe the clues
    def get_pos(x, y):
        return (x, y)

PEER = "area_51.area_51"
VAR = "out"
INSTANCES = [
    {  # test_ground
        'board': [
            ['  ', 'A ', '  ', '  ', '  ', '  ', '  ', 'O4'],
            ['  ', '  ', '  ', '2 ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '1 ', '  ', '1 ', '3 ', 'C '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '2 ', '  '],
            ['  ', '  ', '2 ', '1 ', '2 ', '1 ', '  ', '  '],
            ['  ', '  ', '  ', '2 ', '3 ', '  ', '2 ', '  '],
            ['  ', '  ', '1 ', '  ', '  ', '  ', '3 ', '  '],
            ['  ', '  ', '  ', '  ', '1 ', '  ', '  ', '  '],
            ['  ', '  ', '1 ', '  ', '  ', '  ', '  ', '2 '],
            ['3 ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
        ],
        'dots': {
            get_pos(x=1, y=1): 'B', get_pos(x=5, y=7): 'B',
            get_pos(x=5, y=1): 'W', get_pos(x=0, y=5): 'W', get_pos(x=1, y=6): 'W', get_pos(x=1, y=7): 'W',
            get_pos(x=7, y=7): 'W', get_pos(x=6, y=8): 'W', get_pos(x=6, y=9): 'W', get_pos(x=2, y=10): 'W',
        },
    },
    {  # test_black_completely_surrounded_isnt_valid: the fence encloses no outside cell
        'board': [
            ['2 ', '2 ', 'A '],
            ['2 ', '  ', '2 '],
            ['2 ', '2 ', '2 '],
        ],
        'dots': {},
    },
]


def cells(board, mark):
    """[r, c] (1-based) of each cell whose clue is `mark`."""
    return [[r + 1, c + 1] for r, row in enumerate(board) for c, v in enumerate(row) if v.strip() == mark]


def corners(dots, colour):
    return [[pos.y, pos.x] if hasattr(pos, "x") else [pos[1], pos[0]] for pos, v in dots.items() if v == colour]


def instance(kwargs):
    board, dots = kwargs["board"], kwargs["dots"]
    sees = [[r + 1, c + 1, int(v.strip()[1:])] for r, row in enumerate(board) for c, v in enumerate(row)
            if v.startswith("O")]
    listed = {"alien": cells(board, "A"), "cactus": cells(board, "C"), "sees": sees,
              "white": corners(dots, "W"), "black": corners(dots, "B")}
    return (lets(R=len(board), C=len(board[0]), clue=[[number(v, -1) for v in row] for row in board])
            + "".join(f"let {name} = {row_text([row_text(item) for item in items])}\n"
                      for name, items in listed.items()))


def theirs(value):
    return int(value)


def ours(value):
    return 1 - value
