"""The problem written in an external solver's format, for `cspdsl compile --to FORMAT`: DIMACS CNF
(`dimacs`, the sat backend's CNF) and MiniZinc (`minizinc`, written from the model's source where it
is given: `minizinc/__init__.py`). Each writer is imported on first use."""

from __future__ import annotations

import importlib

from ..core.static_types import TYPE_CHECKING
from ..ir import Problem

if TYPE_CHECKING:  # at run time not imported: `cspdsl --help` reads EXPORTS, and lower loads the parser
    from ..lower import Lowered

# format -> (module, function(model, source) -> text), for `cspdsl compile --to FORMAT`; a writer
# that needs only the problem is given the problem of a lowered model.
EXPORTS: dict[str, tuple[str, str]] = {
    "dimacs": ("cspdsl.export.dimacs", "to_dimacs"),
    "minizinc": ("cspdsl.export.minizinc", "to_minizinc"),
}


# The formats whose writer reads the model's source (its params, arrays and clues), not only the IR.
FROM_SOURCE = {"minizinc"}


def export(fmt: str, model: Lowered | Problem, source: str = "") -> str:
    """The model written in an external solver's format (DIMACS CNF, ...)."""
    module_name, function_name = EXPORTS[fmt]
    given = model if isinstance(model, Problem) or fmt in FROM_SOURCE else model.problem
    text: str = getattr(importlib.import_module(module_name), function_name)(given, source)
    return text
