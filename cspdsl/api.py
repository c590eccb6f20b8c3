"""The Python API that the CLI is a thin face over: load a model, solve it, get checked solutions.

    >>> from cspdsl import load, solve
    >>> result = solve(load("models/einstein.puz"))
    >>> result.answers()[0]
    'The German owns the fish, in house 4.'
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Mapping

from .backends import DEFAULT_BACKEND, LOCAL_SEARCH_TIMEOUT, Assignment, Compiled, exact_backends, get_backend
from .check.problem import violated
from .core import limits
from .core.collector import no_cycle_collection
from .core.deadline import TimeLimitReached, deadline_after, seconds_left, time_limited
from .core.errors import CspdslError, Suggestion
from .core.record import Record, field
from .core.static_types import TYPE_CHECKING, Any
from .ir import validate
from .lower import Lowered, lower
from .lower.sizes import SizeLimits
from .syntax.plain import parse_model

if TYPE_CHECKING:
    from .render.solution_view import SolutionView

# A time limit that a compile used up (one whose steps do not look at the time) still gives the search
# this long: a search that is stopped at once reports the limit as reached, which is what the user asked for.
MIN_SEARCH_SECONDS = 0.001
# A solve for at most this many solutions (the default 2 tells a unique one) on a backend that makes
# no reference cycles runs with the cycle collector paused (`solve`).
FEW_SOLUTIONS = 10


class InternalError(Exception):
    """A backend returned something the independent checker rejects: a bug in cspdsl, not the model."""


def load(
    path: str | os.PathLike[str], params: Mapping[str, object] | None = None, limits: SizeLimits | None = None
) -> Lowered:
    """Read, parse, check and lower a model file (`-` reads standard input; a name that is no file,
    such as `einstein`, one of the bundled examples, `cspdsl.core.examples`), held to `limits`."""
    if str(path) == "-":
        return loads(read_stdin(), "<stdin>", params, limits)
    if not os.path.exists(path):
        from .core.examples import example_path

        path = example_path(str(path)) or path
    try:
        with open(path, encoding="utf-8") as file:  # not pathlib: 3 ms of start-up to import
            text = file.read()
    except OSError as error:
        bare = not os.path.exists(path) and os.sep not in str(path) and "/" not in str(path)
        hint = "'cspdsl examples' lists the models that come with cspdsl" if bare else None
        raise CspdslError(f"cannot read model '{path}': {error.strerror or error}", hint=hint) from None
    except UnicodeDecodeError:
        raise CspdslError(f"cannot read model '{path}': it is not UTF-8 text") from None
    return loads(text, str(path), params, limits)


def read_stdin() -> str:
    """Standard input, read as strictly as a model file: text that is not UTF-8 is refused (the text
    layer of sys.stdin would pass its bytes on as lone surrogates), and so is a closed stdin (`<&-`)."""
    stream = sys.stdin
    if stream is None or stream.closed:
        raise CspdslError("cannot read the model from standard input: it is closed")
    buffer = getattr(stream, "buffer", None)
    try:
        if buffer is None:  # a text stream without bytes under it (io.StringIO): its text as it is
            return stream.read()
        text: str = buffer.read().decode("utf-8")
    except OSError as error:
        raise CspdslError(f"cannot read the model from standard input: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CspdslError("cannot read the model from standard input: it is not UTF-8 text") from None
    return text


def loads(
    text: str, name: str = "<model>", params: Mapping[str, object] | None = None, limits: SizeLimits | None = None
) -> Lowered:
    """Parse, check and lower a model given as text, held to `limits` (the sizes a model may reach:
    `lower/sizes.py`). The IR's own rules are checked once here, before any backend sees the problem
    (a break is a bug in lowering: `ir.InvalidProblem`). The cycle collector is paused throughout, as
    lowering pauses it: the AST and the IR are kept, and each collection would walk them again."""
    with no_cycle_collection():
        lowered = lower(parse_model(text, name), params, limits)
        validate(lowered.problem)
    lowered.text, lowered.name, lowered.params = text, name, dict(params or {})
    return lowered


def status_of(found: bool, complete: bool, timed_out: bool, optimal: bool | None = None) -> str:
    """solved, unsatisfiable (proved), timeout (the time limit stopped the search), or gave_up (a
    local search ended without a solution: that proves nothing). For a model with an objective
    (`optimal` not None) a solution is optimal (proved) or feasible (the best found, not proved)."""
    if found and optimal is not None:
        return "optimal" if optimal else "feasible"
    if found:
        return "solved"
    if timed_out:
        return "timeout"
    return "unsatisfiable" if complete else "gave_up"


class Result(Record, frozen=False):
    """Checked solutions of one model on one backend, and how the search ended.

    `found` is how many solutions the search found; it is the model's `count` only when the search
    was `complete`: a search stopped by `limit`, by the time limit or by a local search's budget
    leaves `count` None, however many it found. `time_limit` is the limit the search ran under (the
    caller's, or a local search's default), None for none.

    `count_method` says how a count was made: "enumeration" (every solution found, checked and held in
    `solutions`), or "components" (`cspdsl.count` on a model that falls apart into independent parts,
    `counting.py`): then `counted` is the product of the parts' counts, which `found` and `count`
    give, and `solutions` holds one solution only, the parts' first solutions put together.
    """

    model: Lowered
    backend: str
    solutions: list[Assignment]
    complete: bool
    timed_out: bool
    limit: int | None
    size: dict[str, int] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    time_limit: float | None = None
    # A model with an objective: the best value found, the best bound proved (both None without a
    # solution or an objective), and whether that value is proved optimal; `solutions` are then
    # solutions of that value (all the optimal ones when `complete`).
    # A lexicographic objective's value is a list, and so is its bound (None for its parts not reached).
    objective: int | list[int] | None = None
    bound: int | list[int | None] | None = None
    optimal: bool = False
    count_method: str = "enumeration"
    # A count by components: the solutions established (the product of the parts' counts; a lower
    # bound when the time limit stopped it), how many parts, and how many of them were searched.
    counted: int | None = None
    components: int = 0
    distinct_components: int = 0

    @property
    def status(self) -> str:
        optimal = self.optimal if self.model.problem.objective is not None else None
        return status_of(bool(self.solutions), self.complete, self.timed_out, optimal)

    @property
    def found(self) -> int:
        """How many solutions the search found: those in `solutions`, or of a count by components, the
        product of its parts' counts (`counted`)."""
        return len(self.solutions) if self.counted is None else self.counted

    @property
    def count(self) -> int | None:
        """How many solutions the model has, when the search was complete; None when it stopped
        first, as then there may be more than `found`."""
        return self.found if self.complete else None

    @property
    def unique(self) -> bool | None:
        """True or False when the search settled it; None when it stopped too early to tell."""
        if self.found > 1:
            return False
        if self.found == 1 and self.complete:
            return True
        return None

    def answers(self, index: int = 0) -> list[str]:
        from .render.solution import answers

        return answers(self.model.layout, self.solutions[index]) if self.solutions else []

    @property
    def solution(self) -> SolutionView:
        """The first solution, read the way the puzzle reads: `solution["Brit"]` the Brit's row of the
        entity table, `solution["cell"][2][5]` a grid's cell, `solution["x"]` a variable
        (`solution_view.py`); `solutions[i]` keeps the flat names for scripts."""
        from .render.solution_view import SolutionView

        if not self.solutions:
            raise LookupError(f"no solution was found (status {self.status})")
        return SolutionView(self.model.layout, self.solutions[0])

    def value(self, name: str, index: int = 0) -> int:
        """A variable's value in a solution, by the name the model gives it: `x`, `cell[1,3]`, or an
        attribute's value (`fish`: its position), without knowing how the IR spells it."""
        solution = self.solutions[index]
        if name in solution:
            return solution[name]
        entities = self.model.layout.entities
        for values in (entities.attributes.values() if entities is not None else []):
            if name in values:
                return solution[values[name]]
        raise KeyError(f"the model has no variable or value named {name!r}")

    def to_dict(self, solutions: bool = True) -> dict[str, Any]:
        """The result as plain data, the shape `cspdsl solve --json` prints (`json.dumps` takes it):
        `found` always, `count` only when the search was complete (else None), the solutions (each its
        model variables' `values` and its `answers`) unless `solutions=False`, the size and the stats.
        With a count, `count_method` says how it was made; a count by components gives its number of
        `components` too, and its `solutions` list is the one solution it holds."""
        from .render.solution import solution_json

        layout, problem = self.model.layout, self.model.problem
        data: dict[str, Any] = {
            "backend": self.backend, "status": self.status, "complete": self.complete, "unique": self.unique,
            "found": self.found, "count": self.count,
        }
        if self.count is not None or self.count_method != "enumeration":
            data["count_method"] = self.count_method
        if self.count_method == "components":
            data["components"], data["distinct_components"] = self.components, self.distinct_components
        if solutions:
            data["solutions"] = [solution_json(layout, problem.outputs, s) for s in self.solutions]
        if self.model.problem.objective is not None:
            data["objective"], data["bound"] = self.objective, self.bound
        data["size"] = dict(self.size)
        data["stats"] = {k: v for k, v in self.stats.items() if isinstance(v, (int, float, str))}
        return data

    def _repr_html_(self) -> str:
        """In a notebook: the first solution drawn as the puzzle is (tables, boards, the answers), under
        a line of what was found."""
        import html

        from .render.solution import solution_html

        head = f"<p><code>{html.escape(repr(self))}</code></p>"
        return head + (solution_html(self.model.layout, self.solutions[0]) if self.solutions else "")

    def __rich__(self) -> Any:
        """In a rich-aware terminal: the summary line and the first solution drawn (`rich_display.py`)."""
        from .render.rich_display import renderable

        return renderable(self)

    def __repr__(self) -> str:
        """Short: what was found and how (the model and its IR are in `model`)."""
        seconds = self.stats.get("total_seconds")
        took = f", seconds={seconds:.3f}" if isinstance(seconds, float) else ""
        return (f"Result(backend={self.backend!r}, status={self.status!r}, found={self.found}, "
                f"count={self.count}, unique={self.unique}{took})")


