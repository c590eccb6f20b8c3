"""Aristotle's magic hexagon as a hand-written direct CNF with naively enumerated line sums.

    ..a.b.c..
    .d.e.f.g.
    h.i.j.k.l        1..19 on the 19 cells, each of the 15 lines adding up to 38
    .m.n.o.p.
    ..q.r.s..

361 variables `cell holds value`; each cell holds exactly one value and each value sits in exactly
one cell (pairwise at-most-one). A line's sum is written as the forbidden prefixes, found by walking
every ordered choice of distinct values: a prefix that can no longer reach 38 (given the smallest and
largest values still to come) is a clause `not (x1 = a and ... and xk = c)`, and a choice of all
values but the last is the clause `(x1 = a and ... ) -> x_last = 38 - sum` (or a nogood when that
value is out of range or taken). That is 342 clauses per 3-cell line and 5750 per 4-cell line; a
5-cell line would cost 68106, so the three 5-cell lines are left out: in each direction the five
lines cover the 19 cells once, so 4 lines at 38 and a total of 190 force the fifth to 38 too.
(cspdsl's compiler knows no such trick; it encodes all 15 lines, as MDDs.)

All 12 solutions (the one magic hexagon, rotated and mirrored) are found by blocking clauses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sat_enumerate import itersolve

DRAWING = """
  ..a.b.c..
  .d.e.f.g.
  h.i.j.k.l
  .m.n.o.p.
  ..q.r.s..
"""
CELLS = "abcdefghijklmnopqrs"
VALUES = range(1, 20)
TARGET = 38
# The 15 lines read off the drawing: 5 rows, 5 lines down-right, 5 lines down-left.
LINES = [
    "abc", "defg", "hijkl", "mnop", "qrs",
    "hmq", "dinr", "aejos", "bfkp", "cgl",
    "adh", "beim", "cfjnq", "gkor", "lps",
]


def var(cell: str, value: int) -> int:
    return 19 * CELLS.index(cell) + value


def exactly_one(lits: list[int]) -> list[list[int]]:
    return [lits] + [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :]]


def line_clauses(
    cells: Sequence[Any], values: Sequence[int], target: int, lit: Callable[[int, int], int], distinct: bool
) -> list[list[int]]:
    """sum(cells) == target as naively enumerated forbidden prefixes (see the module docstring).

    `lit(position, value)` is the literal of the position-th cell of the line holding `value`."""
    values = sorted(values)
    n = len(cells)
    clauses: list[list[int]] = []

    def walk(prefix: list[int], total: int) -> None:
        rest = n - len(prefix) - 1  # cells after the one chosen now
        for value in values:
            if distinct and value in prefix:
                continue
            after = total + value
            chosen = [*prefix, value]
            negated = [-lit(i, w) for i, w in enumerate(chosen)]
            if rest == 1:
                last = target - after
                ok = last in values and not (distinct and last in chosen)
                clauses.append([*negated, lit(n - 1, last)] if ok else negated)
                continue
            low = sum(values[:rest]) if distinct else values[0] * rest
            high = sum(values[-rest:]) if distinct else values[-1] * rest
            if after + low > target or after + high < target:
                clauses.append(negated)
            else:
                walk(chosen, after)

    walk([], 0)
    return clauses


def cnf() -> tuple[int, list[list[int]]]:
    """(number of variables, clauses)."""
    clauses: list[list[int]] = []
    for cell in CELLS:
        clauses += exactly_one([var(cell, v) for v in VALUES])
    for v in VALUES:
        clauses += exactly_one([var(cell, v) for cell in CELLS])
    for line in LINES:
        if len(line) == 5:
            continue  # implied, see the module docstring
        clauses += line_clauses(line, VALUES, TARGET, lambda i, v, line=line: var(line[i], v), distinct=True)
    return 19 * 19, clauses


def decode(model: list[int]) -> dict[str, int]:
    true = {lit for lit in model if lit > 0}
    return {cell: next(v for v in VALUES if var(cell, v) in true) for cell in CELLS}


def main() -> None:
    num_vars, clauses = cnf()
    literals = sum(len(c) for c in clauses)
    print(f"hexagon, hand-written CNF: {num_vars} variables, {len(clauses)} clauses, {literals} literals")
    solutions = [decode(model) for model in itersolve(clauses, num_vars)]
    print(f"{len(solutions)} solutions")
    for sol in solutions:
        assert all(sum(sol[c] for c in line) == TARGET for line in LINES)
    if solutions:
        print(" ".join(f"{c}={solutions[0][c]}" for c in CELLS))


if __name__ == "__main__":
    main()
