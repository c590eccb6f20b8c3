"""Triangle peg solitaire written by hand, the baselines of bench/sequential.py.

- `Puzzle` and `TriangleSolitaire`: article 004's generic solver ("In The Beginning: A Social Media
  Logic Puzzle", after Raymond Hettinger's Puzzle class) and its Cracker Barrel triangle, as the
  article gives them (the hole at row 5, column 4 empty; depth-first search with a trail of the
  positions seen), with the article's comments trimmed.
- `count_plans`: every plan counted by a memoised depth-first search over the positions as bit masks.
- `bounded_cnf`: the 13-jump plan as a CNF written directly (a variable per hole per step and per jump
  per step, exactly one jump a step, its condition, its effect and the frame axioms), for a SAT engine.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from itertools import combinations
from sys import intern
from typing import Any, ClassVar


class Puzzle:
    """Article 004's generic solver: breadth- or depth-first search over positions."""

    pos: Any = ""
    goal: Any = ""

    def __init__(self, pos: Any = None) -> None:
        if pos:
            self.pos = pos

    def __repr__(self) -> str:
        return repr(self.pos)

    def canonical(self) -> str:
        return repr(self)

    def isgoal(self) -> bool:
        return bool(self.pos == self.goal)

    def __iter__(self) -> Any:
        if 0:
            yield self

    def solve(pos: Any, depthFirst: bool = False) -> list[Any]:  # the article's names
        queue = deque([pos])
        trail = {intern(pos.canonical()): None}
        solution: deque[Any] = deque()
        load = queue.append if depthFirst else queue.appendleft
        while not pos.isgoal():
            for m in pos:
                c = m.canonical()
                if c in trail:
                    continue
                trail[intern(c)] = pos
                load(m)
            pos = queue.pop()
        while pos:
            solution.appendleft(pos)
            pos = trail[pos.canonical()]
        return list(solution)


DIRECTIONS = [(-2, -2, -1, -1), (-2, 0, -1, 0), (0, -2, 0, -1), (0, 2, 0, 1), (2, 0, 1, 0), (2, 2, 1, 1)]


class TriangleSolitaire(Puzzle):
    """The article's triangle: jump until one peg is left."""

    pos: ClassVar[list[list[int]]] = [[1], [1, 1], [1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 0, 1]]

    def isgoal(self) -> bool:
        return sum(row.count(1) for row in self.pos) == 1

    def __repr__(self) -> str:
        return "\n" + "".join(str(r) + "\n" for r in self.pos)

    def __iter__(self) -> Any:
        rows = len(self.pos)
        for r in range(rows):
            for c in range(len(self.pos[r])):
                if self.pos[r][c] == 1:
                    for dr, dc, jr, jc in DIRECTIONS:
                        new_r, new_c, jump_r, jump_c = r + dr, c + dc, r + jr, c + jc
                        if (0 <= new_r < rows and 0 <= jump_r < rows and 0 <= new_c < len(self.pos[new_r])
                                and 0 <= jump_c < len(self.pos[jump_r])
                                and self.pos[jump_r][jump_c] == 1 and self.pos[new_r][new_c] == 0):
                            new_pos = [row[:] for row in self.pos]
                            new_pos[r][c] = 0
                            new_pos[jump_r][jump_c] = 0
                            new_pos[new_r][new_c] = 1
                            yield TriangleSolitaire(new_pos)


# -- the holes numbered 0..14 row by row, and the 36 jumps (from, over, into) -------------------------

HOLES = [(r, c) for r in range(5) for c in range(r + 1)]
NUMBER = {hole: i for i, hole in enumerate(HOLES)}
JUMPS = [(NUMBER[r, c], NUMBER[r + jr, c + jc], NUMBER[r + dr, c + dc])
         for r, c in HOLES for dr, dc, jr, jc in DIRECTIONS if (r + dr, c + dc) in NUMBER]
START = (1 << 15) - 1 - (1 << NUMBER[4, 3])  # every hole but row 5, column 4


def count_plans(start: int = START) -> int:
    """Every plan from `start` to one peg, counted depth first with each position's count memoised."""

    @cache
    def plans_from(pegs: int) -> int:
        if pegs & (pegs - 1) == 0:
            return 1
        total = 0
        for a, b, c in JUMPS:
            if pegs >> a & 1 and pegs >> b & 1 and not pegs >> c & 1:
                total += plans_from(pegs ^ (1 << a | 1 << b | 1 << c))
        return total

    return plans_from(start)


def bounded_cnf(steps: int = 13, start: int = START) -> tuple[list[list[int]], list[list[int]]]:
    """The clauses of a plan of `steps` jumps, and the jump variables of each step (to read a plan)."""
    peg = [[1 + t * 15 + h for h in range(15)] for t in range(steps + 1)]
    first_jump = 1 + (steps + 1) * 15
    jump = [[first_jump + (t - 1) * len(JUMPS) + m for m in range(len(JUMPS))] for t in range(1, steps + 1)]
    clauses = [[p] if start >> h & 1 else [-p] for h, p in enumerate(peg[0])]
    for t in range(1, steps + 1):
        made = jump[t - 1]
        clauses.append(list(made))
        clauses += [[-x, -y] for x, y in combinations(made, 2)]
        touching: list[list[int]] = [[] for _ in range(15)]
        for m, (a, b, c) in enumerate(JUMPS):
            j = made[m]
            clauses += [[-j, peg[t - 1][a]], [-j, peg[t - 1][b]], [-j, -peg[t - 1][c]]]
            clauses += [[-j, -peg[t][a]], [-j, -peg[t][b]], [-j, peg[t][c]]]
            for hole in (a, b, c):
                touching[hole].append(j)
        for h in range(15):  # a hole changes only under a jump that touches it
            clauses.append([-peg[t - 1][h], peg[t][h], *touching[h]])
            clauses.append([peg[t - 1][h], -peg[t][h], *touching[h]])
    return clauses, jump
