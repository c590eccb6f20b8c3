"""Minesweeper against the peer's minesweeper solver: a board of numbers (' ' a cell without one).
The peer's solver deduces the safe cells and the mines of a board in play (`give_next_guess`); its
`Board` is the genre's model behind that, which `Board` below solves for every solution, as every
other genre's Board does. Only the peer's puzzle (puzzle-minesweeper.com, one answer) is checked:
its other board is a game in play, flags and all, whose untouched cells have countless fillings."""

import contextlib

from genres import lets, number

PEER = "minesweeper.minesweeper"
VAR = "mine"
INSTANCES = [
    {  # test_ground_2 (puzzle-minesweeper.com, 10x10 hard)
        'board': [
            [' ', '1', '1', '1', '1', ' ', '2', ' ', ' ', ' '],
            [' ', ' ', '3', ' ', ' ', '2', ' ', '2', ' ', '1'],
            ['1', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '],
            ['1', '1', ' ', '2', ' ', ' ', '0', '1', ' ', '1'],
            ['0', '1', ' ', ' ', ' ', ' ', '3', ' ', ' ', ' '],
            [' ', '1', ' ', ' ', '1', ' ', ' ', ' ', '2', ' '],
            [' ', '3', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '1'],
            [' ', ' ', ' ', ' ', ' ', '2', ' ', '2', '1', ' '],
            ['2', '3', ' ', ' ', '1', ' ', '2', ' ', ' ', ' '],
            [' ', ' ', '2', '2', ' ', '0', ' ', ' ', ' ', '2'],
        ],
    },
]


def instance(kwargs):
    board = kwargs["board"]
    return lets(R=len(board), C=len(board[0]), clue=[[number(v, -1) for v in row] for row in board])


def theirs(value):
    return int(value)


def ours(value):
    return int(value)


with contextlib.suppress(ImportError):
    from puzzle_solver.core.utils_ortools import SingleSolution, generic_solve_all
    from puzzle_solver.puzzles.minesweeper import minesweeper

    class Board(minesweeper.Board):
        """The peer's model of the board, every solution of it, as `solve_and_print` gives a Board's."""

        def solve_and_print(self, verbose=True):
            def solution(board, solver):
                return SingleSolution(assignment={pos: solver.value(var) for pos, var in board.model_vars.items()})
            return generic_solve_all(self, solution, verbose=verbose)

    minesweeper.Board = Board
