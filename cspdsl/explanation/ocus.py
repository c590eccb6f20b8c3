"""A cheapest step, by optimal constrained unsatisfiable subsets (OCUS: Gamba, Bogaerts, Guns,
"Efficiently explaining CSPs with unsatisfiable subset optimization", IJCAI 2021).

A step from clues C and known facts F concludes a missing fact t when C, F and "not t" cannot hold
together with the declarations. The cheapest step is the cheapest such set for one missing fact
(`costs.py` weighs the clues and facts). For each fact, the cheapest set that implies it is found by
implicit hitting sets: a cheapest set that meets every correction set known (RC2, PySAT's MaxSAT
solver, kept warm from one candidate to the next) is tested on the clue session; if "not t" holds
with it, the solver's model breaks some clues and known facts, and every set that implies t must cite
one of them (a correction set); if not, the set implies t and no cheaper one does.

What makes it fast enough to use, the standard speed-ups of the paper:

- one incremental SAT solver (the clue session) answers every question, by assumptions;
- each model is grown greedily into several disjoint correction sets ("grow by the solver's model":
  what the model satisfies is kept, assumed, and the solver asked again until nothing more can hold),
  so that one candidate rules out many;
- the models are kept from one fact to the next and one step to the next: a model that makes a
  fact false gives that fact a correction set (the clues it breaks, the known facts it makes false,
  read again as facts become known), so a fact's least cost is bounded before any question
  (disjoint correction sets each cost at least their cheapest element);
- the facts are tried cheapest bound first against the best step in hand (the first explanation's
  rounds give one at once), and a fact's search stops as soon as its next candidate costs as much.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.record import Record
from .facts import Fact
from .oracle import ClueOracle, past

# An element of a step is a clue, by its number, or a known fact, by its number past the clues'; the
# numbers are also the fixed order in which the elements are offered to the solvers, so that of two
# sets of one cost the same is always found, whatever the hashing.
Element = int

# Questions to the solver at most for one step's search; past them, the cheapest step found stands,
# not proved the cheapest.
STEP_CALLS = 5000
# Correction sets at most from one candidate's greedy growth.
GROWN_AT_MOST = 12
# A bound above every step's cost.
_UNBOUNDED = 1 << 30


class Witness:
    """A model found on the way: the clues it breaks (their selectors false) and the solution's facts
    it makes false. What it satisfies cannot imply a fact it makes false."""

    __slots__ = ("broken", "false")

    def __init__(self, broken: frozenset[Element], false: frozenset[Element]) -> None:
        self.broken, self.false = broken, false

    def correction(self, known: frozenset[Element]) -> frozenset[Element]:
        """What every step concluding a fact this model makes false must cite one of."""
        return self.broken | (self.false & known)


class Cheapest(Record):
    """A step: these clues and known facts imply `target`, at `cost`; `proved`: no step is cheaper."""

    clues: list[int]
    facts: list[Fact]
    target: Fact
    cost: int
    proved: bool = False


class OutOfCalls(Exception):
    """The step's search asked all the questions it may."""


