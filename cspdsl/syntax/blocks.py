"""The text inside a statement that the parser reads further: the triple-quoted blocks (board
drawings and grid literals, read cell by cell with the place of each cell in the source) and answer
templates (text parts and parsed `{...}` placeholders).

The parser reads them here, so lowering gets cells, expressions and spans and never looks at the text.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

from ..core.errors import CspdslError, Source, Span
from . import ast

CONNECTORS = "-|/\\+"
LARGEST = 2**31 - 1  # the largest number the backends take (lower/context.py's MAX_INT, which says so)


def number(digits: str, span: Span) -> int:
    """The value of a number written in the model. One longer than Python converts (4300 digits) is
    an error here, where lowering would say any number past LARGEST is too large."""
    limit = sys.get_int_max_str_digits()
    if limit and len(digits) > limit:
        raise CspdslError(f"a number of {len(digits)} digits is too large", span,
                          f"the backends take numbers from {-LARGEST} to {LARGEST}")
    return int(digits)


def read_drawing(text: str, span: Span) -> ast.Drawing:
    """The cells of a board drawing: every letter or digit is a cell; '.' and blanks are gaps;
    '-', '|', '/' and '\\' are the lines drawn between cells, crossing at '+'. `text` is the block
    between its quotes and `span` covers the quotes."""
    lines = text.split("\n")
    first_line = span.line
    # Drop the lines that hold only the opening or closing quotes.
    if lines and not lines[0].strip():
        lines, first_line = lines[1:], first_line + 1
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise CspdslError("the board drawing is empty", span)
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    drawing = tuple(line[indent:].rstrip() for line in lines)
    origin = Span(span.source, first_line, indent + 1, first_line, indent + 1)
    cells: dict[str, ast.DrawnCell] = {}
    connectors = []
    for r, c, char, char_span in _drawn_characters(drawing, origin):
        if char in CONNECTORS:
            connectors.append(ast.DrawnConnector(char_span, char, r, c))
        elif char in cells:
            raise CspdslError(f"cell '{char}' appears twice in the drawing", char_span)
        else:
            cells[char] = ast.DrawnCell(char_span, char, r, c)
    if not cells:
        raise CspdslError("the board drawing has no cells", span, "cells are letters or digits")
    return ast.Drawing(span, drawing, tuple(cells.values()), tuple(connectors))


def _drawn_characters(drawing: tuple[str, ...], origin: Span) -> Iterator[tuple[int, int, str, Span]]:
    """The drawing's characters other than gaps, in reading order, with their places; `origin` is
    where its row 0, column 0 is. A character that is neither a cell nor a connector is an error."""
    for r, line in enumerate(drawing):
        for c, char in enumerate(line):
            if char in ". \t":
                continue
            line_no, column = origin.line + r, origin.column + c
            span = Span(origin.source, line_no, column, line_no, column + 1)
            if not char.isalnum() and char not in CONNECTORS:
                raise CspdslError(
                    f"unexpected {char!r} in the board drawing", span,
                    "cells are letters or digits; gaps are '.' or blanks; "
                    "lines between cells are - | / \\ crossing at +",
                )
            yield r, c, char, span


def read_grid_literal(text: str, span: Span) -> ast.GridLiteral:
    """Rows of a grid literal: numbers are givens, '.' or '_' are blanks; rule lines made of
    '-', '+' and '|' only are ignored, so a Sudoku can be drawn with its boxes. `text` is the block
    between its quotes and `span` covers the quotes."""
    rows = []
    for offset, line in enumerate(text.split("\n")):
        line_no = span.line + offset
        col_base = span.column + 3 if offset == 0 else 1
        cells = [
            _grid_cell(token, Span(span.source, line_no, col_base + start, line_no, col_base + start + len(token)))
            for start, token in _split_tokens(line)
            if not set(token) <= set("-+|")
        ]
        if cells:
            first, last = cells[0].span, cells[-1].span
            row_span = Span(first.source, first.line, first.column, last.line, last.end_column)
            rows.append(ast.GridRow(row_span, tuple(cells)))
    return ast.GridLiteral(span, tuple(rows))


def _grid_cell(token: str, span: Span) -> ast.GridCell:
    """A given number (it may be negative), or a blank."""
    if token in (".", "_"):
        return ast.GridCell(span, None)
    digits = token[1:] if token.startswith("-") else token
    if not (digits.isascii() and digits.isdigit()):
        raise CspdslError(
            f"unexpected {token!r} in the grid literal", span,
            "write numbers for givens and '.' or '_' for blanks",
        )
    return ast.GridCell(span, -number(digits, span) if token.startswith("-") else number(digits, span))


def _split_tokens(line: str) -> Iterator[tuple[int, str]]:
    """The words of a line with their offsets; a '|' is a word of its own even when written close."""
    pos = 0
    for part in line.replace("|", " | ").split():
        start = line.find(part.strip(), pos)
        pos = start + len(part)
        yield start, part


def read_picture(text: str, span: Span, what: str, allowed: Callable[[str], bool], hint: str) -> ast.Picture:
    """Rows of a picture of one character a cell (a region map, a grid's shape): blanks between cells
    are optional, '|' and rule lines made of '-', '+' and '|' only are ignored. A character that
    `allowed` refuses is an error at its place, with `hint`. `text` is the block between its quotes
    and `span` covers the quotes."""
    rows = []
    for offset, line in enumerate(text.split("\n")):
        if set(line) <= set("-+| \t"):
            continue
        line_no = span.line + offset
        col_base = span.column + 3 if offset == 0 else 1
        cells = []
        for start, char in enumerate(line):
            if char in " \t|":
                continue
            cell_span = Span(span.source, line_no, col_base + start, line_no, col_base + start + 1)
            if not allowed(char):
                raise CspdslError(f"unexpected {char!r} in the {what}", cell_span, hint)
            cells.append(ast.PictureCell(cell_span, char))
        first, last = cells[0].span, cells[-1].span
        words = tuple(  # the row read as words, for a map whose labels are longer than a character
            ast.PictureCell(Span(span.source, line_no, col_base + start, line_no, col_base + start + len(word)), word)
            for start, word in _split_tokens(line) if word != "|"
        )
        rows.append(ast.PictureRow(Span(first.source, first.line, first.column, last.line, last.end_column),
                                   tuple(cells), words))
    return ast.Picture(span, tuple(rows))


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
        # A quoted value is written in single quotes inside an answer ({genre['Yellow Reef']}): a
        # double quote would end the answer. Same length, so every column stays where it was.
        if inner.count("'") % 2:
            quote = inner_column + inner.rfind("'")
            raise CspdslError("quote not closed: a quoted value in an answer ends with its own \"'\"",
                              Span(source, line, quote, line, quote + 1))
        placeholders.append(parse_expression(inner.replace("'", '"'), source, line, inner_column))
        pos = close_at + 1
    texts.append(text[pos:])
    return ast.AnswerTemplate(answer.span, tuple(texts), tuple(placeholders))
