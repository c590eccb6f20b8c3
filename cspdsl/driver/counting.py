"""Counting a model's solutions: by its independent parts where it falls apart, else by listing them.

    >>> from cspdsl import count, load
    >>> result = count(load("models/lock.puz"))
    >>> result.count, result.count_method
    (3, 'enumeration')

A count by enumeration finds every solution, at a flat cost each: fine for a few hundred thousand, hours
for 10^7. A model whose constraint graph falls apart (`passes/components.py`) is counted part by part
instead: each distinct part's solutions are enumerated on the chosen backend, a variable no constraint
mentions counts its domain without a search, and the total is the product, exact.

Every solution a part contributes is checked by the independent checker, as a whole solution: beside
the other parts' first solutions (the "witness", itself checked as a whole first). As every clue of
the model lies inside one part, any combination of checked parts is then a solution too, so the
product counts checked solutions only. A part that stands for others like it is checked under each
renaming. The result holds the witness as its one solution (`Result.counted` is the count).

Models with an objective, with tilings (checked by their cells over the whole grid), sequential
puzzles, local searches and models that are one part are counted by enumeration as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..backends import Assignment, Backend, get_backend
from ..core import limits
from ..core.deadline import TimeLimitReached, deadline_after
from ..core.static_types import TYPE_CHECKING
from ..ir import Problem, variables_of
from ..lower import Lowered
from ..passes.components import Part, Split, split, sub_problem
from .checking import SolutionCheck
from .choice import choose, run_chosen, task_of
from .loop import checked_search, compile_within, search_of
from .result import Interrupted, Result
from .solve import solve

if TYPE_CHECKING:
    from .symmetric_tilings import Run


def count(
    model: Lowered,
    backend: str | None = None,
    *,
    timeout: float | None = None,
    seed: int | None = None,
    options: dict[str, str] | None = None,
    on_solution: Callable[[Assignment], None] | None = None,
) -> Result:
    """How many solutions the model has, within `timeout` seconds: by components where the model
    falls apart into independent parts, else by enumeration (`driver.solve` with `limit=None`, which
    `on_solution` then sees solution by solution). `result.count_method` says which. `backend` None
    lets the model choose it, as `solve` does (`choice.py`)."""
    timeout, seed = limits.checked(timeout, seed)
    if backend is None:
        choice = choose(model.problem, task_of(model.problem, None, counting=True), options, model.layout.tilings)
        run: Run = lambda named, left: count(model, named, timeout=left, seed=seed, options=options,  # noqa: E731
                                             on_solution=on_solution)
        if choice.by_symmetry:  # every tiling, a class of a piece's placements at a time, each counted
            from .symmetric_tilings import by_board_symmetry  # here: only a tiling's model imports it

            run = by_board_symmetry(model, run, seed=seed, options=options, on_solution=on_solution)
        result = run_chosen(choice, run, timeout)
        result.stats.setdefault("count_method", result.count_method)
        return result
    engine = get_backend(backend, options)  # before the clock starts, as `solve` imports it
    started = time.perf_counter()
    parts = _split_for_counting(model, engine)
    if parts is None:
        result = solve(model, backend, limit=None, timeout=timeout, seed=seed, options=options,
                       on_solution=on_solution)
        result.stats["count_method"] = "enumeration"
        return result
    counting = PartCount(model, backend, engine, parts, limits.no_limit_as_none(timeout), seed, started)
    try:
        result = counting.run()
    except KeyboardInterrupt:
        raise Interrupted(counting.so_far()) from None
    if on_solution is not None and result.solutions:
        on_solution(result.solutions[0])
    return result


def _split_for_counting(model: Lowered, engine: Backend) -> Split | None:
    """The model's independent parts, or None when it is counted by enumeration (see the module)."""
    problem = model.problem
    if problem.objective is not None or problem.sequential is not None or model.layout.tilings:
        return None
    if not engine.CAPABILITIES.exact:
        return None  # `solve` refuses it in its words
    return split(problem)