class StepFinder:
    """Cheapest steps on one clue session, the models kept from one step to the next."""

    def __init__(self, oracle: ClueOracle, clue_costs: dict[int, int], facts: list[Fact], fact_cost: int) -> None:
        self.oracle, self.fact_cost = oracle, fact_cost
        self.clue_costs = clue_costs
        first = max(oracle.selector, default=0) + 1  # the first fact's number
        self.facts = facts
        self.number = {fact: first + i for i, fact in enumerate(facts)}
        self.literal = {n: oracle.selector[n] for n in clue_costs}
        self.literal.update((self.number[fact], oracle.literal(fact)) for fact in facts)
        self.clue_count = first
        self.against: dict[Element, list[Witness]] = {}  # the models that make each fact false
        self.preferred = list(self.literal.items())
        self.known: frozenset[Element] = frozenset()
        self.costs: dict[Element, int] = {}
        self.kept: dict[Element, tuple[int, list[tuple[Element, ...]], int]] = {}  # this step's sets, bounds
        self.read: dict[Witness, tuple[Element, ...]] = {}  # each model's correction set this step
        self.budget = 0

    def cheapest(self, known: list[Fact], remaining: list[Fact], deadline: float | None) -> Cheapest | None:
        """A cheapest step from the clues and the known facts to one missing fact (the least bound
        first, placements first among equals, then the model's order); past the budget of
        questions, the cheapest found, not `proved` (None if none was); None past the deadline."""
        self.known = frozenset(self.number[fact] for fact in known)
        self.costs = {**dict.fromkeys(self.known, self.fact_cost), **self.clue_costs}
        self.kept = {}
        self.read = {}
        self.oracle.session.prefer([literal for _, literal in self.preferred])
        self.budget = self.oracle.calls + STEP_CALLS
        best: Cheapest | None = None
        targets = [self.number[fact] for fact in remaining]
        order = sorted((self._lower_bound(t), not fact.holds, t) for t, fact in zip(targets, remaining, strict=True))
        try:
            for low, _, target in order:
                bound = best.cost if best is not None else _UNBOUNDED
                if low >= bound:
                    break
                if self._lower_bound(target) >= bound:
                    continue
                if past(deadline):
                    return None
                best = self._cheapest_for(target, bound) or best
        except OutOfCalls:
            return best
        assert best is not None, "a missing fact follows from the clues"
        return Cheapest(best.clues, best.facts, best.target, best.cost, proved=True)

    def _corrections(self, target: Element) -> tuple[list[tuple[Element, ...]], int]:
        """The target's correction sets known, each once, smallest first, and the cost of disjoint
        ones among them, each its cheapest element: any step to it meets each of them (a lower
        bound). Kept for the step while no model is added."""
        witnesses = self.against.get(target, [])
        kept = self.kept.get(target)
        if kept is not None and kept[0] == len(witnesses):
            return kept[1], kept[2]
        sets = sorted({self._correction(w) for w in witnesses}, key=lambda each: (len(each), each))
        used: set[Element] = set()
        bound = 0
        for each in sets:
            if used.isdisjoint(each):
                used.update(each)
                bound += min(self.costs[e] for e in each)
        self.kept[target] = (len(witnesses), sets, bound)
        return sets, bound

    def _correction(self, witness: Witness) -> tuple[Element, ...]:
        """The witness's correction set this step, in order (read once a step: it serves each fact
        the model makes false)."""
        found = self.read.get(witness)
        if found is None:
            found = self.read[witness] = tuple(sorted(witness.correction(self.known)))
        return found

    def _lower_bound(self, target: Element) -> int:
        return self._corrections(target)[1]

    def _cheapest_for(self, target: Element, bound: int) -> Cheapest | None:
        """The cheapest set of clues and known facts that implies the target, if one costs less
        than `bound`: the implicit hitting-set loop."""
        with Hitter(self.costs, self._corrections(target)[0]) as hitter:
            while True:
                chosen, cost = hitter.get()
                if cost >= bound:
                    return None
                if self.oracle.calls > self.budget:
                    raise OutOfCalls
                if not self._holds_without(chosen, target):
                    return self._found(chosen, target, cost)
                for correction in self._grow(chosen, target, bound):
                    hitter.hit(correction)

    def _found(self, chosen: Iterable[Element], target: Element, cost: int) -> Cheapest:
        first = self.clue_count
        elements = sorted(chosen)
        facts = [self.facts[e - first] for e in elements if e >= first]
        return Cheapest([e for e in elements if e < first], facts, self.facts[target - first], cost)

    def _grow(self, chosen: Iterable[Element], target: Element, bound: int) -> list[tuple[Element, ...]]:
        """After "not target" held with the chosen set: disjoint correction sets, each from a model
        grown to hold as much as it can and that holds everything the earlier ones broke (the
        greedy correction sets of the paper), until they alone show that every step to the target
        costs `bound` or more (each costs at least its cheapest element)."""
        assumed = set(chosen)
        corrections: list[tuple[Element, ...]] = []
        least = 0
        while least < bound:
            correction = self._correction(self._maximal(target, assumed))
            if not correction:
                raise ValueError(f"{self.facts[target - self.clue_count]} does not follow from the clues and facts")
            corrections.append(correction)
            assumed.update(correction)
            least += min(self.costs[e] for e in correction)
            if len(corrections) >= GROWN_AT_MOST or not self._holds_without(assumed, target):
                break
        return corrections

    def _maximal(self, target: Element, assumed: set[Element]) -> Witness:
        """From the model just found (the target false, the assumed elements held), one that holds
        a maximal set of the clues and known facts: the elements it breaks are tried cheapest first,
        a cost at a time (`Growth`), and kept when a model holds them with everything held so far.
        What is left broken is a minimal correction set, and the dearer its elements, the stronger
        the bound it gives. Where it can, the model keeps every other variable at its value in the
        solution: it then makes false few facts but the target's, and its correction set stays as
        strong as facts become known."""
        variable = self.facts[target - self.clue_count].var
        near = [self.literal[self.number[f]] for f in self.facts if f.var != variable]
        if not self._holds_without(assumed, target, near):
            near = []
            self._holds_without(assumed, target)  # held before: the model it found, again
        growth = Growth(self, target, near)
        for cost in sorted({self.costs[e] for e in growth.broken}):
            growth.add([e for e in growth.broken if self.costs[e] == cost])
        for fact in growth.witness.false:
            self.against.setdefault(fact, []).append(growth.witness)
        return growth.witness

    def _held(self, broken: tuple[Element, ...], elements: list[Element]) -> list[Element]:
        """Every element but those broken, and these."""
        left = set(broken).difference(elements)
        return [e for e in self.costs if e not in left]

    def _holds_without(self, elements: Iterable[Element], target: Element, near: Iterable[int] = ()) -> bool:
        """Whether the declarations and these clues and facts (and the `near` literals) have a
        solution where the target fails."""
        self.oracle.calls += 1
        literals = [*(self.literal[e] for e in sorted(elements)), *near, -self.literal[target]]
        return self.oracle.session.solve(literals)

    def _witness(self) -> Witness:
        """The model of the question just answered yes: the clues it breaks, the facts it makes false."""
        true = self.oracle.session.true_of([literal for _, literal in self.preferred])
        broken = [e for e, literal in self.preferred if literal not in true]
        first = self.clue_count
        return Witness(frozenset(e for e in broken if e < first), frozenset(e for e in broken if e >= first))


