"""Incremental solving, as part of the backend protocol: a model compiled once and asked many questions.

Two kinds of session, each shaped by its callers:
- `ClueSession` (`cspdsl.explanation`): the declarations posted once and each clue reified behind a
  selector literal, so that a subset of clues is a set of assumptions; an unsatisfiable answer comes
  with its core, a satisfiable one with its model, read back as an assignment of the IR's variables;
- `BatchSession` (`cspdsl.instances`): one compiled base solved again and again under an instance's
  givens, with a limit and a time limit; `DirectSession` adds the lean search a batch's instances
  take when there is no time limit (`models`);
- a "bounds" session (`driver/unrolled.py`): a sequential puzzle's steps encoded once, solved unrolled
  over one bound after another.
Literals are nonzero integers, `-lit` the negation of `lit`, as in DIMACS.

A backend that offers a session declares it: `incremental` in its `CAPABILITIES`, and in its class's
`SESSIONS` the function that opens each kind ("module:function", imported on first use, as the backend
registry imports a backend); a backend without one is solved as a whole problem for each question.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence

from ..core.static_types import Any, Protocol
from ..ir import Constraint, Problem
from .protocol import Assignment, Compiled, OnSolution, Outcome
from .registry import backend_class

MakeModel = Callable[[], Any]  # the instance's own model (`lower.Lowered`), made when called
Clues = Mapping[int, Sequence[Constraint]]  # clue number -> the constraints it posts


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


def has_session(backend: str, kind: str) -> bool:
    """Whether the backend declares a session of this kind (its class's `SESSIONS`)."""
    return kind in backend_class(backend).SESSIONS


def factory(backend: str, kind: str) -> Any:
    """The function that opens `backend`'s session of this kind, imported on first use."""
    module_name, function_name = backend_class(backend).SESSIONS[kind].split(":")
    module = sys.modules.get(module_name) or importlib.import_module(module_name)
    return getattr(module, function_name)


def open_clue_session(backend: str, base: Problem, clues: Clues) -> ClueSession:
    """`backend`'s session on the declarations `base`, each clue reified behind its own selector."""
    if not has_session(backend, "clues"):
        raise ValueError(f"backend '{backend}' has no clue session")
    session: ClueSession = factory(backend, "clues")(base, clues)
    return session


def open_batch_session(backend: str, base: Problem, options: dict[str, str]) -> BatchSession | None:
    """`backend`'s session on its compile of `base`, configured by `options` (as `get_backend` takes
    them); None when the backend keeps nothing between instances."""
    if not has_session(backend, "batch"):
        return None
    session: BatchSession = factory(backend, "batch")(base, options)
    return session


def open_bounds_session(backend: str, base: Problem, options: dict[str, str] | None) -> Any:
    """`backend`'s solver of a sequential puzzle unrolled over one bound after another (its steps
    encoded once for every bound): `(horizon, limit, deadline) -> (Outcome, size)`."""
    return factory(backend, "bounds")(base, options)
