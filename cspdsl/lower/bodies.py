"""The bodies of quantifiers compiled once, then applied to each combination of their names.

`forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i` lowers its body for every combination:
the generic lowering walks the body's tree and dispatches on every node each time, about a quarter
of a millisecond a combination, minutes for the half a million combinations of 1,000 queens. Here a
body is compiled once (per `forall` node, cached for the whole lowering) into a closure per part
(`compiled.py` for the expressions), and each combination only runs the closures.

A body's closures build the same constraints through the same helpers (`build.py`, and the lowering's
own `compare_values` and `abs_sides`), so the IR is the same constraint for constraint. Where a
closure cannot say (`Fallback`), or where lowering would report an error, that combination is lowered
the generic way, which makes the same constraint or reports the error at the same place: closures have
no side effect, so nothing is left half-made. A body with a part no closure covers (a nested
quantifier, a list, a count, alldifferent, ...) is lowered the generic way throughout.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import ir
from ..core.errors import CspdslError
from ..core.static_types import Any
from ..syntax import ast
from .build import all_of, any_of, count, negate
from .calls import AREA_CALLS, GRAPH_CALLS, is_runs_clue, is_visible
from .compiled import Fallback, Names, ValueCompiler
from .forms import abs_call_compared, left_spine
from .sizes import Sizes

Condition = Callable[[Names], ir.Constraint]
Parts = Callable[[Names], list[ir.Constraint]]
_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")


class BodyCompiler(ValueCompiler):
    """Compiles conditions, and a clue's top level (its conjunction's parts), into closures."""

    def top(self, node: ast.Node) -> Parts | None:
        """The constraints `Conditions.top_conditions` makes of a node, as one closure; None if a
        part of it is left to the generic lowering."""
        if isinstance(node, ast.BoolOp) and node.op == "and":
            spine = left_spine(node, ast.BoolOp, "and")
            parts = [self.top(spine[-1].left), *(self.top(step.right) for step in reversed(spine))]
            if any(part is None for part in parts):
                return None
            compiled: list[Parts] = [part for part in parts if part is not None]
            return lambda names: [made for part in compiled for made in part(names)]
        if isinstance(node, ast.Forall) or is_runs_clue(node) or (
            isinstance(node, ast.Call) and node.func in ("alldifferent", "all_different", *AREA_CALLS, *GRAPH_CALLS)
        ):
            return None
        condition = self.condition(node)
        return None if condition is None else lambda names: [condition(names)]

    def condition(self, node: ast.Node) -> Condition | None:
        """The closure of a condition (`Conditions.cond`), or None for a kind left to the generic way."""
        maker = getattr(self, f"condition_{type(node).__name__}", None)
        if maker is not None:
            result: Condition | None = maker(node)
            return result
        if hasattr(self.lowering, f"cond_{type(node).__name__}"):
            return None  # a kind of condition with its own lowering, not compiled here
        value = self.value(node)
        return None if value is None else self.value_as_condition(value)

    def value_as_condition(self, value_of: Callable[[Names], Any]) -> Condition:
        """A value that is already a condition, or a bool variable (true when it is 1)."""
        lowering = self.lowering

        def as_condition(names: Names) -> ir.Constraint:
            value = value_of(names)
            if isinstance(value, ir.KINDS):
                return value
            truth: ir.Constraint | None = lowering.bool_truth(value)
            if truth is None:
                raise Fallback
            return truth

        return as_condition

    def item(self, node: ast.Node) -> Callable[[Names], Any] | None:
        """An item of a list, as `Expressions.eval_item`: a value, or else (a node that has no value,
        such as a comparison) a condition."""
        if hasattr(self.lowering, f"eval_{type(node).__name__}"):
            return self.value(node)
        return self.condition(node)

    def value_ListLit(self, node: ast.ListLit) -> Callable[[Names], list[Any]] | None:
        compiled = [self.item(item) for item in node.items]
        if any(item is None for item in compiled):
            return None
        items: list[Callable[[Names], Any]] = [item for item in compiled if item is not None]
        return lambda names: [item(names) for item in items]

    def condition_CountOf(self, node: ast.CountOf) -> Condition | None:
        """`exactly k of [...]` (at_least, at_most) of a list written out, as `Conditions.cond_CountOf`."""
        k_of, listed = self.value(node.k), self.value(node.conditions)
        if k_of is None or listed is None or not isinstance(node.conditions, ast.ListLit):
            return None
        op = {"exactly": "==", "at_least": ">=", "at_most": "<="}[node.word]
        as_condition, conditions = self.lowering.as_condition, node.conditions

        def counted(names: Names) -> ir.Constraint:
            k = k_of(names)
            if type(k) is not int:
                raise Fallback
            return count([as_condition(item, conditions) for item in listed(names)], op, k)

        return counted

    def condition_Membership(self, node: ast.Membership) -> Condition | None:
        """`x in {...}`, `x not in 1..n`, as `Conditions.cond_Membership`."""
        element_of, collection_of = self.value(node.element), self.value(node.collection)
        if element_of is None or collection_of is None:
            return None
        membership = self.lowering.membership
        return lambda names: membership(node, element_of(names), collection_of(names))

    def condition_Bool(self, node: ast.Bool) -> Condition:
        constant = ir.TRUE if node.value else ir.FALSE
        return lambda names: constant

    def condition_BoolOp(self, node: ast.BoolOp) -> Condition | None:
        spine = left_spine(node, ast.BoolOp)
        first = self.condition(spine[-1].left)
        steps = [(step.op == "and", self.condition(step.right)) for step in reversed(spine)]
        if first is None or any(right is None for _, right in steps):
            return None

        def joined(names: Names) -> ir.Constraint:
            value = first(names)
            for both, right_of in steps:
                if value == (ir.FALSE if both else ir.TRUE):
                    continue  # decided by its left side: the right one is not lowered (`Conditions.joined`)
                right = right_of(names)  # type: ignore[misc]  # none is None (checked above)
                value = all_of([value, right]) if both else any_of([value, right])
            return value

        return joined

    def condition_NotOp(self, node: ast.NotOp) -> Condition | None:
        operand = self.condition(node.operand)
        return None if operand is None else lambda names: negate(operand(names))

    def condition_Implication(self, node: ast.Implication) -> Condition | None:
        condition, consequence = self.condition(node.condition), self.condition(node.consequence)
        if condition is None or consequence is None:
            return None

        def implied(names: Names) -> ir.Constraint:
            guard = condition(names)
            return ir.TRUE if guard == ir.FALSE else any_of([negate(guard), consequence(names)])

        return implied

    def condition_Either(self, node: ast.Either) -> Condition | None:
        options = [self.condition(option) for option in node.options]
        if any(option is None for option in options):
            return None
        compiled: list[Condition] = [option for option in options if option is not None]
        return lambda names: count([option(names) for option in compiled], "==", 1)

    def condition_Compare(self, node: ast.Compare) -> Condition | None:
        """A comparison as `Conditions.cond_Compare` makes it: `abs(e) op k` without an auxiliary, or
        both sides' values compared; positions (`at`), lists paired up and views are not compiled."""
        if node.op == "at" or (node.op == "same" and isinstance(node.left, ast.ListLit)
                               and isinstance(node.right, ast.ListLit)):
            return None
        if node.op in _COMPARISONS and (is_visible(node.left) or is_visible(node.right)):
            return None
        left, right = self.value(node.left), self.value(node.right)
        if left is None or right is None:
            return None
        lowering = self.lowering
        absolute = self.abs_compared(node)

        def compared(names: Names) -> ir.Constraint:
            if absolute is not None:
                return absolute(names)
            made: ir.Constraint = lowering.compare_values(node, left(names), right(names))
            return made

        return compared

    def abs_compared(self, node: ast.Compare) -> Condition | None:
        """`abs(e) op k` (or `distance`) with k a number: `Conditions.abs_comparison`; a k that is no
        number is left to the generic lowering."""
        found = abs_call_compared(node)
        if found is None:
            return None
        call, other, op = found
        argument, other_of = self.abs_argument(call), self.value(other)
        if argument is None or other_of is None:
            return None
        lowering = self.lowering

        def absolute(names: Names) -> ir.Constraint:
            k = other_of(names)
            if not isinstance(k, int):
                raise Fallback
            made: ir.Constraint = lowering.abs_sides(argument(names), op, k)
            return made

        return absolute


def run_plan(plan: Parts, names: Names, sizes: Sizes) -> list[ir.Constraint] | None:
    """A body's constraints for the names bound now, or None where the generic lowering must say
    (what the plan counted of the model's sizes then taken back: the generic lowering counts it)."""
    counted = sizes.counts()
    try:
        return plan(names)
    except (Fallback, CspdslError):
        sizes.take_back_to(counted)
        return None
