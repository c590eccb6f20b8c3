"""The SAT engines that the sat backend's CNF runs on: PySAT's solvers (binary wheels, so nothing to
compile at install), and pycosat where it is installed (`pip install 'cspdsl[pycosat]'`).

An engine enumerates models that differ where the caller cares (the model's own variables). A PySAT
solver does it without blocking clauses, part by part under assumptions (`partition`), at a cost per
model that stays flat, and for two models first tries the one clause that blocks the first
(`PysatEngine.first_two`); pycosat adds the clause that the caller's `block` makes of each model.

PySAT's solvers are called through `pysolvers`, the C module that `pysat.solvers` wraps: importing
`pysat.solvers` costs about 45 ms (typing, re, threading, its formula classes), `pysolvers` about 3 ms,
and a whole-process solve of Einstein takes about 100 ms. The calls below are the ones `pysat.solvers`
makes, one for one (tests/test_sat_engines.py runs both side by side on random CNFs).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import repeat

from ...core.deadline import current_deadline
from ...core.static_types import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from .partition import Choices

Clauses = Iterable[Sequence[int]]  # lists of literals, or any clauses iterated in order (unrolled CNF: tuples)
Block = Callable[[list[int]], list[int]]  # a model -> the clause that excludes it


class OutOfBudget(Exception):
    """A limited call ran out of its effort budget before it settled."""


class EngineMissing(Exception):
    """The engine named is not installed; the message says how to install it."""


def _on_main_thread() -> bool:
    """True on the main thread (the solver may then catch Ctrl-C), without importing threading."""
    threading = sys.modules.get("threading")
    return threading is None or threading.current_thread() is threading.main_thread()


class PysatEngine:
    """One of PySAT's incremental solvers, named as PySAT names it (`minisat22`, `cadical195`, ...)."""

    # name: its family, whose calling conventions `pysat.solvers` follows: MiniSat's descendants answer
    # a limited call with True, False or None (out of budget) and name their core themselves; CaDiCaL
    # answers with 1, -1 or 0, takes no expect_interrupt flag, is asked for the core of the
    # assumptions it was given, and takes a proof file when deleted.
    SOLVERS: ClassVar[dict[str, str]] = {
        "minisat22": "minisat",
        "minisatgh": "minisat",
        "glucose41": "minisat",
        "glucose421": "minisat",
        "cadical153": "cadical",
        "cadical195": "cadical",
    }
    # The conflicts one limited call may spend (a quick search's step: a few ms on the models).
    QUICK_CONFLICTS = 2_000

    def __init__(self, name: str) -> None:
        self.name = name

    # A search for two models (is the first the only one?) first tries to refute a second with one
    # blocking clause where the first came within this many seconds of CPU, in at most TRIAL_CONFLICTS.
    TRIAL_SECONDS = 0.01
    TRIAL_CONFLICTS = 1_000

    def models(
        self, clauses: Clauses, block: Block, limited: bool = False, choices: Choices | None = None,
        projected: bool = False, two: bool = False,
    ) -> Iterator[list[int]]:
        """Each model in turn, blocked by `block(model)` before the next, or with `choices` found part
        by part under assumptions with no clause added (`partition`: a flat cost per model);
        `limited`: each call gets QUICK_CONFLICTS conflicts, and OutOfBudget is raised when one runs out;
        `two`: the caller stops at the second model (`first_two`).
        (`projected` changes nothing here: `block` and `choices` are on the shown variables already.)"""
        conflicts = self.QUICK_CONFLICTS if limited else None
        if two and choices is not None:
            yield from self.first_two(clauses, block, choices, conflicts)
            return
        with Solver(self.name) as solver:
            if not solver.add_all(clauses):
                return  # the empty clause, or a contradiction between units
            if choices is not None:
                from .partition import partitioned_models  # here: only a search over chosen literals

                yield from partitioned_models(solver, choices, conflicts)
                return
            while solver.solve(conflicts=conflicts):
                model = solver.model()
                yield model
                if not solver.add(block(model)):
                    return


    def first_two(self, clauses: Clauses, block: Block, choices: Choices, conflicts: int | None) -> Iterator[list[int]]:
        """The first two models that `partitioned_models` gives, found more cheaply when there is only
        one (a puzzle's uniqueness): once the first model came soon, a single solve under the clause
        that blocks it (Einstein's 24 solves under assumptions, one). Where that finds another model,
        or does not settle within TRIAL_CONFLICTS, the parts are searched as ever, on a fresh solver
        from the start, so that the second model is the very one the parts give (the solver's state,
        which decides which model a part yields, is then what it always was)."""
        started = time.process_time()  # CPU time: a wait while other jobs run is no part of it
        with Solver(self.name) as solver:
            if not solver.add_all(clauses) or not solver.solve(conflicts=conflicts):
                return
            first = solver.model()
            yield first
            if time.process_time() - started <= self.TRIAL_SECONDS and solver.refutes(block(first)):
                return
        from .partition import partitioned_models

        with Solver(self.name) as solver:
            solver.add_all(clauses)
            replay = partitioned_models(solver, choices, conflicts)
            again = next(replay, None)  # the first model again: the solver is deterministic
            if again is not None and again != first:
                yield again
            yield from replay


