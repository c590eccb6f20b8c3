"""Symmetry breaking for the SAT search: lex-leader clauses written into the CNF, and the orbit that
maps each solution found back to the solutions it stands for."""

from __future__ import annotations

import time

from ...core.static_types import TYPE_CHECKING, Any
from ...ir import Problem
from .encoder import SatModel

if TYPE_CHECKING:  # imported where used: only a search of all solutions needs it (3 ms of start-up)
    from collections.abc import Sequence

    from ...passes.symmetry import Symmetry


def symmetry_broken(
    native: SatModel, problem: Problem
) -> tuple[list[Sequence[int]], int, list[Symmetry], dict[str, Any]]:
    """The clauses (and their variable count) with the problem's symmetries broken by lex-leader
    constraints, the group whose orbits then expand the solutions found, and the statistics of both;
    the plain clauses and no group when the problem has no symmetry, or finding it gave up.

    Worked out once per compiled model: for a search of all solutions, and for the others when
    compile found a group anyway (see `SatBackend.solve`). The model's encoder writes the lex-leader
    clauses into its CNF, which is then rolled back: the plain CNF is left as it was, its variable
    count too, since PicoSAT assigns every variable and a free one would double the solutions. The
    encoder is let go afterwards, since its memos may now name variables of the broken CNF only."""
    if native.broken is None:
        from ...passes.symmetry import lex_leader, symmetry_group

        start = time.perf_counter()
        cnf = native.cnf
        # A ruler's differences have no literals for lex-leader clauses to name: no symmetry breaking.
        group = [] if native.derived else native.group if native.group is not None else symmetry_group(problem) or []
        plain = cnf.checkpoint()
        try:
            if len(group) > 1:
                for c in lex_leader(problem, group):
                    native.encoder.post(c)
            broken = (list(cnf.clauses), cnf.num_vars)
        finally:
            cnf.rollback(plain)
            native.encoder = None
        stats = {"symmetries": len(group), "symmetry_seconds": time.perf_counter() - start}
        native.broken = (*broken, group if len(group) > 1 else [], stats)
    clauses, num_vars, group, stats = native.broken
    return clauses, num_vars, group, stats
