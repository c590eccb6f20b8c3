"""The fewest known facts a step needs: of all the sets of known facts that, with the step's clues,
imply its fact, a smallest one, not merely one that cannot be cut further one fact at a time
(Einstein's "Brit at 3" follows from "red at 3" and its clue alone, where deletion kept six facts).

The implicit hitting-set method of `conflicts.smallest_conflict`, over facts instead of clues: the
smallest set that hits every known correction set is tested; if the fact can still fail with it,
the facts the counterexample satisfies are a set that cannot imply it, and its complement one more
correction set; if the fact follows, no smaller set can imply it. The minimal set that deletion
finds bounds the search, and stands when the search runs past its budget.
"""

from __future__ import annotations

from .conflicts import OverBudget, smallest_hitting_set
from .facts import Fact
from .oracle import ClueOracle

# Questions asked at most for one smallest set, past the minimal one's.
FEWEST_CALLS = 200


def fewest_facts_needed(oracle: ClueOracle, numbers: list[int], known: list[Fact], fact: Fact) -> list[Fact]:
    """A smallest set of the known facts that, with the declarations and these clues, implies `fact`
    (they must imply it); a minimal one past the budget."""
    minimal = oracle.facts_needed(numbers, known, fact)
    if len(minimal) <= 1:
        return minimal
    universe = frozenset(range(len(known)))
    to_hit: list[frozenset[int]] = []
    for _ in range(FEWEST_CALLS):
        try:
            candidate = smallest_hitting_set(to_hit)
        except OverBudget:
            return minimal
        if len(candidate) >= len(minimal):
            return minimal
        chosen = [known[i] for i in sorted(candidate)]
        if not oracle.holds_without(numbers, chosen, fact):
            return chosen
        satisfied = oracle.true_facts(known)
        to_hit.append(universe - candidate - {i for i, f in enumerate(known) if f in satisfied})
    return minimal
