"""What a step costs a person (docs/explain.md, The cost model): each known fact it cites 1, each clue
by its kind, more than a fact, since a clue must be read and understood where a fact is looked up in
the grid. The step-wise explanation takes at each point a cheapest step under these weights
(`ocus.py`), and the difficulty adds them up.

A clue costs the weight of its hardest constraint: a value placed or excluded is read at a glance;
two things equal or apart (`Brit same red`, a pair of cells that may not both hold a star) a little
more; a list of things all different, or a choice among a few tuples (`next_to`), more; a sum, a
count or a product over several variables, or a row's runs (a nonogram line), the most, since they
weigh many cases at once."""

from __future__ import annotations

from collections.abc import Callable

from ..ir import (
    AllDifferent,
    And,
    Connected,
    Constraint,
    Count,
    InSet,
    Linear,
    Not,
    Or,
    Product,
    Regular,
    Table,
    by_kind,
)
from .clues import Clue

# What a known fact a step cites costs.
FACT_COST = 1
# The weights of the clues' kinds (every one more than a fact).
VALUE = 2  # a value placed or excluded: `milk at 3`, `x != 4`
RELATION = 4  # two variables: `Brit same red`, `x < y`, `sum(pair) <= 1`
GROUP = 5  # several variables all different, a choice among tuples, one of a few cases (`next_to`)
ARITHMETIC = 6  # a sum, count or product over three variables or more; a row's runs; an area
# A linear clue of at most this many variables is a relation, past it a sum.
RELATION_TERMS = 2


def _linear(c: Linear) -> int:
    return RELATION if len(c.terms) <= RELATION_TERMS else ARITHMETIC


def _compound(c: And | Or | Not) -> int:
    parts = (c.cond,) if isinstance(c, Not) else c.conds
    return max(GROUP, *(constraint_cost(part) for part in parts))


_WEIGHTS: dict[type, Callable[[Constraint], int]] = by_kind("explanation.costs", {
    InSet: lambda c: VALUE,
    Linear: _linear,  # type: ignore[dict-item]
    AllDifferent: lambda c: GROUP,
    Table: lambda c: GROUP,
    Or: _compound,  # type: ignore[dict-item]
    And: _compound,  # type: ignore[dict-item]
    Not: _compound,  # type: ignore[dict-item]
    Count: lambda c: ARITHMETIC,
    Product: lambda c: ARITHMETIC,
    Regular: lambda c: ARITHMETIC,
    Connected: lambda c: ARITHMETIC,
})


def constraint_cost(c: Constraint) -> int:
    return _WEIGHTS[type(c)](c)


def clue_cost(clue: Clue) -> int:
    """The weight of the clue's hardest constraint (a `forall` instance or a statement may post several)."""
    return max(constraint_cost(c) for c in clue.constraints)


def step_cost(clues: list[Clue], facts: int) -> int:
    return sum(clue_cost(clue) for clue in clues) + FACT_COST * facts
