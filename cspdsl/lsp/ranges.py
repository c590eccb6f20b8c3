"""Places in a model as cspdsl counts them and as the editor does.

A span counts lines and columns from 1, a column in characters, lines broken at \\n only (`Source`);
the protocol counts both from 0 and a column in the code units the client and server agreed on (UTF-16
unless told otherwise). pygls's `PositionCodec` converts the columns.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.workspace import PositionCodec

from ..core.errors import Source, Span


class Places:
    """The conversion both ways for one text."""

    def __init__(self, text: str, codec: PositionCodec) -> None:
        self.lines = Source("", text).lines()
        self.codec = codec

    def position(self, line: int, column: int) -> types.Position:
        """The protocol's position of a line and a column counted from 1."""
        return self.codec.position_to_client_units(self.lines, types.Position(line - 1, column - 1))

    def range(self, span: Span | None) -> types.Range:
        """The range of a span; the start of the text for none (an error about the whole model)."""
        if span is None:
            return types.Range(self.position(1, 1), self.position(1, 1))
        return types.Range(self.position(span.line, span.column), self.position(span.end_line, span.end_column))

    def place(self, position: types.Position) -> tuple[int, int]:
        """The line and column (from 1) of a protocol's position."""
        if position.line >= len(self.lines):
            return position.line + 1, 1
        found = self.codec.position_from_client_units(self.lines, types.Position(position.line, position.character))
        return found.line + 1, found.character + 1
