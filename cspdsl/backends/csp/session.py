"""The python-constraint backend's batch session (`backends.protocol.BatchSession`): the model
compiled once, its domains narrowed to each instance's givens."""

from __future__ import annotations

from ...core.static_types import Any
from ...ir import Problem
from .. import Compiled, OnSolution, Outcome, get_backend
from ..protocol import MakeModel
from . import CspModel


class CspBatchSession:
    """The compiled python-constraint model, its domains narrowed to the givens per instance."""

    direct = False

    def __init__(self, base: Problem, options: dict[str, str]) -> None:
        self.backend: Any = get_backend("csp", options)
        self.compiled: Compiled = self.backend.compile(base)

    def solve(self, model: MakeModel, givens: dict[str, int], limit: int | None, timeout: float | None,
              seed: int | None, on_solution: OnSolution | None) -> Outcome:
        native = self.compiled.native
        domains = dict(native.domains)
        for name, value in givens.items():
            if name in domains:
                domains[name] = (value,) if value in domains[name] else ()
        infeasible = native.infeasible or any(not values for values in domains.values())
        narrowed = CspModel(domains, native.constraints, native.order, infeasible, native.sources,
                            native.smallest_first)
        fixed = Compiled(model().problem, narrowed, self.compiled.size)
        outcome: Outcome = self.backend.solve(fixed, limit=limit, timeout=timeout, seed=seed, on_solution=on_solution)
        return outcome


def batch_session(base: Problem, options: dict[str, str]) -> CspBatchSession:
    return CspBatchSession(base, options)
