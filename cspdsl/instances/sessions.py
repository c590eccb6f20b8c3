"""A model compiled once on a backend, and solved for one instance's givens after another.

A backend that reuses its compile offers a batch session (`backends.protocol.BatchSession`, opened by
`open_batch_session`): `sat` keeps the base CNF in one incremental solver and takes an instance's
givens as assumptions, and its `models` is the lean search a batch's instances take when there is no
time limit (`backends.protocol.DirectSession`); `cpsat` clones its compiled model with the givens'
domains set; `csp` narrows its compiled model's domains to the givens. The others (the local
searches: they keep no state worth reusing) have the instance's whole problem compiled each time
(`PlainSession`).
A session's `solve` takes the instance's model as a call that makes it (`compiled.InstanceModel`: a
session that fixes givens on its own compile never needs it) and returns the backend's `Outcome`;
checking the solutions against the instance's own problem is the caller's (`compiled.CompiledModel`).
"""

from __future__ import annotations

from ..backends import BatchSession, Compiled, MakeModel, OnSolution, Outcome, get_backend, open_batch_session
from ..core.deadline import deadline_after, seconds_left
from ..core.static_types import Any
from ..driver.loop import compile_within, search_of
from ..ir import Problem


class PlainSession:
    """A backend that keeps nothing between instances: each instance's problem compiled on its own."""

    direct = False

    def __init__(self, base: Problem, backend: str, options: dict[str, str]) -> None:
        self.backend: Any = get_backend(backend, options)
        self.compiled = Compiled(base, None, {}, 0.0)

    def solve(self, model: MakeModel, givens: dict[str, int], limit: int | None, timeout: float | None,
              seed: int | None, on_solution: OnSolution | None) -> Outcome:
        deadline = deadline_after(timeout)
        compiled = compile_within(self.backend, model().problem, deadline)
        if compiled is None:  # the time limit passed during the compile
            return Outcome([], False, True)
        self.compiled.size = dict(compiled.size)
        return search_of(self.backend, compiled)(limit=limit, timeout=seconds_left(deadline), seed=seed,
                                                  on_solution=on_solution)


Session = BatchSession


def open_session(base: Problem, backend: str, options: dict[str, str]) -> Session:
    """The session that reuses `backend`'s compile of `base` for each instance."""
    return open_batch_session(backend, base, options) or PlainSession(base, backend, options)
