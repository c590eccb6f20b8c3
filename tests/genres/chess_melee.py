"""Chess Melee against the peer's chess_melee solver (Chess Ranger's Board with colours: white and
black take turns, white first, each taking a piece of the other colour): the pieces in algebraic
notation and their colours ('W', 'B'). Compared as Chess Ranger is, each plan as the sorted (from,
to) squares of its captures, since the peer does not count their order."""

from genres import chess_range
from genres.chess_range import our_plans, their_plans

__all__ = ["our_plans", "their_plans"]

PEER = "chess_range.chess_melee"
PLAN = "every plan"
COLOUR = {"W": "white", "B": "black"}
INSTANCES = [
    {  # test_ground_2
        'pieces': ['Ba1', 'Bb2', 'Kc3', 'Kd4', 'Kc2'],
        'colors': ['W', 'W', 'B', 'B', 'B'],
    },
    {  # test_ground_3
        'pieces': ['Qc5', 'Nd5', 'Nd6', 'Pe6'],
        'colors': ['W', 'W', 'B', 'B'],
    },
    {  # test_ground (puzzle-chess.com, Chess Melee 13)
        'pieces': ['Pb7', 'Nc7', 'Bc6', 'Ne6', 'Pb5', 'Rc4', 'Qb3', 'Rf7', 'Rb6', 'Pe5', 'Nc3', 'Pd3', 'Nf3'],
        'colors': ['B', 'B', 'B', 'B', 'B', 'B', 'B', 'W', 'W', 'W', 'W', 'W', 'W'],
    },
]


def instance(kwargs):
    start = [f"colour[{s}] == {COLOUR[c]}" for s, c in enumerate(kwargs["colors"], 1)]
    return (chess_range.instance(kwargs) + "var colour[1..N] in {none, white, black}\n"
            + chess_range.start_line(start))
