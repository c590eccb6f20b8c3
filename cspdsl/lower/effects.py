"""A move's effects as cases: `then small = max(0, small + large - 5), large = min(5, small + large)`
pours one jug into the other in one move, though an effect of the IR sets a variable to a linear
expression of the state before the move (`ir.sequential.Effect`).

`min`, `max`, `abs` and `if ... then ... else` in an effect's value are split into cases, each a
condition on the state before the move and a linear value (`max(0, d)`: `d` where `0 <= d`, else `0`),
and `+`, `-` and a number's multiple of them combine the cases of their sides. A move whose effects
have several cases becomes one ground move per combination of them, the move's condition joined by
the cases' conditions, all under the move's one name: the cases exclude each other, so in any state
at most one of them can be made and a plan reads, and counts, as written. Every backend of sequential
puzzles takes them so, with nothing of its own to learn.

An effect that sets a variable of names takes a name (`then peg_of[d] = q`, q one of `{left, middle,
right}`): its code, as a name is compared; or an `if ... then ... else` of names, split into cases as
above (`then turn = (if turn == white then black else white)`).
"""

from __future__ import annotations

import itertools

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin, all_of, comparison, negate
from .context import error
from .logic import Logic
from .named_values import is_named, named_lin
from .values import as_lin

# A case of a value: the conditions on the state before the move under which the value is the Lin.
Case = tuple[tuple[ir.Constraint, ...], Lin]
EXTREMES = {"min": "<=", "max": ">="}  # min(a, b) is a where a <= b, max(a, b) where a >= b


def value_cases(lowering: Logic, node: ast.Node, of_names: bool) -> list[Case]:
    """The cases of an effect's value; `of_names`: the variable it sets holds a name (a name, or an
    `if ... then ... else` of names)."""
    if isinstance(node, ast.Conditional):
        condition = lowering.cond(node.condition)
        then = value_cases(lowering, node.then, of_names)
        otherwise = value_cases(lowering, node.otherwise, of_names)
        return ([case for conds, lin in then for case in _kept(conds, condition, lin)]
                + [case for conds, lin in otherwise for case in _kept(conds, negate(condition), lin)])
    if of_names:
        return [((), _name(lowering, node))]
    if isinstance(node, ast.Call) and node.func in EXTREMES and node.args:
        return _extreme(lowering, node)
    if isinstance(node, ast.Call) and node.func == "abs" and len(node.args) == 1:
        cases = value_cases(lowering, node.args[0], False)  # abs(x) is x where x >= 0, else -x
        return [case for conds, lin in cases
                for case in [*_kept(conds, comparison(lin, ">="), lin),
                             *_kept(conds, comparison(lin, "<"), lin.times(-1))]]
    if isinstance(node, ast.BinOp) and node.op in ("+", "-") and _splits(node):
        sign = 1 if node.op == "+" else -1
        return [(left[0] + right[0], left[1].plus(right[1], sign))
                for left, right in itertools.product(value_cases(lowering, node.left, False),
                                                     value_cases(lowering, node.right, False))]
    if isinstance(node, ast.Neg) and _splits(node):
        return [(conds, lin.times(-1)) for conds, lin in value_cases(lowering, node.operand, False)]
    return [((), as_lin(lowering.eval(node), node))]


def effect_cases(
    lowering: Logic, effects: list[tuple[str, ast.Node, bool]]
) -> list[tuple[ir.Constraint, dict[str, Lin]]]:
    """Each combination of the effects' cases (`effects`: the variable set, its value, whether it holds
    a name): the cases' conditions joined, and each variable's value; combinations that cannot hold
    together (a condition FALSE) are left out."""
    per_effect = [[(var, case) for case in value_cases(lowering, node, of_names)] for var, node, of_names in effects]
    found = []
    for combination in itertools.product(*per_effect):
        condition = all_of([c for _, (conds, _) in combination for c in conds])
        if condition != ir.FALSE:
            found.append((condition, {var: lin for var, (_, lin) in combination}))
    return found


def _extreme(lowering: Logic, node: ast.Call) -> list[Case]:
    """`min(a, b, ...)` (or of one list): the first argument that is at most (at least) each other,
    as cases; ties go to the first, so the cases exclude each other."""
    args = node.args[0].items if len(node.args) == 1 and isinstance(node.args[0], ast.ListLit) else node.args
    if not args:
        raise error(f"{node.func} of nothing: the list is empty", node)
    cases = value_cases(lowering, args[0], False)
    for arg in args[1:]:
        cases = [case for left, right in itertools.product(cases, value_cases(lowering, arg, False))
                 for case in _pick(node.func, left, right)]
    return cases


def _pick(func: str, left: Case, right: Case) -> list[Case]:
    """The cases of min (max) of two: the left where it is at most (at least) the right, else the right."""
    conds = left[0] + right[0]
    diff = left[1].plus(right[1], -1)
    keep_left = comparison(diff, EXTREMES[func])
    return _kept(conds, keep_left, left[1]) + _kept(conds, negate(keep_left), right[1])


def _kept(conds: tuple[ir.Constraint, ...], condition: ir.Constraint, lin: Lin) -> list[Case]:
    """The case with one more condition; none where it is FALSE, the conditions as they were where TRUE."""
    if condition == ir.FALSE:
        return []
    return [(conds if condition == ir.TRUE else (*conds, condition), lin)]


def _splits(node: ast.Node) -> bool:
    """Whether a value has a part split into cases under it (else it is lowered as it is)."""
    if isinstance(node, ast.Call):
        return node.func in EXTREMES or node.func == "abs"
    if isinstance(node, ast.Conditional):
        return True
    if isinstance(node, ast.BinOp) and node.op in ("+", "-"):
        return _splits(node.left) or _splits(node.right)
    return isinstance(node, ast.Neg) and _splits(node.operand)


def _name(lowering: Logic, node: ast.Node) -> Lin:
    value: Any = lowering.eval(node)
    if not is_named(lowering.layout.symbolic, value):
        raise error("this variable holds a name: set it to one of its names", node)
    return named_lin(value)
