"""The AST of a .puz model: immutable records (`cspdsl.core.record`), each with the source span it came from.

Expressions and conditions share one set of nodes (the grammar does not tell them apart); lowering
decides from context whether a node is a number, a list, a set or a condition, and says so when it
is the wrong one.
"""

from __future__ import annotations

from ..core.errors import Span
from ..core.record import Record, field


class Node(Record):
    span: Span = field(compare=False, repr=False)


# ---- expressions -------------------------------------------------------------------------------


class Num(Node):
    value: int


class Bool(Node):
    value: bool


class Str(Node):
    """A quoted name, such as a value with spaces ("root beer")."""

    value: str


class Name(Node):
    name: str


class Index(Node):
    """`target[i, j]`: each index a number (a constant, or an expression over variables), a slice
    `lo..hi` (a `Range`) or `..` (a `WholeRange`)."""

    target: Node
    indices: tuple[Node, ...]


class WholeRange(Node):
    """`..` as an index: the whole of that dimension (`g[r, ..]` is row r)."""


class Member(Node):
    """`target.name`: a named group of a grid or board (cell.rows) or a board cell (hex.a)."""

    target: Node
    name: str
    name_span: Span = field(compare=False, repr=False)


class Call(Node):
    func: str
    args: tuple[Node, ...]
    func_span: Span = field(compare=False, repr=False)


class ListLit(Node):
    items: tuple[Node, ...]


class SetLit(Node):
    items: tuple[Node, ...]


class Range(Node):
    lo: Node
    hi: Node


class Binder(Node):
    """`name in source`, or `[a, b, c] in source` (`unpack`: each item of the source a list of as many
    values, bound to those names in turn; `name` is then the first of them)."""

    name: str
    source: Node
    unpack: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return self.unpack or (self.name,)


class Binders(Node):
    binders: tuple[Binder, ...]
    where: Node | None


class Comprehension(Node):
    body: Node
    binders: Binders


class BinOp(Node):
    """Arithmetic: + - * // %."""

    op: str
    left: Node
    right: Node


class Neg(Node):
    operand: Node


class Compare(Node):
    """A comparison (== != < <= > >=) or a relation between positions (same, next_to, at, ...)."""

    op: str
    left: Node
    right: Node
    op_span: Span = field(compare=False, repr=False)


class Membership(Node):
    element: Node
    collection: Node
    negated: bool


class CountOf(Node):
    """exactly / at_least / at_most k of [conditions]."""

    word: str
    k: Node
    conditions: Node


class BoolOp(Node):
    op: str  # "and" | "or"
    left: Node
    right: Node


class NotOp(Node):
    operand: Node


class Either(Node):
    """either A or B (or C ...): exactly one of them holds."""

    options: tuple[Node, ...]


class Implication(Node):
    condition: Node
    consequence: Node


class Conditional(Node):
    """`if c then a else b`: a condition (a or b holds, as c decides), or a number (a or b)."""

    condition: Node
    then: Node
    otherwise: Node


class Equivalence(Node):
    """`A iff B`: both hold or neither does."""

    left: Node
    right: Node


class Forall(Node):
    binders: Binders
    body: Node


# ---- statements --------------------------------------------------------------------------------


class PuzzleDecl(Node):
    title: str


class ParamDecl(Node):
    name: str
    value: Node


class LetDecl(Node):
    name: str
    value: Node


class PositionsDecl(Node):
    name: str
    positions: Node


class KeyDecl(Node):
    """`positions band: Alpha, Beta`: positions without an order, named by the key's values."""

    name: str
    values: tuple[Name | Str | Num, ...]


class AttributeDecl(Node):
    name: str
    values: tuple[Name | Str | Num, ...]


class VarDecl(Node):
    name: str
    dims: tuple[Node, ...]
    domain: Node | None  # None: bool


class DrawnCell(Node):
    """A cell of a board drawing: a letter or digit at (row, column) of the drawing's lines."""

    name: str
    row: int
    column: int


class DrawnConnector(Node):
    """A line drawn between cells, as puzzle books print them: '-', '|', '/' or '\\' at (row, column)."""

    char: str
    row: int
    column: int


class Drawing(Node):
    """A board drawn in triple quotes (span covers the quotes): its lines without their common
    indent, its cells in reading order and the connectors drawn between them."""

    lines: tuple[str, ...]
    cells: tuple[DrawnCell, ...]
    connectors: tuple[DrawnConnector, ...] = ()


class BoardDecl(Node):
    name: str
    domain: Node | None
    drawing: Drawing


