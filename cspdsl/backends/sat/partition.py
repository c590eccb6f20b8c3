"""Every model of a CNF, distinct on the model's own variables, found without blocking clauses.

Blocking each model with a clause makes the solver slower as it goes: after 70,000 queens the
solver carries 70,000 clauses, and each next model costs more than the last (0.25 ms a solution at
n=11, 3.2 ms at n=13). Here the solver's clauses never change. Each solve runs under assumptions
that fence off one part of the space of solutions not yet seen; a model M found in part P splits
the rest of P into disjoint parts by the first variable (in a fixed order) on which a solution
differs from M:

    P and x1 != M(x1);   P and x1 = M(x1) and x2 != M(x2);   ...

so every solution of P other than M lies in exactly one of them, and none is found twice. Each
part is one solve under assumptions, most of them refuted by propagation at once; the cost of a
solution stays flat (bench/queens_count.py).

`choices` lists, for each variable that tells solutions apart, the literals of its values, exactly
one of which holds in any model (the direct encoding's exactly-one); a variable fixed to one value
(its literal the constant TRUE) has nothing to split on.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.static_types import Protocol
from .cnf import TRUE

Choices = list[list[int]]  # per variable: the literals of its values, exactly one true in a model


class AssumingSolver(Protocol):
    """What the enumeration needs of a live solver (`engines.Solver`)."""

    def solve(self, assumptions: list[int] | None = None, conflicts: int | None = None) -> bool: ...

    def model(self) -> list[int]: ...


def partitioned_models(solver: AssumingSolver, choices: Choices, conflicts: int | None = None) -> Iterator[list[int]]:
    """Each model of the solver's clauses once per combination of the chosen literals, depth first
    (the newest part first, so that the parts waiting stay few: at most one per variable per level).

    `conflicts` bounds each solve (the engine raises OutOfBudget when one runs out)."""
    parts: list[list[int]] = [[]]
    while parts:
        assumptions = parts.pop()
        if not solver.solve(assumptions, conflicts):
            continue
        model = solver.model()
        yield model
        parts.extend(split(model, assumptions, choices))


def chosen_literals(model: list[int], choices: Choices) -> list[int]:
    """The literal of each variable's value in the model (TRUE where the variable is fixed)."""
    true = set(model)  # made in C; the negative literals in it are not read
    true.add(TRUE)
    return [next(lit for lit in values if (lit in true if lit > 0 else -lit not in true)) for values in choices]


def split(model: list[int], assumptions: list[int], choices: Choices) -> list[list[int]]:
    """The parts of the space fenced off by `assumptions` other than the model itself: one per variable
    that the assumptions leave open, in which it differs from the model and the earlier ones agree."""
    fixed = set(assumptions)
    parts = []
    agreed: list[int] = []
    for lit in chosen_literals(model, choices):
        if lit == TRUE or lit in fixed:
            continue
        parts.append([*assumptions, *agreed, -lit])
        agreed.append(lit)
    return parts
