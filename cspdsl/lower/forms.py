"""What a node's form says before it is lowered: the call names with a meaning of their own, a chain
of one operator read as a list (`left_spine`), and a comparison with abs(...) on one side. Both the
generic lowering (`expressions.py`, `conditions.py`) and the compiled quantifier bodies (`compiled.py`,
`bodies.py`) read forms so; this module sits below both, so neither imports the other for them."""

from __future__ import annotations

from collections.abc import Callable

from ..core.static_types import TypeVar
from ..syntax import ast

ABS_FUNCTIONS = ("abs", "distance")
SUM_CALLS = {"sum_equals": "==", "sum_at_most": "<=", "sum_at_least": ">="}
CONDITION_CALLS = ("alldifferent", "all_different", *SUM_CALLS)
VALUE_CALLS = ("sum", "product", "abs", "distance", "len", "min", "max", "number")

# A comparison read from its other side: `a < b` is `b > a`.
MIRROR = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}

_Chain = TypeVar("_Chain", ast.BinOp, ast.BoolOp)


def left_spine(node: _Chain, kind: type[_Chain], op: str | None = None) -> list[_Chain]:
    """`node` and the operators of its kind (and `op`, if given) down its left sides: `a + b + c` is
    ((a + b) + c), and a chain written out (a sum of a thousand terms) is walked as a loop over this,
    not a recursion."""
    spine = [node]
    while isinstance(spine[-1].left, kind) and op in (None, spine[-1].left.op):
        spine.append(spine[-1].left)
    return spine


def abs_call_compared(node: ast.Compare) -> tuple[ast.Call, ast.Node, str] | None:
    """For `abs(e) op x` or `x op abs(e)` (or distance): the call, x, and op read from the call's side."""
    if node.op not in MIRROR:
        return None
    left, right, op = node.left, node.right, node.op
    if isinstance(right, ast.Call) and right.func in ABS_FUNCTIONS:
        left, right, op = right, left, MIRROR[op]
    if isinstance(left, ast.Call) and left.func in ABS_FUNCTIONS:
        return left, right, op
    return None


def call_compared(node: ast.Compare, is_call: Callable[[ast.Node], bool]) -> tuple[ast.Call, ast.Node, str] | None:
    """For `call op x` or `x op call`, a call that `is_call` tells (`visible(...)`, `area_size(...)`): the
    call, x, and op read from the call's side; None for a relation or with no such call."""
    if node.op not in MIRROR:
        return None
    left, right, op = node.left, node.right, node.op
    if is_call(right) and not is_call(left):
        left, right, op = right, left, MIRROR[op]
    if not is_call(left):
        return None
    assert isinstance(left, ast.Call)
    return left, right, op
