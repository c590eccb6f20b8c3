"""The one incremental session a generator asks all its questions of: the base model (the model
without its givens) with each possible given, a cell at one of its values, behind its own selector
(`backends.protocol.ClueSession`), so that a set of givens is a set of assumptions. It is compiled
once and serves every puzzle of a run: a random solution and each uniqueness check are one solve
under assumptions, not a fresh compile."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..backends import Assignment, ClueSession, open_clue_session
from ..core.deadline import check_deadline
from ..ir import Constraint, InSet, Problem

# The backend whose clue session answers: a single-threaded SAT solver, so that nothing depends on
# timing or thread scheduling (the answers used are facts about the model, not about the search).
CLUE_BACKEND = "sat"


class GivenClues:
    """The base's session with a selector for each (cell, value) a given may place."""

    def __init__(self, base: Problem, cells: list[str],
                 extra: Mapping[int, tuple[Constraint, ...]] | None = None) -> None:
        check_deadline()  # before the session's compile, which looks at the time only once under way
        self.base, self.cells = base, cells
        pairs = [(var, value) for var in cells for value in base.variables[var].domain]
        self.number = {pair: number for number, pair in enumerate(pairs, 1)}
        clues: dict[int, tuple[Constraint, ...]] = {
            number: (InSet(var, (value,)),) for (var, value), number in self.number.items()}
        # other clues than givens (a Futoshiki's signs), numbered after them
        self.extra = {n: len(pairs) + k for k, n in enumerate(sorted(extra or {}), 1)}
        clues.update({self.extra[n]: constraints for n, constraints in (extra or {}).items()})
        self.session: ClueSession = open_clue_session(CLUE_BACKEND, base, clues)
        check_deadline()

    def domain(self, var: str) -> tuple[int, ...]:
        return self.base.variables[var].domain

    def selectors(self, givens: dict[str, int]) -> list[int]:
        """The assumptions that place these givens."""
        selector = self.session.selectors
        return [selector[self.number[var, value]] for var, value in givens.items()]

    def holds(self, givens: dict[str, int]) -> bool:
        """Whether the base has a solution with these givens (a question to the solver: the time
        limit is looked at before each)."""
        check_deadline()
        return self.session.solve(self.selectors(givens))

    def found(self) -> Assignment:
        """After `holds` said yes: the solution found, every variable of the base."""
        return self.session.assignment()

    def other_than(self, solution: Assignment) -> int:
        """A switch literal that, assumed, rules `solution` out (on the model's own variables, as
        `cspdsl solve` tells solutions apart); retire it with `retire`."""
        session = self.session
        active = session.switch()
        session.add([-active, *(-session.literal(name, solution[name]) for name in self.base.outputs)])
        return active

    def unique_under(self, active: int, givens: dict[str, int], extra: Iterable[int] = ()) -> bool:
        """Whether these givens (and `extra` clues, by their numbers) leave no solution but the one
        `active` rules out."""
        check_deadline()
        selector = self.session.selectors
        return not self.session.solve([active, *self.selectors(givens), *(selector[self.extra[n]] for n in extra)])

    def retire(self, active: int) -> None:
        self.session.add([-active])

    def close(self) -> None:
        self.session.close()