_CALLS = ("new", "add_cl", "solve", "solve_lim", "cbudget", "model", "core", "del", "setphases", "propagate",
          "interrupt", "clearint")
_calls: dict[str, dict[str, Any]] = {}


def _calls_of(name: str) -> dict[str, Any]:
    """The C functions of PySAT's solver `name` that `Solver` calls, as its attributes `_new`, `_add_cl`,
    ... (None for `setphases`, `propagate`, `interrupt` and `clearint` where the solver has none),
    looked up once a process."""
    calls = _calls.get(name)
    if calls is None:
        import pysolvers

        calls = _calls[name] = {f"_{call}": getattr(pysolvers, f"{name}_{call}", None) for call in _CALLS}
    return calls


class Solver:
    """One live solver of PySAT's: clauses added over time, solved under assumptions (and an optional
    conflict budget), its model or its core read back. A context manager: the solver is freed on exit."""

    def __init__(self, name: str = "minisat22") -> None:
        import pysolvers  # already loaded by `_calls_of`: a lookup

        self.name = name
        self.cadical = PysatEngine.SOLVERS[name] == "cadical"
        self.__dict__.update(_calls_of(name))
        self._solver = self._new()
        self._main_thread = int(_on_main_thread())
        self.error: type[Exception] = pysolvers.error  # what the C calls raise (Ctrl-C caught inside them)
        self._assumptions: list[int] = []

    _new: Callable[[], Any]
    _add_cl: Callable[[Any, Sequence[int]], bool]
    _solve: Callable[..., bool]
    _solve_lim: Callable[..., Any]
    _cbudget: Callable[[Any, int], None]
    _model: Callable[[Any], list[int] | None]
    _core: Callable[..., list[int] | None]
    _del: Callable[..., None]
    _setphases: Callable[[Any, list[int]], None] | None
    _propagate: Callable[..., tuple[int, list[int]]] | None
    _interrupt: Callable[[Any], None] | None
    _clearint: Callable[[Any], None] | None

    def __enter__(self) -> Solver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._solver is None:
            return
        if self.cadical:
            self._del(self._solver, None)  # no proof file
        else:
            self._del(self._solver)
        self._solver = None

    def add(self, clause: list[int]) -> bool:
        """Add a clause; False once the clauses are contradictory by themselves."""
        return bool(self._add_cl(self._solver, clause))

    def add_all(self, clauses: Clauses) -> bool:
        """Add the clauses in order, up to the first that makes them contradictory (then False); the
        calls made from C (`map`), with no Python frame per clause."""
        return all(map(self._add_cl, repeat(self._solver), clauses))

    def refutes(self, clause: list[int]) -> bool:
        """Whether the clauses contradict this one, proved within TRIAL_CONFLICTS (False: a model
        holds it, or the budget ran out first). The clause stays added."""
        if not self.add(clause):
            return True
        try:
            return not self.solve(conflicts=PysatEngine.TRIAL_CONFLICTS)
        except OutOfBudget:
            return False

    def solve(self, assumptions: list[int] | None = None, conflicts: int | None = None) -> bool:
        """True if the clauses hold together with the assumptions; with a conflict budget, OutOfBudget
        when it runs out first."""
        self._assumptions = assumptions = list(assumptions or [])
        try:
            status = self._run(assumptions, conflicts)
        except Exception as error:  # pysolvers.error: Ctrl-C caught inside the C solver
            raise interrupted(error) from None
        if status is None:
            raise OutOfBudget(self.name)
        return status

    def _run(self, assumptions: list[int], conflicts: int | None) -> bool | None:
        """One call of the C solver: True, False, or None when the conflict budget ran out."""
        if conflicts is None:
            return bool(self._solve(self._solver, assumptions, self._main_thread))
        self._cbudget(self._solver, conflicts)
        if self.cadical:
            answer = self._solve_lim(self._solver, assumptions, self._main_thread)
            return {1: True, -1: False, 0: None}[answer]
        timer = self._interrupt_at_deadline()
        status: bool | None = self._solve_lim(self._solver, assumptions, self._main_thread, int(timer is not None))
        if timer is not None:  # an interrupt that came after the answer must not stop the next solve
            timer.cancel()
            timer.join()
            if self._clearint is not None:
                self._clearint(self._solver)
        return status

    def _interrupt_at_deadline(self) -> Any:
        """A started timer that interrupts the solve at the deadline `core.deadline.time_limited` set
        (the solve then returns as if its conflict budget ran out), or None where no deadline is set or
        the engine cannot be interrupted. A conflict budget alone does not bound the time: 2,000
        conflicts on a large formula took seconds past a time limit."""
        deadline = current_deadline()
        if deadline is None or self._interrupt is None or self._clearint is None:
            return None
        import threading

        timer = threading.Timer(max(deadline - time.monotonic(), 0.0), self._interrupt, (self._solver,))
        timer.daemon = True
        timer.start()
        return timer

    def raw(self) -> tuple[Any, Callable[[Any, list[int], int], Any], Callable[[Any], list[int] | None],
                           Callable[[Any, list[int]], Any], int]:
        """The C calls behind `solve` (no budget), `model` and `add`, for a caller that makes thousands
        of them on small searches (a batch's instances): (solver, solve, model, add, main thread), each
        call taking the solver first, and `solve` the assumptions and the main thread after it (its
        error through `interrupted`)."""
        return self._solver, self._solve, self._model, self._add_cl, self._main_thread

    def model(self) -> list[int]:
        """The last satisfying assignment, as signed literals 1..n."""
        return self._model(self._solver) or []

    def prefer(self, literals: list[int]) -> None:
        """Ask the search to try these literals first (their phases), where the engine can: the next
        model then makes true as many of them as it can, as a backbone search wants."""
        if self._setphases is not None and literals:
            self._setphases(self._solver, literals)

    def propagate(self, assumptions: list[int]) -> set[int] | None:
        """The literals unit propagation fixes from the assumptions (an empty set where the engine
        cannot say); None when propagation alone finds a contradiction."""
        if self._propagate is None:
            return set()
        status, literals = self._propagate(self._solver, assumptions, 1, self._main_thread)
        return set(literals) if status else None

    def core(self) -> list[int]:
        """Of the last call's assumptions, those its unsatisfiability rests on."""
        core = self._core(self._solver, self._assumptions) if self.cadical else self._core(self._solver)
        return list(core or [])