class PartCount:
    """One count by components: each class's first part enumerated, the witness put together and
    checked, each part's solutions checked beside it, the counts multiplied."""

    def __init__(self, model: Lowered, backend: str, engine: Backend, parts: Split, timeout: float | None,
                 seed: int | None, started: float) -> None:
        self.model, self.backend, self.engine, self.split = model, backend, engine, parts
        self.timeout, self.seed = timeout, seed
        self.started = started  # before the split: the time limit and the total cover it
        self.deadline = deadline_after(None if timeout is None else timeout - (time.perf_counter() - started))
        self.size: dict[str, int] = {}
        self.stats: dict[str, float | int | str] = {"count_method": "components", "compile_seconds": 0.0}
        self._lower_bound = 1  # the solutions checked when the time limit stops the checking
        self.witness: Assignment | None = None  # once the parts' first solutions are put together
        self.stopped = False  # whether the time limit stopped a part's search after its first solutions
        # The smallest parts first: the one the time limit is likeliest to stop comes last, when the
        # others have their solutions, so that what it found still makes a lower bound.
        parts.classes.sort(key=lambda members: sum(len(parts.normal.variables[v].domain) for v in members[0].variables))

    def run(self) -> Result:
        found: list[list[Assignment]] = []
        for part in self._searched_parts():
            solutions = self._enumerate(part)
            if not solutions:
                return self._result([], complete=not self.stopped and solutions is not None, counted=0)
            found.append(solutions)
        classes = found[1:] if self.split.constant is not None else found
        witness = self.witness = self._witness([solutions[0] for solutions in classes])
        try:
            counts = self._checked_counts(witness, classes)
        except TimeLimitReached:
            return self._result([witness], complete=False, counted=self._lower_bound)
        return self._result([witness], complete=not self.stopped, counted=self._product(counts))

    def so_far(self) -> Result:
        """What Ctrl-C leaves: once the witness is checked, the product of the parts' solutions checked
        by then (a lower bound, as at a time limit), else nothing counted yet."""
        if self.witness is None:
            return self._result([], complete=False)
        return self._result([self.witness], complete=False, counted=self._lower_bound)

    def _searched_parts(self) -> list[Part]:
        """The parts searched: the constant part first (its constraints over fixed variables only),
        then the first part of each class."""
        constant = [self.split.constant] if self.split.constant is not None else []
        return constant + [members[0] for members in self.split.classes]

    def _enumerate(self, part: Part) -> list[Assignment] | None:
        """The part's solutions on the backend, distinct on its shown variables (one, when it shows
        none: it then counts once); those found by then when the time limit stopped the search (None
        when it stopped it before the first, or stopped the compile)."""
        problem = sub_problem(part, self.split.normal)
        compiled = compile_within(self.engine, problem, self.deadline)
        if compiled is None:
            self.stopped = True
            return None
        self.stats["compile_seconds"] = float(self.stats["compile_seconds"]) + compiled.compile_seconds
        for key, value in compiled.size.items():
            self.size[key] = self.size.get(key, 0) + value
        limit = None if part.outputs else 1
        # Unchecked here: each part's solutions are checked whole, beside the witness (`_checked_counts`).
        searched = checked_search(search_of(self.engine, compiled), None, limit=limit, deadline=self.deadline,
                                  seed=self.seed)
        if searched.timed_out or (limit is None and not searched.complete):
            self.stopped = True  # its solutions so far still count, as a lower bound
            return searched.solutions or None
        self.stats["enumerated"] = int(self.stats.get("enumerated", 0)) + len(searched.solutions)
        return searched.solutions

    def _witness(self, firsts: list[Assignment]) -> Assignment:
        """One whole solution: each part's first solution (renamed for each part of its class), each
        free variable's least value and each fixed variable's value, checked as a whole."""
        variables = self.split.normal.variables
        witness = {name: variables[name].domain[0] for name in (*self.split.fixed, *self.split.free)}
        for members, first in zip(self.split.classes, firsts, strict=True):
            for member in members:
                witness.update(_renamed(first, members[0], member))
        SolutionCheck(self.model, self.backend).check(witness)
        return witness

    def _checked_counts(self, witness: Assignment, classes: list[list[Assignment]]) -> list[int]:
        """Each part's count, every one of its solutions checked beside the witness (raises
        TimeLimitReached when the deadline passes; `_lower_bound` is then what was checked)."""
        checks = _PartChecks(self.model, self.backend, witness, self.deadline)
        counts: list[int] = []
        for members, solutions in zip(self.split.classes, classes, strict=True):
            for member in members:
                counts.append(checks.check_all(member, [_renamed(s, members[0], member) for s in solutions]))
                self._lower_bound *= counts[-1]
        variables, shown = self.split.normal.variables, set(self.split.normal.outputs)
        for name in self.split.free:
            values = variables[name].domain if name in shown else variables[name].domain[:1]
            free = Part((name,), (), (name,))
            counts.append(checks.check_all(free, [{name: value} for value in values]))
            self._lower_bound *= counts[-1]
        self.stats["checked"] = checks.checked
        return counts

    @staticmethod
    def _product(counts: list[int]) -> int:
        total = 1
        for part_count in counts:
            total *= part_count
        return total

    def _result(self, solutions: list[Assignment], complete: bool, counted: int | None = None) -> Result:
        seconds = time.perf_counter() - self.started
        self.stats["total_seconds"] = seconds
        self.stats["components"], self.stats["free_variables"] = self.split.parts, len(self.split.free)
        result = Result(self.model, self.backend, solutions, complete, not complete, None, dict(self.size),
                        dict(self.stats), self.timeout, count_method="components",
                        counted=counted if solutions or complete else None, components=self.split.parts,
                        distinct_components=len(self.split.classes))
        return result


