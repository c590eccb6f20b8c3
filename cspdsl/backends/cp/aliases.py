"""Auxiliary variables that are another variable shifted, posted as views of it.

Lowering names each expression of a list, such as `q[i] + i` in `alldifferent([q[i] + i for i in
1..n])`, by an auxiliary variable tied by an equality (`_expr#1 - q[1] == 1`). Posted as a variable
of its own, the equality propagates bounds only: a value the all-different takes from the auxiliary
variable stays in q[1]'s domain, and the search chooses its variables on domains that tell less. The
CP solver has the shifted variable itself, `q[1] + 1`, as a view that shares q[1]'s domain: the
auxiliary variable becomes that view, and the equality is left out (it holds by construction).

Only a variable that is not one of the model's own is replaced, by one equality of the form
`x - y == d` (coefficients 1 and -1), never by itself through a chain of such equalities.
"""

from __future__ import annotations

from ...core.record import Record
from ...ir import Linear, Problem


class Alias(Record):
    """`name == base + offset`, defined by the top-level constraint at `index`."""

    name: str
    base: str
    offset: int
    index: int


def aliases(problem: Problem) -> dict[str, Alias]:
    """The auxiliary variables that are views of another variable, by name, each resolved to a
    variable that is no alias itself."""
    own = set(problem.outputs)
    found: dict[str, Alias] = {}
    bases: set[str] = set()
    for index, posted in enumerate(problem.constraints):
        c = posted.constraint
        if not isinstance(c, Linear) or c.op != "==" or len(c.terms) != 2:
            continue
        (a, x), (b, y) = c.terms
        if a * b != -1 or x == y:
            continue
        for coef, name, other in ((a, x, y), (b, y, x)):
            if name in own or name in found or name in bases:
                continue
            base = found[other].base if other in found else other
            if base == name:
                continue
            offset = coef * c.rhs + (found[other].offset if other in found else 0)
            found[name] = Alias(name, base, offset, index)
            bases.add(base)
            break
    return found

