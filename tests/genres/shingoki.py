"""Shingoki, held to the answers of the peer's own tests: the circles, each its number and its colour
('6B' a black 6, '2W' a white 2), as the peer's Board takes them. A cell's value is where the loop
leaves it (the letters of D, L, R, U in order; '.' off the loop)."""

from genres import lets, loop_ways

PEER = None
WHY = ("multi-puzzle-solver has Shingoki, but its solver (generic_unique_projections) calls "
       "CpSolver.StatusName(), which raises TypeError under OR-Tools 9.15: the instance is the peer's "
       "6x6 test_small (puzzle-shingoki.com), held to the answer its test asserts")
VAR = "loop"
ANSWER = [
    ". DR LR LR DL .",
    ". DU DR DL DU .",
    ". DU DU DU RU DL",
    "DR LU DU DU DR LU",
    "RU LR LU DU RU DL",
    ". . . RU LR LU",
]


def rows(text):
    """A board's rows, a circle or '.' (none) a word."""
    return [[word if word != "." else "  " for word in line.split()] for line in text.splitlines() if line.strip()]


INSTANCES = [
    {  # test_small, 6 x 6 medium, https://www.puzzle-shingoki.com/?e=MToyLDk3Miw1MTQ=
        'board': rows("""
              .  6B   .   .   .   .
              .   .   .   .  2W   .
              .   .   .   .   .  2B
              .   .   .   .   .   .
             3B   .   .   .   .   .
              .   .   .  6B  2W   .
        """),
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), number=[[int(v[:-1]) if v.strip() else 0 for v in row] for row in board],
                circle=[[{"W": 1, "B": 2}.get(v.strip()[-1:], 0) for v in row] for row in board])


def their_cells(assignment, kwargs):
    return [((pos.y, pos.x), "".join(sorted(way)) or ".") for pos, way in assignment.items()]


def our_cells(result, index, kwargs):
    board = kwargs["board"]
    return [(where, way or ".") for where, way in loop_ways(result, index, len(board), len(board[0])).items()]
