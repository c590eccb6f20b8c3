"""Every model of a hand-written CNF, each whole model blocked in turn, on MiniSat 2.2 through
PySAT's documented API: how the hand-written solvers below print their solutions when run alone."""

from __future__ import annotations

from collections.abc import Iterator

from pysat.solvers import Minisat22


def itersolve(clauses: list[list[int]], num_vars: int) -> Iterator[list[int]]:
    """Each model over the variables 1..num_vars (as pycosat.itersolve gives them)."""
    with Minisat22(bootstrap_with=clauses) as solver:
        solver.add_clause([num_vars, -num_vars])  # every variable up to num_vars is assigned
        while solver.solve():
            model = solver.get_model()[:num_vars]
            yield model
            solver.add_clause([-lit for lit in model])
