"""Answer templates: the text of an answer cut at its `{...}` placeholders, each placeholder parsed
as an expression whose spans point into the template's own line, so an error in one shows that line
with a caret under the fault."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import CspdslError, Source, Span
from . import ast

# parse_expression(text, source, line, column) of parser.py: an expression written at (line, column).
ParseExpression = Callable[[str, Source, int, int], ast.Node]


def read_template(answer: ast.Str, parse_expression: ParseExpression) -> ast.AnswerTemplate:
    """The answer's text parts and parsed placeholders, read from left to right; a '{' without its
    '}' is an error at the '{'. A '{' always opens a placeholder; a '}' outside one is text."""
    texts: list[str] = []
    placeholders: list[ast.Node] = []
    text, source, line = answer.value, answer.span.source, answer.span.line
    column = answer.span.column + 1  # of the text's first character, after the opening quote
    pos = 0
    while (open_at := text.find("{", pos)) >= 0:
        close_at = text.find("}", open_at)
        if close_at < 0:
            span = Span(source, line, column + open_at, line, column + open_at + 1)
            raise CspdslError("'{' in an answer is not closed by '}'", span)
        texts.append(text[pos:open_at])
        inner, inner_column = text[open_at + 1 : close_at], column + open_at + 1
        if not inner.strip():
            span = Span(source, line, inner_column - 1, line, inner_column + len(inner) + 1)
            raise CspdslError("empty placeholder in the answer", span, "put a value between the braces, e.g. {x}")
        placeholders.append(parse_expression(inner, source, line, inner_column))
        pos = close_at + 1
    texts.append(text[pos:])
    return ast.AnswerTemplate(answer.span, tuple(texts), tuple(placeholders))
