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
from collections.abc import Mapping

from .backends import DEFAULT_BACKEND, LOCAL_SEARCH_TIMEOUT, Assignment, exact_backends, get_backend, limits
from .errors import CspdslError, Suggestion
from .ir import validate
from .ir.check import violated
from .lower import Lowered, lower
from .record import Record, field
from .static_types import Any
from .syntax.parser import parse

# A time limit that the compile used up still gives the search this long: a search that is stopped
# at once reports the limit as reached, which is what the user asked for.
MIN_SEARCH_SECONDS = 0.001


class InternalError(Exception):
    """A backend returned something the independent checker rejects: a bug in cspdsl, not the model."""


def load(path: str | os.PathLike[str], params: Mapping[str, object] | None = None) -> Lowered:
    """Read, parse, check and lower a model file (`-` reads standard input)."""
    if str(path) == "-":
        return loads(read_stdin(), "<stdin>", params)
    try:
        with open(path, encoding="utf-8") as file:  # not pathlib: 3 ms of start-up to import
            text = file.read()
    except OSError as error:
        raise CspdslError(f"cannot read model '{path}': {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CspdslError(f"cannot read model '{path}': it is not UTF-8 text") from None
    return loads(text, str(path), params)


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


def loads(text: str, name: str = "<model>", params: Mapping[str, object] | None = None) -> Lowered:
    """Parse, check and lower a model given as text. The IR's own rules are checked once here, before
    any backend sees the problem (a break is a bug in lowering: `ir.InvalidProblem`)."""
    lowered = lower(parse(text, name), params)
    validate(lowered.problem)
    return lowered


def status_of(found: bool, complete: bool, timed_out: bool) -> str:
    """solved, unsatisfiable (proved), timeout (the time limit stopped the search), or gave_up (a
    local search ended without a solution: that proves nothing)."""
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

    @property
    def status(self) -> str:
        return status_of(bool(self.solutions), self.complete, self.timed_out)

    @property
    def found(self) -> int:
        """How many solutions the search found (those in `solutions`)."""
        return len(self.solutions)

    @property
    def count(self) -> int | None:
        """How many solutions the model has, when the search was complete; None when it stopped
        first, as then there may be more than `found`."""
        return len(self.solutions) if self.complete else None

    @property
    def unique(self) -> bool | None:
        """True or False when the search settled it; None when it stopped too early to tell."""
        if len(self.solutions) > 1:
            return False
        if len(self.solutions) == 1 and self.complete:
            return True
        return None

    def answers(self, index: int = 0) -> list[str]:
        from .render import answers

        return answers(self.model.layout, self.solutions[index]) if self.solutions else []


def solve(
    model: Lowered,
    backend: str = DEFAULT_BACKEND,
    *,
    limit: int | None = 2,
    timeout: float | None = None,
    seed: int | None = None,
    options: dict[str, str] | None = None,
) -> Result:
    """Solve on a backend; every solution is checked against the IR before it is returned.

    `limit=None` finds all solutions; the default of 2 finds one and tells whether it is unique.
    `timeout` (seconds) covers the compile and the search; a compile runs to its end. `math.inf` is
    no time limit; `backends.limits` gives the ranges of `timeout` and `seed` (a CspdslError outside them).
    A local search (a backend that is not `exact`) looks for one solution only, and refuses
    `limit=None`: it can neither enumerate nor count; given no `timeout`, it stops after
    `LOCAL_SEARCH_TIMEOUT` seconds.
    """
    timeout, seed = limits.checked(timeout, seed)
    engine = get_backend(backend, options)
    if not engine.exact:
        limit, timeout = local_search_limits(backend, limit, timeout)
    timeout = time_limit = limits.no_limit_as_none(timeout)
    started = time.perf_counter()
    compiled = engine.compile(model.problem)
    if timeout is not None:  # the limit covers the compile too, which is not interrupted
        timeout = max(timeout - (time.perf_counter() - started), MIN_SEARCH_SECONDS)
    outcome = engine.solve(compiled, limit=limit, timeout=timeout, seed=seed)
    elapsed = time.perf_counter() - started
    check_solutions(model, backend, outcome.solutions)
    stats = dict(outcome.stats)
    stats.setdefault("compile_seconds", compiled.compile_seconds)
    stats["total_seconds"] = elapsed
    return Result(
        model,
        backend,
        outcome.solutions,
        outcome.complete,
        outcome.timed_out,
        limit,
        dict(compiled.size),
        stats,
        time_limit,
    )


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
    seen = set()
    for solution in solutions:
        broken = violated(model.problem, solution)
        if broken:
            where = broken[0].span.location() if broken[0].span else "a domain"
            raise InternalError(
                f"backend '{backend}' returned a solution that breaks the clue at {where}: "
                f"{broken[0].constraint}"
            )
        key = model.problem.project(solution)
        if key in seen:
            raise InternalError(f"backend '{backend}' returned the same solution twice")
        seen.add(key)
