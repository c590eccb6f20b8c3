"""The problem written in an external solver's format, for `cspdsl compile --to FORMAT`: DIMACS CNF
(`dimacs`, the sat backend's CNF) and MiniZinc (`minizinc`). Each writer is imported on first use."""

from __future__ import annotations

import importlib

from ..ir import Problem

# format -> (module, function(problem, source) -> text), for `cspdsl compile --to FORMAT`.
EXPORTS: dict[str, tuple[str, str]] = {
    "dimacs": ("cspdsl.export.dimacs", "to_dimacs"),
    "minizinc": ("cspdsl.export.minizinc", "to_minizinc"),
}


def export(fmt: str, problem: Problem, source: str = "") -> str:
    """The problem written in an external solver's format (DIMACS CNF, ...)."""
    module_name, function_name = EXPORTS[fmt]
    text: str = getattr(importlib.import_module(module_name), function_name)(problem, source)
    return text
