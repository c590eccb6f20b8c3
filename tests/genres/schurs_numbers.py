"""Schur's numbers against the peer's schurs_numbers solver: colour 1..n with the colours given so
that no a + b = c is of one colour. The peer has no `Board` for this genre, only `SchurNumbers(colors,
n)`, which counts the colourings (`count_num_ways`); `Board` below is that class answering as every
other genre's Board does, set on the peer's module where tests/genres/__init__.py looks for it."""

import contextlib

PEER = "schurs_numbers.schurs_numbers"
VAR = "colour"
INSTANCES = [
    {  # test_toy: the largest n that three colours can colour (Schur's number S(3) = 13)
        'colors': ('R', 'G', 'B'),
        'n': 13,
    },
]


def instance(kwargs):
    return f"let n = {kwargs['n']}\nlet k = {len(kwargs['colors'])}\n"


def their_cells(assignment, kwargs):
    return (((0, number - 1), colour) for number, colour in assignment.items())


def our_cells(result, index, kwargs):
    colours = result.value(VAR, index)
    return (((0, i), kwargs["colors"][colour - 1]) for i, colour in enumerate(colours))


with contextlib.suppress(ImportError):
    from puzzle_solver.puzzles.schurs_numbers import schurs_numbers

    class Board(schurs_numbers.SchurNumbers):
        """The peer's colourings, every one, as `solve_and_print` gives a Board's solutions."""

        def solve_and_print(self, verbose=True):
            return self.count_num_ways()[1]

    schurs_numbers.Board = Board
