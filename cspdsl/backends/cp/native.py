"""OR-Tools' original constraint solver (`pywrapcp`), imported with lazy symbol binding.

The solver is a propagation-based CP solver in the style of Gecode: domains, propagators, a
depth-first search whose decisions are given by a decision builder. Its Python module is a SWIG
wrapper that imports neither numpy nor pandas (unlike CP-SAT's `cp_model`). Its native library is
OR-Tools' shared one, whose many dependencies Python would bind all at once (RTLD_NOW): lazily bound,
as `cpsat/cp_model` does, only those a run calls are bound.
"""

from __future__ import annotations

from ..lazy_symbols import lazy_symbols

with lazy_symbols():
    from ortools.constraint_solver import pywrapcp

Solver = pywrapcp.Solver

__all__ = ["Solver", "pywrapcp"]
