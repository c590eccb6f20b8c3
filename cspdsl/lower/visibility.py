"""Visibility clues, as skyscraper puzzles print them: `visible(g[r, ..]) == 3` says that three
buildings of row r are seen from its left end, a building being seen when it is taller than every
building before it; `visible(reversed(g[r, ..]))` looks from the other end.

No constraint kind of its own: "taller than every building before it" is an And of comparisons, and
the view counts them. Compared with a constant (the puzzle's clue) the view is one `Count` of those
conditions, with no new variable; anywhere else (a sum of two views, a view compared with a variable)
each building that may or may not be seen gets a 0/1 auxiliary variable that is 1 exactly when it is
seen, and the view is their sum. Every backend, the checker and the MiniZinc export take both forms
as they are.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .build import NON_STRICT, Lin, all_of, any_of, comparison, count, negate
from .calls import is_visible
from .context import error, new_aux_name
from .forms import call_compared
from .values import as_lin

HOW = "give it the buildings of a line, nearest first: visible(g[r, ..]) == 3"


def seen(lowering: Any, call: ast.Call) -> list[ir.Constraint]:
    """For each building of the list, nearest first, the condition that it is seen: it is taller
    than each one before it (the first is always seen)."""
    if len(call.args) != 1:
        raise error("visible takes one list: the buildings of a line, nearest first", call, HOW)
    items = lowering.call_list(call)
    if not items:
        raise error("visible(...) of nothing: the list is empty", call, HOW)
    pairs = len(items) * (len(items) - 1) // 2
    lowering.sizes.add_pairs(pairs, f"this view compares {pairs} pairs of buildings", call.span)
    heights = [lowering.lin(item, call.args[0]) for item in items]
    return [all_of([comparison(height.plus(before, -1), ">") for before in heights[:i]])
            for i, height in enumerate(heights)]


def visible_comparison(lowering: Any, node: ast.Compare) -> ir.Constraint | None:
    """`visible(list) op k`: with k a constant, one Count of the buildings seen; with k an expression,
    the view as a number compared with it; None when neither side is a view (or for a relation)."""
    return view_comparison(lowering, node, is_visible, seen, "visible")


def visible_value(lowering: Any, call: ast.Call) -> Lin | int:
    """The number of buildings seen, as a number."""
    return counted(lowering, seen(lowering, call), call, "visible")


def view_comparison(lowering: Any, node: ast.Compare, is_view: Callable[[ast.Node], bool],
                    conditions_of: Callable[[Any, ast.Call], list[ir.Constraint]], stem: str) -> ir.Constraint | None:
    """A view (a call that counts the conditions `conditions_of` gives: `visible`, `seen`) compared:
    with a constant, one Count of those conditions; with an expression, the view as a number
    (`counted`, its flags named from `stem`) compared with it; None when neither side is a view."""
    compared = call_compared(node, is_view)
    if compared is None:
        return None
    call, other, op = compared
    k = lowering.eval(other)
    if isinstance(k, bool) or not isinstance(k, int):
        view = as_lin(counted(lowering, conditions_of(lowering, call), call, stem), call)
        return comparison(view.plus(as_lin(k, other), -1), op)
    op, shift = NON_STRICT.get(op, (op, 0))  # a Count takes no strict comparison
    return count(conditions_of(lowering, call), op, k + shift)


def counted(lowering: Any, conditions: list[ir.Constraint], call: ast.Call, stem: str) -> Lin | int:
    """How many of the conditions hold, as a number: a 0/1 auxiliary variable for each that may or
    may not hold, 1 exactly when it does, added up (the ones that hold for certain as a constant)."""
    total = Lin()
    for condition in conditions:
        if condition == ir.TRUE:
            total = total.plus(Lin((), 1))
        elif condition != ir.FALSE:
            total = total.plus(Lin(((1, _flag(lowering, condition, call, stem)),)))
    return total if total.terms else total.const


def _flag(lowering: Any, condition: ir.Constraint, call: ast.Call, stem: str) -> str:
    """A 0/1 auxiliary variable tied to a condition both ways: 1 if and only if it holds."""
    name: str = new_aux_name(lowering.scope, stem)
    lowering.problem.add_var(name, (0, 1), output=False)
    flag = ir.InSet(name, (1,))
    for clause in (any_of([negate(flag), condition]), any_of([flag, negate(condition)])):
        lowering.problem.post(clause, call.span, lowering.instance)
    return name
