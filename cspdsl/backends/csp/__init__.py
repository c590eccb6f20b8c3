"""The python-constraint backend (the maintained `python-constraint2` package, import name `constraint`).

Compilation, in three steps:
1. Normalise every constraint (`passes.normal_form`): negations pushed down to the leaves, nested
   And/Or flattened, conditions the domains decide folded away, and one-variable parts made domains.
2. Post each remaining constraint as the library's built-in constraint where one fits, else as a
   FunctionConstraint over exactly the variables it mentions (`post`).
3. Choose the branching order (`order.static_order`).

An exact cover (shapes placed on a board) is searched as Knuth's Algorithm X instead (`cover`).
Otherwise the search (`search`) is the library's compiled backtracking loop with forward checking, branching
in that order (`-O order=smallest` chooses at each node instead). The library's own solvers order by
degree first, which puts a Sudoku's givens and the hexagon's cells in no useful order; the
measurements are in docs/backend-csp.md. The library has no time limit:
`child.run_with_time_limit` runs the search in a child process that streams each solution back, and
stops it at the deadline.
"""

from __future__ import annotations

import time

import constraint as pc

from ...core.errors import CspdslError
from ...core.record import Record, field
from ...core.static_types import Any, ClassVar
from ...ir import Problem
from ...passes.normal_form import Domains, normal_form
from ..base import run_passes
from ..child import run_with_time_limit
from ..declarations import CSP
from ..protocol import Capabilities, Compiled, OnSolution, Outcome, Pass, check_limit
from .cover import ExactCover, exact_cover, run_cover
from .order import static_order
from .post import ExactSum, Poster, Scope
from .search import run_search
from .shifted import split_groups

__all__ = ["CspBackend", "CspModel", "ExactSum", "static_order"]


class CspModel(Record, frozen=False):
    """What `compile` hands to `solve`: domains, library constraints with their scopes, and the order."""

    domains: Domains
    constraints: list[tuple[pc.Constraint, Scope]] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    infeasible: bool = False
    # For each posted constraint: the IR kind it came from (for docs, tests and `stats`).
    sources: list[str] = field(default_factory=list)
    smallest_first: bool = False  # branch on the smallest domain, ties by `order` (SmallestFirstSolver)
    cover: ExactCover | None = None  # an exact cover, searched as Algorithm X (`cover`)

    def copy_with(self, extra: list[tuple[pc.Constraint, Scope]]) -> CspModel:
        """The same model with more constraints (a branch and bound's objective bound)."""
        sources = [*self.sources, *("Objective" for _ in extra)]
        return CspModel(self.domains, [*self.constraints, *extra], self.order, self.infeasible, sources,
                        self.smallest_first)


class CspBackend:
    """Compiles the IR to python-constraint constraints and searches in a chosen order."""

    name = "csp"
    CAPABILITIES: ClassVar[Capabilities] = CSP.capabilities  # forks: a time limit's search, in a child
    SESSIONS: ClassVar[dict[str, str]] = {"batch": "cspdsl.backends.csp.session:batch_session"}
    # On what the shifted groups leave (`shifted.split_groups`): negations pushed down, conditions the
    # domains decide folded away, one-variable parts made domains.
    PASSES: ClassVar[tuple[Pass, ...]] = (normal_form,)
    OPTIONS: ClassVar[dict[str, tuple[type, str]]] = CSP.options

    def __init__(self, forwardcheck: bool = True, order: str = "greedy") -> None:
        if order not in ("greedy", "model", "smallest"):
            raise CspdslError(f"option order of backend 'csp' must be greedy, model or smallest, not '{order}'")
        self.forwardcheck = forwardcheck
        self.order = order

    def compile(self, problem: Problem) -> Compiled:
        start = time.perf_counter()
        cover = exact_cover(problem)
        native = CspModel(problem.domains(), cover=cover) if cover is not None else self._build(problem)
        posted = len(cover.rows) if cover is not None else len(native.constraints)
        size = {"variables": len(native.domains), "constraints": posted}
        return Compiled(problem, native, size, time.perf_counter() - start)

    def _build(self, problem: Problem) -> CspModel:
        groups, rest = split_groups(problem)  # differences posted as one constraint per group (`shifted`)
        normal, infeasible = run_passes(rest, self.PASSES)
        domains = normal.domains()
        if infeasible:
            return CspModel(domains, infeasible=True)
        poster = Poster(domains)
        for posted in normal.constraints:
            poster.post(posted.constraint)
        poster.posted += groups
        poster.sources += ["ShiftedAllDifferent"] * len(groups)
        scopes = [scope for _, scope in poster.posted]
        order = list(domains) if self.order == "model" else static_order(domains, scopes)
        return CspModel(domains, poster.posted, order, False, poster.sources, self.order == "smallest")

    def solve(
        self,
        compiled: Compiled,
        *,
        limit: int | None,
        timeout: float | None,
        seed: int | None,
        on_solution: OnSolution | None = None,
    ) -> Outcome:
        check_limit(limit)
        native: CspModel = compiled.native
        start = time.perf_counter()
        outputs = compiled.problem.outputs
        if native.cover is not None:
            run = run_with_time_limit(run_cover, (native.cover, outputs, limit), timeout, on_solution)
        else:
            run = run_with_time_limit(run_search, (native, outputs, limit, self.forwardcheck), timeout, on_solution)
        wall = time.perf_counter() - start
        summary: dict[str, Any] = run.summary or {}
        complete = run.summary is not None and not summary.get("stopped", False)
        stats = {"wall_seconds": wall, "raw_solutions": summary.get("raw_solutions"), "in_child": timeout is not None}
        return Outcome(run.items, complete, run.timed_out, stats)

    def optimise(
        self, compiled: Compiled, *, timeout: float | None, seed: int | None, on_solution: OnSolution | None = None
    ) -> Outcome:
        """Branch and bound, a search a round under a tighter bound (`csp.optimise`)."""
        from .optimise import optimise

        return optimise(compiled, timeout, self.forwardcheck, self._build, on_solution)
