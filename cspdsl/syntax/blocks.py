"""The triple-quoted blocks of a model: board drawings and grid literals, read cell by cell with
the place of each cell in the source."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import CspdslError, Span
from . import ast


def read_drawing(block: ast.Block) -> tuple[list[str], dict[str, tuple[int, int]]]:
    """The cells of a board drawing: every letter or digit is a cell; '.' and blanks are gaps."""
    lines = block.text.split("\n")
    first_line = block.span.line
    # Drop the lines that hold only the opening or closing quotes.
    if lines and not lines[0].strip():
        lines, first_line = lines[1:], first_line + 1
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise CspdslError("the board drawing is empty", block.span)
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    drawing = [line[indent:].rstrip() for line in lines]
    cells: dict[str, tuple[int, int]] = {}
    for r, line in enumerate(drawing):
        for c, char in enumerate(line):
            if char in ". \t":
                continue
            if not char.isalnum():
                span = Span(block.span.source, first_line + r, indent + c + 1, first_line + r, indent + c + 2)
                raise CspdslError(
                    f"unexpected {char!r} in the board drawing", span,
                    "cells are letters or digits; gaps are '.' or blanks",
                )
            if char in cells:
                span = Span(block.span.source, first_line + r, indent + c + 1, first_line + r, indent + c + 2)
                raise CspdslError(f"cell '{char}' appears twice in the drawing", span)
            cells[char] = (r, c)
    return drawing, cells


def read_grid_literal(block: ast.Block) -> list[list[tuple[str, Span]]]:
    """Rows of a grid literal: numbers are givens, '.' or '_' are blanks; rule lines made of
    '-', '+' and '|' only are ignored, so a Sudoku can be drawn with its boxes."""
    rows = []
    source = block.span.source
    for offset, line in enumerate(block.text.split("\n")):
        line_no = block.span.line + offset
        col_base = block.span.column + 3 if offset == 0 else 1
        row = []
        for token_start, token in split_tokens(line):
            if set(token) <= set("-+|"):
                continue
            span = Span(source, line_no, col_base + token_start, line_no, col_base + token_start + len(token))
            digits = token[1:] if token.startswith("-") else token  # a given may be negative
            if token not in (".", "_") and not (digits.isascii() and digits.isdigit()):
                raise CspdslError(
                    f"unexpected {token!r} in the grid literal", span,
                    "write numbers for givens and '.' or '_' for blanks",
                )
            row.append((token, span))
        if row:
            rows.append(row)
    return rows


def split_tokens(line: str) -> Iterator[tuple[int, str]]:
    pos = 0
    for part in line.replace("|", " | ").split():
        start = line.find(part.strip(), pos)
        pos = start + len(part)
        yield start, part
