"""A board as MiniZinc writes one: the array over 1..k of its cells (their names in `NAME_keys`),
a cell `star.b` its element (`star[2]`), `star.cells` the array, and a group of lines (`star.lines`,
rows, diagonals, neighbours) a par array of the sets of cell numbers on each line, over which a
forall ranges (`forall(l in 1..6)(sum([star[x] | x in star_lines[l]]) = 26)`)."""

from __future__ import annotations

from ...core.record import Record
from ...lower.drawings import board_groups
from ...syntax import ast


class Board(Record):
    """A board a clue may name: its array, each cell's number, and its named groups of cells."""

    name: str  # the MiniZinc array
    cells: dict[str, int]
    groups: dict[str, list[list[str]]]


def board_of(s: ast.BoardDecl, array: str, keys: list[str]) -> Board:
    groups = {name: group for name, group in board_groups(s.drawing).items() if isinstance(group, list)}
    return Board(array, {key: i for i, key in enumerate(keys, start=1)}, groups)


def lines_array(board: Board, group: str, name: str) -> str | None:
    """`array[1..6] of set of int: star_lines = [{2, 3, 4, 5}, ...];`: each line its cells' numbers,
    or None where a line's cells are not in the order of their numbers (a set's order)."""
    lines = [[board.cells[cell] for cell in line] for line in board.groups[group]]
    if any(line != sorted(set(line)) for line in lines):
        return None
    sets = ", ".join(set_text(line) for line in lines)
    return f"array[1..{len(lines)}] of set of int: {name} = [{sets}];"


def set_text(numbers: list[int]) -> str:
    """`3..6` for consecutive numbers (more than two), else `{1, 5, 9}`."""
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}..{numbers[-1]}"
    return "{" + ", ".join(map(str, numbers)) + "}"
