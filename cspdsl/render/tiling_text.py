"""A tiling printed as puzzle books print one: the board with each cell showing the letter of the
piece that covers it (`F`, `I`, `L`, ... for the pentominoes), `#` for a hole and `.` for a cell
that an `at_most_once` placing leaves uncovered."""

from __future__ import annotations

from ..lower.layout import Tiling

Assignment = dict[str, int]
Cell = tuple[int, int]
# The letters of pieces that have none of their own (copies of a kind), in reading order.
READING_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def placed_pieces(tiling: Tiling, solution: Assignment) -> list[tuple[str, tuple[Cell, ...]]]:
    """The pieces the solution places, each its kind and cells, in the reading order of their first
    cells."""
    chosen = [tiling.placements[var] for var in tiling.placements if solution.get(var) == 1]
    return sorted(chosen, key=lambda placed: min(placed[1]))


def kind_letter(kind: str) -> str:
    """A kind's letter: its name when that is one character, else the name's first, upper case."""
    return kind if len(kind) == 1 else kind[0].upper()


def letters(tiling: Tiling, solution: Assignment) -> dict[Cell, str]:
    """Each covered cell's letter: each piece its kind's letter when every kind is placed once and
    the letters differ, else A, B, C, ... in reading order (copies share a name, not a letter)."""
    pieces = placed_pieces(tiling, solution)
    own = [kind_letter(kind) for kind, _ in pieces]
    if len(set(own)) < len(own) or any(copies > 1 for copies in tiling.copies.values()):
        own = [READING_LETTERS[i % len(READING_LETTERS)] for i in range(len(pieces))]
    return {cell: letter for letter, (_, cells) in zip(own, pieces, strict=True) for cell in cells}


def tiling_rows(tiling: Tiling, solution: Assignment) -> list[str]:
    """The lettered board as rows of one character a cell, as `--json` gives it to scripts."""
    cover = letters(tiling, solution)
    board = set(tiling.board)
    rows = range(min(r for r, _ in board), max(r for r, _ in board) + 1)
    columns = range(min(c for _, c in board), max(c for _, c in board) + 1)
    return ["".join(cover.get((r, c), ".") if (r, c) in board else "#" for c in columns) for r in rows]


def tiling_text(tiling: Tiling, solution: Assignment) -> str:
    """The lettered board under the pieces' name, a space between cells as the grids have."""
    lines = [f"{tiling.name}:"]
    lines.extend("  " + " ".join(row) for row in tiling_rows(tiling, solution))
    return "\n".join(lines)
