"""The Python API, its public face only: each name lives in the part of cspdsl that does the work.

    >>> from cspdsl.api import load, solve
    >>> result = solve(load("einstein"))
    >>> result.answers()[0]
    'The German owns the fish, in house 4.'
"""

from __future__ import annotations

from .core.errors import CspdslError, InternalError
from .driver.checking import SolutionCheck, check_solutions
from .driver.result import PlanResult, Result, status_of
from .driver.solve import local_search_limits, solve
from .lower import Lowered
from .lower.load import load, loads, read_stdin

# A loaded model, under the name a user annotates with (`def f(model: Model)`); `Lowered` is the same class.
Model = Lowered

__all__ = [
    "CspdslError", "InternalError", "Lowered", "Model", "PlanResult", "Result", "SolutionCheck", "check_solutions",
    "load", "loads", "local_search_limits", "read_stdin", "solve", "status_of",
]
