"""`solve`: one model, one backend, a `Result` of checked solutions, or of the optimum
(`optimum.py`), through the one loop (`loop.py`)."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..backends import LOCAL_SEARCH_TIMEOUT, Assignment, Backend, Compiled, exact_backends, get_backend
from ..core import limits
from ..core.collector import no_cycle_collection
from ..core.deadline import deadline_after
from ..core.errors import CspdslError, Suggestion
from ..core.static_types import TYPE_CHECKING, Any
from ..lower import Lowered
from .checking import SolutionCheck
from .choice import choose, run_chosen, task_of
from .loop import checked_search, compile_within, search_of
from .result import Interrupted, Result

if TYPE_CHECKING:
    from .symmetric_tilings import Run

# A solve for at most this many solutions (the default 2 tells a unique one) on a backend that makes
# no reference cycles runs with the cycle collector paused (`solve`).
FEW_SOLUTIONS = 10


def solve(
    model: Lowered,
    backend: str | None = None,
    *,
    limit: int | None = 2,
    timeout: float | None = None,
    seed: int | None = None,
    options: dict[str, str] | None = None,
    on_solution: Callable[[Assignment], None] | None = None,
) -> Result:
    """Solve on a backend; every solution is checked against the IR before it is returned.
    `backend` None lets the model and the task choose it (`choice.py`: sat but where another engine
    was measured far faster); `result.chosen_because` then says why.
    `on_solution`, if given, is called with each solution once it is checked, in order: during the
    search where the backend hands its solutions over as it finds them, else as the search ends.

    `limit=None` finds all solutions; the default of 2 finds one and tells whether it is unique.
    `timeout` (seconds) covers the compile, the search and the checking of the solutions: a compile
    that reaches it ends the solve as a time limit with no solution, and solutions that the search
    found but the time left no room to check are left out (the search then counts as stopped).
    `math.inf` is no time limit; `core.limits` gives the ranges of `timeout` and `seed` (a
    CspdslError outside them).
    A local search (a backend that is not `exact`) looks for one solution only, and refuses
    `limit=None`: it can neither enumerate nor count; given no `timeout`, it stops after
    `LOCAL_SEARCH_TIMEOUT` seconds.
    """
    timeout, seed = limits.checked(timeout, seed)
    if model.problem.sequential is not None:
        raise CspdslError("a sequential puzzle (a start, moves and a goal) has plans, not solutions",
                          hint="find them with cspdsl.solve_plans")
    if backend is None:
        choice = choose(model.problem, task_of(model.problem, limit), options, model.layout.tilings)
        run: Run = lambda named, left: _solve_named(model, named, limit, left, seed, options, on_solution)  # noqa: E731
        if choice.by_symmetry:  # every tiling, a class of a piece's placements at a time
            from .symmetric_tilings import by_board_symmetry  # here: only a tiling's model imports it

            run = by_board_symmetry(model, run, seed=seed, options=options, on_solution=on_solution)
        return run_chosen(choice, run, timeout)
    return _solve_named(model, backend, limit, timeout, seed, options, on_solution)


def _solve_named(model: Lowered, backend: str, limit: int | None, timeout: float | None, seed: int | None,
                 options: dict[str, str] | None, on_solution: Callable[[Assignment], None] | None) -> Result:
    """`solve` on the backend named, its time limit and seed checked."""
    engine = get_backend(backend, options)
    if not engine.CAPABILITIES.exact:
        limit, timeout = local_search_limits(backend, limit, timeout)
    timeout = limits.no_limit_as_none(timeout)
    few = limit is not None and limit <= FEW_SOLUTIONS and model.problem.objective is None
    if not few or not engine.CAPABILITIES.acyclic:
        return _solve_on(engine, model, limit, timeout, seed, on_solution)
    # A few solutions on a backend whose compile and search make no reference cycles: the cycle
    # collector is paused for the solve, whose objects (the CNF's thousands of clauses, the solver) all
    # go by reference counting as it returns; the collections they would set off otherwise walk them
    # for nothing (a tenth to a seventh of a solve of Einstein).
    with no_cycle_collection():
        return _solve_on(engine, model, limit, timeout, seed, on_solution)


def _solve_on(engine: Backend, model: Lowered, limit: int | None, timeout: float | None, seed: int | None,
              on_solution: Callable[[Assignment], None] | None) -> Result:
    """`solve`'s steps once its arguments are checked: compile, search or optimise, the Result.
    Ctrl-C raises `Interrupted` with the solutions checked by then."""
    started = time.perf_counter()
    deadline = deadline_after(timeout)
    checker = SolutionCheck(model, engine.name, deadline, on_solution)
    size: dict[str, int] = {}
    try:
        compiled = compile_within(engine, model.problem, deadline)
        if compiled is None:
            seconds = time.perf_counter() - started
            stats = {"compile_seconds": seconds, "total_seconds": seconds}
            return Result(model, engine.name, [], False, True, limit, {}, stats, timeout)
        size = dict(compiled.size)
        result, stats = _searched(engine, model, compiled, checker, limit, deadline, seed)
    except Interrupted as stop:  # an optimisation's: its best solution, or its optimal ones so far
        raise Interrupted(_finished(stop.partial, size, stop.partial.stats, started, timeout)) from None
    except KeyboardInterrupt:
        partial = Result(model, engine.name, list(checker.checked.values()), False, False, limit)
        raise Interrupted(_finished(partial, size, {}, started, timeout)) from None
    stats.setdefault("compile_seconds", compiled.compile_seconds)
    return _finished(result, size, stats, started, timeout)


def _searched(engine: Backend, model: Lowered, compiled: Compiled, checker: SolutionCheck, limit: int | None,
              deadline: float | None, seed: int | None) -> tuple[Result, dict[str, Any]]:
    """The search of the compiled model, or its optimisation: the Result and the search's stats."""
    if model.problem.objective is not None:
        from .optimum import solve_optimum  # here: only a model with an objective needs it

        return solve_optimum(engine, model, compiled, limit=limit, deadline=deadline, seed=seed,
                             on_solution=checker.then)
    searched = checked_search(search_of(engine, compiled), checker, limit=limit, deadline=deadline, seed=seed)
    return Result(model, engine.name, searched.solutions, searched.complete, searched.timed_out, limit), searched.stats


def _finished(result: Result, size: dict[str, int], stats: dict[str, Any], started: float,
              timeout: float | None) -> Result:
    """`result` given its size, stats, total time and time limit."""
    stats["total_seconds"] = time.perf_counter() - started
    result.size, result.stats, result.time_limit = size, stats, timeout
    return result


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
