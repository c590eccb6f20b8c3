"""The SAT engines that the sat backend's CNF runs on: PySAT's solvers (binary wheels, so nothing to
compile at install), and pycosat where it is installed (`pip install 'cspdsl[pycosat]'`).

An engine enumerates models that differ where the caller cares (the model's own variables). A PySAT
solver does it without blocking clauses, part by part under assumptions (`partition`), at a cost per
model that stays flat; pycosat adds the clause that the caller's `block` makes of each model.

PySAT's solvers are called through `pysolvers`, the C module that `pysat.solvers` wraps: importing
`pysat.solvers` costs about 45 ms (typing, re, threading, its formula classes), `pysolvers` about 3 ms,
and a whole-process solve of Einstein takes about 100 ms. The calls below are the ones `pysat.solvers`
makes, one for one (tests/test_sat_engines.py runs both side by side on random CNFs).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import repeat

from ...static_types import Any, ClassVar
from .partition import Choices, partitioned_models

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

    def models(
        self, clauses: Clauses, block: Block, limited: bool = False, choices: Choices | None = None,
        projected: bool = False,
    ) -> Iterator[list[int]]:
        """Each model in turn, blocked by `block(model)` before the next, or with `choices` found part
        by part under assumptions with no clause added (`partition`: a flat cost per model);
        `limited`: each call gets QUICK_CONFLICTS conflicts, and OutOfBudget is raised when one runs out.
        (`projected` changes nothing here: `block` and `choices` are on the shown variables already.)"""
        conflicts = self.QUICK_CONFLICTS if limited else None
        with Solver(self.name) as solver:
            if not solver.add_all(clauses):
                return  # the empty clause, or a contradiction between units
            if choices is not None:
                yield from partitioned_models(solver, choices, conflicts)
                return
            while solver.solve(conflicts=conflicts):
                model = solver.model()
                yield model
                if not solver.add(block(model)):
                    return


class Solver:
    """One live solver of PySAT's: clauses added over time, solved under assumptions (and an optional
    conflict budget), its model or its core read back. A context manager: the solver is freed on exit."""

    def __init__(self, name: str = "minisat22") -> None:
        import pysolvers

        self.name = name
        self.cadical = PysatEngine.SOLVERS[name] == "cadical"
        for call in ("new", "add_cl", "solve", "solve_lim", "cbudget", "model", "core", "del"):
            setattr(self, f"_{call}", getattr(pysolvers, f"{name}_{call}"))
        self._setphases = getattr(pysolvers, f"{name}_setphases", None)
        self._propagate = getattr(pysolvers, f"{name}_propagate", None)
        self._solver = self._new()
        self._main_thread = int(_on_main_thread())
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

    def solve(self, assumptions: list[int] | None = None, conflicts: int | None = None) -> bool:
        """True if the clauses hold together with the assumptions; with a conflict budget, OutOfBudget
        when it runs out first."""
        self._assumptions = assumptions = list(assumptions or [])
        try:
            status = self._run(assumptions, conflicts)
        except Exception as error:  # pysolvers.error: Ctrl-C caught inside the C solver
            if "keyboard interrupt" in str(error).lower():
                raise KeyboardInterrupt from None
            raise
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
        status: bool | None = self._solve_lim(self._solver, assumptions, self._main_thread, 0)
        return status

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


class PycosatEngine:
    """PicoSAT through pycosat, where it is installed: `pycosat.itersolve` blocks each whole model
    itself; a limited search restarts under PicoSAT's propagation limit with the blocks added."""

    name = "pycosat"
    QUICK_PROPAGATIONS = 100_000

    def __init__(self, num_vars: int = 0) -> None:
        self.num_vars = num_vars

    def models(
        self, clauses: Clauses, block: Block, limited: bool = False, choices: Choices | None = None,
        projected: bool = False,
    ) -> Iterator[list[int]]:
        """As `PysatEngine.models`, always by blocking clauses (PicoSAT through pycosat takes no
        assumptions here; `choices` is not used). Unlimited, the blocking clause is PicoSAT's own (the
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
