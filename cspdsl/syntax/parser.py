"""Text -> AST: the LALR parser of grammars/puz.lark (tables compiled by Lark, run by lalr.py) and
a builder that turns its tree into AST nodes with spans; syntax_errors.py words its errors."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import Source, Span
from ..static_types import Any
from . import ast, lalr
from .blocks import read_drawing, read_grid_literal, read_picture, read_template
from .lalr import Token, UnexpectedInput
from .nesting import check_nesting

OPENING = {"(", "[", "{"}
CLOSING = {")", "]", "}"}


def join_bracketed_lines(stream: Iterator[Token]) -> Iterator[Token]:
    """A newline inside (), [] or {} is white space, so a long list can span lines."""
    depth = 0
    for token in stream:
        if token.type == "_NL" and depth > 0:
            continue
        if token.value in OPENING and token.type not in ("STRING", "BLOCK"):
            depth += 1
        elif token.value in CLOSING and token.type not in ("STRING", "BLOCK") and depth > 0:
            depth -= 1
        yield token


def parse_tree(text: str, start: str = "start") -> Any:
    """The parse tree, as Lark would build it from the grammar. Raises lalr.UnexpectedInput."""
    return lalr.parse(text, start, join_bracketed_lines)


def parse(text: str, name: str = "<model>") -> ast.Model:
    """Parse a whole model. Raises CspdslError with the place and words for any syntax error, and
    for a construct nested deeper than the later passes take (`nesting.MAX_NESTING`)."""
    text = text.removeprefix("\ufeff")  # the byte-order mark that some editors put first in a file
    source = Source(name, text)
    tree = _parse_tree(source, text if text.endswith("\n") else text + "\n", "start")
    model: ast.Model = lalr.transform(tree, _AstBuilder(source))  # type: ignore[assignment]
    check_nesting(model)  # before anything that recurses over the tree
    return model


def parse_expression(text: str, source: Source, line: int, column: int) -> ast.Node:
    """Parse an expression embedded in the model at (line, column): a placeholder of an answer template.

    Spans point into the model's own text, so errors show the template line with a caret.
    """
    try:
        tree = parse_tree(" " * (column - 1) + text, "expr")
    except UnexpectedInput as error:
        from .syntax_errors import placeholder_error  # here: only a faulty model pays for its import

        raise placeholder_error(source, error, text, line, column) from None
    node: ast.Node = lalr.transform(tree, _AstBuilder(source, line - 1))  # type: ignore[assignment]
    return node


def _parse_tree(source: Source, text: str, start: str) -> Any:
    try:
        return parse_tree(text, start)
    except UnexpectedInput as error:
        from .syntax_errors import syntax_error  # here: only a faulty model pays for its import

        raise syntax_error(source, error) from None


# ---- parse tree -> AST -------------------------------------------------------------------------


class _AstBuilder:
    """Builds AST nodes (lalr.transform calls a method by the rule's name with the node's Meta and
    its children); every node gets the span of the text it was parsed from."""

    def __init__(self, source: Source, line_offset: int = 0):
        self.source = source
        self.line_offset = line_offset

    def _span(self, meta: Any) -> Span:
        lines = self.line_offset
        return Span(self.source, meta.line + lines, meta.column, meta.end_line + lines, meta.end_column)

    def _token_span(self, token: Token) -> Span:
        lines = self.line_offset
        return Span(
            self.source,
            (token.line or 1) + lines,
            token.column or 1,
            (token.end_line or 1) + lines,
            token.end_column or 1,
        )

    # -- statements
    def start(self, meta: Any, *statements: ast.Node | tuple[ast.Node, ...]) -> ast.Model:
        flat = (s for statement in statements for s in (statement if isinstance(statement, tuple) else (statement,)))
        return ast.Model(tuple(flat))

    def puzzle_decl(self, meta: Any, title: Token) -> ast.PuzzleDecl:
        return ast.PuzzleDecl(self._span(meta), title[1:-1])

    def param_decl(self, meta: Any, name: Token, value: ast.Node) -> ast.ParamDecl:
        return ast.ParamDecl(self._span(meta), str(name), value)

    def let_decl(self, meta: Any, name: Token, value: ast.Node) -> ast.LetDecl:
        return ast.LetDecl(self._span(meta), str(name), value)

    def positions_decl(self, meta: Any, name: Token, positions: ast.Node) -> ast.PositionsDecl:
        return ast.PositionsDecl(self._span(meta), str(name), positions)

    def key_decl(self, meta: Any, name: Token, *values: ast.Name | ast.Str | ast.Num) -> ast.KeyDecl:
        return ast.KeyDecl(self._span(meta), str(name), values)

    def attribute_decl(self, meta: Any, name: Token, *values: ast.Name | ast.Str | ast.Num) -> ast.AttributeDecl:
        return ast.AttributeDecl(self._span(meta), str(name), values)

    def var_decl(self, meta: Any, name: Token, *rest: Any) -> ast.VarDecl:
        dims: tuple[ast.Node, ...] = rest[0] if len(rest) == 2 else ()
        domain = rest[-1]
        return ast.VarDecl(self._span(meta), str(name), dims, None if domain == "bool" else domain)

    def var_decls(self, meta: Any, *parts: Any) -> tuple[ast.VarDecl, ...]:
        """`var a, b, c in D`: one declaration a name, each with the statement's span."""
        *names, domain = parts
        return tuple(
            ast.VarDecl(self._span(meta), str(name), (), None if domain == "bool" else domain) for name in names
        )

    def shaped_var_decl(self, meta: Any, name: Token, *rest: Any) -> ast.ShapedVarDecl:
        dims: tuple[ast.Node, ...] = rest[0] if len(rest) == 3 else ()
        domain, block = rest[-2], rest[-1]
        picture = read_picture(
            str(block)[3:-3], self._token_span(block), "shape", lambda c: c in "#._",
            "write '#' for a black cell and '.' or '_' for a cell",
        )
        return ast.ShapedVarDecl(self._span(meta), str(name), dims, None if domain == "bool" else domain, picture)

    def dims(self, meta: Any, *ranges: ast.Node) -> tuple[ast.Node, ...]:
        return ranges

    def bool_domain(self, meta: Any) -> str:
        return "bool"

    def board_decl(self, meta: Any, name: Token, domain: Any, block: Token) -> ast.BoardDecl:
        drawing = read_drawing(str(block)[3:-3], self._token_span(block))
        return ast.BoardDecl(self._span(meta), str(name), None if domain == "bool" else domain, drawing)

    def block(self, meta: Any, token: Token) -> Token:
        """A block's text is read by the statement that holds it, as a drawing or a grid literal."""
        return token

    def pieces_decl(self, meta: Any, name: Token, *pieces: ast.Piece) -> ast.PiecesDecl:
        return ast.PiecesDecl(self._span(meta), str(name), pieces)

    def piece(self, meta: Any, *parts: Any) -> ast.Piece:
        values = [p for p in parts if isinstance(p, ast.Num)]
        copies = int(parts[-1]) if isinstance(parts[-1], Token) else 1
        return ast.Piece(self._span(meta), tuple(v.value for v in values), copies)

    def named_piece(self, meta: Any, name: ast.Name, copies: Token | None = None) -> ast.NamedPiece:
        return ast.NamedPiece(self._span(meta), name.name, int(copies) if copies is not None else 1)

    def drawn_pieces_decl(self, meta: Any, name: Token, block: Token) -> ast.DrawnPiecesDecl:
        picture = read_picture(
            str(block)[3:-3], self._token_span(block), "drawing of shapes",
            lambda c: c.isascii() and (c.isalnum() or c in "._"),
            "write a shape's letter on each of its cells, and '.' for an empty square",
        )
        return ast.DrawnPiecesDecl(self._span(meta), str(name), picture)

    def neg_int(self, meta: Any, token: Token) -> ast.Num:
        return ast.Num(self._span(meta), -int(token))

    def given_decl(self, meta: Any, name: Token, block: Token) -> ast.GivenDecl:
        grid = read_grid_literal(str(block)[3:-3], self._token_span(block))
        return ast.GivenDecl(self._span(meta), str(name), self._token_span(name), grid)

    def regions_decl(self, meta: Any, name: Token, grid: Token, block: Token) -> ast.RegionsDecl:
        picture = read_picture(
            str(block)[3:-3], self._token_span(block), "region map", lambda c: c.isascii() and c.isalpha(),
            "write one letter a cell, the letter of its region",
        )
        return ast.RegionsDecl(self._span(meta), str(name), str(grid), self._token_span(grid), picture)

    def place_decl(self, meta: Any, pieces: Token, target: Token | ast.Call, *options: Token) -> ast.PlaceDecl:
        """A target named, drawn (a block: '#' a hole, '.' a cell) or called (`rectangle(6, 10)`)."""
        names = tuple(ast.Name(self._token_span(option), str(option)) for option in options)
        if isinstance(target, ast.Call):
            return ast.PlaceDecl(self._span(meta), str(pieces), "", self._token_span(pieces), target.span,
                                 target_call=target, options=names)
        if target.type == "BLOCK":
            picture = read_picture(
                str(target)[3:-3], self._token_span(target), "board", lambda c: c in "#._",
                "write '.' for a cell and '#' for a hole",
            )
            return ast.PlaceDecl(self._span(meta), str(pieces), "", self._token_span(pieces), picture.span,
                                 drawn_target=picture, options=names)
        return ast.PlaceDecl(self._span(meta), str(pieces), str(target), self._token_span(pieces),
                             self._token_span(target), options=names)

    def question_decl(self, meta: Any, question: ast.Str, answer: ast.Str) -> ast.QuestionDecl:
        return ast.QuestionDecl(self._span(meta), question, read_template(answer, parse_expression))

    def show_decl(self, meta: Any, *names: Token) -> ast.ShowDecl:
        return ast.ShowDecl(self._span(meta), tuple(map(str, names)), tuple(map(self._token_span, names)))

    def minimize_decl(self, meta: Any, expr: ast.Node) -> ast.ObjectiveDecl:
        return ast.ObjectiveDecl(self._span(meta), "minimize", expr)

    def maximize_decl(self, meta: Any, expr: ast.Node) -> ast.ObjectiveDecl:
        return ast.ObjectiveDecl(self._span(meta), "maximize", expr)

    def state_decl(self, meta: Any, word: Token, condition: ast.Node) -> ast.StateDecl:
        return ast.StateDecl(self._span(meta), str(word), condition)

    def move_decl(self, meta: Any, name: ast.Str, *parts: Any) -> ast.MoveDecl:
        binders = parts[0] if isinstance(parts[0], ast.Binders) else None
        condition, *effects = parts[1:] if binders is not None else parts
        return ast.MoveDecl(self._span(meta), read_template(name, parse_expression), binders, condition, tuple(effects))

    def effect(self, meta: Any, target: ast.Node, value: ast.Node) -> ast.Effect:
        return ast.Effect(self._span(meta), target, value)

    def constraint_stmt(self, meta: Any, condition: ast.Node) -> ast.ConstraintStmt:
        return ast.ConstraintStmt(self._span(meta), condition)

    # -- quantifiers and boolean structure
    def forall(self, meta: Any, binders: ast.Binders, body: ast.Node) -> ast.Forall:
        return ast.Forall(self._span(meta), binders, body)

    def binders(self, meta: Any, *parts: Any) -> ast.Binders:
        found = tuple(p for p in parts if isinstance(p, ast.Binder))
        where = parts[-1] if parts and not isinstance(parts[-1], ast.Binder) else None
        return ast.Binders(self._span(meta), found, where)

    def binder(self, meta: Any, name: Token, source: ast.Node) -> ast.Binder:
        return ast.Binder(self._span(meta), str(name), source)

    def unpack_binder(self, meta: Any, *parts: Any) -> ast.Binder:
        *names, source = parts
        return ast.Binder(self._span(meta), str(names[0]), source, tuple(str(n) for n in names))

    def either(self, meta: Any, *options: ast.Node) -> ast.Either:
        return ast.Either(self._span(meta), options)

    def implication(self, meta: Any, condition: ast.Node, consequence: ast.Node) -> ast.Implication:
        return ast.Implication(self._span(meta), condition, consequence)

    def conditional(self, meta: Any, condition: ast.Node, then: ast.Node, _: Token, otherwise: ast.Node
                    ) -> ast.Conditional:
        return ast.Conditional(self._span(meta), condition, then, otherwise)

    def equivalence(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.Equivalence:
        return ast.Equivalence(self._span(meta), left, right)

    def or_op(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.BoolOp:
        return ast.BoolOp(self._span(meta), "or", left, right)

    def and_op(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.BoolOp:
        return ast.BoolOp(self._span(meta), "and", left, right)

    def not_op(self, meta: Any, operand: ast.Node) -> ast.NotOp:
        return ast.NotOp(self._span(meta), operand)

    # -- relations
    def compare(self, meta: Any, left: ast.Node, op: Token, right: ast.Node) -> ast.Compare:
        return ast.Compare(self._span(meta), str(op), left, right, self._token_span(op))

    relate = compare

    def not_relate(self, meta: Any, left: ast.Node, op: Token, right: ast.Node) -> ast.NotOp:
        """`A not next_to B`, as `not A next_to B` reads."""
        return ast.NotOp(self._span(meta), self.compare(meta, left, op, right))

    def at_position(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.Compare:
        return ast.Compare(self._span(meta), "at", left, right, self._span(meta))

    def not_at_position(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.NotOp:
        """`Baker not at last`."""
        return ast.NotOp(self._span(meta), self.at_position(meta, left, right))

    def member(self, meta: Any, element: ast.Node, collection: ast.Node) -> ast.Membership:
        return ast.Membership(self._span(meta), element, collection, False)

    def not_member(self, meta: Any, element: ast.Node, collection: ast.Node) -> ast.Membership:
        return ast.Membership(self._span(meta), element, collection, True)

    def count_of(self, meta: Any, word: Token, k: ast.Node, conditions: ast.Node) -> ast.CountOf:
        return ast.CountOf(self._span(meta), str(word), k, conditions)

    def range(self, meta: Any, lo: ast.Node, hi: ast.Node) -> ast.Range:
        return ast.Range(self._span(meta), lo, hi)

    # -- arithmetic
    def _binop(self, op: str, meta: Any, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return ast.BinOp(self._span(meta), op, left, right)

    def add(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("+", meta, left, right)

    def sub(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("-", meta, left, right)

    def mul(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("*", meta, left, right)

    def floordiv(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("//", meta, left, right)

    def mod(self, meta: Any, left: ast.Node, right: ast.Node) -> ast.BinOp:
        return self._binop("%", meta, left, right)

    def neg(self, meta: Any, operand: ast.Node) -> ast.Neg:
        return ast.Neg(self._span(meta), operand)

    # -- atoms
    def int(self, meta: Any, token: Token) -> ast.Num:
        return ast.Num(self._span(meta), int(token))

    def name(self, meta: Any, token: Token) -> ast.Name:
        return ast.Name(self._span(meta), str(token))

    def string(self, meta: Any, token: Token) -> ast.Str:
        return ast.Str(self._span(meta), str(token)[1:-1])

    def true(self, meta: Any) -> ast.Bool:
        return ast.Bool(self._span(meta), True)

    def false(self, meta: Any) -> ast.Bool:
        return ast.Bool(self._span(meta), False)

    def index(self, meta: Any, target: ast.Node, indices: tuple[ast.Node, ...]) -> ast.Index:
        return ast.Index(self._span(meta), target, indices)

    def member_of(self, meta: Any, target: ast.Node, name: Token) -> ast.Member:
        return ast.Member(self._span(meta), target, str(name), self._token_span(name))

    def call(self, meta: Any, func: Token, args: tuple[ast.Node, ...] | None) -> ast.Call:
        return ast.Call(self._span(meta), str(func), args or (), self._token_span(func))

    def list(self, meta: Any, items: tuple[ast.Node, ...] | None) -> ast.ListLit:
        return ast.ListLit(self._span(meta), items or ())

    def comprehension(self, meta: Any, body: ast.Node, binders: ast.Binders) -> ast.Comprehension:
        return ast.Comprehension(self._span(meta), body, binders)

    def set(self, meta: Any, items: tuple[ast.Node, ...]) -> ast.SetLit:
        return ast.SetLit(self._span(meta), items)

    def args(self, meta: Any, *items: ast.Node) -> tuple[ast.Node, ...]:
        return items

    def index_args(self, meta: Any, *items: ast.Node) -> tuple[ast.Node, ...]:
        return items

    def whole_range(self, meta: Any) -> ast.WholeRange:
        return ast.WholeRange(self._span(meta))