def interrupted(error: Exception) -> BaseException:
    """What an error of a C solver call is: Ctrl-C caught inside the solver, or the error itself."""
    return KeyboardInterrupt() if "keyboard interrupt" in str(error).lower() else error


class PycosatEngine:
    """PicoSAT through pycosat, where it is installed: `pycosat.itersolve` blocks each whole model
    itself; a limited search restarts under PicoSAT's propagation limit with the blocks added."""

    name = "pycosat"
    QUICK_PROPAGATIONS = 100_000

    def __init__(self, num_vars: int = 0) -> None:
        self.num_vars = num_vars

    def models(
        self, clauses: Clauses, block: Block, limited: bool = False, choices: Choices | None = None,
        projected: bool = False, two: bool = False,
    ) -> Iterator[list[int]]:
        """As `PysatEngine.models`, always by blocking clauses (PicoSAT through pycosat takes no
        assumptions here; `choices` and `two` are not used). Unlimited, the blocking clause is PicoSAT's own (the
        whole model), except for a `projected` model: there `block(model)`, on the shown variables, so
        that PicoSAT finds each solution once, not once for each assignment of the hidden variables."""
        try:
            import pycosat
        except ImportError:
            raise EngineMissing(PYCOSAT_MISSING) from None
        num_vars = max(self.num_vars, max((abs(lit) for clause in clauses for lit in clause), default=0))
        if not limited and not projected:
            yield from pycosat.itersolve(clauses, vars=num_vars)
            return
        clauses = list(clauses)
        prop_limit = self.QUICK_PROPAGATIONS if limited else 0  # 0: no limit
        while True:
            model = pycosat.solve(clauses, vars=num_vars, prop_limit=prop_limit)
            if model == "UNKNOWN":
                raise OutOfBudget(self.name)
            if not isinstance(model, list):
                return
            yield model
            clauses.append(block(model))


PYCOSAT_MISSING = "the SAT engine pycosat is not installed: pip install 'cspdsl[pycosat]' (it needs a C compiler)"

DEFAULT_ENGINE = "minisat22"  # the fastest on the models, measured side by side: bench/sat_engines.py
ENGINE_NAMES = (*PysatEngine.SOLVERS, "pycosat")


def engine(name: str, num_vars: int) -> PysatEngine | PycosatEngine:
    """The engine called `name`, for a CNF over `num_vars` variables."""
    if name == "pycosat":
        return PycosatEngine(num_vars)
    return PysatEngine(name)
