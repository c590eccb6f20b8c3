"""The deepest nesting a model may have, checked once, right after parsing.

The parser takes any depth (it keeps its own stack), but lowering, the IR walks, the checker and the
backends recurse over what a clue nests: a few hundred levels would use up Python's stack, a
RecursionError reported as a bug. No puzzle nests anywhere near `MAX_NESTING` levels, and every later
pass stays well inside Python's default recursion limit at that depth (tests/test_errors.py runs each
nesting shape at the limit through every backend), so a deeper model is refused here, at the construct
that goes too deep, as Python refuses too many nested parentheses. docs/guarantees.md states the limit.

What counts as a level: each construct inside another one (an operand, an argument, a list item, the
body of a `forall` or an `if`), and each name a quantifier binds (`forall i in A, j in B` is two
loops, one inside the other). A chain of one operator written out (`a + b - c ...`, `p and q and r
...`) is one level however long: lowering walks such a chain in a loop and builds a flat sum or
conjunction of it. Names and numbers, which hold nothing, add none.
"""

from __future__ import annotations

from ..core.errors import CspdslError, Span
from . import ast

# The deepest a construct may sit in a statement, counted as above.
MAX_NESTING = 100


def check_nesting(model: ast.Model) -> None:
    """Raise a located CspdslError at the first construct (reading left to right) that sits more than
    `MAX_NESTING` levels deep. The walk is a loop over an explicit stack: it takes any depth. It runs on
    every model, over every node, so the usual node, whose parts each sit one level in, takes a short
    way (`_parts`); names and numbers, which hold nothing, are not put on the stack."""
    leaves = _LEAVES
    stack: list[tuple[ast.Node, int]] = [(statement, 0) for statement in reversed(model.statements)]
    while stack:
        node, depth = stack.pop()
        kind = type(node)
        if kind in _STEPPED:
            children = _children(node)
            if children and depth > MAX_NESTING:
                raise _too_deep(node)
            stack.extend((child, depth + step) for child, step in reversed(children) if type(child) not in leaves)
            continue
        parts = _parts(node, _FIELDS.get(kind) or _node_fields(kind))
        if parts and depth > MAX_NESTING:
            raise _too_deep(node)
        inner = depth + 1
        stack.extend([(part, inner) for part in reversed(parts) if type(part) not in leaves])


def _too_deep(node: ast.Node) -> CspdslError:
    return CspdslError(
        f"this is nested more than {MAX_NESTING} levels deep",
        _opening(node),
        f"cspdsl reads at most {MAX_NESTING} levels of nesting; write the clue in simpler parts",
    )


_LEAVES = {ast.Num, ast.Bool, ast.Str, ast.Name}  # they hold no other node
# The nodes whose parts sit at other depths than one level in (see `_step`).
_STEPPED = {ast.BinOp, ast.BoolOp, ast.Forall, ast.Comprehension, ast.Binders, ast.Binder}


def _parts(node: ast.Node, fields: tuple[str, ...]) -> list[ast.Node]:
    """The nodes inside `node`, in order: those of its fields and of the tuples in them."""
    found: list[ast.Node] = []
    for name in fields:
        value = getattr(node, name)
        if isinstance(value, ast.Node):
            found.append(value)
        elif isinstance(value, tuple):
            found += [item for item in value if isinstance(item, ast.Node)]
    return found


def _children(node: ast.Node) -> list[tuple[ast.Node, int]]:
    """The nodes inside `node`, each with how many levels deeper it sits."""
    found = []
    for name in _node_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, ast.Node):
            found.append((value, _step(node, name, value)))
        elif isinstance(value, tuple):
            step = isinstance(node, ast.Binders)  # the i-th binder is i levels in, other items 1
            found += [(item, index if step else 1) for index, item in enumerate(value) if isinstance(item, ast.Node)]
    return found


# The fields that never hold a node, by their declared types: the walk does not look at them.
_PLAIN = {"Span", "str", "int", "bool", "int | None", "tuple[str, ...]", "tuple[int, ...]", "tuple[Span, ...]"}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _node_fields(cls: type) -> tuple[str, ...]:
    """The fields of a node class that may hold nodes, found once a class (a model has a few
    hundred thousand nodes of a few dozen classes)."""
    fields = _FIELDS.get(cls)
    if fields is None:
        declared = {name: kind for klass in reversed(cls.__mro__) for name, kind in
                    klass.__dict__.get("__annotations__", {}).items()}  # noqa: RUF063 (as record.py reads them)
        fields = _FIELDS[cls] = tuple(name for name in cls._fields if declared.get(name) not in _PLAIN)  # type: ignore[attr-defined]
    return fields


def _step(node: ast.Node, name: str, child: ast.Node) -> int:
    """1, but 0 along a chain of one operator, and for a quantifier's head: its binders (the i-th one
    i levels in), their sources and its `where` sit at the quantifier's own level, its body one level
    past its last binder."""
    if name == "left" and isinstance(node, ast.BinOp) and isinstance(child, ast.BinOp):
        return 0
    if name == "left" and isinstance(node, ast.BoolOp) and isinstance(child, ast.BoolOp):
        return 0 if child.op == node.op else 1
    if isinstance(node, (ast.Forall, ast.Comprehension)):
        return len(node.binders.binders) if name == "body" else 0
    if isinstance(node, ast.Binders):  # its `where`: tested inside the last binder's loop
        return len(node.binders) - 1
    return 0 if isinstance(node, ast.Binder) else 1


def _opening(node: ast.Node) -> Span:
    """Where the construct opens: its operator for a comparison, else its first word (`abs`, `not`,
    `forall`) or first character (`[`, `-`, `(`)."""
    if isinstance(node, ast.Compare):
        return node.op_span
    span = node.span
    text = span.text
    width = 1
    if text[:1].isalpha() or text[:1] == "_":
        while width < len(text) and (text[width].isalnum() or text[width] == "_"):
            width += 1
    return Span(span.source, span.line, span.column, span.line, span.column + width)