def solve(
    model: Lowered,
    backend: str = DEFAULT_BACKEND,
    *,
    limit: int | None = 2,
    timeout: float | None = None,
    seed: int | None = None,
    options: dict[str, str] | None = None,
    on_solution: Callable[[Assignment], None] | None = None,
) -> Result:
    """Solve on a backend; every solution is checked against the IR before it is returned.
    `on_solution`, if given, is called with each solution once it is checked, in order: during the
    search where the backend hands its solutions over as it finds them, else as the search ends.

    `limit=None` finds all solutions; the default of 2 finds one and tells whether it is unique.
    `timeout` (seconds) covers the compile, the search and the checking of the solutions: a compile
    that reaches it ends the solve as a time limit with no solution, and solutions that the search
    found but the time left no room to check are left out (the search then counts as stopped).
    `math.inf` is no time limit; `backends.limits` gives the ranges of `timeout` and `seed` (a
    CspdslError outside them).
    A local search (a backend that is not `exact`) looks for one solution only, and refuses
    `limit=None`: it can neither enumerate nor count; given no `timeout`, it stops after
    `LOCAL_SEARCH_TIMEOUT` seconds.
    """
    timeout, seed = limits.checked(timeout, seed)
    if model.problem.sequential is not None:
        raise CspdslError("a sequential puzzle (a start, moves and a goal) has plans, not solutions",
                          hint="find them with cspdsl.solve_plans")
    engine = get_backend(backend, options)
    if not engine.exact:
        limit, timeout = local_search_limits(backend, limit, timeout)
    timeout = limits.no_limit_as_none(timeout)
    few = limit is not None and limit <= FEW_SOLUTIONS and model.problem.objective is None
    if not few or not engine.CAPABILITIES.acyclic:
        return _solve_on(engine, model, backend, limit, timeout, seed, on_solution)
    # A few solutions on a backend whose compile and search make no reference cycles: the cycle
    # collector is paused for the solve, whose objects (the CNF's thousands of clauses, the solver) all
    # go by reference counting as it returns; the collections they would set off otherwise walk them
    # for nothing (a tenth to a seventh of a solve of Einstein).
    with no_cycle_collection():
        return _solve_on(engine, model, backend, limit, timeout, seed, on_solution)


