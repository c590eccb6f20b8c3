"""The fewest known facts a step needs: of all the sets of known facts that, with the step's clues,
imply its fact, a smallest one, not merely one that cannot be cut further one fact at a time
(Einstein's "Brit at 3" follows from "red at 3" and its clue alone, where deletion kept six facts).

The implicit hitting-set method of `conflicts.smallest_conflict`, over facts (and, for a step's
clues, over the clues near its fact) instead of the model's clues: the smallest set that hits every
known correction set is tested; if the fact can still fail with it,
the facts the counterexample satisfies are a set that cannot imply it, and its complement one more
correction set; if the fact follows, no smaller set can imply it. The minimal set that deletion
finds bounds the search, and stands when the search runs past its budget.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from itertools import combinations, islice
from math import comb
from typing import TypeVar

from .conflicts import OverBudget, smallest_hitting_set
from .facts import Fact
from .oracle import ClueOracle

# Questions asked at most for one smallest set, past the minimal one's.
FEWEST_CALLS = 200
# Where there are at most this many subsets under the bound, each is looked at in turn (as a bit
# mask against the sets to meet); past it, the hitting sets come from a branch and bound.
SUBSETS_LOOKED_AT = 50_000

Element = TypeVar("Element", bound=Hashable)
Candidates = Callable[[int, int, list[frozenset[int]]], Iterator[Iterable[int]]]


def fewest_facts_needed(oracle: ClueOracle, numbers: list[int], known: list[Fact], fact: Fact) -> list[Fact]:
    """A smallest set of the known facts that, with the declarations and these clues, implies `fact`
    (they must imply it); a minimal one past the budget."""
    minimal = oracle.facts_needed(numbers, known, fact)
    if len(minimal) <= 1:
        return minimal
    fewest = smallest_set(known, lambda chosen: not oracle.holds_without(numbers, chosen, fact),
                          lambda: oracle.true_facts(known), len(minimal), FEWEST_CALLS)
    return minimal if fewest is None else fewest


def smallest_set(universe: Sequence[Element], enough: Callable[[list[Element]], bool],
                 satisfied: Callable[[], set[Element]], bound: int, calls: int,
                 hitting: str | None = None) -> list[Element] | None:
    """A smallest subset of `universe` that is `enough` (a question to the solver: enough to imply a
    fact), if one has fewer than `bound` elements; None when none has, or past `calls` questions.
    After a subset that is not enough, `satisfied` gives the elements the solver's counterexample
    satisfies: with the subset, a set that is not enough either, whose complement every subset that
    is enough must meet. `hitting` names where the candidates come from (`HITTING_SETS`)."""
    position = {element: i for i, element in enumerate(universe)}
    everything = frozenset(range(len(universe)))
    to_hit: list[frozenset[int]] = []
    candidates = CANDIDATES[hitting or HITTING_SETS](len(universe), min(bound, len(universe) + 1), to_hit)
    for candidate in islice(candidates, calls):
        chosen = [universe[i] for i in sorted(candidate)]
        if enough(chosen):
            return chosen
        missing = everything - set(candidate) - {position[e] for e in satisfied() if e in position}
        if not missing:  # the whole universe is not enough
            return None
        to_hit.append(missing)
    return None


def _by_hand(count: int, bound: int, to_hit: list[frozenset[int]]) -> Iterator[Iterable[int]]:
    """The candidates of our own search: each subset in turn where they are few, else the branch and
    bound of `conflicts.smallest_hitting_set`, run again for each one."""
    sizes = range(bound)
    if sum(comb(count, size) for size in sizes) <= SUBSETS_LOOKED_AT:
        return _each_by_size(count, sizes, to_hit)
    return _smallest_hitting(to_hit, bound)


def _by_hitman(count: int, bound: int, to_hit: list[frozenset[int]]) -> Iterator[Iterable[int]]:
    """The candidates of PySAT's `Hitman` on RC2 (smallest first), one MaxSAT solver kept from one
    candidate to the next: each set to hit is one more hard clause."""
    from pysat.examples.hitman import Hitman  # here: only a step that needs two clues or facts pays for it

    # The size first, then the earlier elements, as our own search's order takes them.
    weights = {i: count * count + i for i in range(count)}
    with Hitman(htype="sorted") as hitman:
        told = 0
        while True:
            for missing in to_hit[told:]:
                hitman.hit(sorted(missing), weights={i: weights[i] for i in missing})
            told = len(to_hit)
            candidate = hitman.get()
            if candidate is None or len(candidate) >= bound:
                return
            yield candidate


def _each_by_size(count: int, sizes: range, to_hit: list[frozenset[int]]) -> Iterator[Iterable[int]]:
    """The subsets of these sizes that meet every set to hit (read as it grows), smallest first:
    where they are few, each looked at as a bit mask is faster than a branch and bound."""
    masks: list[int] = []
    for size in sizes:
        for subset in combinations(range(count), size):
            masks += [sum(1 << i for i in other) for other in to_hit[len(masks):]]
            mask = sum(1 << i for i in subset)
            if all(mask & other for other in masks):
                yield subset


def _smallest_hitting(to_hit: list[frozenset[int]], bound: int) -> Iterator[Iterable[int]]:
    """The smallest set that meets every set to hit (read as it grows), while under the bound."""
    while True:
        try:
            candidate = smallest_hitting_set(to_hit)
        except OverBudget:
            return
        if len(candidate) >= bound:
            return
        yield candidate


# Where a smallest set's candidates come from, by name: our own enumeration and branch and bound, or
# PySAT's Hitman (bench/hitting_sets.py runs both on the same questions; docs/performance.md).
CANDIDATES: dict[str, Candidates] = {"by hand": _by_hand, "hitman": _by_hitman}
HITTING_SETS = "by hand"