def _renamed(solution: Assignment, searched: Part, member: Part) -> Assignment:
    """The searched part's solution on its own variables, given to the same variables of `member`."""
    return {to: solution[of] for of, to in zip(searched.variables, member.variables, strict=True)}


class _PartChecks:
    """The independent checker applied to one part's solutions beside the witness: on the model's clues
    that name the part's variables (the others hold in the witness and do not change), and its domains."""

    def __init__(self, model: Lowered, backend: str, witness: Assignment, deadline: float | None) -> None:
        self.model, self.backend, self.witness, self.deadline = model, backend, witness, deadline
        self.naming: dict[str, list[int]] = {}
        for number, posted in enumerate(model.problem.constraints):
            for name in variables_of(posted.constraint):
                self.naming.setdefault(name, []).append(number)
        self.checked = 0

    def check_all(self, part: Part, solutions: list[Assignment]) -> int:
        """How many distinct solutions of the part there are, each checked (InternalError on one that
        breaks a clue or comes twice)."""
        check = SolutionCheck(Lowered(self._clues_of(part), self.model.layout), self.backend)
        whole = dict(self.witness)
        for solution in solutions:
            if self.deadline is not None and time.monotonic() >= self.deadline:
                raise TimeLimitReached
            whole.update(solution)
            check.check(whole)
        self.checked += len(solutions)
        return len(solutions)

    def _clues_of(self, part: Part) -> Problem:
        """The clues that name the part's variables, as a problem to check: its variables are every one
        those clues name (a fixed or auxiliary one outside the part too, valued by the witness), its
        shown ones the part's."""
        problem, own = self.model.problem, set(part.variables)
        numbers = sorted({n for name in part.variables for n in self.naming.get(name, ())})
        named = own.union(*(variables_of(problem.constraints[n].constraint) for n in numbers))
        clues = Problem(outputs=[name for name in problem.outputs if name in own])
        clues.variables = {name: var for name, var in problem.variables.items() if name in named}
        clues.constraints = [problem.constraints[n] for n in numbers]
        return clues

