"""Text -> AST: the LALR parser of grammars/puz.lark (tables compiled by Lark, run by lalr.py), which
makes each AST node with its span as it reduces its rule (builder.py); syntax_errors.py words its
errors."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..core.errors import CspdslError, Source
from ..core.static_types import Any
from . import ast, lalr
from .builder import AST_RULES, AstBuilder
from .lalr import CLOSING, OPENING, Token, UnexpectedInput
from .nesting import check_nesting


def join_bracketed_lines(stream: Iterator[Token]) -> Iterator[Token]:
    """A newline inside (), [] or {} is white space, so a long list can span lines. (lalr.run does
    the same as it scans; this is the form Lark's own parser takes, for the tests that compare.)"""
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
    return lalr.parse(text, start)


def parse(text: str, name: str = "<model>") -> ast.Model:
    """Parse a whole model. Raises CspdslError with the place and words for any syntax error, and
    for a construct nested deeper than the later passes take (`nesting.MAX_NESTING`)."""
    text = text.removeprefix("\ufeff")  # the byte-order mark that some editors put first in a file
    return parse_in(text, Source(name, text))


def _worded_in(source: Source) -> Callable[[UnexpectedInput], CspdslError]:
    """What a syntax error of a model's text says, at its place in `source`."""

    def worded(error: UnexpectedInput) -> CspdslError:
        from .syntax_errors import syntax_error  # here: only a faulty model pays for its import

        return syntax_error(source, error)

    return worded


def parse_in(text: str, source: Source) -> ast.Model:
    """Parse `text`, the text of `source` or that text with some whole lines blanked (`plain.py` reads
    them), with spans and messages in `source`."""
    text = text if text.endswith("\n") else text + "\n"
    model: ast.Model = _build(AstBuilder(source, text, parse_expression), text, "start", _worded_in(source))
    check_nesting(model)  # before anything that recurses over the tree
    return model


def parse_line(text: str, source: Source, line: int) -> tuple[ast.Node, ...]:
    """The statements of line `line` of `source`, whose text is `text`, parsed alone: a line that
    holds whole statements parses to what the whole text makes of it, spans included."""
    text += "\n"
    builder = AstBuilder(source, text, parse_expression, line - 1)
    model: ast.Model = _build(builder, text, "start", _worded_in(source))
    check_nesting(model)
    return model.statements


def parse_expression(text: str, source: Source, line: int, column: int) -> ast.Node:
    """Parse an expression embedded in the model at (line, column): a placeholder of an answer template.

    Spans point into the model's own text, so errors show the template line with a caret.
    """

    def worded(error: UnexpectedInput) -> CspdslError:
        from .syntax_errors import placeholder_error  # here: only a faulty model pays for its import

        return placeholder_error(source, error, text, line, column)

    placed = " " * (column - 1) + text  # so that columns are the model's; lines are moved by the builder
    node: ast.Node = _build(AstBuilder(source, placed, parse_expression, line - 1), placed, "expr", worded)
    return node


def _build(builder: AstBuilder, text: str, start: str, worded: Callable[[UnexpectedInput], CspdslError]) -> Any:
    """The AST of `text`; a syntax error worded by `worded`. A node that cannot be made (a bad drawing,
    a bad placeholder) is reported only if the text has no syntax error, even further on: the text
    is read as a whole before its parts."""
    try:
        return lalr.run(text, start, AST_RULES, builder)
    except UnexpectedInput as error:
        raise worded(error) from None
    except Exception:
        try:
            lalr.run(text, start, lalr.CHECK_RULES, None)
        except UnexpectedInput as error:
            raise worded(error) from None
        raise
