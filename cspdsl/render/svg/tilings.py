"""Shapes placed on a board drawn as a coloured cover: each placed piece its own colour and its
letter (the letters `tiling_text` prints), thick lines between pieces, holes left dark and cells an
`at_most_once` placing leaves uncovered left white."""

from __future__ import annotations

from collections.abc import Mapping

from ...lower.layout import Tiling
from ..tiling_text import letters, placed_pieces
from .canvas import FAINT, INK, SHADE, Block, caption, column, line, rect, text

CELL = 34
# Twelve colours that tell pieces apart (the pentominoes are twelve), light enough for a dark letter
# (ColorBrewer's Set3), reused in turn past them.
PIECE_FILLS = ("#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
               "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f")
Cell = tuple[int, int]


def tiling_block(tiling: Tiling, solution: Mapping[str, int]) -> Block:
    """The covered board under the pieces' name."""
    assignment = dict(solution)
    piece_at = {cell: k for k, (_, cells) in enumerate(placed_pieces(tiling, assignment)) for cell in cells}
    letter_at = letters(tiling, assignment)
    board = set(tiling.board)
    top = min((r for r, _ in board), default=0)
    left = min((c for _, c in board), default=0)
    height = max((r for r, _ in board), default=-1) - top + 1
    width = max((c for _, c in board), default=-1) - left + 1
    body = Block(width * CELL, height * CELL)
    for r in range(top, top + height):
        for c in range(left, left + width):
            x, y = (c - left) * CELL, (r - top) * CELL
            if (r, c) not in board:
                body.elements.append(rect(x, y, CELL, CELL, fill=SHADE))
            elif (r, c) in piece_at:
                body.elements.append(rect(x, y, CELL, CELL, fill=PIECE_FILLS[piece_at[(r, c)] % len(PIECE_FILLS)]))
                body.elements.append(text(x + CELL / 2, y + CELL / 2, letter_at[(r, c)], 16, INK, weight="bold"))
    body.elements += _edges(piece_at, board, top, left, height, width)
    return column([caption(tiling.name, 14), body], gap=4)


def _edges(piece_at: dict[Cell, int], board: set[Cell], top: int, left: int, height: int, width: int) -> list[str]:
    """A thick line between two cells of different pieces (or a piece and a hole), a thin one inside a piece."""
    out = []
    for r in range(top, top + height):
        for c in range(left, left + width):
            here = piece_at.get((r, c), -1 if (r, c) in board else -2)
            x, y = (c - left + 1) * CELL, (r - top + 1) * CELL
            if c + 1 < left + width:
                there = piece_at.get((r, c + 1), -1 if (r, c + 1) in board else -2)
                out.append(line(x, y - CELL, x, y, INK if here != there else FAINT, 3 if here != there else 1))
            if r + 1 < top + height:
                there = piece_at.get((r + 1, c), -1 if (r + 1, c) in board else -2)
                out.append(line(x - CELL, y, x, y, INK if here != there else FAINT, 3 if here != there else 1))
    out.append(rect(0, 0, width * CELL, height * CELL, stroke=INK, stroke_width=3))
    return out
