"""`A iff B`, and `if c then A else B`: a condition, or a number (or a name) chosen by a condition;
and `age 40`, a value of an attribute of numbers standing for its entity (`handles.py`).

Each lowers to kinds the IR already has, so every backend and the checker know them already: an
equivalence is `Or(And(A, B), And(not A, not B))`, a conditional condition the two implications
`Or(not c, A)` and `Or(c, B)`, and a conditional number an auxiliary variable `_if#N` tied to its two
values by the same two implications (as `abs` and elements tie theirs), posted as a declaration.
"""

from __future__ import annotations

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin, all_of, any_of, linear, negate
from .conditions import Conditions
from .context import OutsideRange, method_for, new_aux_name
from .expressions import KNOWN_CALLS
from .named_values import is_named
from .values import Attribute, Symbol


class Logic(Conditions):
    """The layer of conditionals, equivalences and handles, over the conditions and expressions below it."""

    def eval_Call(self, node: ast.Call) -> Any:
        """`age 40` (a call of an attribute) is a handle; any other call is a function's."""
        bound = self.env.names.get(node.func)
        if isinstance(bound, Attribute):
            from .handles import handle

            return handle(bound, node, self.constant_int)
        if node.func not in KNOWN_CALLS:
            from .handles import not_an_attribute, unknown_attribute

            failed = not_an_attribute(node.func, bound, node) if bound is not None else None
            failed = failed or unknown_attribute(self.env.names, node)
            if failed is not None:
                raise failed
        return super().eval_Call(node)

    def compare_values(self, node: ast.Compare, left_value: Any, right_value: Any) -> ir.Constraint:
        """A relation's sides compared, once a bare number beside it is known to be no value's."""
        self.refuse_bare_numbers(node.op, (node.left, node.right))
        return super().compare_values(node, left_value, right_value)

    def same_in_some_order(self, node: ast.Compare) -> ir.Constraint:
        """`[X, Y] same [A, B]`, once no item is a bare number that a value of an attribute is."""
        assert isinstance(node.left, ast.ListLit) and isinstance(node.right, ast.ListLit)
        self.refuse_bare_numbers("same", (*node.left.items, *node.right.items))
        return super().same_in_some_order(node)

    def refuse_bare_numbers(self, op: str, sides: tuple[ast.Node, ...]) -> None:
        """Raise if a side is a bare number that is a value of an attribute (`handles.py`, which
        loads only for a side written as a number)."""
        if self.layout.entities is not None and any(isinstance(side, (ast.Num, ast.Neg)) for side in sides):
            from .handles import refuse_bare_numbers

            refuse_bare_numbers(self.env.names, self.layout.entities, op, sides)

    def cond_Equivalence(self, node: ast.Equivalence) -> ir.Constraint:
        left, right = self.cond(node.left), self.cond(node.right)
        if right in (ir.TRUE, ir.FALSE):
            left, right = right, left
        if left == ir.TRUE:  # folded at once: `true iff B` is B, `false iff B` is not B
            return right
        if left == ir.FALSE:
            return negate(right)
        return any_of([all_of([left, right]), all_of([negate(left), negate(right)])])

    def cond_Conditional(self, node: ast.Conditional) -> ir.Constraint:
        """`if c then A else B`: c first; when it is constant, only the branch it chooses is lowered."""
        condition = self.cond(node.condition)
        if condition in (ir.TRUE, ir.FALSE):
            return self.cond(node.then if condition == ir.TRUE else node.otherwise)
        then = self.guarded(node.condition, condition, node.then)
        otherwise = self.guarded(node.condition, condition, node.otherwise)
        return all_of([any_of([negate(condition), then]), any_of([condition, otherwise])])

    def eval_Conditional(self, node: ast.Conditional) -> Any:
        """`if c then a else b` as a number: c first, and only the branch it chooses when it folds to
        a constant; else an auxiliary variable over the values of both. Either branch a condition
        makes the whole a condition (the caller, `eval_item` or `cond`, then takes it as one): that
        is found from the branches' forms, before anything is lowered."""
        for branch in (node.then, node.otherwise):
            if method_for(self, "eval_", branch) is None:
                self.eval(branch)  # "this is a condition", for the caller
        condition = self.cond(node.condition)
        if condition in (ir.TRUE, ir.FALSE):
            return self.eval(node.then if condition == ir.TRUE else node.otherwise)
        then = self.branch_value(node, condition, node.then)
        otherwise = self.branch_value(node, condition, node.otherwise)
        named = self.branch_names(node, then, otherwise)
        a, b = self.branch_lin(then, node.then), self.branch_lin(otherwise, node.otherwise)
        if a == b:
            return then
        from .products import values_of

        values = sorted(values_of(self.scope, a, node.span) | values_of(self.scope, b, node.span))
        name = new_aux_name(self.scope, "if")
        self.problem.add_var(name, tuple(values), output=False)
        chosen = Lin(((1, name),))
        self.problem.post(any_of([negate(condition), linear(chosen.plus(a, -1), "==", 0)]), node.span)
        self.problem.post(any_of([condition, linear(chosen.plus(b, -1), "==", 0)]), node.span)
        if named:
            self.layout.symbolic.add(name)  # a choice between names is a name too
        return chosen

    def branch_value(self, node: ast.Conditional, condition: ir.Constraint, branch: ast.Node) -> Any:
        """A branch's value under a condition over variables (lowered whatever the condition)."""
        try:
            return self.eval(branch)
        except OutsideRange as failed:
            raise self.unguarded(failed, node.condition, condition) from None

    def branch_names(self, node: ast.Conditional, then: Any, otherwise: Any) -> bool:
        """Whether the branches are names of a domain (both must be, or neither)."""
        named = [is_named(self.layout.symbolic, value) for value in (then, otherwise)]
        if named[0] != named[1]:
            from .context import error

            raise error("one branch is a name and the other a number", node.otherwise if named[0] else node.then,
                        "a conditional value chooses between two names or two numbers")
        return named[0]

    def branch_lin(self, value: Any, node: ast.Node) -> Lin:
        """A branch's value as a linear expression (a name as its code)."""
        if isinstance(value, Symbol):
            return Lin((), value.code)
        return self.lin(value, node)
