"""A generated zebra puzzle (`bench/generators.py`) as a hand-written CNF, in the style of
`sat_einstein.py`: one variable `value house` per value and house, exactly one value of each
attribute in each house and one house for each value (an at-least-one clause and pairwise
at-most-one clauses), and each clue as a few clauses:
- `a same b`: a_h -> b_h and b_h -> a_h; `a not_same b`: not both in house h;
- `a next_to b`: a_h -> b_{h-1} or b_{h+1}, and the same from b;
- `a directly_left_of b`: a_h -> b_{h+1}, b_h -> a_{h-1}, neither at the wrong end;
- `a left_of b`: a_h -> b in a house after h, b_h -> a in a house before h;
- `a at h`: a unit clause.

This is the reference that `bench/compile_speed.py` measures our compile and solve against.
"""

from __future__ import annotations

import re


def read(text: str) -> tuple[int, list[list[str]], list[list[str]]]:
    """(positions, attribute groups of values, clues as words) of a generated zebra's text."""
    positions = int(re.search(r"positions \w+ = 1\.\.(\d+)", text).group(1))  # type: ignore[union-attr]
    groups = [[v.strip() for v in line.split(":", 1)[1].split(",")] for line in text.splitlines()
              if line.startswith("attribute ")]
    clues = [line.split() for line in text.splitlines()
             if line and not line.startswith(("puzzle", "positions", "attribute"))]
    return positions, groups, clues


def cnf(text: str) -> tuple[int, list[list[int]]]:
    """(number of variables, clauses) of the zebra puzzle written in `text`."""
    positions, groups, clues = read(text)
    houses = range(1, positions + 1)
    values = [value for group in groups for value in group]
    number = {(value, h): 1 + positions * i + (h - 1) for i, value in enumerate(values) for h in houses}

    def v(value: str, h: int) -> int:
        return number[(value, h)]

    def one_of(lits: list[int]) -> list[list[int]]:
        return [lits] + [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :]]

    clauses: list[list[int]] = []
    for group in groups:
        for h in houses:
            clauses += one_of([v(value, h) for value in group])
        for value in group:
            clauses += one_of([v(value, h) for h in houses])
    for clue in clues:
        a, kind, b = clue
        if kind == "at":
            clauses.append([v(a, int(b))])
        elif kind == "same":
            clauses += [c for h in houses for c in ([-v(a, h), v(b, h)], [-v(b, h), v(a, h)])]
        elif kind == "not_same":
            clauses += [[-v(a, h), -v(b, h)] for h in houses]
        elif kind == "next_to":
            for x, y in ((a, b), (b, a)):
                clauses += [[-v(x, h)] + [v(y, n) for n in (h - 1, h + 1) if n in houses] for h in houses]
        elif kind == "directly_left_of":
            clauses += [[-v(a, h), v(b, h + 1)] if h + 1 in houses else [-v(a, h)] for h in houses]
            clauses += [[-v(b, h), v(a, h - 1)] if h - 1 in houses else [-v(b, h)] for h in houses]
        elif kind == "left_of":
            clauses += [[-v(a, h)] + [v(b, n) for n in houses if n > h] for h in houses]
            clauses += [[-v(b, h)] + [v(a, n) for n in houses if n < h] for h in houses]
        else:
            raise ValueError(f"unknown clue {' '.join(clue)!r}")
    return len(number), clauses