def _solve_on(engine: Any, model: Lowered, backend: str, limit: int | None, timeout: float | None,
              seed: int | None, on_solution: Callable[[Assignment], None] | None) -> Result:
    """`solve`'s steps once its arguments are checked: compile, search or optimise, the Result."""
    started = time.perf_counter()
    deadline = deadline_after(timeout)
    compiled = _compile_within(engine, model, deadline)
    if compiled is None:
        seconds = time.perf_counter() - started
        stats = {"compile_seconds": seconds, "total_seconds": seconds}
        return Result(model, backend, [], False, True, limit, {}, stats, timeout)
    if model.problem.objective is not None:
        from .solve.optimum import solve_optimum

        result, stats = solve_optimum(engine, model, compiled, limit=limit, deadline=deadline, seed=seed,
                                      on_solution=on_solution)
    else:
        result, stats = _search(engine, model, backend, compiled, limit, deadline, seed, on_solution)
    stats.setdefault("compile_seconds", compiled.compile_seconds)
    stats["total_seconds"] = time.perf_counter() - started
    result.size, result.stats, result.time_limit = dict(compiled.size), stats, timeout
    return result


def _search(engine: Any, model: Lowered, backend: str, compiled: Compiled, limit: int | None,
            deadline: float | None, seed: int | None, on_solution: Callable[[Assignment], None] | None,
            ) -> tuple[Result, dict[str, Any]]:
    """The search of a model without an objective, every solution checked: the Result and its stats."""
    checker = SolutionCheck(model, backend, deadline, on_solution)
    search_seconds = seconds_left(deadline, MIN_SEARCH_SECONDS)
    outcome = engine.solve(compiled, limit=limit, timeout=search_seconds, seed=seed, on_solution=checker.check)
    solutions, cut = checker.all_checked(outcome.solutions)
    stats = dict(outcome.stats)
    if cut:
        stats["unchecked_at_time_limit"] = len(outcome.solutions) - len(solutions)
    complete, timed_out = outcome.complete and not cut, outcome.timed_out or cut
    return Result(model, backend, solutions, complete, timed_out, limit), stats


