"""Number Path against the peer's number_path solver: the numbers, and the path's start and end. A
cell's value on both sides is the way the path goes on from it, the peer's Direction8 name ('UP',
'DOWN_RIGHT', ...; the end is left out)."""

from genres import lets

try:
    from puzzle_solver.core.utils import get_pos
except ImportError:  # without the peer its tests are skipped; the instances still describe the clues
    def get_pos(x, y):
        return (x, y)

PEER = "number_path.number_path"
VAR = "step"
SLOW = {0}  # about 2 s of CPU
INSTANCES = [
    {  # test_ground
        'board': [
            ['3', '2', '4', '1', '2', '3', '1', '2'],
            ['4', '3', '1', '4', '3', '1', '4', '3'],
            ['2', '1', '2', '4', '2', '4', '4', '1'],
            ['3', '1', '3', '1', '2', '3', '2', '4'],
            ['4', '1', '2', '3', '2', '1', '3', '1'],
            ['2', '3', '4', '4', '1', '4', '3', '2'],
            ['3', '1', '4', '3', '3', '4', '1', '4'],
            ['2', '4', '1', '2', '1', '2', '3', '2'],
        ],
        'start': get_pos(x=6, y=6),
        'end': get_pos(x=7, y=6),
    },
    {  # test_toy
        'board': [
            ['1', '2', '3'],
            ['4', '3', '4'],
            ['1', '2', '1'],
        ],
        'start': get_pos(x=0, y=0),
        'end': get_pos(x=0, y=2),
    },
]
WAYS = {(-1, 0): "UP", (1, 0): "DOWN", (0, -1): "LEFT", (0, 1): "RIGHT",
        (-1, -1): "UP_LEFT", (-1, 1): "UP_RIGHT", (1, -1): "DOWN_LEFT", (1, 1): "DOWN_RIGHT"}


def cell(pos):
    """[r, c] (1-based) of the peer's Pos (or (x, y) without the peer)."""
    x, y = (pos.x, pos.y) if hasattr(pos, "x") else pos
    return [y + 1, x + 1]


def instance(kwargs):
    board = kwargs["board"]
    numbers = [[int(v) for v in row] for row in board]
    return (lets(R=len(board), C=len(board[0]), K=max(max(row) for row in numbers), number=numbers)
            + f"let start = {cell(kwargs['start'])}\nlet finish = {cell(kwargs['end'])}\n")


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), way) for pos, way in assignment.items()]


def our_cells(result, index, kwargs):
    step = result.value("step", index)
    where = {n: (r, c) for r, row in enumerate(step) for c, n in enumerate(row)}
    return [(where[n], WAYS[(where[n + 1][0] - where[n][0], where[n + 1][1] - where[n][1])])
            for n in sorted(where)[:-1]]
