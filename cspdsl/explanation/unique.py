"""What a puzzle with exactly one solution owes to each clue: the clues the others imply (each
could go and the solution would stay the only one), a minimal set of clues that keeps the solution
the only one (deletion: each clue in turn, from the last, is left out if the rest still pin the
solution down), and the facts each clue forces, read in the model's order (what the clues up to it
imply, by `ClueOracle.implied`)."""

from __future__ import annotations

from ..backends import Assignment
from ..core.record import Record
from .facts import Fact
from .oracle import ClueOracle


class Forced(Record):
    """The facts that the clues up to `number` (in the model's order) force and the earlier ones did not."""

    number: int
    facts: list[Fact]


def redundant(oracle: ClueOracle, numbers: list[int], solution: Assignment) -> list[int]:
    """The clues implied by all the others: without any one of them the solution is still the only one."""
    return [n for n in numbers if oracle.unique([m for m in numbers if m != n], solution)]


def minimal_clues(oracle: ClueOracle, numbers: list[int], solution: Assignment) -> list[int]:
    """A minimal set of the clues that keeps `solution` the only one: no clue of it can be left out.
    The later clues are tried first, so the set keeps the model's first clues where it can."""
    kept = list(numbers)
    for n in reversed(numbers):
        rest = [m for m in kept if m != n]
        if oracle.unique(rest, solution):
            kept = rest
    return kept


def forced_in_order(oracle: ClueOracle, numbers: list[int], targets: list[Fact]) -> list[Forced]:
    """For each clue in the model's order, the facts of `targets` that the clues up to it force for
    the first time (a clue that forces nothing new is left out)."""
    found: list[Forced] = []
    remaining = list(targets)
    for i, number in enumerate(numbers):
        new = oracle.implied(numbers[: i + 1], [], remaining) if remaining else []
        if new:
            found.append(Forced(number, new))
            taken = set(new)
            remaining = [fact for fact in remaining if fact not in taken]
    return found
