"""The OR-Tools CP-SAT backend: the IR posted in CP-SAT's native forms (`translate`), solved, enumerated
and optimised by CP-SAT (`backend`, `optimise`, `projected`); ortools reached only through `cp_model`."""

from .backend import CpSatBackend
from .translate import CpSatModel, CpSatTranslator

__all__ = ["CpSatBackend", "CpSatModel", "CpSatTranslator"]
