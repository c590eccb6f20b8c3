"""A SAT model read back as an assignment, and the clause that blocks it, at the speed a batch needs.

`search.decode` tests each (value, literal) pair of each variable in Python; for a
Sudoku that is 729 tests a model, more than the SAT call itself costs. Here the work is done once, at
compile time: each literal of a direct encoding (positive, one true per variable) is mapped to its
(variable, value) pair. A model is then read by C calls alone: the set of those literals intersected
with the model's first part, up to the last of them (a DIMACS model lists each variable as itself or
its negation, so the literals found are exactly the true ones), sorted, and mapped to their pairs.
Only the few variables with a negative literal (a 0/1 variable is one literal and its negation), or
a literal shared with another variable, are read one by one.

The usual case is quicker still: where the literals are every variable of one run of numbers (a
grid's cells), all of them outputs, the blocking clause is that run's positive entries negated, read
in order by one comprehension, and the same negated literals give the pairs (a table read from its
end) and, for a base of all-differents alone, the base's test on the literals (`literal_check`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from operator import itemgetter, neg

from ...ir import Problem
from .cnf import TRUE
from .literal_check import literal_test
from .search import Derived, read_derived


class ModelReader:
    """Reads models of one CNF: `read(model)` gives (assignment, blocking clause on the outputs)."""

    def __init__(self, values: dict[str, list[tuple[int, int]]], outputs: list[str],
                 problem: Problem | None = None, derived: Derived | None = None) -> None:
        wanted = set(outputs)
        self.derived = derived or {}  # variables without literals, each a - b (a ruler's differences)
        uses = Counter(lit for pairs in values.values() for _, lit in pairs)
        direct = [name for name, pairs in values.items() if all(lit > 0 and uses[lit] == 1 for _, lit in pairs)]
        self.pair_of = {lit: (name, v) for name in direct for v, lit in values[name]}
        self.literals = frozenset(self.pair_of)
        table: list[tuple[str, int] | None] = [None] * (max(self.pair_of, default=0) + 1)
        for lit, pair in self.pair_of.items():
            table[lit] = pair
        self.pair_table = table  # the pair of each literal, by number: read by one itemgetter
        # The part of a model that the literals are in: the variables added after (the switches of
        # the uniqueness searches) are not looked at.
        self.span = len(table) - 1
        # The assignment keeps the variables' order: the literals' own order where they are numbered
        # so (the usual case), else their rank.
        order = list(self.pair_of)
        rank = {lit: number for number, lit in enumerate(order)}
        self.order: Callable[[int], int] | None = None if order == sorted(order) else rank.__getitem__
        # The run of variables that the literals are, in order, where they are one (else None).
        low = min(self.literals, default=0)
        whole_run = self.order is None and self.literals == frozenset(range(low, self.span + 1))
        self.run: tuple[int, int] | None = (low - 1, self.span) if whole_run and low > 0 else None
        # The true literals that go in the blocking clause (negated): an output's, not the constant TRUE.
        blocked = {lit for lit, (name, _) in self.pair_of.items() if name in wanted and lit != TRUE}
        self.blocked: frozenset[int] | None = None if blocked == self.literals else frozenset(blocked)
        kept = set(direct)
        self.others = [(name, values[name], name in wanted) for name in values if name not in kept]
        self.quick = self.run is not None and self.blocked is None and not self.others and not self.derived
        # Read by negated literal (`table[-lit]`: the tables reversed), as the blocking clause holds them.
        self.pair_by_negation = table[:0:-1]
        test = literal_test(problem, table) if problem is not None and self.quick else None
        self.test = None if test is None else (test.masks[:0:-1], test.full, test.count)

    def read(self, model: list[int]) -> tuple[dict[str, int], list[int], bool]:
        """The assignment (every variable of `values`), the clause that excludes its outputs' values, and
        whether the base's test on the literals (`literal_check`) found that the assignment satisfies
        the base (False: not known, the caller tests the assignment)."""
        if self.quick:
            run = self.run
            clause = [-lit for lit in model[run[0]:run[1]] if lit > 0]  # type: ignore[index]
            if len(clause) > 1:
                get = itemgetter(*clause)
                assignment = dict(get(self.pair_by_negation))
                test = self.test
                held = test is not None and len(assignment) == len(clause) == test[2] and sum(get(test[0])) == test[1]
                return assignment, clause, held
        if self.run is not None:
            true = [lit for lit in model[self.run[0]:self.run[1]] if lit > 0]
        else:
            true = sorted(self.literals.intersection(model[:self.span]), key=self.order)
        pairs = itemgetter(*true)(self.pair_table) if len(true) > 1 else map(self.pair_of.__getitem__, true)
        assignment = dict(pairs)
        blocked = self.blocked
        clause = list(map(neg, true)) if blocked is None else [-lit for lit in true if lit in blocked]
        for name, pairs, output in self.others:
            for v, lit in pairs:
                if (model[lit - 1] > 0) if lit > 0 else (model[-lit - 1] < 0):
                    assignment[name] = v
                    if output and abs(lit) != TRUE:
                        clause.append(-lit)
                    break
        if self.derived:
            read_derived(assignment, self.derived)
        return assignment, clause, False
