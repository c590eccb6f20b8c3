"""Guess (Mastermind) against the peer's guess solver: the guesses so far, each with its answer (right
in colour and place, right in colour only, wrong). The peer's solver picks the next guess of the most
information; the puzzle's deduction behind it is `get_possible_ground_truths`, the codes that fit
every answer, which is what is compared here: every code (a row of colours) on both sides."""

import types

from genres import lets

PEER = "guess.guess"
VAR = "code"
SIX = ('R', 'Y', 'G', 'B', 'O', 'P')
EIGHT = ['R', 'Y', 'G', 'B', 'O', 'P', 'Br', 'Cy']
INSTANCES = [
    {  # test_ground_1
        'num_pegs': 4, 'all_colors': SIX,
        'guesses': [(('R', 'Y', 'G', 'B'), (1, 1, 2)), (('R', 'G', 'O', 'P'), (0, 2, 2))],
    },
    {  # test_ground_2
        'num_pegs': 4, 'all_colors': SIX,
        'guesses': [(('R', 'Y', 'G', 'B'), (1, 1, 2)), (('R', 'G', 'O', 'P'), (0, 2, 2)),
                    (('P', 'Y', 'Y', 'G'), (2, 1, 1))],
    },
    {  # test_ground_3
        'num_pegs': 4, 'all_colors': SIX,
        'guesses': [(('R', 'Y', 'G', 'B'), (0, 2, 2))],
    },
    {  # test_ground_4
        'num_pegs': 4, 'all_colors': SIX,
        'guesses': [(('R', 'Y', 'G', 'B'), (0, 2, 2)), (('Y', 'G', 'O', 'P'), (0, 2, 2))],
    },
    {  # test_ground_5: one code is left
        'num_pegs': 4, 'all_colors': SIX,
        'guesses': [(('R', 'Y', 'G', 'B'), (0, 2, 2)), (('Y', 'G', 'O', 'P'), (0, 2, 2)),
                    (('G', 'P', 'B', 'P'), (1, 3, 0))],
    },
    {  # test_ground_6: five pegs of eight colours, two codes left
        'num_pegs': 5, 'all_colors': EIGHT,
        'guesses': [(('R', 'Y', 'G', 'B', 'O'), (0, 2, 3)), (('P', 'P', 'Br', 'Br', 'Cy'), (1, 1, 3)),
                    (('G', 'Cy', 'Cy', 'Br', 'R'), (0, 1, 4)), (('Br', 'Br', 'B', 'Y', 'B'), (0, 1, 4)),
                    (('P', 'R', 'Y', 'P', 'P'), (0, 3, 2))],
    },
    {  # test_ground_7
        'num_pegs': 5, 'all_colors': EIGHT,
        'guesses': [(('R', 'Y', 'G', 'B', 'O'), (0, 2, 3)), (('P', 'P', 'Br', 'Br', 'Cy'), (1, 1, 3)),
                    (('G', 'Cy', 'Cy', 'Br', 'R'), (1, 0, 4)), (('Br', 'Br', 'B', 'Y', 'B'), (0, 1, 4)),
                    (('P', 'R', 'Y', 'P', 'P'), (0, 3, 2))],
    },
]


def instance(kwargs):
    colours = list(kwargs["all_colors"])
    guesses = kwargs["guesses"]
    return lets(P=kwargs["num_pegs"], K=len(colours), G=len(guesses),
                guess=[[colours.index(c) + 1 for c in guess] for guess, _ in guesses],
                right=[answer[0] for _, answer in guesses], moved=[answer[1] for _, answer in guesses])


def peer_solutions(kwargs):
    """The codes that fit every answer, each as a solution whose assignment is its (peg, colour) pairs."""
    from puzzle_solver.puzzles.guess.guess import Board

    board = Board(num_pegs=kwargs["num_pegs"], all_colors=tuple(kwargs["all_colors"]), show_warnings=False)
    for guess, answer in kwargs["guesses"]:
        board.add_guess(guess, answer)
    return [types.SimpleNamespace(assignment=code) for code in board.get_possible_ground_truths()]


def their_cells(assignment, kwargs):
    return (((0, peg), colour) for peg, colour in assignment)


def our_cells(result, index, kwargs):
    return (((0, peg), kwargs["all_colors"][colour - 1]) for peg, colour in enumerate(result.value(VAR, index)))
