"""Puzzles at a difficulty (`--difficulty easy|medium|hard|N..M`), rated by `explain --steps`.

A puzzle's difficulty is that of its step-by-step explanation (`explanation.steps.Difficulty`): the
size of its hardest step (the clues and facts that step uses together), then the sizes of all its
steps together. A generator cannot aim at a difficulty while it drops clues, so it makes candidates
and keeps one: for a named level, CANDIDATES puzzles from consecutive seeds, the easiest of them
(`easy`), the middle one (`medium`) or the hardest (`hard`), so that for the same seed an easy puzzle
is never harder than a hard one; for a range N..M of the hardest step's size, the first candidate in
it, among at most TRIES. Each kept puzzle records its difficulty on its first line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ..core.errors import CspdslError
from ..core.record import Record
from ..explanation.facts import solution_facts
from ..explanation.oracle import ClueOracle
from ..explanation.steps import StepSearch, difficulty
from ..lower.load import loads

CANDIDATES = 5  # puzzles made for each one kept at a named level
TRIES = 30  # candidates tried for a range before the range is said to be out of reach
LEVELS = ("easy", "medium", "hard")
_RANGE = re.compile(r"(\d+)\.\.(\d+)")


class NoCandidate(Exception):
    """No candidate was left to rate: the model has run out of different puzzles."""


class Level(Record):
    """A difficulty asked for: a named level, or a range of the hardest step's size."""

    name: str | None = None
    low: int = 0
    high: int = 0

    def __str__(self) -> str:
        return self.name if self.name is not None else f"{self.low}..{self.high}"


class Rated(Record):
    """A candidate and its difficulty: the hardest step's size, and all the steps' sizes together."""

    hardest: int
    total: int


def level(text: str) -> Level:
    """`easy`, `medium`, `hard` or `N..M` (N <= M), as the command line gives it."""
    if text in LEVELS:
        return Level(text)
    found = _RANGE.fullmatch(text)
    if found is None or int(found.group(1)) > int(found.group(2)):
        raise ValueError(f"'{text}' is not a difficulty: easy, medium, hard, or N..M (the hardest step's size)")
    return Level(None, int(found.group(1)), int(found.group(2)))


def rated(text: str, name: str) -> Rated:
    """The difficulty of a puzzle's text: that of the steps `explain --steps` finds, by the same
    search (`StepSearch`) on the same clue oracle, without what `explain` reports besides (the
    redundant clues, the minimal set, the forced facts) and its check of the whole report, which
    rating does not read: half the time of a 9x9 Sudoku's explanation."""
    problem = loads(text, name).problem
    oracle = ClueOracle(problem)
    try:
        found, _ = oracle.solutions([clue.number for clue in oracle.clues], 2)
        if len(found) != 1:  # a generated puzzle always has one
            raise CspdslError("a generated puzzle has no step-by-step explanation to rate it by")
        solution = {var: found[0][var] for var in problem.outputs}
        steps = difficulty(StepSearch(oracle, solution_facts(problem, solution), None).run())
    finally:
        oracle.close()
    return Rated(steps.hardest, steps.total)


def chosen(asked: Level, candidates: Iterator[tuple[str, object]], name: str,
           rate: Callable[[str, str], Rated] = rated) -> tuple[object, Rated]:
    """The candidate kept for `asked` (each candidate: its text and what to give back), and its rating."""
    if asked.name is not None:
        pool = [(item, rate(text, name)) for text, item in _take(candidates, CANDIDATES)]
        if not pool:
            raise NoCandidate
        pool.sort(key=lambda pair: (pair[1].hardest, pair[1].total))
        return pool[{"easy": 0, "medium": len(pool) // 2, "hard": len(pool) - 1}[asked.name]]
    seen: list[int] = []
    for text, item in _take(candidates, TRIES):
        rating = rate(text, name)
        if asked.low <= rating.hardest <= asked.high:
            return item, rating
        seen.append(rating.hardest)
    if not seen:
        raise NoCandidate
    raise CspdslError(f"no puzzle of difficulty {asked} among {len(seen)} tried: their hardest steps were of "
                      f"sizes {min(seen)} to {max(seen)}", hint="ask for a wider range, or easy, medium or hard")


def difficulty_text(rating: Rated) -> str:
    """What the first line of a puzzle says of its difficulty."""
    return f"difficulty {rating.hardest} (its hardest step; {rating.total} in all)"


def _take(items: Iterator[tuple[str, object]], count: int) -> Iterator[tuple[str, object]]:
    for _, item in zip(range(count), items, strict=False):
        yield item
