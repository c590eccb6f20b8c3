"""The branching order: a static order, chosen greedily so that constraints get decided soonest."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.deadline import check_deadline
from ...core.static_types import Any
from ...passes.normal_form import Domains
from .post import Scope


def static_order(domains: Domains, scopes: Sequence[Scope]) -> list[str]:
    """Branch first where constraints get decided soonest.

    Greedy, one variable at a time; the next is the one that
    1. completes the most constraints (all their other variables already placed: a sum's last cell),
    2. else lies in the constraint with the fewest variables still unplaced (finish what was started),
    3. else is in the most constraints, then nearest completion overall, then has the smaller domain,
       then comes first in the model. Variables with a single value go first.
    Each step scores every variable left, so a model of thousands of variables takes seconds here:
    the time limit of the solve stops it (`TimeLimitReached`), as it stops the search.
    On the hexagon this walks the outer ring first, closing a 3-cell line every other cell (the
    article's spiral); on the tile square it fills a line and then the lines crossing it.
    """
    by_var: dict[str, list[int]] = {name: [] for name in domains}
    for i, scope in enumerate(scopes):
        for name in set(scope):
            by_var[name].append(i)
    sizes = [len(set(scope)) for scope in scopes]
    placed_in = [0] * len(scopes)
    rank = {name: i for i, name in enumerate(domains)}
    fixed = [name for name in domains if len(domains[name]) <= 1]
    order: list[str] = []
    left = {name for name in domains if len(domains[name]) > 1}

    def place(name: str) -> None:
        order.append(name)
        for i in by_var[name]:
            placed_in[i] += 1

    for name in fixed:
        place(name)

    def score(name: str) -> tuple[Any, ...]:
        completes, unplaced, nearness = 0, len(domains), 0.0
        for i in by_var[name]:
            unplaced_i = sizes[i] - placed_in[i]
            if unplaced_i == 1:
                completes += 1
            if unplaced_i < unplaced:
                unplaced = unplaced_i
            nearness += (placed_in[i] + 1) / sizes[i]
        return (-completes, unplaced, -len(by_var[name]), -nearness, len(domains[name]), rank[name])

    while left:  # quadratic in the variables: the solve's time limit is looked at each step
        check_deadline()
        best = min(left, key=score)
        left.discard(best)
        place(best)
    return order
