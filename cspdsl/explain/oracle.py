"""The question every explanation asks many times: do these clues hold together, with the
declarations? One CNF answers it for every subset: the declarations are clauses, and each clue is
reified (a literal true exactly when the clue holds, from the SAT backend's encoder) behind a selector
literal, so that a subset of clues is a set of assumptions on one live, incremental solver, and an
unsatisfiable answer comes with its core: the selectors it rests on."""

from __future__ import annotations

from ..backends import Assignment
from ..backends.sat.encoder import CnfEncoder
from ..backends.sat.engines import Solver
from ..backends.sat.search import blocking, decode
from ..ir import AllDifferent, Constraint, Posted, Problem, Table, validate
from ..passes.decompose import all_different_as_pairs, table_as_or
from .clues import Clue, split_clues


class ClueOracle:
    """Answers `holds(clue numbers)` for one model; `solution()` and `core()` read the last answer."""

    def __init__(self, problem: Problem) -> None:
        validate(problem)
        hard, self.clues = split_clues(problem)
        self.problem = problem
        base = Problem(variables=dict(problem.variables), outputs=list(problem.outputs))
        base.constraints = [Posted(c) for c in hard]
        model = CnfEncoder(base).build()
        self.values = model.values
        self.selector: dict[int, int] = {}
        for clue in self.clues:
            literals = [model.encoder.reify(_reifiable(c)) for c in clue.constraints]
            selector = model.cnf.new_var(f"clue {clue.number}")
            for literal in literals:
                model.cnf.add([-selector, literal])
            self.selector[clue.number] = selector
        self.clue_of = {selector: number for number, selector in self.selector.items()}
        self.solver = Solver()
        self.solver.add_all(model.cnf.clauses)
        self._fresh = model.cnf.num_vars  # the next variable free for counting's activation literals
        self.calls = 0

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
        to `limit`; whether that is all of them). The blocking clauses hang on a fresh activation
        literal, retired afterwards, so the solver is as it was for the next question."""
        self._fresh += 1
        active = self._fresh
        block = blocking(self.values, self.problem.outputs)
        assumptions = [active, *(self.selector[n] for n in sorted(numbers))]
        found = 0
        try:
            while found < limit and self.solver.solve(assumptions):
                found += 1
                self.solver.add([-active, *block(self.solver.model())])
            complete = found < limit or not self.solver.solve(assumptions)
        finally:
            self.solver.add([-active])
        return found, complete

    def close(self) -> None:
        self.solver.close()


def _reifiable(c: Constraint) -> Constraint:
    """The clue in a form a literal can stand for: a global (all-different, table) as its decomposition."""
    if isinstance(c, AllDifferent):
        return all_different_as_pairs(c)
    if isinstance(c, Table):
        return table_as_or(c)
    return c
