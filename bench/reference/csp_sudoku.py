"""The Sudoku of article 004 (Brain Games, puzzle 51) as the article writes it with python-constraint.

81 variables `(row, col)`, a given's domain is its value, the others 1..9; an AllDifferentConstraint
per row, column and box; the library's default solver. Run as a script to print the solution.
"""

from __future__ import annotations

import constraint

PUZZLE = [
    [0, 0, 5, 3, 0, 7, 8, 0, 0],
    [0, 0, 0, 9, 0, 0, 5, 0, 0],
    [2, 7, 3, 8, 0, 0, 1, 0, 6],
    [6, 0, 0, 0, 0, 0, 2, 7, 1],
    [0, 0, 0, 0, 9, 0, 0, 0, 0],
    [8, 1, 4, 0, 0, 0, 0, 0, 3],
    [5, 0, 2, 0, 0, 3, 6, 1, 8],
    [0, 0, 6, 0, 0, 2, 0, 0, 0],
    [0, 0, 8, 1, 0, 9, 3, 0, 0],
]


def build() -> constraint.Problem:
    problem = constraint.Problem()
    for row in range(1, 10):
        for col in range(1, 10):
            given = PUZZLE[row - 1][col - 1]
            problem.addVariable((row, col), [given] if given else range(1, 10))
    for row in range(1, 10):
        problem.addConstraint(constraint.AllDifferentConstraint(), [(row, col) for col in range(1, 10)])
    for col in range(1, 10):
        problem.addConstraint(constraint.AllDifferentConstraint(), [(row, col) for row in range(1, 10)])
    for top in range(1, 10, 3):
        for left in range(1, 10, 3):
            box = [(top + r, left + c) for r in range(3) for c in range(3)]
            problem.addConstraint(constraint.AllDifferentConstraint(), box)
    return problem


def solve(all_solutions: bool = False) -> list[dict]:
    problem = build()
    if all_solutions:
        return list(problem.getSolutions())
    solution = problem.getSolution()
    return [solution] if solution else []


if __name__ == "__main__":
    for solution in solve():
        for row in range(1, 10):
            print("".join(str(solution[(row, col)]) for col in range(1, 10)))
