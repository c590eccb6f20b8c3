"""The SAT backend: the IR compiled to CNF and solved by a SAT engine (`engines`: PySAT's CaDiCaL by
default; `-O solver=NAME` picks another of PySAT's solvers, or pycosat where it is installed).

Encodings (see docs/backend-sat.md for the measurements behind them):
- an integer variable is direct-encoded, one literal per value with exactly-one; a domain of more
  than `PAIRWISE_MAX` values gets a sequential counter, whose prefix literals are the variable's
  order encoding (x <= v), channelled for free; a 0/1 variable is one literal;
- all-different: at-most-one per value, plus at-least-one per value when the variables fill
  exactly their values (a permutation: Einstein's attributes, the hexagon's cells);
- a top-level constraint on two variables (same, beside, left of, distance, ...): support clauses
  (x = v -> y in supports(v)) or, when fewer, conflict clauses; many differences `x - y != d` that
  make shifted variables all different (the queens' diagonals): an at-most-one per shifted value
  (`passes.differences`);
- a top-level sum `==` of three or four terms of one sign: clauses over the values of the first two,
  each forcing the third's value or the diagram node of the last two's total (prefix clauses); a
  top-level count whose clauses over its literals alone are few (`exactly 2 of 16`): those clauses;
  a longer top-level "exactly one" (an exact cover's cells and pieces): its clause and a one-way
  sequential counter, whose variables the true literal pins; "at most one": the defined counter;
- other sums, counts and tables: reduced decision diagrams (MDDs) with every node defined, which unit
  propagation keeps domain consistent;
- and/or/not: Tseitin gates, defined both ways.
The domains are first cut by the top-level one-variable constraints (`passes.narrow.narrow_domains`),
so Sudoku givens and `at` clues fix variables before any clause is written.

To find all solutions of a symmetric model (the hexagon's 12 rotations and reflections), the search
looks for one solution per orbit of its symmetry group (`cspdsl.passes.symmetry`: lex-leader clauses added
to the CNF) and maps each by every symmetry: 1 solution searched for the hexagon's 12, 36 for the tile
square's 1152, in a tenth of the time (`symmetry_broken`, option `symmetry`).

All solutions are enumerated without blocking clauses, part by part under assumptions on the
model's own variables (`partition`), so that the cost of a solution stays flat (bench/queens_count.py);
pycosat blocks each model instead. A search for two (is the first solution the only one?) first tries
the one clause that blocks the first (`engines.PysatEngine.first_two`), with the same answers.
Every auxiliary variable is defined by the model's variables, so
blocking a whole assignment blocks exactly one solution. Solutions are still compared on the model's
own variables, since auxiliary variables of the IR itself (a piece's kind where kinds overlap) may be free.
"""

from __future__ import annotations

import time

from ...core.deadline import TimeLimitReached, deadline_after, seconds_left, time_limited
from ...core.errors import CspdslError
from ...core.static_types import TYPE_CHECKING, Any, ClassVar
from ...ir import Problem
from ...passes.sums import has_sum_system
from ..declarations import SAT
from ..protocol import Capabilities, Compiled, OnSolution, Outcome, Pass, check_limit
from .cnf import PAIRWISE_MAX
from .encoder import DIRECT_LITERALS_MAX, MAX_CLAUSES, SatModel, compile_cnf
from .encoder import PASSES as CNF_PASSES
from .engines import DEFAULT_ENGINE, ENGINE_NAMES, PYCOSAT_MISSING
from .search import run_search

if TYPE_CHECKING:  # imported where used: only a search of all solutions needs it (3 ms of start-up)
    from collections.abc import Sequence

    from ...passes.symmetry import Symmetry


