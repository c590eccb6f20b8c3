"""Chess Ranger against the peer's chess_range solver: the pieces in algebraic notation ('Qc3': a
queen on c3). Every move captures, until one piece is left; a plan is its captures in order. The
peer tells two plans apart by their sets of captures only (`get_hashable_solution`: "order doesn't
matter"), so each side's plans are compared as the sorted (from, to) squares of their captures,
each square as the peer's (x, y), counted from 0."""

from genres import lets

PEER = "chess_range.chess_range"
PLAN = "every plan"
SLOW = {2}  # the peer takes a minute and more over its eleven pieces (ours: a quarter of a second)
NAME = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}
INSTANCES = [
    {  # test_ground_2
        'pieces': ['Qc3', 'Pd3', 'Ne3', 'Pf4'],
    },
    {  # test_chess_jumping: the bishop cannot jump the king on c3
        'pieces': ['Ba1', 'Kc3', 'Ke5'],
    },
    {  # test_ground (puzzle-chess.com, Chess Ranger 11)
        'pieces': ['Qe7', 'Nc6', 'Kb6', 'Pb5', 'Nf5', 'Pg4', 'Rb3', 'Bc3', 'Pd3', 'Pc2', 'Rg2'],
    },
]


def instance(kwargs):
    pieces = kwargs["pieces"]
    files = [ord(p[1]) - ord("a") + 1 for p in pieces]
    ranks = [int(p[2]) for p in pieces]
    start = [f"piece[{s}] == {NAME[p[0]]}" for s, p in enumerate(pieces, 1)]
    return (lets(N=len(pieces), file=files, rank=ranks)
            + "var piece[1..N] in {empty, king, queen, rook, bishop, knight, pawn}\n" + start_line(start))


def start_line(conditions):
    """`start:` the conditions, four a line."""
    lines = "\n  and ".join(" and ".join(conditions[i:i + 4]) for i in range(0, len(conditions), 4))
    return f"start: ({lines})\n" if len(conditions) > 4 else f"start: {lines}\n"


def their_plans(solutions, kwargs):
    return {tuple(sorted((a.x, a.y, b.x, b.y) for _, a, b, _ in solution.assignment.values()))
            for solution in solutions}


def our_plans(result, kwargs):
    pieces = kwargs["pieces"]
    square = [(ord(p[1]) - ord("a"), int(p[2]) - 1) for p in pieces]
    plans = set()
    for index, _ in enumerate(result.plans):
        moves = [word.split(" takes ") for word in result.words(index)]
        plans.add(tuple(sorted(square[int(s) - 1] + square[int(t) - 1] for s, t in moves)))
    return plans
