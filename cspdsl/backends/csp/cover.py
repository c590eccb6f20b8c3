"""csp's search of an exact cover (shapes placed on a board), as Knuth's Algorithm X searches one.

The library's solver branches on the placements' 0/1 values in a fixed order and finds no first
tiling of the twelve pentominoes in a 6x10 rectangle in minutes. When the problem is an exact cover
(`backends.cover.cover_order`: only counts of 0/1 variables at 1, each exactly or at most `k`, every
variable in some "exactly one"), this search runs instead, over the IR's own counts: it takes the
unfilled "exactly" row (a cell) with the fewest live placements, puts its first live placement at 1,
which rules out every placement sharing a full row with it, and on backtracking puts it at 0 and
chooses again. With `k` = 1 that is Algorithm X; with larger `k` the 0 branch keeps each solution
from being found twice. Each solution is a 0/1 value of every variable, checked as any csp solution.

A search in pure Python for this one structure; its measurements are in docs/backend-csp.md.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.record import Record
from ...core.static_types import Any
from ...ir import Count, InSet, Problem
from ..child import Emit
from ..cover import cover_order
from .search import emit_new


class ExactCover(Record):
    """The rows of an exact cover: for each count, its variables (numbers into `variables`), whether it
    is an "exactly" (else an "at most"), and its `k`."""

    variables: list[str]
    rows: list[tuple[tuple[int, ...], bool, int]]


def exact_cover(problem: Problem) -> ExactCover | None:
    """The problem's counts as an exact cover's rows; None when it is not one."""
    if problem.objective is not None or problem.sequential is not None or cover_order(problem) is None:
        return None
    variables = list(problem.variables)
    number = {name: i for i, name in enumerate(variables)}
    rows = []
    for posted in problem.constraints:
        count = posted.constraint
        assert isinstance(count, Count)  # cover_order accepts only counts
        members = tuple(number[cond.var] for cond in count.conds if isinstance(cond, InSet))
        rows.append((members, count.op == "==", count.k))
    if any(k < 1 for _, _, k in rows):  # a count of none: rare, left to the library's search
        return None
    return ExactCover(variables, rows)


class CoverSearch:
    """Depth-first search with an explicit stack and a trail of decided variables, undone on backtracking.

    `chosen[r]` is the number of row r's variables at 1, `live[r]` the number still undecided; an
    "exactly k" row fails when `chosen + live < k`, and a row at `k` puts its live variables at 0.
    """

    def __init__(self, cover: ExactCover) -> None:
        self.rows = cover.rows
        self.value: list[int | None] = [None] * len(cover.variables)
        self.rows_of: list[list[int]] = [[] for _ in cover.variables]
        for r, (members, _, _) in enumerate(cover.rows):
            for v in members:
                self.rows_of[v].append(r)
        self.chosen = [0] * len(cover.rows)
        self.live = [len(members) for members, _, _ in cover.rows]
        self.exact = [r for r, (_, exact, _) in enumerate(cover.rows) if exact]
        self.trail: list[int] = []

    def solutions(self) -> Iterator[list[int]]:
        """Each solution once, as the value of every variable."""
        stack: list[tuple[int, int]] = []  # (trail length before, variable put at 1)
        ok = self._feasible(range(len(self.rows)))
        while True:
            if ok:
                row = self._fewest_live()
                if row is None:
                    yield [int(value or 0) for value in self.value]
                else:
                    variable = next(v for v in self.rows[row][0] if self.value[v] is None)
                    stack.append((len(self.trail), variable))
                    ok = self._set_one(variable)
                    continue
            if not stack:
                return
            mark, variable = stack.pop()
            self._undo(mark)
            ok = self._set_zero(variable)

    def _fewest_live(self) -> int | None:
        """The unfilled "exactly" row with the fewest live variables (the first on a tie); None if all
        are filled, which decides every variable, since each lies in one."""
        best, fewest = None, -1
        for r in self.exact:
            if self.chosen[r] < self.rows[r][2] and (best is None or self.live[r] < fewest):
                best, fewest = r, self.live[r]
        return best

    def _feasible(self, rows: Any) -> bool:
        return all(not self.rows[r][1] or self.chosen[r] + self.live[r] >= self.rows[r][2] for r in rows)

    def _set_one(self, variable: int) -> bool:
        """Put the variable at 1, and at 0 every live variable of a row this fills."""
        self._decide(variable, 1)
        for r in self.rows_of[variable]:
            if self.chosen[r] > self.rows[r][2]:
                return False
            if self.chosen[r] == self.rows[r][2]:
                for other in self.rows[r][0]:
                    if self.value[other] is None and not self._set_zero(other):
                        return False
        return True

    def _set_zero(self, variable: int) -> bool:
        self._decide(variable, 0)
        return self._feasible(self.rows_of[variable])

    def _decide(self, variable: int, value: int) -> None:
        self.value[variable] = value
        self.trail.append(variable)
        for r in self.rows_of[variable]:
            self.live[r] -= 1
            self.chosen[r] += value

    def _undo(self, mark: int) -> None:
        """Make the variables decided since the trail was `mark` long undecided again."""
        while len(self.trail) > mark:
            variable = self.trail.pop()
            value = self.value[variable] or 0
            for r in self.rows_of[variable]:
                self.live[r] += 1
                self.chosen[r] -= value
            self.value[variable] = None


def run_cover(emit: Emit, cover: ExactCover, outputs: list[str], limit: int | None) -> dict[str, Any]:
    """Emit each solution that is new on the output variables; stop at `limit` of them (as `run_search`)."""
    summary: dict[str, Any] = {"stopped": False, "raw_solutions": 0}
    found = (dict(zip(cover.variables, values, strict=True)) for values in CoverSearch(cover).solutions())
    return emit_new(emit, found, outputs, limit, summary)
