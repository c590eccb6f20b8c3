"""The independent check of an instance's solutions, written once for the compiled model.

An instance's problem is the template's base with one clue posted for each given
(`results.instance_model`), so a solution satisfies it exactly when it satisfies the base and keeps
every given. The base's test is written once, from the IR alone (`check/fast.py`: each variable's domain
and each constraint, as `check/problem.py` reads them, sharing nothing with any backend); an instance then
adds only its givens, tested in one C-level pass (`givens.items() <= solution.items()`). This is
`driver.checking.SolutionCheck`'s contract at batch speed, and a solution the fast test does not accept is
handed to `SolutionCheck` itself, which walks the instance's whole problem and names the clue it
breaks (InternalError). Duplicates and tilings are checked as `SolutionCheck` checks them.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from ..backends import Assignment
from ..check.fast import AllHold, all_hold_function
from ..core.errors import InternalError
from ..core.static_types import Any
from ..driver.checking import SolutionCheck, checked_by
from ..lower import Lowered


def _key_of(outputs: list[str]) -> Callable[[Assignment], Any]:
    """A solution's values on the outputs, as a hashable key (one C call)."""
    if len(outputs) == 1:
        name = outputs[0]
        return lambda solution: (solution[name],)
    return itemgetter(*outputs) if outputs else (lambda solution: ())


class BaseCheck:
    """What every instance of one template is checked by: the base's test, written once (None where
    it cannot be written: then every solution takes the walk), and the key that tells duplicates."""

    def __init__(self, base: Lowered) -> None:
        self.test: AllHold | None = all_hold_function(base.problem)
        self.key = _key_of(base.problem.outputs)
        self.tilings = bool(base.layout.tilings)

    def passes(self, givens: dict[str, int], solutions: list[Assignment], held: bool = False) -> bool:
        """Whether each solution keeps every given and passes the base's test (`held`: the base's test
        was passed already, on the literals the solutions were decoded from), no two alike and no
        tilings to check: all that `InstanceCheck` would check, so that it need not be made."""
        test = None if held else self.test
        if (test is None and not held) or self.tilings:
            return False
        for solution in solutions:
            if not givens.items() <= solution.items() or (test is not None and not test(solution)):
                return False
        return len(solutions) < 2 or len(set(map(self.key, solutions))) == len(solutions)


class InstanceCheck:
    """The solutions of one instance checked against its own problem: `check` during the search,
    `all_checked` after it, within a deadline (`time.monotonic()`, None: none). `model()` makes the
    instance's whole model, wanted only when a solution fails the fast test or has tilings."""

    def __init__(self, base: BaseCheck, givens: dict[str, int], model: Callable[[], Lowered], backend: str,
                 deadline: float | None = None) -> None:
        self.base, self.givens, self.model = base, givens, model
        self.backend, self.deadline = backend, deadline
        self.seen: set[Any] = set()
        self.checked: dict[int, Assignment] = {}  # by id(), each held so that no id is reused

    def check(self, solution: Assignment) -> None:
        """Raise InternalError if the solution breaks the instance's problem, or was checked before."""
        test = self.base.test
        if test is None or not (self.givens.items() <= solution.items() and test(solution)):
            self._walk(solution)
        elif self.base.tilings:
            SolutionCheck(self.model(), self.backend).check_tilings(solution)
        key = self.base.key(solution)
        if key in self.seen:
            raise InternalError(f"backend '{self.backend}' returned the same solution twice")
        self.seen.add(key)
        self.checked[id(solution)] = solution

    def _walk(self, solution: Assignment) -> None:
        """The walk over the instance's whole problem, tilings included: InternalError at the clue the
        solution breaks."""
        walk = SolutionCheck(self.model(), self.backend)
        walk.check(solution)

    def all_checked(self, solutions: list[Assignment]) -> tuple[list[Assignment], bool]:
        """The solutions, those not checked during the search checked now (`driver.checking.checked_by`)."""
        return checked_by(self, solutions)
