"""The SAT backend's clue session (`backends.protocol.ClueSession`): one CNF answers whether any subset
of clues holds together with the declarations. The declarations are clauses, and each clue is
reified (a literal true exactly when the clue holds, from the encoder) behind a selector literal, so
that a subset of clues is a set of assumptions on one live, incremental solver, and an unsatisfiable
answer comes with its core: the selectors it rests on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...ir import AllDifferent, Constraint, Problem, Product, Table
from ...passes.decompose import all_different_as_pairs, product_as_table, table_as_or
from .. import Assignment
from .encoder import CnfEncoder, SatModel
from .engines import Solver
from .search import blocking, decode


class SatClueSession:
    """The declarations' CNF with each clue behind its selector, in one live solver."""

    def __init__(self, base: Problem, clues: Mapping[int, Sequence[Constraint]]) -> None:
        model = CnfEncoder(base).build()
        self.values = model.values
        self.literal_of = {(name, value): literal for name, pairs in model.values.items() for value, literal in pairs}
        self.selectors: dict[int, int] = {}
        for number, constraints in clues.items():
            selector = model.cnf.new_var(f"clue {number}")
            for c in constraints:
                for clause in _guarded(model, c, selector):
                    model.cnf.add(clause)
            self.selectors[number] = selector
        self.clauses, self.num_vars = model.cnf.clauses, model.cnf.num_vars
        self.block = blocking(self.values, base.outputs)
        self.solver = Solver()
        self.solver.add_all(self.clauses)
        self._fresh = self.num_vars  # the last variable taken, by the clauses or a switch
        self._model: list[int] | None = None  # the last model, read back once

    def literal(self, name: str, value: int) -> int:
        return self.literal_of[name, value]

    def solve(self, assumptions: list[int]) -> bool:
        self._model = None
        return self.solver.solve(assumptions)

    def core(self) -> list[int]:
        return self.solver.core()

    def model(self) -> list[int]:
        """The last model: literal v or -v at index v - 1."""
        if self._model is None:
            self._model = self.solver.model()
        return self._model

    def assignment(self) -> Assignment:
        return decode(self.values, self.model())

    def true_of(self, literals: list[int]) -> set[int]:
        model = self.model()
        return {literal for literal in literals if model[abs(literal) - 1] == literal}

    def blocking_clause(self) -> list[int]:
        return self.block(self.model())

    def switch(self) -> int:
        """A fresh variable. Retired switches stay in the solver and each model lists them, so past a
        few thousand the solver starts again from the model's own clauses."""
        if self._fresh > 2 * self.num_vars + 2_000:
            self.solver.close()
            self.solver = Solver()
            self.solver.add_all(self.clauses)
            self._fresh = self.num_vars
        self._fresh += 1
        return self._fresh

    def add(self, clause: list[int]) -> None:
        self.solver.add(clause)

    def propagate(self, assumptions: list[int]) -> set[int] | None:
        return self.solver.propagate(assumptions)

    def prefer(self, literals: list[int]) -> None:
        self.solver.prefer(literals)

    def close(self) -> None:
        self.solver.close()


def clue_session(base: Problem, clues: Mapping[int, Sequence[Constraint]]) -> SatClueSession:
    return SatClueSession(base, clues)


def _guarded(model: SatModel, c: Constraint, selector: int) -> list[list[int]]:
    """Clauses that make the constraint hold when the selector is true: a literal that stands for
    it (`reify`; an all-different as its pairs, a table as its rows), implied by the selector.
    (Guarding an all-different's pair clauses with the selector directly, without the pairs'
    literals, was measured too: a third faster on a Sudoku's steps, but forty times slower on
    the smallest conflict of a Sudoku with a clashing given.)"""
    return [[-selector, model.encoder.reify(_reifiable(c, model.encoder.domains))]]


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
