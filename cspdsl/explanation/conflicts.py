"""Why a model has no solution: the smallest set of clues that cannot hold together, and the clues
whose removal alone would give it solutions.

- A **smallest** conflict comes from the implicit hitting-set method (as in the optimal unsatisfiable
  subsets of the Zebra Tutor, and CPMpy's `optimal_mus`): every set of clues that leaves out at least
  one clue of each known correction set is a candidate; the smallest candidate is tested; if it holds,
  it is grown to a maximal set that holds, whose complement is one more correction set to hit; if it
  does not hold, no smaller set can fail, since every set that fails hits all correction sets. The
  candidates come from an exact branch-and-bound over the correction sets (`smallest_hitting_set`).
- Where that exceeds its budget, a **minimal** conflict (no clue can be left out) from the solver's
  core, shrunk by deletion: each clue is left out in turn and stays out if the rest still fail, the
  next core narrowing the set at once (QuickXplain does the same in fewer calls on long cores; the
  cores here are short, as the measurements in docs/explain.md show).
- A **repair** is a clue whose removal alone gives the model a solution. It must be in every conflict,
  so only the clues of the one found are tried.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from .oracle import ClueOracle

# The smallest conflict's budgets: solver calls, and branch-and-bound nodes per hitting set.
SMALLEST_CALLS = 2_000
HITTING_NODES = 20_000


class OverBudget(Exception):
    """A search for a smallest set ran past its budget."""


def minimal_conflict(oracle: ClueOracle, numbers: list[int]) -> list[int]:
    """A minimal set of the clues `numbers` that cannot hold together (they must not)."""
    if oracle.holds(numbers):
        raise ValueError("the clues hold together")
    conflict = oracle.core()
    kept: list[int] = []
    while conflict:
        clue, rest = conflict[0], conflict[1:]
        if oracle.holds(kept + rest):
            kept.append(clue)
            conflict = rest
        else:  # the core holds every kept clue: each is needed by every subset that fails
            core = set(oracle.core())
            conflict = [n for n in rest if n in core]
    return sorted(kept)


def smallest_conflict(oracle: ClueOracle, numbers: list[int], timeout: float | None = None) -> list[int]:
    """A smallest set of the clues `numbers` that cannot hold together; OverBudget past the budgets
    or the time limit."""
    universe = set(numbers)
    to_hit: list[frozenset[int]] = []
    last_call = oracle.calls + SMALLEST_CALLS
    deadline = None if timeout is None else time.perf_counter() + timeout
    while oracle.calls < last_call and (deadline is None or time.perf_counter() < deadline):
        candidate = smallest_hitting_set(to_hit)
        if not oracle.holds(candidate):
            return sorted(candidate)
        grown = _grown(oracle, candidate, universe)
        to_hit.append(frozenset(universe - grown))
    raise OverBudget


def _grown(oracle: ClueOracle, holding: set[int], universe: set[int]) -> set[int]:
    """A maximal set of clues that holds, containing `holding` (which holds: the last call said so)."""
    grown = set(holding) | satisfied_clues(oracle, universe)
    for number in sorted(universe - grown):
        if number not in grown and oracle.holds(grown | {number}):
            grown |= {number} | satisfied_clues(oracle, universe)
    return grown


def satisfied_clues(oracle: ClueOracle, numbers: Iterable[int]) -> set[int]:
    """The clues that the last solution found satisfies (each one more clue for free)."""
    from ..passes.evaluate import holds

    solution = oracle.solution()
    return {clue.number for clue in oracle.by_number(list(numbers))
            if all(holds(c, solution) for c in clue.constraints)}


def smallest_hitting_set(sets: list[frozenset[int]]) -> set[int]:
    """A smallest set that shares an element with each of `sets` (exact: branch and bound, the set
    with the fewest elements branched on first); OverBudget after HITTING_NODES nodes."""
    best: list[set[int]] = [_greedy_hitting_set(sets)]
    nodes = 0

    def search(chosen: set[int], left: list[frozenset[int]]) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > HITTING_NODES:
            raise OverBudget
        if not left:
            best[0] = set(chosen)
            return
        if len(chosen) + _disjoint_count(left) >= len(best[0]):
            return
        branch = min(left, key=len)
        for element in sorted(branch, key=lambda e: -sum(e in s for s in left)):
            search(chosen | {element}, [s for s in left if element not in s])

    search(set(), list(sets))
    return best[0]


def _greedy_hitting_set(sets: list[frozenset[int]]) -> set[int]:
    chosen: set[int] = set()
    left = list(sets)
    while left:
        counts: dict[int, int] = {}
        for s in left:
            for element in s:
                counts[element] = counts.get(element, 0) + 1
        element = max(sorted(counts), key=lambda e: counts[e])
        chosen.add(element)
        left = [s for s in left if element not in s]
    return chosen


def _disjoint_count(sets: list[frozenset[int]]) -> int:
    """A lower bound on any hitting set's size: sets that share no element need one element each."""
    used: set[int] = set()
    count = 0
    for s in sorted(sets, key=len):
        if not s & used:
            used |= s
            count += 1
    return count


def repairs(oracle: ClueOracle, numbers: list[int], conflict: list[int], limit: int,
            deadline: float | None = None) -> list[tuple[int, int, bool]]:
    """(clue, solutions up to `limit` and those counted by the deadline, whether that is all) for
    each clue whose removal alone lets the others hold."""
    found = []
    for number in conflict:
        rest = [n for n in numbers if n != number]
        if oracle.holds(rest):
            count, complete = oracle.count(rest, limit, deadline)
            found.append((number, count, complete))
    return found
