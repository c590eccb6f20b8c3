"""Aristotle's magic hexagon (article 002) written directly with python-constraint.

    ..a.b.c..
    .d.e.f.g.
    h.i.j.k.l        1..19 on the 19 cells, each of the 15 lines adding up to 38
    .m.n.o.p.
    ..q.r.s..

19 variables 1..19, one AllDifferentConstraint, an ExactSumConstraint(38) per line, cells added in
reading order, the library's default solver. Run as a script to count the solutions.
"""

from __future__ import annotations

import constraint

CELLS = "abcdefghijklmnopqrs"
LINES = [
    "abc", "defg", "hijkl", "mnop", "qrs",
    "hmq", "dinr", "aejos", "bfkp", "cgl",
    "adh", "beim", "cfjnq", "gkor", "lps",
]


def build() -> constraint.Problem:
    problem = constraint.Problem()
    problem.addVariables(list(CELLS), range(1, 20))
    problem.addConstraint(constraint.AllDifferentConstraint(), list(CELLS))
    for line in LINES:
        problem.addConstraint(constraint.ExactSumConstraint(38), list(line))
    return problem


def solve(all_solutions: bool = False) -> list[dict]:
    problem = build()
    if all_solutions:
        return list(problem.getSolutions())
    solution = problem.getSolution()
    return [solution] if solution else []


if __name__ == "__main__":
    print(len(solve(all_solutions=True)), "solutions")
