"""The question every explanation asks many times: do these clues hold together, with the
declarations? One incremental session answers it for every subset (`backends.protocol.ClueSession`:
the SAT backend's): the declarations are posted once and each clue is reified behind a selector
literal, so that a subset of clues is a set of assumptions, and an unsatisfiable answer comes with its
core: the selectors it rests on."""

from __future__ import annotations

import time
from collections.abc import Iterable

from ..backends import Assignment, open_clue_session
from ..ir import Posted, Problem, validate
from .clues import Clue, split_clues
from .facts import Fact

# The backend whose clue session answers the questions.
ORACLE_BACKEND = "sat"


class ClueOracle:
    """Answers `holds(clue numbers)` for one model; `solution()` and `core()` read the last answer."""

    def __init__(self, problem: Problem) -> None:
        validate(problem)
        self.hard, self.clues = split_clues(problem)
        self.problem = problem
        base = Problem(variables=dict(problem.variables), outputs=list(problem.outputs), projected=problem.projected)
        base.constraints = [Posted(c) for c in self.hard]
        self.session = open_clue_session(ORACLE_BACKEND, base, {clue.number: clue.constraints for clue in self.clues})
        self.selector = self.session.selectors
        self.clue_of = {selector: number for number, selector in self.selector.items()}
        self.calls = 0

    def by_number(self, numbers: list[int]) -> list[Clue]:
        wanted = set(numbers)
        return [clue for clue in self.clues if clue.number in wanted]

    def holds(self, numbers: list[int] | set[int] | frozenset[int]) -> bool:
        """Whether the declarations and these clues have a solution."""
        self.calls += 1
        return self.session.solve([self.selector[n] for n in sorted(numbers)])

    def core(self) -> list[int]:
        """After `holds` said no: the clues (numbers, in order) that the contradiction rests on."""
        return sorted(self.clue_of[lit] for lit in self.session.core() if lit in self.clue_of)

    def solution(self) -> Assignment:
        """After `holds` said yes: the solution it found, every variable of the model."""
        return self.session.assignment()

    def count(self, numbers: list[int] | set[int], limit: int, deadline: float | None = None) -> tuple[int, bool]:
        """(solutions of the declarations and these clues, distinct on the model's own variables, up
        to `limit`; whether that is all of them)."""
        found, complete = self.solutions(numbers, limit, deadline)
        return len(found), complete

    def solutions(self, numbers: list[int] | set[int], limit: int,
                  deadline: float | None = None) -> tuple[list[Assignment], bool]:
        """(the solutions of the declarations and these clues, up to `limit` and those found by the
        `deadline` (`time.perf_counter()`; at least one, when there is one); whether that is all).
        The blocking clauses hang on a switch, retired afterwards, so the session is as it was for
        the next question."""
        session = self.session
        active = session.switch()
        assumptions = [active, *(self.selector[n] for n in sorted(numbers))]
        found: list[Assignment] = []
        try:
            exhausted = False
            while len(found) < limit and not (found and past(deadline)):
                if not self._solve(assumptions):
                    exhausted = True
                    break
                found.append(session.assignment())
                session.add([-active, *session.blocking_clause()])
            complete = exhausted or (len(found) == limit and not past(deadline) and not self._solve(assumptions))
        finally:
            session.add([-active])
        return found, complete

    def unique(self, numbers: list[int] | set[int], solution: Assignment) -> bool:
        """Whether the declarations and these clues have no solution but `solution` (which they hold)."""
        session = self.session
        active = session.switch()
        session.add([-active, *(-session.literal(name, solution[name]) for name in self.problem.outputs)])
        try:
            return not self._solve([active, *(self.selector[n] for n in sorted(numbers))])
        finally:
            session.add([-active])

    def _solve(self, assumptions: list[int]) -> bool:
        self.calls += 1
        return self.session.solve(assumptions)

    def literal(self, fact: Fact) -> int:
        """The fact as a literal of the session (`var == value`, or its negation)."""
        literal = self.session.literal(fact.var, fact.value)
        return literal if fact.holds else -literal

    def implied(self, numbers: Iterable[int], known: Iterable[Fact], candidates: list[Fact]) -> list[Fact]:
        """The candidates that hold in every solution of the declarations, these clues and the known
        facts (they must have one). Each model the session finds rules out the candidates it breaks;
        then one question asks whether any candidate left can fail: none can when there is no model."""
        session = self.session
        assumptions = [*(self.selector[n] for n in sorted(numbers)), *map(self.literal, known)]
        pairs = [(fact, self.literal(fact)) for fact in candidates]
        propagated = session.propagate(assumptions) or set()
        session.prefer([-literal for _, literal in pairs])
        if not self._solve(assumptions):
            raise ValueError("the clues and facts have no solution")
        left = [(fact, literal) for fact, literal in pairs if literal not in propagated]
        while left:
            true = session.true_of([literal for _, literal in left])
            left = [(fact, literal) for fact, literal in left if literal in true]
            if not left:
                break
            active = session.switch()
            session.add([-active, *(-literal for _, literal in left)])
            session.prefer([-literal for _, literal in left])
            found = self._solve([*assumptions, active])
            session.add([-active])
            if not found:
                break
        implied = propagated | {literal for _, literal in left}  # unit propagation implies the first
        return [fact for fact, literal in pairs if literal in implied]

    def facts_needed(self, numbers: Iterable[int], known: list[Fact], fact: Fact) -> list[Fact]:
        """A minimal set of the known facts that, with the declarations and these clues, implies
        `fact` (they must imply it): the solver's core over the facts, shrunk by deletion."""
        numbers = list(numbers)
        if self.holds_without(numbers, known, fact):
            raise ValueError(f"{fact} does not follow")
        core = set(self.session.core())
        # Exclusions first, so that deletion drops them before placements, which say more.
        needed = sorted((f for f in known if self.literal(f) in core), key=lambda f: f.holds)
        kept: list[Fact] = []
        while needed:
            first, rest = needed[0], needed[1:]
            if self.holds_without(numbers, kept + rest, fact):
                kept.append(first)  # without it the fact can fail
                needed = rest
            else:
                core = set(self.session.core())
                needed = [f for f in rest if self.literal(f) in core]
        return kept

    def prefer_clues(self) -> None:
        """Ask the next models to hold as many clues as they can (their selectors' phases)."""
        self.session.prefer(list(self.clue_of))

    def true_clues(self) -> set[int]:
        """After a question said yes: the clues whose selectors its model makes true (each holds in
        it, since a selector implies its clue)."""
        return {self.clue_of[literal] for literal in self.session.true_of(list(self.clue_of))}

    def true_facts(self, facts: list[Fact]) -> set[Fact]:
        """After `holds_without` (or `holds`) said yes: those of the facts its model makes true."""
        pairs = [(f, self.literal(f)) for f in facts]
        true = self.session.true_of([literal for _, literal in pairs])
        return {f for f, literal in pairs if literal in true}

    def holds_without(self, numbers: Iterable[int], facts: list[Fact], fact: Fact) -> bool:
        """Whether the declarations, these clues and facts have a solution where `fact` fails; the
        core, when not, holds the clues' and facts' literals it rests on."""
        self.calls += 1
        selectors = [self.selector[n] for n in sorted(numbers)]
        return self.session.solve([*selectors, *map(self.literal, facts), -self.literal(fact)])

    def close(self) -> None:
        self.session.close()


def past(deadline: float | None) -> bool:
    """Whether the deadline (`time.perf_counter()` seconds; None: none) has passed."""
    return deadline is not None and time.perf_counter() >= deadline
