"""Solo Chess against the peer's chess_solo solver (Chess Ranger's Board with at most two moves a
piece and the king left last): the pieces in algebraic notation. Compared as Chess Ranger is, each
plan as the sorted (from, to) squares of its captures, since the peer does not count their order."""

from genres.chess_range import instance, our_plans, their_plans

__all__ = ["instance", "our_plans", "their_plans"]

PEER = "chess_range.chess_solo"
PLAN = "every plan"
INSTANCES = [
    {  # test_ground (puzzle-chess.com, Solo Chess 11)
        'pieces': ['Kc6', 'Rc5', 'Rc4', 'Pb3', 'Bd3', 'Pd2', 'Pe3', 'Nf2', 'Ng2', 'Qg3', 'Pg6'],
    },
]
