"""The 264 tile square (article 001) written directly with python-constraint.

16 cells, each showing one of the 16 numbers the tiles can show (a tile turned upside down shows
another number: 66 is 99); each row, column and diagonal sums to 264 (ExactSumConstraint), and each
kind of tile lies on as many cells as there are copies of it (SomeInSetConstraint with exact=True over
all 16 cells); the library's default solver. Identical tiles are one kind, so swapping two copies is
not a new layout. Run as a script to count the layouts.
"""

from __future__ import annotations

import constraint

# (the numbers a tile can show, copies)
TILES = [
    ({66, 99}, 2), ({19, 61}, 2), ({86, 98}, 2), ({68, 89}, 2), ({16, 91}, 2), ({18, 81}, 2),
    ({88}, 1), ({96}, 1), ({69}, 1), ({11}, 1),
]
CELLS = [(r, c) for r in range(1, 5) for c in range(1, 5)]
LINES = (
    [[(r, c) for c in range(1, 5)] for r in range(1, 5)]
    + [[(r, c) for r in range(1, 5)] for c in range(1, 5)]
    + [[(i, i) for i in range(1, 5)], [(i, 5 - i) for i in range(1, 5)]]
)


def build() -> constraint.Problem:
    problem = constraint.Problem()
    numbers = sorted(n for shown, _ in TILES for n in shown)
    problem.addVariables(CELLS, numbers)
    for line in LINES:
        problem.addConstraint(constraint.ExactSumConstraint(264), line)
    for shown, copies in TILES:
        problem.addConstraint(constraint.SomeInSetConstraint(shown, n=copies, exact=True), CELLS)
    return problem


def solve(all_solutions: bool = False) -> list[dict]:
    problem = build()
    if all_solutions:
        return list(problem.getSolutions())
    solution = problem.getSolution()
    return [solution] if solution else []


if __name__ == "__main__":
    print(len(solve(all_solutions=True)), "layouts")