class Growth:
    """A model grown to hold more: a group of the elements it breaks is tried all together (most
    often they hold together: one question), else each half in turn, down to single elements, so
    that a group of n of which k cannot be held takes about 2k log n questions, not n."""

    def __init__(self, finder: StepFinder, target: Element, near: list[int]) -> None:
        self.finder, self.target, self.near = finder, target, near
        self.witness = finder._witness()
        self.broken = finder._correction(self.witness)

    def add(self, group: list[Element]) -> None:
        group = [e for e in group if e in self.broken]  # a model found since may hold some already
        if not group:
            return
        finder = self.finder
        if finder._holds_without(finder._held(self.broken, group), self.target, self.near):
            self.witness = finder._witness()
            self.broken = finder._correction(self.witness)
        elif len(group) > 1:
            half = len(group) // 2
            self.add(group[:half])
            self.add(group[half:])


class Hitter:
    """Cheapest sets that meet every set to hit: RC2 MaxSAT, a soft clause "not chosen" per element
    at its cost and a hard clause per set to hit, one solver kept from one candidate to the next. An
    element joins when a set to hit first names it: one in none would never be chosen, and the
    solver works on the few that matter."""

    def __init__(self, costs: dict[Element, int], to_hit: list[tuple[Element, ...]]) -> None:
        from pysat.examples.rc2 import RC2  # here: only the cheapest steps pay for importing it
        from pysat.formula import WCNF

        self.costs = costs
        self.elements = sorted({e for each in to_hit for e in each})
        self.ids = {e: i for i, e in enumerate(self.elements, 1)}
        formula = WCNF()  # the sets known, all at once: the solver is built in one go
        for each in to_hit:
            formula.append([self.ids[e] for e in each])
        for e in self.elements:
            formula.append([-self.ids[e]], weight=costs[e])
        self.solver = RC2(formula)

    def hit(self, each: Iterable[Element]) -> None:
        clause = []
        for e in each:
            if e not in self.ids:
                self.elements.append(e)
                self.ids[e] = len(self.elements)
                self.solver.add_clause([-self.ids[e]], weight=self.costs[e])
            clause.append(self.ids[e])
        self.solver.add_clause(clause)

    def get(self) -> tuple[list[Element], int]:
        """A cheapest set that meets every set to hit, and its cost."""
        model = self.solver.compute()
        if model is None:
            raise ValueError("no set meets every set to hit")
        count = len(self.elements)
        return [self.elements[literal - 1] for literal in model if 0 < literal <= count], int(self.solver.cost)

    def __enter__(self) -> Hitter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.solver.delete()
