"""The question every explanation asks many times: do these clues hold together, with the
declarations? One CNF answers it for every subset: the declarations are clauses, and each clue is
reified (a literal true exactly when the clue holds, from the SAT backend's encoder) behind a selector
literal, so that a subset of clues is a set of assumptions on one live, incremental solver, and an
unsatisfiable answer comes with its core: the selectors it rests on."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..backends import Assignment
from ..backends.sat.encoder import CnfEncoder, SatModel
from ..backends.sat.engines import Solver
from ..backends.sat.search import blocking, decode
from ..ir import AllDifferent, Constraint, Posted, Problem, Product, Table, validate
from ..passes.decompose import all_different_as_pairs, product_as_table, table_as_or
from .clues import Clue, split_clues
from .facts import Fact


class ClueOracle:
    """Answers `holds(clue numbers)` for one model; `solution()` and `core()` read the last answer."""

    def __init__(self, problem: Problem) -> None:
        validate(problem)
        self.hard, self.clues = split_clues(problem)
        hard = self.hard
        self.problem = problem
        base = Problem(variables=dict(problem.variables), outputs=list(problem.outputs), projected=problem.projected)
        base.constraints = [Posted(c) for c in hard]
        model = CnfEncoder(base).build()
        self.values = model.values
        self.literal_of = {(name, value): literal for name, pairs in model.values.items() for value, literal in pairs}
        self.selector: dict[int, int] = {}
        for clue in self.clues:
            selector = model.cnf.new_var(f"clue {clue.number}")
            for c in clue.constraints:
                for clause in self._guarded(model, c, selector):
                    model.cnf.add(clause)
            self.selector[clue.number] = selector
        self.clue_of = {selector: number for number, selector in self.selector.items()}
        self.clauses, self.num_vars = model.cnf.clauses, model.cnf.num_vars
        self.solver = Solver()
        self.solver.add_all(self.clauses)
        self._fresh = self.num_vars  # the last variable taken, by the clauses or an activation literal
        self.calls = 0

    def _guarded(self, model: SatModel, c: Constraint, selector: int) -> list[list[int]]:
        """Clauses that make the constraint hold when the selector is true: a literal that stands for
        it (`reify`; an all-different as its pairs, a table as its rows), implied by the selector.
        (Guarding an all-different's pair clauses with the selector directly, without the pairs'
        literals, was measured too: a third faster on a Sudoku's steps, but forty times slower on
        the smallest conflict of a Sudoku with a clashing given.)"""
        return [[-selector, model.encoder.reify(_reifiable(c, model.encoder.domains))]]

    def by_number(self, numbers: list[int]) -> list[Clue]:
        wanted = set(numbers)
        return [clue for clue in self.clues if clue.number in wanted]

    def holds(self, numbers: list[int] | set[int] | frozenset[int]) -> bool:
        """Whether the declarations and these clues have a solution."""
        self.calls += 1
        return self.solver.solve([self.selector[n] for n in sorted(numbers)])

    def core(self) -> list[int]:
        """After `holds` said no: the clues (numbers, in order) that the contradiction rests on."""
        return sorted(self.clue_of[lit] for lit in self.solver.core() if lit in self.clue_of)

    def solution(self) -> Assignment:
        """After `holds` said yes: the solution it found, every variable of the model."""
        return decode(self.values, self.solver.model())

    def count(self, numbers: list[int] | set[int], limit: int) -> tuple[int, bool]:
        """(solutions of the declarations and these clues, distinct on the model's own variables, up
        to `limit`; whether that is all of them)."""
        found, complete = self.solutions(numbers, limit)
        return len(found), complete

    def solutions(self, numbers: list[int] | set[int], limit: int) -> tuple[list[Assignment], bool]:
        """(the solutions of the declarations and these clues, up to `limit`; whether that is all).
        The blocking clauses hang on a fresh activation literal, retired afterwards, so the solver is
        as it was for the next question."""
        active = self._activation()
        block = blocking(self.values, self.problem.outputs)
        assumptions = [active, *(self.selector[n] for n in sorted(numbers))]
        found: list[Assignment] = []
        try:
            while len(found) < limit and self._solve(assumptions):
                found.append(self.solution())
                self.solver.add([-active, *block(self.solver.model())])
            complete = len(found) < limit or not self._solve(assumptions)
        finally:
            self.solver.add([-active])
        return found, complete

    def unique(self, numbers: list[int] | set[int], solution: Assignment) -> bool:
        """Whether the declarations and these clues have no solution but `solution` (which they hold)."""
        active = self._activation()
        self.solver.add([-active, *(-self.literal_of[(name, solution[name])] for name in self.problem.outputs)])
        try:
            return not self._solve([active, *(self.selector[n] for n in sorted(numbers))])
        finally:
            self.solver.add([-active])

    def _solve(self, assumptions: list[int]) -> bool:
        self.calls += 1
        return self.solver.solve(assumptions)

    def literal(self, fact: Fact) -> int:
        """The fact as a literal of the CNF (the direct encoding's `var == value`, or its negation)."""
        literal = self.literal_of[fact.var, fact.value]
        return literal if fact.holds else -literal

    def implied(self, numbers: Iterable[int], known: Iterable[Fact], candidates: list[Fact]) -> list[Fact]:
        """The candidates that hold in every solution of the declarations, these clues and the known
        facts (they must have one). Each model the solver finds rules out the candidates it breaks;
        then one question asks whether any candidate left can fail: none can when there is no model."""
        assumptions = [*(self.selector[n] for n in sorted(numbers)), *map(self.literal, known)]
        pairs = [(fact, self.literal(fact)) for fact in candidates]
        propagated = self.solver.propagate(assumptions) or set()
        self.solver.prefer([-literal for _, literal in pairs])
        self.calls += 1
        if not self.solver.solve(assumptions):
            raise ValueError("the clues and facts have no solution")
        left = [(fact, literal) for fact, literal in pairs if literal not in propagated]
        while left:
            model = self.solver.model()  # literal v or -v at index v - 1
            left = [(fact, literal) for fact, literal in left if model[abs(literal) - 1] == literal]
            if not left:
                break
            active = self._activation()
            self.solver.add([-active, *(-literal for _, literal in left)])
            self.solver.prefer([-literal for _, literal in left])
            self.calls += 1
            found = self.solver.solve([*assumptions, active])
            self.solver.add([-active])
            if not found:
                break
        implied = propagated | {literal for _, literal in left}  # unit propagation implies the first
        return [fact for fact, literal in pairs if literal in implied]

    def _activation(self) -> int:
        """A fresh literal to hang clauses on for one question, retired after it by a unit clause.
        Retired literals stay in the solver and each model lists them, so past a few thousand the
        solver starts again from the model's own clauses."""
        if self._fresh > 2 * self.num_vars + 2_000:
            self.solver.close()
            self.solver = Solver()
            self.solver.add_all(self.clauses)
            self._fresh = self.num_vars
        self._fresh += 1
        return self._fresh

    def facts_needed(self, numbers: Iterable[int], known: list[Fact], fact: Fact) -> list[Fact]:
        """A minimal set of the known facts that, with the declarations and these clues, implies
        `fact` (they must imply it): the solver's core over the facts, shrunk by deletion."""
        numbers = list(numbers)
        if self.holds_without(numbers, known, fact):
            raise ValueError(f"{fact} does not follow")
        core = set(self.solver.core())
        # Exclusions first, so that deletion drops them before placements, which say more.
        needed = sorted((f for f in known if self.literal(f) in core), key=lambda f: f.holds)
        kept: list[Fact] = []
        while needed:
            first, rest = needed[0], needed[1:]
            if self.holds_without(numbers, kept + rest, fact):
                kept.append(first)  # without it the fact can fail
                needed = rest
            else:
                core = set(self.solver.core())
                needed = [f for f in rest if self.literal(f) in core]
        return kept

    def holds_without(self, numbers: Iterable[int], facts: list[Fact], fact: Fact) -> bool:
        """Whether the declarations, these clues and facts have a solution where `fact` fails; the
        core, when not, holds the clues' and facts' literals it rests on."""
        self.calls += 1
        selectors = [self.selector[n] for n in sorted(numbers)]
        return self.solver.solve([*selectors, *map(self.literal, facts), -self.literal(fact)])

    def close(self) -> None:
        self.solver.close()


def _reifiable(c: Constraint, domains: Mapping[str, tuple[int, ...]]) -> Constraint:
    """The clue in a form a literal can stand for: a global (all-different, table, product) as its
    decomposition; an automaton is one already (the encoder's decision diagram)."""
    if isinstance(c, Product):
        c = product_as_table(c, domains)
    if isinstance(c, AllDifferent):
        return all_different_as_pairs(c)
    if isinstance(c, Table):
        return table_as_or(c)
    return c
