"""A SAT model read back as an assignment, and the clause that blocks it, at the speed a batch needs.

`backends.sat.search.decode` tests each (value, literal) pair of each variable in Python; for a
Sudoku that is 729 tests a model, more than the SAT call itself costs. Here the literals that are
positive (a direct encoding's, one true per variable) are read in one C call (`itemgetter`), and
`compress` keeps the (name, value) pairs whose literal is true; only the few variables with a
negative literal (a 0/1 variable is one literal and its negation) are read one by one.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter

from ..backends.sat.cnf import TRUE

POSITIVE = (0).__lt__


class ModelReader:
    """Reads models of one CNF: `read(model)` gives (assignment, blocking clause on the outputs)."""

    def __init__(self, values: dict[str, list[tuple[int, int]]], outputs: list[str]) -> None:
        wanted = set(outputs)
        direct = [name for name, pairs in values.items() if all(lit > 0 for _, lit in pairs)]
        self.pairs = [(name, v) for name in direct for v, _ in values[name]]
        lits = [lit for name in direct for _, lit in values[name]]
        # The literal each true pair puts in the blocking clause: negated, and none (0) for a
        # variable that is not an output, or for the constant TRUE.
        self.blocks = [0 if name not in wanted or lit == TRUE else -lit
                       for name in direct for _, lit in values[name]]
        self.indices = [lit - 1 for lit in lits]
        self.getter = itemgetter(*self.indices) if len(self.indices) > 1 else None
        self.others = [(name, values[name], name in wanted) for name in values if name not in set(direct)]

    def read(self, model: list[int]) -> tuple[dict[str, int], list[int]]:
        """The assignment (every variable of `values`) and the clause that excludes its outputs' values."""
        signs = self.getter(model) if self.getter is not None else [model[i] for i in self.indices]
        mask = list(map(POSITIVE, signs))
        assignment = dict(compress(self.pairs, mask))
        clause = [lit for lit in compress(self.blocks, mask) if lit]
        for name, pairs, output in self.others:
            for v, lit in pairs:
                if (model[lit - 1] > 0) if lit > 0 else (model[-lit - 1] < 0):
                    assignment[name] = v
                    if output and abs(lit) != TRUE:
                        clause.append(-lit)
                    break
        return assignment, clause
