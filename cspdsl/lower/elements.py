"""Elements: the item that indices over variables choose from a list or an array (`q[i]`, `g[r, c]`).

An index over variables is lowered into the IR's existing kinds, not a kind of its own: an auxiliary
variable `_element#N` holds the chosen value, and for each index value i a clue `index != i or
_element == item_i` ties it to the list. Every backend (and the checker) then knows it already; the
SAT backend's measurements against the alternatives are in docs/backend-sat.md ("Element").
An index that would fall outside the list cannot hold: its values are cut to the list's range.

Functions over the lowering's `Scope`, which keeps each element and each cut made, so that `q[i]`
written twice is one variable and one cut.
"""

from __future__ import annotations

from .. import ir
from ..core.errors import Span
from ..syntax import ast
from .build import Lin, any_of, in_values, linear, negate, plain_variable
from .context import Scope, error, new_aux_name, range_text
from .products import values_of

# What an element chooses from: for each choice, the conditions on the indices and the item.
Choices = list[tuple[list[ir.Constraint], Lin]]


def index_values(scope: Scope, index: Lin, allowed: list[int], node: ast.Node, name: str) -> list[int]:
    """The values of an index over variables that fall inside `allowed` (the range of `name`); the
    index is cut to them (posted as part of the model's declarations: an index outside cannot hold)."""
    possible = values_of(scope, index, node.span)
    inside = [v for v in allowed if v in possible]
    if not inside:
        raise error(f"this index can take no value in {name}'s range {range_text(allowed)}", node)
    if len(inside) < len(possible) and (index, tuple(inside)) not in scope.cuts:
        scope.cuts.add((index, tuple(inside)))
        scope.problem.post(in_values(index, inside), node.span)
    return inside


def element(scope: Scope, choices: Choices, span: Span, symbolic: set[str]) -> Lin:
    """The item the conditions choose, as an auxiliary variable tied to each choice (the same item
    everywhere needs none). Chosen from variables of names (`symbolic`), it is one too."""
    items = {item for _, item in choices}
    if len(items) == 1:
        return items.pop()
    key = tuple((tuple(conds), item) for conds, item in choices)
    cached = scope.elements.get(key)
    if cached is not None:
        return Lin(((1, cached),))
    domain = sorted(set().union(*(values_of(scope, item, span) for item in items)))
    name = new_aux_name(scope, "element")
    scope.problem.add_var(name, tuple(domain), output=False)
    if all(plain_variable(item) in symbolic for item in items):
        symbolic.add(name)
    result = Lin(((1, name),))
    for conditions, item in choices:
        tie = linear(result.plus(item, -1), "==", 0)
        scope.problem.post(any_of([*map(negate, conditions), tie]), span)
    scope.elements[key] = name
    return result
