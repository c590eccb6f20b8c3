"""The CP-SAT backend's batch session (`backends.protocol.BatchSession`): the model compiled once,
cloned for each instance with each given's domain set to its value."""

from __future__ import annotations

from ...core.static_types import Any
from ...ir import Problem
from .. import Compiled, OnSolution, Outcome, get_backend
from ..protocol import MakeModel
from .translate import CpSatModel


class CpsatBatchSession:
    """The compiled CP-SAT model, cloned per instance with the givens' domains set."""

    direct = False

    def __init__(self, base: Problem, options: dict[str, str]) -> None:
        self.backend: Any = get_backend("cpsat", options)
        self.compiled: Compiled = self.backend.compile(base)

    def solve(self, model: MakeModel, givens: dict[str, int], limit: int | None, timeout: float | None,
              seed: int | None, on_solution: OnSolution | None) -> Outcome:
        native = self.compiled.native
        clone = native.model.clone()
        variables = clone.proto.variables
        for name, value in givens.items():
            domain = variables[native.vars[name].index].domain
            domain.clear()
            domain.extend([value, value])
        fixed = Compiled(model().problem, CpSatModel(clone, native.vars), self.compiled.size)
        outcome: Outcome = self.backend.solve(fixed, limit=limit, timeout=timeout, seed=seed, on_solution=on_solution)
        return outcome


def batch_session(base: Problem, options: dict[str, str]) -> CpsatBatchSession:
    return CpsatBatchSession(base, options)
