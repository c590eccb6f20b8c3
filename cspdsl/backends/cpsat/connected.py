"""`Connected` on CP-SAT: a shortest-distance labelling from the first node that holds.

Each node gets a distance d_i: 0 at the root (the first node that holds), n where the node does not
hold, and 1 + the least distance of its neighbours where it holds but is not the root, at most n - 1.
These equations have one solution exactly when the nodes that hold are one area (the breadth-first
distances), so the labels are functions of the nodes' conditions and never multiply the enumerated
solutions; and the model grows with the edges (one min-equality a node), not with n^2 as reachability
layers do (`sat/connected.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.static_types import Any
from ...passes.areas import neighbours
from . import cp_model

Lit = Any  # a CP-SAT Boolean variable or its negation


def _roots(model: cp_model.CpModel, chosen: Sequence[Lit]) -> list[Lit]:
    """For each node the literal "it holds and no node before it does", tied both ways."""
    roots: list[Lit] = []
    before: Lit | None = None
    for x in chosen:
        if before is None:
            roots.append(x)
            before = x
            continue
        root = model.new_bool_var("")
        model.add_bool_and([x, before.negated()]).only_enforce_if(root)
        model.add_bool_or([x.negated(), before, root])
        seen = model.new_bool_var("")  # some node up to this one holds
        model.add_bool_or([before, x]).only_enforce_if(seen)
        model.add_implication(before, seen)
        model.add_implication(x, seen)
        roots.append(root)
        before = seen
    return roots


def post_connected(model: cp_model.CpModel, chosen: Sequence[Lit], edges: Sequence[tuple[int, int]]) -> None:
    """The nodes whose literal is true are at least one, and one area."""
    n = len(chosen)
    model.add_bool_or(list(chosen))
    around = neighbours(n, edges)
    roots = _roots(model, chosen)
    distance = [model.new_int_var(0, n, "") for _ in range(n)]
    for i, x in enumerate(chosen):
        d = distance[i]
        model.add(d == n).only_enforce_if(x.negated())
        model.add(d <= n - 1).only_enforce_if(x)
        model.add(d == 0).only_enforce_if(roots[i])
        if not around[i]:
            model.add_bool_or([x.negated(), roots[i]])
            continue
        nearest = model.new_int_var(0, n, "")
        model.add_min_equality(nearest, [distance[j] for j in around[i]])
        model.add(d == nearest + 1).only_enforce_if([x, roots[i].negated()])
