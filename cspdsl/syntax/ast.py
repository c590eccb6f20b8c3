"""The AST of a .puz model: frozen dataclasses, each with the source span it came from.

Expressions and conditions share one set of nodes (the grammar does not tell them apart); lowering
decides from context whether a node is a number, a list, a set or a condition, and says so when it
is the wrong one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Span


@dataclass(frozen=True)
class Node:
    span: Span = field(compare=False, repr=False)


# ---- expressions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Num(Node):
    value: int


@dataclass(frozen=True)
class Bool(Node):
    value: bool


@dataclass(frozen=True)
class Str(Node):
    """A quoted name, such as a value with spaces ("root beer")."""

    value: str


@dataclass(frozen=True)
class Name(Node):
    name: str


@dataclass(frozen=True)
class Index(Node):
    target: Node
    indices: tuple[Node, ...]


@dataclass(frozen=True)
class Member(Node):
    """`target.name`: a named group of a grid or board (cell.rows) or a board cell (hex.a)."""

    target: Node
    name: str
    name_span: Span = field(compare=False, repr=False)


@dataclass(frozen=True)
class Call(Node):
    func: str
    args: tuple[Node, ...]
    func_span: Span = field(compare=False, repr=False)


@dataclass(frozen=True)
class ListLit(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True)
class SetLit(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Range(Node):
    lo: Node
    hi: Node


@dataclass(frozen=True)
class Binder(Node):
    name: str
    source: Node


@dataclass(frozen=True)
class Binders(Node):
    binders: tuple[Binder, ...]
    where: Node | None


@dataclass(frozen=True)
class Comprehension(Node):
    body: Node
    binders: Binders


@dataclass(frozen=True)
class BinOp(Node):
    """Arithmetic: + - * // %."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Neg(Node):
    operand: Node


@dataclass(frozen=True)
class Compare(Node):
    """A comparison (== != < <= > >=) or a relation between positions (same, next_to, at, ...)."""

    op: str
    left: Node
    right: Node
    op_span: Span = field(compare=False, repr=False)


@dataclass(frozen=True)
class Membership(Node):
    element: Node
    collection: Node
    negated: bool


@dataclass(frozen=True)
class CountOf(Node):
    """exactly / at_least / at_most k of [conditions]."""

    word: str
    k: Node
    conditions: Node


@dataclass(frozen=True)
class BoolOp(Node):
    op: str  # "and" | "or"
    left: Node
    right: Node


@dataclass(frozen=True)
class NotOp(Node):
    operand: Node


@dataclass(frozen=True)
class Either(Node):
    """either A or B: exactly one of the two holds."""

    left: Node
    right: Node


@dataclass(frozen=True)
class Implication(Node):
    condition: Node
    consequence: Node


@dataclass(frozen=True)
class Forall(Node):
    binders: Binders
    body: Node


# ---- statements --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PuzzleDecl(Node):
    title: str


@dataclass(frozen=True)
class ParamDecl(Node):
    name: str
    value: Node


@dataclass(frozen=True)
class LetDecl(Node):
    name: str
    value: Node


@dataclass(frozen=True)
class PositionsDecl(Node):
    name: str
    positions: Node


@dataclass(frozen=True)
class AttributeDecl(Node):
    name: str
    values: tuple[Name | Str, ...]


@dataclass(frozen=True)
class VarDecl(Node):
    name: str
    dims: tuple[Node, ...]
    domain: Node | None  # None: bool


@dataclass(frozen=True)
class Block(Node):
    """A triple-quoted block of text (a board drawing or a grid literal); span covers the quotes."""

    text: str


@dataclass(frozen=True)
class BoardDecl(Node):
    name: str
    domain: Node | None
    drawing: Block


@dataclass(frozen=True)
class Piece(Node):
    alternatives: tuple[int, ...]
    copies: int


@dataclass(frozen=True)
class PiecesDecl(Node):
    name: str
    pieces: tuple[Piece, ...]


@dataclass(frozen=True)
class GivenDecl(Node):
    name: str
    name_span: Span = field(compare=False, repr=False)
    grid: Block = field(compare=False, repr=False)


@dataclass(frozen=True)
class PlaceDecl(Node):
    pieces: str
    target: str
    pieces_span: Span = field(compare=False, repr=False)
    target_span: Span = field(compare=False, repr=False)


@dataclass(frozen=True)
class QuestionDecl(Node):
    question: Str
    answer: Str


@dataclass(frozen=True)
class ConstraintStmt(Node):
    condition: Node


@dataclass(frozen=True)
class Model:
    """A parsed model: its statements in source order."""

    statements: tuple[Node, ...]
