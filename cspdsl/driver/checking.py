"""The independent checker (`check/`) applied to what a backend returns: each solution against the
model's clues and its tilings, each once, within the solve's deadline. A solution that fails is a bug
in the backend (`InternalError`), never shown."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..backends import Assignment
from ..check.problem import violated
from ..core.errors import InternalError
from ..core.static_types import Any
from ..lower import Lowered


def check_solutions(model: Lowered, backend: str, solutions: list[Assignment]) -> None:
    """Raise InternalError unless every solution passes the independent checker, once each."""
    SolutionCheck(model, backend).all_checked(solutions)


class SolutionCheck:
    """The independent checker (`check/problem.py`) applied to a backend's solutions, during its search (as
    `Backend.solve`'s `on_solution`) or after it, and within a deadline (`time.monotonic()`, None: none).

    A solution that breaks the model, or that comes twice, is a bug in the backend: InternalError."""

    def __init__(self, model: Lowered, backend: str, deadline: float | None = None,
                 then: Callable[[Assignment], None] | None = None, distinct: bool = True) -> None:
        self.model = model
        # Whether two solutions must differ on the model's own variables: not an optimisation's
        # improving solutions, where an objective that reads hidden variables may improve with the shown
        # ones kept (each must be better than the last instead: `optimum.best_of`).
        self.distinct = distinct
        self.backend = backend
        self.deadline = deadline
        self.then = then  # told of each solution once it is checked
        self.seen: set[tuple[int, ...]] = set()  # the solutions checked, on the model's own variables
        # Each solution checked, by id(): held here, so that no id is reused by another solution while
        # this lives.
        self.checked: dict[int, Assignment] = {}

    def check(self, solution: Assignment) -> None:
        """Raise InternalError if the solution breaks a clue of the model, or was checked before."""
        broken = violated(self.model.problem, solution)
        if broken:
            where = broken[0].span.location() if broken[0].span else "a domain"
            raise InternalError(
                f"backend '{self.backend}' returned a solution that breaks the clue at {where}: "
                f"{broken[0].constraint}"
            )
        self.check_tilings(solution)
        if self.distinct:
            key = self.model.problem.project(solution)
            if key in self.seen:
                raise InternalError(f"backend '{self.backend}' returned the same solution twice")
            self.seen.add(key)
        self.checked[id(solution)] = solution
        if self.then is not None:
            self.then(solution)

    def check_tilings(self, solution: Assignment) -> None:
        """Raise InternalError unless each tiling is one by its cells alone (`check/tiling.py`)."""
        if not self.model.layout.tilings:
            return
        from ..check.tiling import tiling_faults  # here: only a model with shapes placed imports it

        for tiling in self.model.layout.tilings:
            faults = tiling_faults(tiling, solution)
            if faults:
                raise InternalError(f"backend '{self.backend}' returned a tiling of '{tiling.name}' "
                                    f"that is none: {faults[0]}")

    def all_checked(self, solutions: list[Assignment]) -> tuple[list[Assignment], bool]:
        """The solutions, those not checked during the search checked now (see `checked_by`)."""
        return checked_by(self, solutions)


def checked_by(checker: Any, solutions: list[Assignment]) -> tuple[list[Assignment], bool]:
    """The solutions, those that `checker` did not check during the search checked now, and whether
    the deadline cut them short: then only those before the first it left unchecked are given. A
    checker has `backend`, `deadline`, `checked` (by id) and `check`: this one and the batches'."""
    if len({id(solution) for solution in solutions}) < len(solutions):
        raise InternalError(f"backend '{checker.backend}' returned the same solution twice")
    for number, solution in enumerate(solutions):
        if checker.checked.get(id(solution)) is solution:
            continue
        if checker.deadline is not None and time.monotonic() >= checker.deadline:
            return solutions[:number], True
        checker.check(solution)
    return solutions, False
