"""`cspdsl compile MODEL --to minizinc`: the model in MiniZinc."""

from __future__ import annotations

from ...ir import Problem
from .flat import flat_minizinc


def to_minizinc(problem: Problem, source: str = "") -> str:
    return flat_minizinc(problem, source)
