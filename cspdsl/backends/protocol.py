"""What a backend is: the `Backend` protocol, what it declares (`Capabilities`, its `PASSES`), and what
it hands back (`Compiled`, `Outcome`).

A backend compiles an IR `Problem` into its native model once, then solves it. Backends know the IR
and nothing above it; the drivers read what a backend can do from its `CAPABILITIES`, never by probing.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.record import Record, field
from ..core.static_types import Any, ClassVar, Protocol
from ..ir import Problem

Assignment = dict[str, int]
# What a caller of `Backend.solve` may give it to see each solution as soon as it is found, in the
# calling process, once, before the solution joins the outcome (the same object); an exception from
# it stops the search and goes through to the caller. `driver.solve` checks each solution with it while
# the search goes on, so that its time limit covers the checking too, and checks afterwards those a
# backend did not show it (the SAT backend's first short try in this process, which may start over).
OnSolution = Callable[[Assignment], None]


class Compiled(Record, frozen=False):
    """A backend's native model, with its size in the backend's own terms."""

    problem: Problem
    native: Any
    size: dict[str, int] = field(default_factory=dict)
    compile_seconds: float = 0.0


class Outcome(Record, frozen=False):
    """What one solve produced.

    `complete` is true when the search ran to the end (so `solutions` are all there are, up to
    `limit`), or when it proved there is none; `timed_out` when the time limit stopped it first.
    Solutions are distinct on the problem's own (output) variables.

    Of `Backend.optimise`: `solutions` are the improving solutions in the order found, the best last;
    `complete` that the search proved the last one optimal (or that there is none); `objective` the
    value the backend claims for it and `bound` the best bound it proved, in the model's terms (the
    checker recomputes the value: `check.problem.objective_value`).
    """

    solutions: list[Assignment]
    complete: bool
    timed_out: bool = False
    stats: dict[str, Any] = field(default_factory=dict)
    objective: int | None = None
    bound: int | None = None


# The sizes shown in one line (stats line, compare table), in the backends' own terms; `--stats`
# shows every entry of `Compiled.size`.
HEADLINE_SIZES = ("variables", "constraints", "clauses", "literals")


def headline_size(size: dict[str, int]) -> list[str]:
    return [f"{size[key]} {key}" for key in HEADLINE_SIZES if key in size]


class Distinct:
    """Remembers the solutions found, told apart on the model's own variables (`outputs`): a backend's
    auxiliary variables, or the images of a solution under the model's symmetries, may bring one
    solution more than once."""

    def __init__(self, outputs: list[str]) -> None:
        self.outputs = outputs
        self.seen: set[tuple[int, ...]] = set()

    def is_new(self, assignment: dict[str, int]) -> bool:
        """Whether no solution with these outputs came before; from now on one has."""
        key = tuple(assignment[name] for name in self.outputs)
        if key in self.seen:
            return False
        self.seen.add(key)
        return True


def check_limit(limit: int | None) -> None:
    """The `limit` every backend's solve takes: None (all solutions) or a positive count."""
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be None or at least 1, not {limit}")


class Capabilities(Record):
    """What a backend can do, declared by each backend class as `CAPABILITIES`, every field stated.

    exact: it enumerates every solution and proves there is none (else a local search, asked for one
    solution under a time limit); optimises: it has `optimise`; plans: it explores a sequential puzzle's
    states itself (`plans`), where the others solve the puzzle unrolled; sequential_only: it takes
    nothing but sequential puzzles; every_kind: it refuses none of the IR's kinds (`cp` refuses
    connected areas); acyclic: its compile and search make no reference cycles (a solve of a few
    solutions may pause the cycle collector); incremental: it keeps a compiled model open to more
    questions: incremental sessions, which it names in `SESSIONS` (`backends/session.py`); forks: it
    may search in a child process (to stop it at a time limit).
    """

    exact: bool
    optimises: bool
    plans: bool
    sequential_only: bool
    every_kind: bool
    acyclic: bool
    incremental: bool
    forks: bool


# A shared pass as a backend declares it: a problem to an equivalent one, or (`normal_form`) to an
# equivalent one and whether it is already known infeasible.
Pass = Callable[[Problem], Problem | tuple[Problem, bool]]


class Backend(Protocol):
    """A solver behind the IR, which declares what it can do (`CAPABILITIES`; `exact` is
    `CAPABILITIES.exact`, for the drivers that read it) and the shared passes its compile runs on the
    problem, in order (`PASSES`, from `cspdsl.passes`, run by `base.run_passes`).

    `OPTIONS` maps each option a backend accepts (`cspdsl solve -O name=value`) to its type and a
    one-line help; `get_backend` checks and converts the values and passes them to the constructor.
    """

    name: str
    exact: bool
    CAPABILITIES: ClassVar[Capabilities]
    PASSES: ClassVar[tuple[Pass, ...]]
    # kind of session ("clues", "batch") -> "module:function" that opens one (`backends/session.py`)
    SESSIONS: ClassVar[dict[str, str]]
    OPTIONS: ClassVar[dict[str, tuple[type, str]]]

    def compile(self, problem: Problem) -> Compiled: ...

    def solve(
        self,
        compiled: Compiled,
        *,
        limit: int | None,
        timeout: float | None,
        seed: int | None,
        on_solution: OnSolution | None = None,
    ) -> Outcome: ...

    def optimise(
        self, compiled: Compiled, *, timeout: float | None, seed: int | None, on_solution: OnSolution | None = None
    ) -> Outcome:
        """The best solution of a problem with an objective (`compiled.problem.objective`): each better
        one shown to `on_solution` as it is found; `cspdsl.driver.optimum` enumerates the optimal ones after."""
        ...
