"""The AST of a model, made rule by rule as the parser reduces it: each rule's node (a method named
as the rule), with the span of the text it was parsed from. `AST_RULES` are the tables' rules with
these makers, for lalr.run; there is no parse tree in between."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from operator import itemgetter
from re import Match

from ..core.errors import Source, Span
from ..core.static_types import Any
from . import _puz_tables as tables
from . import ast, lalr
from .blocks import ParseExpression, number, read_drawing, read_grid_literal, read_picture, read_template
from .makers import maker

_span = maker(Span)
Scanned = Match[str]  # a token, as the scanner matched it


def named(token: Scanned) -> str:
    """A declared name as the model means it: a word, or the words of a quoted name without its
    quotes (`attribute "last name": ...`, `Ann."last name"`), as a quoted value is."""
    text = token.group()
    return text[1:-1] if text.startswith('"') else text
Offset = int  # a place in the text, as an index (`int` is a method of the builder, so not named here)


class New:
    """The makers (makers.py) of the nodes a clue is made of, by their classes' names: every field
    in order."""

    Name = maker(ast.Name)
    Num = maker(ast.Num)
    Str = maker(ast.Str)
    Bool = maker(ast.Bool)
    BinOp = maker(ast.BinOp)
    Compare = maker(ast.Compare)
    Index = maker(ast.Index)
    Call = maker(ast.Call)
    ListLit = maker(ast.ListLit)
    SetLit = maker(ast.SetLit)
    Range = maker(ast.Range)
    BoolOp = maker(ast.BoolOp)
    NotOp = maker(ast.NotOp)
    Neg = maker(ast.Neg)
    Member = maker(ast.Member)
    Membership = maker(ast.Membership)
    ConstraintStmt = maker(ast.ConstraintStmt)
    VarDecl = maker(ast.VarDecl)
    LetDecl = maker(ast.LetDecl)
    ParamDecl = maker(ast.ParamDecl)
    Binders = maker(ast.Binders)
    Binder = maker(ast.Binder)
    Forall = maker(ast.Forall)
    Comprehension = maker(ast.Comprehension)
    Implication = maker(ast.Implication)
    Conditional = maker(ast.Conditional)
    Either = maker(ast.Either)
    CountOf = maker(ast.CountOf)
    Equivalence = maker(ast.Equivalence)
    WholeRange = maker(ast.WholeRange)


class AstBuilder:
    """Makes the AST node of each rule as the parser reduces it (lalr.run calls a method by the rule's
    name with the offsets its text starts and ends at and its kept children, a token as its re.Match);
    every node gets the span of the text it was parsed from."""

    def __init__(self, source: Source, text: str, parse_expression: ParseExpression, line_offset: int = 0):
        self.source = source
        self.line_starts = lalr.Lines(text).starts
        self.parse_expression = parse_expression  # an answer's placeholders are parsed as it is read
        self.line_offset = line_offset

    def _span(self, start: Offset, end: Offset) -> Span:
        """The span of text[start:end], its lines and columns from 1 (and past `line_offset` lines)."""
        starts = self.line_starts
        line = bisect_right(starts, start)
        end_line = bisect_right(starts, end)
        lines = self.line_offset
        return _span(self.source, line + lines, start - starts[line - 1] + 1, end_line + lines,
                     end - starts[end_line - 1] + 1)

    def _token_span(self, token: Scanned) -> Span:
        return self._span(token.start(), token.end())

    def _number(self, token: Scanned) -> int:
        digits = token.group()
        return int(digits) if len(digits) < 1000 else number(digits, self._token_span(token))

    # -- statements
    def start(self, start: Offset, end: Offset, *statements: ast.Node | tuple[ast.Node, ...]) -> ast.Model:
        flat = (s for statement in statements for s in (statement if isinstance(statement, tuple) else (statement,)))
        return ast.Model(tuple(flat))

    def puzzle_decl(self, start: Offset, end: Offset, title: Scanned) -> ast.PuzzleDecl:
        return ast.PuzzleDecl(self._span(start, end), title.group()[1:-1])

    def param_decl(self, start: Offset, end: Offset, name: Scanned, value: ast.Node) -> ast.ParamDecl:
        return New.ParamDecl(self._span(start, end), name.group(), value)

    def let_decl(self, start: Offset, end: Offset, name: Scanned, value: ast.Node) -> ast.LetDecl:
        return New.LetDecl(self._span(start, end), name.group(), value)

    def positions_decl(self, start: Offset, end: Offset, name: Scanned, positions: ast.Node) -> ast.PositionsDecl:
        return ast.PositionsDecl(self._span(start, end), named(name), positions)

    def key_decl(self, start: Offset, end: Offset, name: Scanned, *values: ast.Name | ast.Str | ast.Num) -> ast.KeyDecl:
        return ast.KeyDecl(self._span(start, end), named(name), values)

    def attribute_decl(
        self, start: Offset, end: Offset, name: Scanned, *values: ast.Name | ast.Str | ast.Num
    ) -> ast.AttributeDecl:
        return ast.AttributeDecl(self._span(start, end), named(name), values)

    def var_decl(self, start: Offset, end: Offset, name: Scanned, *rest: Any) -> ast.VarDecl:
        dims: tuple[ast.Node, ...] = rest[0] if len(rest) == 2 else ()
        domain = rest[-1]
        return New.VarDecl(self._span(start, end), name.group(), dims, None if domain == "bool" else domain)

    def var_decls(self, start: Offset, end: Offset, *parts: Any) -> tuple[ast.VarDecl, ...]:
        """`var a, b, c in D`: one declaration a name, each with the statement's span."""
        *names, domain = parts
        return tuple(
            New.VarDecl(self._span(start, end), name.group(), (), None if domain == "bool" else domain)
            for name in names
        )

    def shaped_var_decl(self, start: Offset, end: Offset, name: Scanned, *rest: Any) -> ast.ShapedVarDecl:
        dims: tuple[ast.Node, ...] = rest[0] if len(rest) == 3 else ()
        domain, block = rest[-2], rest[-1]
        picture = read_picture(
            block.group()[3:-3], self._token_span(block), "shape", lambda c: c in "#._",
            "write '#' for a black cell and '.' or '_' for a cell",
        )
        domain = None if domain == "bool" else domain
        return ast.ShapedVarDecl(self._span(start, end), name.group(), dims, domain, picture)

    def dims(self, start: Offset, end: Offset, *ranges: ast.Node) -> tuple[ast.Node, ...]:
        return ranges

    def bool_domain(self, start: Offset, end: Offset) -> str:
        return "bool"

    def board_decl(self, start: Offset, end: Offset, name: Scanned, domain: Any, block: Scanned) -> ast.BoardDecl:
        drawing = read_drawing(block.group()[3:-3], self._token_span(block))
        return ast.BoardDecl(self._span(start, end), name.group(), None if domain == "bool" else domain, drawing)

    def block(self, start: Offset, end: Offset, token: Scanned) -> Scanned:
        """A block's text is read by the statement that holds it, as a drawing or a grid literal."""
        return token

    def pieces_decl(self, start: Offset, end: Offset, name: Scanned, *pieces: ast.Piece) -> ast.PiecesDecl:
        return ast.PiecesDecl(self._span(start, end), name.group(), pieces)

    def piece(self, start: Offset, end: Offset, *parts: Any) -> ast.Piece:
        values = [p for p in parts if isinstance(p, ast.Num)]
        copies = self._number(parts[-1]) if isinstance(parts[-1], Match) else 1
        return ast.Piece(self._span(start, end), tuple(v.value for v in values), copies)

    def named_piece(self, start: Offset, end: Offset, name: ast.Name, copies: Scanned | None = None) -> ast.NamedPiece:
        return ast.NamedPiece(self._span(start, end), name.name, self._number(copies) if copies is not None else 1)

    def drawn_pieces_decl(self, start: Offset, end: Offset, name: Scanned, block: Scanned) -> ast.DrawnPiecesDecl:
        picture = read_picture(
            block.group()[3:-3], self._token_span(block), "drawing of shapes",
            lambda c: c.isascii() and (c.isalnum() or c in "._"),
            "write a shape's letter on each of its cells, and '.' for an empty square",
        )
        return ast.DrawnPiecesDecl(self._span(start, end), name.group(), picture)

    def neg_int(self, start: Offset, end: Offset, token: Scanned) -> ast.Num:
        return New.Num(self._span(start, end), -self._number(token))

    def given_decl(self, start: Offset, end: Offset, name: Scanned, block: Scanned) -> ast.GivenDecl:
        grid = read_grid_literal(block.group()[3:-3], self._token_span(block))
        return ast.GivenDecl(self._span(start, end), name.group(), self._token_span(name), grid)

    def regions_decl(self, start: Offset, end: Offset, name: Scanned, grid: Scanned, block: Scanned) -> ast.RegionsDecl:
        picture = read_picture(
            block.group()[3:-3], self._token_span(block), "region map", lambda c: c.isascii() and c.isalnum(),
            "write each cell's region label: a letter or digit, or words with blanks between (AA AB, 10 11)",
        )
        return ast.RegionsDecl(self._span(start, end), name.group(), grid.group(), self._token_span(grid), picture)

    def place_decl(
        self, start: Offset, end: Offset, pieces: Scanned, target: Scanned | ast.Call, *options: Scanned
    ) -> ast.PlaceDecl:
        """A target named, drawn (a block: '#' a hole, '.' a cell) or called (`rectangle(6, 10)`)."""
        names = tuple(New.Name(self._token_span(option), option.group()) for option in options)
        if isinstance(target, ast.Call):
            return ast.PlaceDecl(self._span(start, end), pieces.group(), "", self._token_span(pieces), target.span,
                                 target_call=target, options=names)
        if target.lastgroup == "BLOCK":
            picture = read_picture(
                target.group()[3:-3], self._token_span(target), "board", lambda c: c in "#._",
                "write '.' for a cell and '#' for a hole",
            )
            return ast.PlaceDecl(self._span(start, end), pieces.group(), "", self._token_span(pieces), picture.span,
                                 drawn_target=picture, options=names)
        return ast.PlaceDecl(self._span(start, end), pieces.group(), target.group(), self._token_span(pieces),
                             self._token_span(target), options=names)

    def question_decl(self, start: Offset, end: Offset, question: ast.Str, answer: ast.Str) -> ast.QuestionDecl:
        return ast.QuestionDecl(self._span(start, end), question, read_template(answer, self.parse_expression))

    def show_decl(self, start: Offset, end: Offset, *names: Scanned) -> ast.ShowDecl:
        texts = tuple(name.group() for name in names)
        return ast.ShowDecl(self._span(start, end), texts, tuple(map(self._token_span, names)))

    def minimize_decl(self, start: Offset, end: Offset, expr: ast.Node) -> ast.ObjectiveDecl:
        return ast.ObjectiveDecl(self._span(start, end), "minimize", expr)

    def maximize_decl(self, start: Offset, end: Offset, expr: ast.Node) -> ast.ObjectiveDecl:
        return ast.ObjectiveDecl(self._span(start, end), "maximize", expr)

    def state_decl(self, start: Offset, end: Offset, word: Scanned, condition: ast.Node) -> ast.StateDecl:
        return ast.StateDecl(self._span(start, end), word.group(), condition)

    def state_picture(self, start: Offset, end: Offset, word: Scanned, name: Scanned, block: Scanned) -> ast.StateDecl:
        """`start: g = <a grid picture>`: the state's grid drawn as a given's picture; each number holds there."""
        return ast.StateDecl(self._span(start, end), word.group(), self.given_decl(start, end, name, block))

    def move_decl(self, start: Offset, end: Offset, name: ast.Str, *parts: Any) -> ast.MoveDecl:
        binders = parts[0] if isinstance(parts[0], ast.Binders) else None
        condition, *effects = parts[1:] if binders is not None else parts
        template = read_template(name, self.parse_expression)
        return ast.MoveDecl(self._span(start, end), template, binders, condition, tuple(effects))

    def effect(self, start: Offset, end: Offset, target: ast.Node, value: ast.Node) -> ast.Effect:
        return ast.Effect(self._span(start, end), target, value)

    def constraint_stmt(self, start: Offset, end: Offset, condition: ast.Node) -> ast.ConstraintStmt:
        return New.ConstraintStmt(self._span(start, end), condition)

    # -- quantifiers and boolean structure
    def forall(self, start: Offset, end: Offset, binders: ast.Binders, body: ast.Node) -> ast.Forall:
        return New.Forall(self._span(start, end), binders, body)

    def binders(self, start: Offset, end: Offset, *parts: Any) -> ast.Binders:
        found = tuple(p for p in parts if isinstance(p, ast.Binder))
        where = parts[-1] if parts and not isinstance(parts[-1], ast.Binder) else None
        return New.Binders(self._span(start, end), found, where)

    def binder(self, start: Offset, end: Offset, name: Scanned, source: ast.Node) -> ast.Binder:
        return New.Binder(self._span(start, end), name.group(), source, ())

    def unpack_binder(self, start: Offset, end: Offset, *parts: Any) -> ast.Binder:
        *names, source = parts
        return New.Binder(self._span(start, end), names[0].group(), source, tuple(n.group() for n in names))

    def either(self, start: Offset, end: Offset, *options: ast.Node) -> ast.Either:
        return New.Either(self._span(start, end), options)

    def implication(self, start: Offset, end: Offset, condition: ast.Node, consequence: ast.Node) -> ast.Implication:
        return New.Implication(self._span(start, end), condition, consequence)

    def conditional(
        self, start: Offset, end: Offset, condition: ast.Node, then: ast.Node, _: Scanned, otherwise: ast.Node
    ) -> ast.Conditional:
        return New.Conditional(self._span(start, end), condition, then, otherwise)

    def equivalence(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.Equivalence:
        return New.Equivalence(self._span(start, end), left, right)

    def or_op(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.BoolOp:
        return New.BoolOp(self._span(start, end), "or", left, right)

    def and_op(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.BoolOp:
        return New.BoolOp(self._span(start, end), "and", left, right)

    def not_op(self, start: Offset, end: Offset, operand: ast.Node) -> ast.NotOp:
        return New.NotOp(self._span(start, end), operand)

    # -- relations
    def compare(self, start: Offset, end: Offset, left: ast.Node, op: Scanned, right: ast.Node) -> ast.Compare:
        return New.Compare(self._span(start, end), op.group(), left, right, self._token_span(op))

    relate = compare

    def not_relate(self, start: Offset, end: Offset, left: ast.Node, op: Scanned, right: ast.Node) -> ast.NotOp:
        """`A not next_to B`, as `not A next_to B` reads."""
        return New.NotOp(self._span(start, end), self.compare(start, end, left, op, right))

    def at_position(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.Compare:
        return New.Compare(self._span(start, end), "at", left, right, self._span(start, end))

    def not_at_position(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.NotOp:
        """`Baker not at last`."""
        return New.NotOp(self._span(start, end), self.at_position(start, end, left, right))

    def member(self, start: Offset, end: Offset, element: ast.Node, collection: ast.Node) -> ast.Membership:
        return New.Membership(self._span(start, end), element, collection, False)

    def not_member(self, start: Offset, end: Offset, element: ast.Node, collection: ast.Node) -> ast.Membership:
        return New.Membership(self._span(start, end), element, collection, True)

    def count_of(self, start: Offset, end: Offset, word: Scanned, k: ast.Node, conditions: ast.Node) -> ast.CountOf:
        return New.CountOf(self._span(start, end), word.group(), k, conditions)

    def range(self, start: Offset, end: Offset, lo: ast.Node, hi: ast.Node) -> ast.Range:
        return New.Range(self._span(start, end), lo, hi)

    # -- arithmetic
    def _binop(self, op: str, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return New.BinOp(self._span(start, end), op, left, right)

    def add(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("+", start, end, left, right)

    def sub(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("-", start, end, left, right)

    def mul(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("*", start, end, left, right)

    def floordiv(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("//", start, end, left, right)

    def mod(self, start: Offset, end: Offset, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("%", start, end, left, right)

    def neg(self, start: Offset, end: Offset, operand: ast.Node) -> ast.Neg:
        return New.Neg(self._span(start, end), operand)

    # -- atoms
    def int(self, start: Offset, end: Offset, token: Scanned) -> ast.Num:
        return New.Num(self._span(start, end), self._number(token))

    def name(self, start: Offset, end: Offset, token: Scanned) -> ast.Name:
        return New.Name(self._span(start, end), token.group())

    def string(self, start: Offset, end: Offset, token: Scanned) -> ast.Str:
        return New.Str(self._span(start, end), token.group()[1:-1])

    def true(self, start: Offset, end: Offset) -> ast.Bool:
        return New.Bool(self._span(start, end), True)

    def false(self, start: Offset, end: Offset) -> ast.Bool:
        return New.Bool(self._span(start, end), False)

    def index(self, start: Offset, end: Offset, target: ast.Node, indices: tuple[ast.Node, ...]) -> ast.Index:
        return New.Index(self._span(start, end), target, indices)

    def member_of(self, start: Offset, end: Offset, target: ast.Node, name: Scanned) -> ast.Member:
        return New.Member(self._span(start, end), target, named(name), self._token_span(name))

    def call(self, start: Offset, end: Offset, func: Scanned, args: tuple[ast.Node, ...] | None) -> ast.Call:
        return New.Call(self._span(start, end), func.group(), args or (), self._token_span(func))

    def list(self, start: Offset, end: Offset, items: tuple[ast.Node, ...] | None) -> ast.ListLit:
        return New.ListLit(self._span(start, end), items or ())

    def comprehension(self, start: Offset, end: Offset, body: ast.Node, binders: ast.Binders) -> ast.Comprehension:
        return New.Comprehension(self._span(start, end), body, binders)

    def set(self, start: Offset, end: Offset, items: tuple[ast.Node, ...]) -> ast.SetLit:
        return New.SetLit(self._span(start, end), items)

    def args(self, start: Offset, end: Offset, *items: ast.Node) -> tuple[ast.Node, ...]:
        return items

    def index_args(self, start: Offset, end: Offset, *items: ast.Node) -> tuple[ast.Node, ...]:
        return items

    def whole_range(self, start: Offset, end: Offset) -> ast.WholeRange:
        return New.WholeRange(self._span(start, end))


def _reducer(rule: tables.Rule) -> lalr.Reducer:
    """A rule's maker for lalr.run: its builder method with its kept children; for an _rule, its kept
    children as a list, for its parent to splice in; for a ?rule with one child, that child."""
    _origin, _size, name, expand1, kept, after = rule
    select = lalr.child_selector(kept, after)
    if name.startswith("_"):
        return lambda builder, start, end, children: select(children)
    method = getattr(AstBuilder, name, None)
    if method is None:  # a ?rule always left with one child (the grammar aliases its other forms)
        assert expand1, f"no AST node for the rule {name}"
        return lambda builder, start, end, children: _only(select(children))
    if expand1:
        def reduce(builder: AstBuilder, start: Any, end: Any, children: list[Any]) -> Any:
            kept_children = select(children)
            return kept_children[0] if len(kept_children) == 1 else method(builder, start, end, *kept_children)

        return reduce
    return _calling(method, kept, after)


def _calling(method: Callable[..., Any], kept: lalr.Kept, after: int) -> lalr.Reducer:
    """A reducer that calls `method` with the kept children, the usual shapes of `kept` picked
    out without a selector's loop (a reduction or two a token go through here)."""
    if kept is None:
        return lambda builder, start, end, children: method(builder, start, end, *children)
    plain = not after and all(not splice and not nones for _, splice, nones in kept)
    if plain and len(kept) == 1:
        index = kept[0][0]
        return lambda builder, start, end, children: method(builder, start, end, children[index])
    if plain and kept:
        pick = itemgetter(*(index for index, _, _ in kept))
        return lambda builder, start, end, children: method(builder, start, end, *pick(children))
    if not after and len(kept) == 1 and kept[0][1:] == (True, 0):  # one _rule's children, spliced in
        index = kept[0][0]
        return lambda builder, start, end, children: method(builder, start, end, *children[index])
    select = lalr.child_selector(kept, after)
    return lambda builder, start, end, children: method(builder, start, end, *select(children))


def _only(children: list[Any]) -> Any:
    (child,) = children
    return child


AST_RULES = lalr.compile_rules(_reducer)
