"""A step-by-step solution a person can follow, in the manner of the Zebra Tutor (Bogaerts et al.,
"Step-wise explanations of constraint satisfaction problems", 2020): each step derives new facts
from as few clues as it can and as few of the facts already known, the cheapest step first.

A step's cost is its clues first (a step from the declarations alone costs less than any clue, one
clue less than two), then the known facts it uses. Each round looks for the cheapest step: the
declarations alone, then each clue alone; past those, as Demystify explains a puzzle one cell at a
time, for each missing placement the smallest set of clues that implies it with the facts known
(implicit hitting sets over the clues, `premises.smallest_set`), the smallest of them taken (a
minimal set from the solver's core, shrunk by deletion, past the budget). What a step derives is
everything its clues and facts imply (`ClueOracle.implied`), and the facts it uses are a smallest
set (`premises.fewest_facts_needed`). Givens come first, as one step of their own.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..core.record import Record, field
from ..ir.walk import variables_of
from .clues import Clue, cut
from .facts import Fact
from .oracle import ClueOracle
from .premises import fewest_facts_needed, smallest_set

# What a clue costs against a known fact, in a step's cost.
CLUE_COST = 3
# How many of a candidate step's new facts are tried for the fewest facts used.
FACTS_TRIED = 1
# Questions asked at most for one missing fact's smallest set of clues.
CLUE_SET_CALLS = 100
# Sets of clues up to this size are sought fact by fact; past it, a core's minimal set.
MOST_CLUES_SOUGHT = 6


class Step(Record, frozen=False):
    """One step: from these clues and known facts, these new facts."""

    clues: list[Clue]
    used: list[Fact]
    derived: list[Fact]
    givens: bool = False  # the model's givens, placed before any reasoning
    rest: bool = False  # the time limit stopped the search: everything left, from all clues
    cheapest: bool = False  # `explain --cheapest`: proved a cheapest step under `costs.py`'s weights

    @property
    def size(self) -> int:
        return len(self.clues) + len(self.used)

    @property
    def cost(self) -> int:
        return CLUE_COST * len(self.clues) + len(self.used)


class PastDeadline(Exception):
    """The deadline passed in the middle of a round."""


class StepSearch:
    """The rounds of the step-wise explanation on one oracle, towards a unique solution's facts."""

    def __init__(self, oracle: ClueOracle, targets: list[Fact], deadline: float | None,
                 on_step: Callable[[Step], None] | None = None) -> None:
        self.oracle, self.deadline = oracle, deadline
        self.on_step = on_step  # sees each step as it is taken (Ctrl-C then keeps those taken)
        self.remaining = list(targets)
        self.known: list[Fact] = []
        self.steps: list[Step] = []
        self.by_number = {clue.number: clue for clue in oracle.clues}
        self.reach = _reach(oracle)
        self.reaching: dict[str, list[int]] = {}  # each variable's clues (not givens) that reach it
        for number, reached in self.reach.items():
            if not self.by_number[number].is_given:
                for var in reached:
                    self.reaching.setdefault(var, []).append(number)
        self.changed: dict[str, int] = {}  # each variable's last step that learnt a fact of it
        self.cache: dict[tuple[int, ...], tuple[int, Step | None]] = {}
        self.local: dict[tuple[int, ...], ClueOracle] = {}
        # (ring, fact) -> (the steps taken when asked, the bound, the smallest set of clues found)
        self.clue_sets: dict[tuple[str, Fact], tuple[int, int, list[int] | None]] = {}
        self.reached: dict[tuple[int, ...], set[str]] = {}

    def run(self) -> list[Step]:
        try:
            return self._run()
        finally:
            self.close()

    def close(self) -> None:
        """Close the oracles of its own it made for questions about a few clues."""
        for oracle in self.local.values():
            oracle.close()
        self.local.clear()

    def _run(self) -> list[Step]:
        givens = [clue.number for clue in self.oracle.clues if clue.is_given]
        if givens:
            placed = self.oracle.implied(givens, [], self.remaining)
            self._take(Step([self.by_number[n] for n in givens], [], placed, givens=True))
        while self.remaining:
            if self._late():
                everything = list(self.by_number)
                self._take(Step([self.by_number[n] for n in everything], [], list(self.remaining), rest=True))
                break
            try:
                found = self.next_steps()
            except PastDeadline:  # a round cut short: the next turn takes the rest in one step
                continue
            for step in found:
                left = set(self.remaining)
                derived = [fact for fact in step.derived if fact in left]
                if derived:  # what an earlier step of the round has not derived already
                    self._take(Step(step.clues, step.used, derived, cheapest=step.cheapest))
        return self.steps

    def _late(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline

    def _take(self, step: Step) -> None:
        self.steps.append(step)
        self.changed.update({fact.var: len(self.steps) for fact in step.derived})
        new = set(step.derived)
        self.known += step.derived
        self.remaining = [fact for fact in self.remaining if fact not in new]
        if self.on_step is not None:
            self.on_step(step)

    def next_steps(self) -> list[Step]:
        """The cheapest steps this round, in the model's order: from the declarations alone or one
        clue; else a pair of clues; else a minimal set from a core. Every step of the least cost is
        taken: what one derives does not make another any dearer."""
        singles = [[n] for n, clue in self.by_number.items() if not clue.is_given]
        return self._cheapest_of([[], *singles]) or [self._fewest_clues()]

    def _fewest_clues(self) -> Step:
        """No clue alone derives anything: the step from the smallest set of clues that implies a
        missing fact (placements first), over every one. The clues are sought near the fact's
        variable: among those that reach it, then among those that reach what they reach (fewer
        clues only); a core's minimal set when neither has one within the budgets."""
        variables = self.oracle.problem.variables
        placements = sorted((fact for fact in self.remaining if fact.holds or len(variables[fact.var].domain) > 2),
                            key=lambda fact: not fact.holds)  # an exclusion of two values is a placement
        self.oracle.prefer_clues()  # each counterexample then rules out as many sets of clues as it can
        best: tuple[list[int], Fact] | None = None
        for ring in (self._near, self._around):
            for fact in placements:
                if self._late():  # each fact's smallest set may take a while: a round of many
                    raise PastDeadline
                bound = len(best[0]) if best is not None else MOST_CLUES_SOUGHT + 1
                found = self._smallest_clues(ring, fact, bound)
                if found is not None:
                    best = (found, fact)
                if best is not None and len(best[0]) <= 2:  # no clue alone implies anything
                    return self._step(best[0], [best[1]], self.known, self.remaining)
        if best is None:
            return self._from_a_core()
        return self._step(best[0], [best[1]], self.known, self.remaining)

    def _smallest_clues(self, ring: Callable[[str], list[int]], fact: Fact, bound: int) -> list[int] | None:
        """The smallest set of the ring's clues that implies the fact with the facts known, if one
        has fewer than `bound` clues. The answer of an earlier round stands while no fact was learnt
        of a variable the ring's clues reach: the question is the same (the facts of other variables
        are free of these clues and of the fact), as is its answer."""
        universe = ring(fact.var)
        key = (ring.__name__, fact)
        if key in self.clue_sets:
            asked_at, asked_bound, found = self.clue_sets[key]
            if all(self.changed.get(var, 0) <= asked_at for var in self._reached(universe)):
                if found is not None:
                    return found if len(found) < bound else None
                if bound <= asked_bound:
                    return None
        found = smallest_set(universe, self._clues_imply(fact), self.oracle.true_clues, bound, CLUE_SET_CALLS)
        self.clue_sets[key] = (len(self.steps), bound, found)
        return found

    def _reached(self, numbers: list[int]) -> set[str]:
        """The variables these clues reach (kept for each set asked about)."""
        key = tuple(numbers)
        if key not in self.reached:
            self.reached[key] = set().union(*(self.reach[n] for n in numbers))
        return self.reached[key]

    def _near(self, var: str) -> list[int]:
        """The clues (not givens) that reach the variable."""
        return self.reaching.get(var, [])

    def _around(self, var: str) -> list[int]:
        """The clues that reach a variable that a clue reaching this one reaches."""
        near = set(self._near(var))
        around = set().union(*(self.reaching.get(v, []) for n in near for v in self.reach[n])) if near else set()
        return sorted(around)

    def _clues_imply(self, fact: Fact) -> Callable[[list[int]], bool]:
        return lambda numbers: not self.oracle.holds_without(numbers, self.known, fact)

    def _cheapest_of(self, clue_sets: list[list[int]]) -> list[Step]:
        steps = [step for numbers in clue_sets if (step := self._step_from(numbers)) is not None]
        least = min((step.cost for step in steps), default=0)
        return [step for step in steps if step.cost == least]

    def _step_from(self, numbers: list[int]) -> Step | None:
        """The step these clues give with the facts known, if any. Only the variables the clues reach
        (through the declarations) matter, and the step found before stands while no fact was learnt
        about one of them."""
        key = tuple(numbers)
        reached = set().union(*(self.reach[n] for n in numbers)) if numbers else None
        if key in self.cache and reached is not None:
            found_at, step = self.cache[key]
            if all(self.changed.get(var, 0) <= found_at for var in reached):
                return step
        known, candidates = self._within(reached)
        oracle, local = self._oracle_for(numbers, reached)
        new = oracle.implied(local, known, candidates) if candidates else []
        step = self._step(numbers, new, known, candidates, (oracle, local)) if new else None
        self.cache[key] = (len(self.steps), step)
        return step

    def _oracle_for(self, numbers: list[int], reached: set[str] | None) -> tuple[ClueOracle, list[int]]:
        """An oracle for questions about these clues alone (the clues' numbers in it): one of its own
        over the variables they reach and the declarations among them, so that each question is
        asked of a small CNF; the whole model's for the declarations alone."""
        if reached is None:
            return self.oracle, numbers
        key = tuple(numbers)
        if key not in self.local:
            self.local[key] = ClueOracle(cut(self.oracle.problem, set(numbers), reached))
        return self.local[key], list(range(1, len(numbers) + 1))

    def _within(self, reached: set[str] | None) -> tuple[list[Fact], list[Fact]]:
        """(the known facts, the facts still to derive) of these variables (all, for None)."""
        if reached is None:
            return self.known, self.remaining
        return [f for f in self.known if f.var in reached], [f for f in self.remaining if f.var in reached]

    def _step(self, numbers: list[int], new: list[Fact], known: list[Fact], candidates: list[Fact],
              asked: tuple[ClueOracle, list[int]] | None = None) -> Step:
        """The step from these clues: the fewest known facts that imply one of the new facts (a few
        tried, placements first), and everything those facts and clues imply."""
        oracle, local = asked or (self.oracle, numbers)
        tried = sorted(new, key=lambda fact: not fact.holds)[:FACTS_TRIED]
        used = min((fewest_facts_needed(oracle, local, known, fact) for fact in tried), key=len)
        return Step([self.by_number[n] for n in numbers], used, oracle.implied(local, used, candidates))

    def _from_a_core(self) -> Step:
        """A minimal set of clues that implies the first missing fact, from the solver's core shrunk
        by deletion with every known fact assumed."""
        fact = self.remaining[0]
        numbers = list(self.by_number)
        if self.oracle.holds_without(numbers, self.known, fact):
            raise ValueError(f"{fact} does not follow from the model")
        core = set(self.oracle.core())
        needed = [n for n in numbers if n in core]
        kept: list[int] = []
        while needed:
            first, rest = needed[0], needed[1:]
            if self.oracle.holds_without(kept + rest, self.known, fact):
                kept.append(first)
                needed = rest
            else:
                core = set(self.oracle.core())
                needed = [n for n in rest if n in core]
        return self._step(kept, [fact], self.known, self.remaining)


def _reach(oracle: ClueOracle) -> dict[int, set[str]]:
    """For each clue, the variables it reaches: its own, and those tied to them by declarations
    (an attribute's all-different reaches every value of the attribute)."""
    parent: dict[str, str] = {}

    def root(var: str) -> str:
        while parent.setdefault(var, var) != var:
            var = parent[var]
        return var

    for constraint in oracle.hard:
        first, *rest = sorted(variables_of(constraint)) or [""]
        for var in rest:
            parent[root(var)] = root(first)
    groups: dict[str, set[str]] = {}
    for var in oracle.problem.variables:
        groups.setdefault(root(var), set()).add(var)
    return {
        clue.number: set().union(*(groups[root(var)] for c in clue.constraints for var in variables_of(c)))
        for clue in oracle.clues
    }


class Difficulty(Record):
    """How hard the puzzle is by its steps: the hardest step's size (clues and facts it uses) and
    the sum of all steps' sizes (the givens' step not counted)."""

    hardest: int
    total: int
    steps: int = field(default=0)


def difficulty(steps: list[Step]) -> Difficulty:
    sizes = [step.size for step in steps if not step.givens]
    return Difficulty(max(sizes, default=0), sum(sizes), len(sizes))