class SatBackend:
    """Compiles the IR to CNF and solves it with a SAT solver (MiniSat 2.2 through PySAT; -O solver)."""

    name = "sat"
    CAPABILITIES: ClassVar[Capabilities] = SAT.capabilities  # acyclic and forks: see `declarations.SAT`
    SESSIONS: ClassVar[dict[str, str]] = {"clues": "cspdsl.backends.sat.clue_session:clue_session",
                                                   "batch": "cspdsl.backends.sat.batch:batch_session",
                                                   "bounds": "cspdsl.backends.sat.bounded:bounded_session"}
    # Run by `encoder.compile_cnf` before the encoding; the sums' implied equalities and the rulers follow
    # there, as -O implied and -O rulers say (they need the symmetries and leave the rulers found).
    PASSES: ClassVar[tuple[Pass, ...]] = CNF_PASSES
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = SAT.options  # its defaults: tests/test_backend_declarations.py

    def __init__(
        self, implied: bool = True, symmetry: bool = True, solver: str = DEFAULT_ENGINE, optimise: str = "bounds",
        rulers: bool = True, max_values: int = DIRECT_LITERALS_MAX, max_clauses: int = MAX_CLAUSES,
    ) -> None:
        for name, value in (("max_values", max_values), ("max_clauses", max_clauses)):
            if value < 1:
                raise CspdslError(f"option {name} of backend 'sat' must be at least 1, not {value}")
        if solver not in ENGINE_NAMES:
            raise CspdslError(f"option solver of backend 'sat' must be one of {', '.join(ENGINE_NAMES)}, "
                              f"not '{solver}'")
        if optimise not in ("bounds", "maxsat"):
            raise CspdslError(f"option optimise of backend 'sat' must be bounds or maxsat, not '{optimise}'")
        self.optimiser = optimise
        if solver == "pycosat":
            import importlib.util  # here: only -O solver=pycosat asks (1 ms of start-up)

            if importlib.util.find_spec("pycosat") is None:
                raise CspdslError(PYCOSAT_MISSING)
        self.implied = implied
        self.rulers = rulers
        self.symmetry = symmetry
        self.solver = solver
        self.limits = (max_values, max_clauses)

    def compile(self, problem: Problem) -> Compiled:
        start = time.perf_counter()
        group = None
        if self.symmetry and self.implied and has_sum_system(problem):
            from ...passes.symmetry import symmetry_group  # here: only number puzzles pay for its import

            group = symmetry_group(problem) or []
        native = compile_cnf(problem, implied=self.implied, symmetries=group, limits=self.limits,
                             rulers=self.rulers and not group)
        native.group = group
        cnf = native.cnf
        size = {"variables": cnf.num_vars, "clauses": len(cnf.clauses), "literals": cnf.literal_count()}
        return Compiled(problem, native, size, time.perf_counter() - start)

    def solve(
        self,
        compiled: Compiled,
        *,
        limit: int | None,
        timeout: float | None,
        seed: int | None,
        on_solution: OnSolution | None = None,
    ) -> Outcome:
        """The search, within `timeout` seconds in all: the symmetries broken first where that pays
        (finding them may take a while on a large model), then the engine's search in the time left."""
        check_limit(limit)
        native: SatModel = compiled.native
        deadline = deadline_after(timeout)
        try:
            with time_limited(deadline):
                prepared = self._clauses_to_search(native, compiled.problem, limit, seed)
        except TimeLimitReached:
            return Outcome([], complete=False, timed_out=True, stats={"engine": self.solver})
        clauses, num_vars, group, symmetry_stats = prepared
        start = time.perf_counter()
        problem = compiled.problem
        search_args = (self.solver, clauses, num_vars, native.values, problem.outputs, limit, group, problem.projected,
                       native.derived)
        items, summary, timed_out, forked = run_search(search_args, seconds_left(deadline), on_solution)
        stats = {"wall_seconds": time.perf_counter() - start, "duplicates": summary.get("duplicates", 0),
                 "forked": forked, "engine": self.solver, **symmetry_stats}
        if group:
            stats["representatives"] = summary.get("representatives", 0)
        if limit != 1:
            stats["enumeration"] = enumeration_method(self.solver, group, limit)
        complete = bool(summary.get("complete")) and not timed_out and not (limit == 1 and items)
        return Outcome(items, complete, timed_out, stats)

    def optimise(
        self, compiled: Compiled, *, timeout: float | None, seed: int | None, on_solution: OnSolution | None = None
    ) -> Outcome:
        """The best solution by `-O optimise=` (`sat.optimise`), in a child process under a time limit,
        each better solution and each bound proved streamed back as found. PySAT's engine of `-O
        solver=` (its default where that is pycosat, which is not incremental)."""
        from .optimise import optimise_outcome

        engine = self.solver if self.solver != "pycosat" else DEFAULT_ENGINE
        return optimise_outcome(self.optimiser, engine, compiled, timeout, on_solution)

    def _clauses_to_search(
        self, native: SatModel, problem: Problem, limit: int | None, seed: int | None
    ) -> tuple[list[Sequence[int]], int, list[Symmetry], dict[str, Any]]:
        """The clauses (and their variable count) to search, with the symmetries broken where that pays,
        in the order that the seed gives; the group whose orbits expand the solutions; its statistics."""
        clauses, num_vars = native.cnf.clauses, native.cnf.num_vars
        group: list[Symmetry] = []
        symmetry_stats: dict[str, Any] = {}
        # All solutions: one per orbit, mapped by the group. One or two (the uniqueness check): the
        # same where compile found a group anyway (number puzzles: the hexagon's in 38 ms, not 95),
        # and no search for one elsewhere (a logic puzzle pays nothing).
        if self.symmetry and (limit is None or native.group):
            from .symmetry_breaking import symmetry_broken  # here: only a symmetric or full search needs it

            clauses, num_vars, group, symmetry_stats = symmetry_broken(native, problem)
        if seed is not None:  # the engines take no seed: the clause order changes their path instead
            import random  # here: 1 ms of start-up that only a seeded run needs

            clauses = list(clauses)
            random.Random(seed).shuffle(clauses)
        return clauses, num_vars, group, symmetry_stats


def enumeration_method(solver: str, group: list[Symmetry], limit: int | None = None) -> str:
    """How the solutions were enumerated, for the stats: PySAT's solvers part by part under
    assumptions (`partition`), for two solutions first one blocking clause (`first_two`), pycosat
    by blocking clauses; with a group, one per orbit."""
    if solver == "pycosat":
        method = "blocking clauses"
    elif limit == 2 and not group:
        method = "one blocking clause where the first came soon, else assumption parts"
    else:
        method = "assumption parts, no blocking clauses"
    return f"{method}, one per orbit of {len(group)} symmetries" if group else method


__all__ = ["PAIRWISE_MAX", "SatBackend", "compile_cnf"]  # DIMACS: `sat.dimacs.to_dimacs`
