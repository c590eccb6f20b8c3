"""The SAT engines that the sat backend's CNF runs on: PySAT's solvers (binary wheels, so nothing to
compile at install), and pycosat where it is installed (`pip install 'cspdsl[pycosat]'`).

An engine enumerates models: after each one it adds the clause that the caller's `block` makes of it,
so that the next model differs where the caller cares (the model's own variables). A PySAT solver is
incremental: the blocking clause is added to the live solver, which keeps what it has learnt.

PySAT's solvers are called through `pysolvers`, the C module that `pysat.solvers` wraps: importing
`pysat.solvers` costs about 45 ms (typing, re, threading, its formula classes), `pysolvers` about 3 ms,
and a whole-process solve of Einstein takes about 100 ms. The calls below are the ones `pysat.solvers`
makes, one for one (tests/test_sat_engines.py runs both side by side on random CNFs).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

from ...static_types import Any, ClassVar

Clauses = list[list[int]]
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
    """One of PySAT's incremental solvers, named as PySAT names it (`cadical195`, `glucose41`, ...)."""

    # name: its family, whose calling conventions `pysat.solvers` follows: MiniSat's descendants answer
    # a limited call with True, False or None (out of budget); CaDiCaL with 1, -1 or 0, takes no
    # expect_interrupt flag, and a proof file when deleted.
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
        self.cadical = self.SOLVERS[name] == "cadical"

    def models(self, clauses: Clauses, block: Block, limited: bool = False) -> Iterator[list[int]]:
        """Each model in turn, blocked by `block(model)` before the next; `limited`: each call gets
        QUICK_CONFLICTS conflicts, and OutOfBudget is raised when one runs out."""
        import pysolvers

        calls = _Calls(pysolvers, self.name)
        solver = calls.new()
        try:
            for clause in clauses:
                if not calls.add_cl(solver, clause):
                    return  # the empty clause, or a contradiction between units
            main_thread = int(_on_main_thread())
            while self._solve(calls, solver, main_thread, limited):
                model = calls.model(solver)
                yield model
                if not calls.add_cl(solver, block(model)):
                    return
        finally:
            if self.cadical:
                calls.delete(solver, None)
            else:
                calls.delete(solver)

    def _solve(self, calls: _Calls, solver: Any, main_thread: int, limited: bool) -> bool:
        if not limited:
            return bool(calls.solve(solver, [], main_thread))
        calls.cbudget(solver, self.QUICK_CONFLICTS)
        if self.cadical:
            status: bool | None = {1: True, -1: False, 0: None}[calls.solve_lim(solver, [], main_thread)]
        else:
            status = calls.solve_lim(solver, [], main_thread, 0)
        if status is None:
            raise OutOfBudget(self.name)
        return status


class _Calls:
    """The C module's functions for one solver: `calls.solve(...)` is `pysolvers.<name>_solve(...)`."""

    def __init__(self, module: Any, name: str) -> None:
        for call in ("new", "add_cl", "solve", "solve_lim", "cbudget", "model", "del"):
            setattr(self, "delete" if call == "del" else call, getattr(module, f"{name}_{call}"))

    new: Callable[[], Any]
    add_cl: Callable[[Any, list[int]], bool]
    solve: Callable[..., bool]
    solve_lim: Callable[..., Any]
    cbudget: Callable[[Any, int], None]
    model: Callable[[Any], list[int]]
    delete: Callable[..., None]


class PycosatEngine:
    """PicoSAT through pycosat, where it is installed: `pycosat.itersolve` blocks each whole model
    itself; a limited search restarts under PicoSAT's propagation limit with the blocks added."""

    name = "pycosat"
    QUICK_PROPAGATIONS = 100_000

    def __init__(self, num_vars: int = 0) -> None:
        self.num_vars = num_vars

    def models(self, clauses: Clauses, block: Block, limited: bool = False) -> Iterator[list[int]]:
        """As `PysatEngine.models`; unlimited, the blocking clause is PicoSAT's own (the whole model)."""
        try:
            import pycosat
        except ImportError:
            raise EngineMissing(PYCOSAT_MISSING) from None
        num_vars = max(self.num_vars, max((abs(lit) for clause in clauses for lit in clause), default=0))
        if not limited:
            yield from pycosat.itersolve(clauses, vars=num_vars)
            return
        clauses = list(clauses)
        while True:
            model = pycosat.solve(clauses, vars=num_vars, prop_limit=self.QUICK_PROPAGATIONS)
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
