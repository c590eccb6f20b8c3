"""What a backend is: the `Backend` protocol, what it declares (`Capabilities`, its `PASSES`), and what
it hands back (`Compiled`, `Outcome`).

A backend compiles an IR `Problem` into its native model once, then solves it. Backends know the IR
and nothing above it; the drivers read what a backend can do from its `CAPABILITIES`, never by probing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..core.record import Record, field
from ..core.static_types import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:  # the IR's kinds are for a model: `cspdsl backends` lists the backends without them
    from ..ir import Constraint, Problem

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
    questions: incremental sessions, which it names in `SESSIONS` (below, opened by `registry.py`);
    forks: it may search in a child process (to stop it at a time limit).
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
Pass = Callable[["Problem"], "Problem | tuple[Problem, bool]"]


class Backend(Protocol):
    """A solver behind the IR, which declares what it can do (`CAPABILITIES`), the shared passes its
    compile runs on the problem, in order (`PASSES`, from `cspdsl.passes`, run by `base.run_passes`),
    and its incremental sessions (`SESSIONS`).

    `OPTIONS` maps each option a backend accepts (`cspdsl solve -O name=value`) to its type and a
    one-line help; `get_backend` checks and converts the values and passes them to the constructor.
    """

    name: str
    CAPABILITIES: ClassVar[Capabilities]
    PASSES: ClassVar[tuple[Pass, ...]]
    # kind of session ("clues", "batch", "bounds") -> the "module:function" that opens one (`registry.py`)
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


# -- incremental sessions: a model compiled once and asked many questions ----------------------------
# Incremental solving, as part of the backend protocol: a model compiled once and asked many questions.
#
# Two kinds of session, each shaped by its callers:
# - `ClueSession` (`cspdsl.explanation`): the declarations posted once and each clue reified behind a
#   selector literal, so that a subset of clues is a set of assumptions; an unsatisfiable answer comes
#   with its core, a satisfiable one with its model, read back as an assignment of the IR's variables;
# - `BatchSession` (`cspdsl.instances`): one compiled base solved again and again under an instance's
#   givens, with a limit and a time limit; `DirectSession` adds the lean search a batch's instances
#   take when there is no time limit (`models`);
# - a "bounds" session (`driver/unrolled.py`): a sequential puzzle's steps encoded once, solved unrolled
#   over one bound after another.
# Literals are nonzero integers, `-lit` the negation of `lit`, as in DIMACS.
#
# A backend that offers a session declares it: `incremental` in its `CAPABILITIES`, and in its class's
# `SESSIONS` the function that opens each kind ("module:function", imported on first use, as the backend
# registry imports a backend); a backend without one is solved as a whole problem for each question.

MakeModel = Callable[[], Any]  # the instance's own model (`lower.Lowered`), made when called
Clues = Mapping[int, Sequence["Constraint"]]  # clue number -> the constraints it posts


class ClueSession(Protocol):
    """The declarations with every clue behind its selector (`selectors[number]`), in one live solver."""

    selectors: dict[int, int]

    def literal(self, name: str, value: int) -> int:
        """The literal true exactly when variable `name` takes `value`."""
        ...

    def solve(self, assumptions: list[int]) -> bool:
        """Whether the declarations, the clauses added and the assumptions hold together."""
        ...

    def core(self) -> list[int]:
        """After `solve` said no: the assumptions its answer rests on."""
        ...

    def assignment(self) -> Assignment:
        """After `solve` said yes: its model, every variable of the base."""
        ...

    def true_of(self, literals: list[int]) -> set[int]:
        """After `solve` said yes: those of the literals that its model makes true."""
        ...

    def blocking_clause(self) -> list[int]:
        """After `solve` said yes: the clause that excludes its model's values of the outputs."""
        ...

    def switch(self) -> int:
        """A fresh literal to hang one question's clauses on (`add([-switch, ...])`), retired after
        it by `add([-switch])`."""
        ...

    def add(self, clause: list[int]) -> None:
        """A clause, added for good."""
        ...

    def propagate(self, assumptions: list[int]) -> set[int] | None:
        """The literals unit propagation fixes from the assumptions (an empty set where the solver
        cannot say); None when propagation alone finds a contradiction."""
        ...

    def prefer(self, literals: list[int]) -> None:
        """Ask the next search to make these literals true where it can (a hint; it may be ignored)."""
        ...

    def close(self) -> None: ...


class BatchSession(Protocol):
    """A base model compiled once (`compiled`), solved for one instance's givens after another."""

    compiled: Compiled
    direct: bool  # whether the session is a `DirectSession` as well (`models`, `engine`, `held`)

    def solve(self, model: MakeModel, givens: dict[str, int], limit: int | None, timeout: float | None,
              seed: int | None, on_solution: OnSolution | None) -> Outcome:
        """The instance's solutions, up to `limit`: the base with `givens` fixed (`model()` makes the
        instance's whole model, for a session that does not fix givens on its own compile)."""
        ...


class DirectSession(BatchSession, Protocol):
    """A batch session that also searches with the least work around each call of its engine."""

    engine: str
    held: bool  # whether each model of the last `models` search passed the base's test already

    def models(self, givens: dict[str, int], limit: int | None, deadline: float | None,
               on_solution: OnSolution | None, found: list[Assignment]) -> bool:
        """The instance's solutions, up to `limit`, added to `found`; True when there are no more."""
        ...
