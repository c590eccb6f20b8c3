"""Expressions compiled once into closures, for the bodies of quantifiers (`bodies.py`).

The generic lowering walks a clue's syntax tree and dispatches on each node's type every time it is
lowered; a `forall` lowers its body once for every combination of its names, so 200 queens walk the
same `abs(q[i] - q[j]) != j - i` 19,900 times. Here an expression is turned once into a closure over
the names bound at the time (`names`, the environment's dict), which computes the same value through
the same helpers (`as_lin`, `check_lin`, `Lin.total`, the lowering's own checks) without the walk.

A closure handles the common cases only and has no side effect: wherever the generic lowering would
do something else (make an auxiliary variable, take a slice, report an error, meet a value of an
unexpected kind) it raises `Fallback`, and the caller lowers that combination the generic way, which
then gives the same result or the same error at the same place. A node kind it does not know makes
the compile give None, and the whole body is lowered the generic way.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.static_types import Any
from ..syntax import ast
from .build import Lin
from .context import MAX_DOMAIN, MAX_INT, AttributeValue, KeyValue, Param
from .forms import ABS_FUNCTIONS, left_spine
from .named_values import refuse_arithmetic, refuse_order
from .values import Array, as_lin, as_list, check_lin

Names = dict[str, Any]
Value = Callable[[Names], Any]
_ABSENT = object()


class Fallback(Exception):
    """A compiled closure met a case it leaves to the generic lowering (a signal, not an error)."""


class ValueCompiler:
    """Compiles expressions into closures that give what `Expressions.eval` gives, or raise Fallback."""

    def __init__(self, lowering: Any) -> None:
        self.lowering = lowering

    def value(self, node: ast.Node) -> Value | None:
        """The closure of an expression, or None for a kind of node left to the generic lowering."""
        maker = getattr(self, f"value_{type(node).__name__}", None)
        result: Value | None = maker(node) if maker is not None else None
        return result

    def number(self, node: ast.Node) -> Callable[[Names], Lin] | None:
        """The closure of an expression read as a number (`Expressions.lin`)."""
        value = self.value(node)
        if value is None:
            return None

        def number(names: Names) -> Lin:
            found = value(names)
            return found if type(found) is Lin else as_lin(found, node)

        return number

    def value_Num(self, node: ast.Num) -> Value | None:
        constant = node.value
        return None if abs(constant) > MAX_INT else lambda names: constant

    def value_Name(self, node: ast.Name) -> Value:
        return _resolver(node.name)

    def value_Str(self, node: ast.Str) -> Value:
        return _resolver(node.value)

    def value_Neg(self, node: ast.Neg) -> Value | None:
        operand = self.value(node.operand)
        if operand is None:
            return None

        def negative(names: Names) -> Any:
            value = operand(names)
            if isinstance(value, int):
                return -value
            return as_lin(value, node.operand).times(-1)

        return negative

    def value_BinOp(self, node: ast.BinOp) -> Value | None:
        """A chain `a + b - c ...`, run as `Expressions.eval_BinOp` runs it."""
        spine = left_spine(node, ast.BinOp)
        first = self.value(spine[-1].left)
        steps = [(step, self.value(step.right)) for step in reversed(spine)]
        if first is None or any(right is None for _, right in steps):
            return None
        operate = self.operator
        if len(steps) == 1:
            return self.binary(node, first, steps[0][1])  # type: ignore[arg-type]  # not None (checked above)

        def chain(names: Names) -> Any:
            value = first(names)
            run: list[Lin] = []
            for step, right_of in steps:
                right = right_of(names)  # type: ignore[misc]  # none is None (checked above)
                if step.op in ("+", "-") and isinstance(value, Lin) and isinstance(right, (Lin, int)):
                    term = as_lin(right, step.right)
                    run.append(term if step.op == "+" else term.times(-1))
                    continue
                if run:
                    value, run = check_lin(Lin.total([value, *run]), step.left), []
                value = operate(step, value, right)
            return check_lin(Lin.total([value, *run]), node) if run else value

        return chain

    def binary(self, node: ast.BinOp, left_of: Value, right_of: Value) -> Value:
        """`a + b`, `a - b`, `a * b`, ...: a chain of one step, without the loop."""
        operate, adds = self.operator, node.op in ("+", "-")
        sign = 1 if node.op == "+" else -1

        def binary(names: Names) -> Any:
            value, right = left_of(names), right_of(names)
            if adds and isinstance(value, Lin) and isinstance(right, (Lin, int)):
                return check_lin(value.plus(as_lin(right, node.right), sign), node)
            return operate(node, value, right)

        return binary

    def operator(self, node: ast.BinOp, left: Any, right: Any) -> Any:
        """One operator, as `Expressions.binop`, but for those that would make an auxiliary variable
        (a product of variables, a quotient or remainder over variables)."""
        if type(left) is int and type(right) is int and node.op in ("+", "-", "*"):
            result = left + right if node.op == "+" else left - right if node.op == "-" else left * right
            if abs(result) > MAX_INT:
                raise Fallback
            return result
        if node.op in ("*", "//", "%") and not (isinstance(left, int) and isinstance(right, int)):
            if node.op != "*":
                raise Fallback
            if as_lin(left, node.left).terms and as_lin(right, node.right).terms:
                raise Fallback
        return self.lowering.binop(node, left, right)

    def value_Index(self, node: ast.Index) -> Value | None:
        """A cell of an array at constant indices, or an item of a list; slices and indices over
        variables are left to the generic lowering."""
        target_of = self.value(node.target)
        if target_of is None or any(isinstance(index, ast.WholeRange) for index in node.indices):
            return None
        compiled = [self.value(index) for index in node.indices]
        if any(index is None for index in compiled):
            return None
        indices_of: list[Value] = [index for index in compiled if index is not None]
        if len(indices_of) == 1:
            return _item_at_one(target_of, indices_of[0], _name_of(node.target), _name_of(node.indices[0]))
        dimensions = len(indices_of)

        def item(names: Names) -> Any:
            target = target_of(names)
            indices = tuple(index(names) for index in indices_of)
            for index in indices:
                if type(index) is not int:
                    raise Fallback
            if isinstance(target, Array) and len(target.ranges) == dimensions:
                cell = target.cells.get(indices)
                if cell is not None:
                    return Lin(((1, cell),))
            raise Fallback

        return item

    def value_Range(self, node: ast.Range) -> Value | None:
        """`lo..hi` of numbers, as `Expressions.eval_Range`."""
        lo_of, hi_of = self.value(node.lo), self.value(node.hi)
        if lo_of is None or hi_of is None:
            return None

        def span(names: Names) -> range:
            lo, hi = lo_of(names), hi_of(names)
            if type(lo) is not int or type(hi) is not int or hi - lo + 1 > MAX_DOMAIN:
                raise Fallback
            return range(lo, hi + 1)

        return span

    def value_SetLit(self, node: ast.SetLit) -> Value | None:
        """`{a, b, c}` of numbers, as `Symbols.eval_SetLit` (a set of names is left to it)."""
        compiled = [self.value(item) for item in node.items]
        if any(item is None for item in compiled):
            return None
        items: list[Value] = [item for item in compiled if item is not None]

        def numbers(names: Names) -> frozenset[int]:
            values = [item(names) for item in items]
            for value in values:
                if type(value) is not int:
                    raise Fallback
            return frozenset(values)

        return numbers

    def value_Call(self, node: ast.Call) -> Value | None:
        if node.func in ABS_FUNCTIONS:
            argument = self.abs_argument(node)
            if argument is None:
                return None

            def absolute(names: Names) -> int:
                inner = argument(names)
                if inner.terms:  # |x| of variables: an auxiliary variable
                    raise Fallback
                return abs(inner.const)

            return absolute
        if node.func == "sum" and len(node.args) == 1:
            return self.sum_of(node)
        return None

    def sum_of(self, node: ast.Call) -> Value | None:
        """`sum(list)`, as `Expressions.call_sum`."""
        listed = self.value(node.args[0])
        if listed is None:
            return None

        def total(names: Names) -> Lin | int:
            items = as_list(listed(names), node.args[0])
            if items and isinstance(items[0], list):
                raise Fallback
            lin = Lin.total(as_lin(item, node) for item in items)
            return lin if lin.terms else lin.const

        return total

    def abs_argument(self, call: ast.Call) -> Callable[[Names], Lin] | None:
        """What `abs(e)` or `distance(a, b)` measures, checked as `Expressions.abs_argument` checks it."""
        parts = [self.number(arg) for arg in call.args]
        if len(parts) != (1 if call.func == "abs" else 2) or any(part is None for part in parts):
            return None
        first, second = parts[0], parts[-1]
        assert first is not None and second is not None
        lowering = self.lowering

        def argument(names: Names) -> Lin:
            inner = first(names) if len(parts) == 1 else first(names).plus(second(names), -1)
            refuse_arithmetic(lowering.layout.symbolic, inner, call, alone=False)
            refuse_order(lowering.layout.entities, call.func, call.func_span, [inner])
            return inner

        return argument


def _item_at_one(target_of: Value, index_of: Value, target_name: str, index_name: str) -> Value:
    """`a[i]`: a cell of a 1-D array, or the i-th item of a list (the common case, made short: a
    target or index written as a name is read from `names` here when it is an array or a number)."""

    def item(names: Names) -> Any:
        target = names.get(target_name)
        if type(target) is not Array:
            target = target_of(names)
        index = names.get(index_name)
        index = index.value if type(index) is Param else index_of(names)
        if type(index) is not int:
            raise Fallback
        if isinstance(target, Array):
            cell = target.cells.get((index,)) if len(target.ranges) == 1 else None
            if cell is None:
                raise Fallback
            return Lin(((1, cell),))
        if isinstance(target, list) and 1 <= index <= len(target):
            return target[index - 1]
        raise Fallback

    return item


def _name_of(node: ast.Node) -> str:
    """The name a node writes, if it is a name ('' otherwise: no name is '')."""
    return node.name if isinstance(node, ast.Name) else ""


def _resolver(name: str) -> Value:
    """A name's value as `Expressions.resolve` gives it, read in the names bound when it is called."""

    def resolve(names: Names) -> Any:
        found = names.get(name, _ABSENT)
        if type(found) is Param or isinstance(found, Param):
            return found.value
        if found is _ABSENT:
            raise Fallback
        if isinstance(found, AttributeValue):
            return Lin(((1, found.var),))
        if isinstance(found, KeyValue):
            return found.position
        return found

    return resolve