def _compile_within(engine: Any, model: Lowered, deadline: float | None) -> Compiled | None:
    """The backend's compile of the model, or None when the deadline passed during one of its steps
    that look at the time (the SAT encoder's and the passes' before it: `deadline.check_deadline`)."""
    try:
        with time_limited(deadline):
            compiled: Compiled = engine.compile(model.problem)
    except TimeLimitReached:
        return None
    return compiled


def local_search_limits(backend: str, limit: int | None, timeout: float | None) -> tuple[int, float]:
    """What a local search is asked for: one solution, within `timeout` or else its default time
    limit (it cannot prove that there is none, so nothing else would stop it soon). `limit=None`
    (every solution) is refused: it can neither enumerate nor count."""
    if limit is None:
        raise CspdslError(
            f"backend '{backend}' is a local search: it looks for one solution and cannot find all "
            "of them or count them",
            suggestion=Suggestion("use_exact_backend", tuple(exact_backends())),
        )
    return 1, LOCAL_SEARCH_TIMEOUT if timeout is None else timeout


def check_solutions(model: Lowered, backend: str, solutions: list[Assignment]) -> None:
    """Raise InternalError unless every solution passes the independent checker, once each."""
    SolutionCheck(model, backend).all_checked(solutions)


class SolutionCheck:
    """The independent checker (`ir.check`) applied to a backend's solutions, during its search (as
    `Backend.solve`'s `on_solution`) or after it, and within a deadline (`time.monotonic()`, None: none).

    A solution that breaks the model, or that comes twice, is a bug in the backend: InternalError."""

    def __init__(self, model: Lowered, backend: str, deadline: float | None = None,
                 then: Callable[[Assignment], None] | None = None) -> None:
        self.model = model
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
        key = self.model.problem.project(solution)
        if key in self.seen:
            raise InternalError(f"backend '{self.backend}' returned the same solution twice")
        self.seen.add(key)
        self.checked[id(solution)] = solution
        if self.then is not None:
            self.then(solution)

    def check_tilings(self, solution: Assignment) -> None:
        """Raise InternalError unless each tiling is one by its cells alone (`tiling_check.py`)."""
        if not self.model.layout.tilings:
            return
        from .check.tiling import tiling_faults  # here: only a model with shapes placed imports it

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
