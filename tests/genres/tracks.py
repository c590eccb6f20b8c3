"""Tracks against the peer's tracks solver: the pieces of track shown (the letters of the ways each
leaves its cell, U, L, D, R: a way off the grid is where the track enters or leaves it) and the
counts beside (`side`) and above (`top`) the grid. A cell's value on both sides is where the track
leaves it (the letters of D, L, R, U in order, a way off the grid included; '' off the track)."""

from genres import lets, loop_ways

PEER = "tracks.tracks"
VAR = "track"
INSTANCES = [
    {  # test_easy
        'board': [
            ['LR', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['UD', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', 'LD', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', 'UD', '  ', '  ', '  ', '  ', 'UD'],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', 'DR', '  ', '  ', '  ', 'UR', '  '],
        ],
        'side': [5, 6, 5, 8, 6, 7, 5, 6],
        'top': [4, 6, 5, 6, 6, 7, 6, 8],
    },
    {  # test_easy_arbitrary_start_position, https://puzzlemadness.co.uk/traintracks/small/2025/10/1
        'board': [
            ['  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', 'UD', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', 'UD', '  ', '  ', '  ', 'UR'],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', 'DL', '  ', '  ', '  ', '  ', 'LR'],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  '],
        ],
        'side': [4, 2, 3, 4, 3, 1, 4, 5, 3],
        'top': [5, 4, 6, 4, 2, 5, 3],
    },
    {  # test_ground, Tatham's 15x15dh#872777330479824
        'board': [
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'LD', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'LD', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', 'LD', 'UD', 'DR', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['DR', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'DR', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'DR', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', 'UL', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'LR', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'LD', '  ', '  ', '  ', 'UD'],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'UR', '  ', '  ', '  ', '  ', 'UD', 'UD'],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'LR', '  ', '  ', '  ', '  ', '  '],
            ['UL', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'LR', 'LR', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '],
            ['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', '  ', 'DR', '  '],
        ],
        'side': [9, 7, 7, 7, 11, 10, 9, 8, 9, 10, 7, 9, 9, 2, 2],
        'top': [6, 5, 7, 3, 3, 2, 7, 8, 13, 8, 9, 8, 10, 13, 14],
    },
]


def off_grid(way, r, c, rows, columns):
    """Whether the way `way` out of the (0-based) cell (r, c) leaves the grid."""
    return {"U": r == 0, "D": r == rows - 1, "L": c == 0, "R": c == columns - 1}[way]


def instance(kwargs):
    board = kwargs["board"]
    rows, columns = len(board), len(board[0])
    ends, right, down = [], [], []
    for r, row in enumerate(board):
        for c, shown in enumerate(row):
            for way in shown.strip():
                if off_grid(way, r, c, rows, columns):
                    ends.append(f"[{r + 1}, {c + 1}]")
                else:
                    joins = {"U": (down, r, c + 1), "D": (down, r + 1, c + 1),
                             "L": (right, r + 1, c), "R": (right, r + 1, c + 1)}
                    where, i, j = joins[way]
                    if f"[{i}, {j}]" not in where:
                        where.append(f"[{i}, {j}]")
    return (lets(R=rows, C=columns, in_row=kwargs["side"], in_column=kwargs["top"])
            + f"let ends = [{', '.join(ends)}]\n"
            + f"let shown_right = [{', '.join(right)}]\nlet shown_down = [{', '.join(down)}]\n")


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(way))) for pos, way in assignment.items()]


def our_cells(result, index, kwargs):
    board = kwargs["board"]
    rows, columns = len(board), len(board[0])
    ways = loop_ways(result, index, rows, columns)
    for r, row in enumerate(board):
        for c, shown in enumerate(row):
            ways[(r, c)] += "".join(way for way in shown.strip() if off_grid(way, r, c, rows, columns))
    return [(where, "".join(sorted(way))) for where, way in ways.items()]
