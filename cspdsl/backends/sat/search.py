"""The searches: an engine's models decoded to assignments and expanded by the symmetry group,
in this process under the engine's effort limit, or in a child under a time limit."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from operator import itemgetter

from ...core.deadline import deadline_after, time_limited
from ...core.static_types import TYPE_CHECKING, Any
from ..child import run_with_time_limit
from ..protocol import Assignment, Distinct, OnSolution
from .cnf import TRUE
from .engines import Clauses, OutOfBudget, engine

Derived = dict[str, tuple[str, str]]  # a variable without literals -> (a, b): its value is a - b

if TYPE_CHECKING:  # imported where used: only a search of all solutions needs it (3 ms of start-up)
    from ...passes.symmetry import Symmetry

    # What a search is given: the engine's name, clauses, their variable count, each variable's
    # (value, literal) pairs, the outputs that tell solutions apart, the limit, the symmetry group
    # that expands each solution, whether the model hides variables, and the variables read back.
    SearchArgs = tuple[
        str, Clauses, int, dict[str, list[tuple[int, int]]], list[str], int | None, list[Symmetry] | None,
        bool, Derived,
    ]


def decode(values: dict[str, list[tuple[int, int]]], model: list[int], derived: Derived | None = None) -> Assignment:
    """Each variable's value in the model: that of its true literal (a negative one is true where its
    variable is not, or where the model leaves it out); then each of `derived`, a difference of two."""
    true = set(model)  # made in C; the negative literals in it are not read
    true.add(TRUE)
    assignment = {}
    for name, pairs in values.items():
        for v, lit in pairs:
            if (lit in true) if lit > 0 else (-lit not in true):
                assignment[name] = v
                break
    if derived:
        read_derived(assignment, derived)
    return assignment


def read_derived(assignment: Assignment, derived: Derived) -> None:
    """Each variable of `derived` (a ruler's difference, which has no literals) put in the assignment
    from its two marks."""
    for name, (a, b) in derived.items():
        assignment[name] = assignment[a] - assignment[b]


def orbit_images(assignment: Assignment, group: list[Symmetry] | None) -> list[Assignment] | Iterator[Assignment]:
    """The assignment's images under the group (itself alone without one)."""
    if not group:
        return [assignment]
    from ...passes.symmetry import orbit

    return orbit(assignment, group)


class _Found:
    """What a search has found: each solution with its images under the symmetry group (itself alone
    without one), emitted once each on the outputs, until `limit` solutions have been emitted.

    One place for both searches (in this process, and in a child under a time limit)."""

    def __init__(
        self, emit: Callable[[Assignment], None], outputs: list[str], limit: int | None, group: list[Symmetry] | None
    ) -> None:
        self.emit, self.limit, self.group = emit, limit, group
        self.distinct = Distinct(outputs)
        self.duplicates = self.representatives = self.emitted = 0

    def take(self, assignment: Assignment) -> bool:
        """Emit the assignment's new images; True once the limit is reached."""
        images = [image for image in orbit_images(assignment, self.group) if self.distinct.is_new(image)]
        if not images:  # found before, itself or as an image of an earlier one
            self.duplicates += 1
            return False
        self.representatives += 1
        for image in images:
            self.emit(image)
            self.emitted += 1
            if self.limit is not None and self.emitted >= self.limit:
                return True
        return False

    def summary(self, complete: bool) -> dict[str, Any]:
        return {"complete": complete, "duplicates": self.duplicates, "representatives": self.representatives}


def blocking(values: dict[str, list[tuple[int, int]]], outputs: list[str]) -> Callable[[list[int]], list[int]]:
    """The clause that excludes a model's values of the outputs (the model's own variables)."""

    # Each output's literals in order, but the constant: exactly one of each output's is true in a
    # model, and the clause is the negation of those (as `decode` reads them).
    literals = [lit for name in outputs for _, lit in values[name] if lit != TRUE]

    def block(model: list[int]) -> list[int]:
        true = set(model)
        return [-lit for lit in literals if ((lit in true) if lit > 0 else (-lit not in true))]

    return block


second = itemgetter(1)  # of a (value, literal) pair, its literal


def choices_of(values: dict[str, list[tuple[int, int]]], outputs: list[str]) -> list[list[int]]:
    """For each output (the model's own variables), the literals of its values: what the enumeration
    splits on (`partition`), exactly one of them true in any model."""
    return [list(map(second, values[name])) for name in outputs]


def search_solutions(
    emit: Callable[[Assignment], None],
    engine_name: str,
    clauses: Clauses,
    num_vars: int,
    values: dict[str, list[tuple[int, int]]],
    outputs: list[str],
    limit: int | None,
    group: list[Symmetry] | None = None,
    projected: bool = False,
    derived: Derived | None = None,
) -> dict[str, Any]:
    """Enumerate up to `limit` solutions distinct on `outputs`; runs in a child under a time limit.

    With a symmetry `group` (and clauses that leave at least one member of each orbit), each
    solution found stands for its orbit: every image of it is emitted, once. `projected`: the model
    hides some of its variables, so an engine blocks on the outputs, never on a whole model.
    `derived`: the variables read back from others (`decode`)."""
    found = _Found(emit, outputs, limit, group)
    choices = choices_of(values, outputs)
    models = engine(engine_name, num_vars).models(clauses, blocking(values, outputs), choices=choices,
                                                  projected=projected, two=limit == 2 and not group)
    for model in models:
        if found.take(decode(values, model, derived)):
            return found.summary(complete=False)
    return found.summary(complete=True)


# Under a time limit, a search is first tried in this process with the engine's effort limit, for up
# to QUICK_SECONDS; only a search that needs longer pays for the child process (a few ms).
QUICK_SECONDS = 0.05


def quick_search(
    engine_name: str,
    clauses: Clauses,
    num_vars: int,
    values: dict[str, list[tuple[int, int]]],
    outputs: list[str],
    limit: int | None,
    group: list[Symmetry] | None,
    projected: bool,
    derived: Derived,
    budget: float,
) -> tuple[list[Assignment], dict[str, Any]] | None:
    """(solutions, summary as `search_solutions` gives it) if the search settles within `budget` seconds, else None.

    Each call to the engine is bounded by its effort limit, so this never runs much past its budget."""
    started = time.perf_counter()
    solutions: list[Assignment] = []
    found = _Found(solutions.append, outputs, limit, group)
    try:
        with time_limited(deadline_after(budget)):  # each limited solve is interrupted at it too
            models = engine(engine_name, num_vars).models(
                clauses, blocking(values, outputs), limited=True, choices=choices_of(values, outputs),
                projected=projected, two=limit == 2 and not group,
            )
            for model in models:
                if found.take(decode(values, model, derived)):
                    return solutions, found.summary(complete=False)
                if time.perf_counter() - started > budget:
                    return None
    except OutOfBudget:
        return None
    return solutions, found.summary(complete=True)


def run_search(
    search_args: SearchArgs, timeout: float | None, on_solution: OnSolution | None = None
) -> tuple[list[Assignment], dict[str, Any], bool, int]:
    """(solutions, summary, timed out, forked) of a search with `search_solutions`'s arguments.

    Without a time limit it runs in this process. With one it is first tried here for up to
    QUICK_SECONDS (`quick_search`); only a search that needs longer runs in a child process, for
    the time that is left. The solutions of a search in this process, or in the child, are shown to
    `on_solution` as they come; those of a quick search, which may start again in the child, are not."""
    start = time.perf_counter()
    if timeout is not None:
        quick = quick_search(*search_args, min(QUICK_SECONDS, timeout / 2))
        if quick is not None:
            return *quick, False, 0
        timeout = max(timeout - (time.perf_counter() - start), 0.001)
    run = run_with_time_limit(search_solutions, search_args, timeout, on_solution)
    return list(run.items), run.summary or {}, run.timed_out, int(timeout is not None)