class Piece(Node):
    alternatives: tuple[int, ...]
    copies: int


class NamedPiece(Node):
    """A shape in a list of pieces by its name (`pentominoes`, `F`, `domino * 4`, a drawn set)."""

    name: str
    copies: int


class PiecesDecl(Node):
    name: str
    pieces: tuple[Piece | NamedPiece, ...]


class DrawnPiecesDecl(Node):
    """`pieces p = BLOCK`: shapes drawn as text in triple quotes, each letter the cells of one shape."""

    name: str
    picture: Picture = field(compare=False, repr=False)


class GridCell(Node):
    """A cell of a grid literal: a given number, or None for a blank ('.' or '_')."""

    value: int | None


class GridRow(Node):
    """A row of a grid literal; its span runs from its first cell to its last."""

    cells: tuple[GridCell, ...]


class GridLiteral(Node):
    """A grid of givens in triple quotes (span covers the quotes); rule lines are left out."""

    rows: tuple[GridRow, ...]


class GivenDecl(Node):
    name: str
    name_span: Span = field(compare=False, repr=False)
    grid: GridLiteral = field(compare=False, repr=False)


class PictureCell(Node):
    """A cell of a picture of one character a cell: a region's letter, or '#' and '.' of a shape."""

    char: str


class PictureRow(Node):
    """A row of a picture; its span runs from its first cell to its last. `words` reads the same row
    as its blank-separated words, for a region map whose labels are longer than a character (`AA AB`,
    `10 11`): which reading a map takes is decided against its grid's width (`lower/regions.py`)."""

    cells: tuple[PictureCell, ...]
    words: tuple[PictureCell, ...] = ()


class Picture(Node):
    """A picture in triple quotes (span covers the quotes), one character a cell; rule lines left out."""

    rows: tuple[PictureRow, ...]


class ShapedVarDecl(Node):
    """`var k[1..R, 1..C] in D shape ...` with a picture in triple quotes: a grid whose '#' cells are
    black (no variable); without dims its indices are 1..R and 1..C of the picture."""

    name: str
    dims: tuple[Node, ...]
    domain: Node | None  # None: bool
    picture: Picture = field(compare=False, repr=False)


class RegionsDecl(Node):
    """`regions cage of g = ...`: named groups of a grid's cells, drawn as a letter map in triple quotes."""

    name: str
    grid: str
    grid_span: Span = field(compare=False, repr=False)
    picture: Picture = field(compare=False, repr=False)


class PlaceDecl(Node):
    """`place p on TARGET`: TARGET a name, or for shapes a drawn board or `rectangle(R, C)` (then
    `target` is empty and `drawn_target` or `target_call` says which), with options after a colon."""

    pieces: str
    target: str
    pieces_span: Span = field(compare=False, repr=False)
    target_span: Span = field(compare=False, repr=False)
    drawn_target: Picture | None = field(default=None, compare=False, repr=False)
    target_call: Call | None = None
    options: tuple[Name, ...] = ()


class AnswerTemplate(Node):
    """An answer (span covers its quotes) cut at its `{...}` placeholders: texts[i] comes before
    placeholders[i], and the last text after the last placeholder."""

    texts: tuple[str, ...]
    placeholders: tuple[Node, ...]


class QuestionDecl(Node):
    question: Str
    answer: AnswerTemplate


class ShowDecl(Node):
    """`show killer, motive`: the variables a solution is told apart by; the rest are hidden."""

    names: tuple[str, ...]
    name_spans: tuple[Span, ...] = field(compare=False, repr=False)


class ObjectiveDecl(Node):
    """`minimize EXPR` or `maximize EXPR`: the model asks for the best value of a number."""

    sense: str  # "minimize" | "maximize"
    expr: Node


class StateDecl(Node):
    """`start: C`, `goal: C` or `always: C` of a sequential puzzle (`kind` is the word); a start or
    goal drawn (`start: g = '''...'''` in triple double quotes) has a `GivenDecl` for its condition."""

    kind: str
    condition: Node


class Effect(Node):
    """`target = value` in a move: the target's value after the move is the value's before it."""

    target: Node
    value: Node


class MoveDecl(Node):
    """`move "words {x}" for binders: condition then effects`: one ground move per binding."""

    name: AnswerTemplate
    binders: Binders | None
    condition: Node
    effects: tuple[Effect, ...]


class ConstraintStmt(Node):
    condition: Node


class Model(Record):
    """A parsed model: its statements in source order."""

    statements: tuple[Node, ...]
