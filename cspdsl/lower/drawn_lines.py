"""The lines a board's drawing draws between its cells, read as a person reads a printed picture.

A line is a run of connectors of any length from one cell to another: `-` along a row, blanks
allowed beside and between the dashes (`a-b`, `B --------C`, `a - - b`); `|` straight down, one a
line; `\\` down one column to the right each line and `/` one column to the left. `+` is where a row
and a column cross between cells: both run on through it. A run that does not reach a cell at one
of its ends is an error at its last character there, with what it met: nothing (a line that ends
nowhere), a connector of another direction (lines that cross without a `+`), or a `+` where it
stops (a line that branches, touching three cells). No connector is left over: each is part of a line.
"""

from __future__ import annotations

from ..core.errors import CspdslError
from ..syntax import ast

Place = tuple[int, int]
# A connector's step from one of its characters to the next along its line.
STEPS = {"-": (0, 1), "|": (1, 0), "\\": (1, 1), "/": (1, -1)}
CROSSING = "+"
# The characters a direction's run is made of besides its connector, and what may stand between them.
ALSO = {"-": CROSSING, "|": CROSSING, "\\": "", "/": ""}
GAPS = {"-": " ", "|": "", "\\": "", "/": ""}
HOW = (
    "a line runs from a cell to a cell, as long as it needs: '-' along the row, '|' down, '\\' down "
    "to the right and '/' down to the left a column each line; a row and a column cross at a '+'"
)


def drawn_links(drawing: ast.Drawing, cells: dict[Place, str]) -> dict[str, dict[Place, Place]]:
    """For each connector, the cell each of its lines starts at (its top or left end) -> the cell it
    ends at. A line that reaches no cell at an end, and a connector on no line, is an error at its
    place (the first in reading order)."""
    text = drawing.lines
    links: dict[str, dict[Place, Place]] = {}
    used: set[Place] = set()
    problems: list[tuple[Place, str]] = []
    for char in STEPS:
        links[char] = {}
        for run in _runs(text, char):
            start = _end(text, cells, run[0], char, -1, problems)
            end = _end(text, cells, run[-1], char, 1, problems)
            if start is not None and end is not None:
                links[char][start] = end
                used.update(run)
    problems += [((c.row, c.column), f"this '{c.char}' joins no two cells")
                 for c in drawing.connectors if (c.row, c.column) not in used and c.char == CROSSING]
    if problems:
        place, message = min(problems)
        connector = next(c for c in drawing.connectors if (c.row, c.column) == place)
        raise CspdslError(message, connector.span, HOW)
    return links


def _at(text: tuple[str, ...], place: Place) -> str:
    """The character at a place of the drawing; a blank outside it."""
    r, c = place
    return text[r][c] if 0 <= r < len(text) and 0 <= c < len(text[r]) else " "


def _next(text: tuple[str, ...], place: Place, char: str, way: int) -> Place:
    """The place after `place` along `char`'s direction (`way` -1: before it), past any gaps."""
    dr, dc = STEPS[char]
    r, c = place[0] + way * dr, place[1] + way * dc
    while 0 <= r < len(text) and 0 <= c < len(text[r]) and text[r][c] in GAPS[char]:
        r, c = r + way * dr, c + way * dc
    return r, c


def _runs(text: tuple[str, ...], char: str) -> list[list[Place]]:
    """The runs of `char` in reading order, each its places from the first: a run through a `+` goes
    on; one of `+` alone is no line of this direction."""
    pieces = char + ALSO[char]
    runs = []
    for r, line in enumerate(text):
        for c, here in enumerate(line):
            if here not in pieces or _at(text, _next(text, (r, c), char, -1)) in pieces:
                continue
            run, place = [(r, c)], _next(text, (r, c), char, 1)
            while _at(text, place) in pieces:
                run.append(place)
                place = _next(text, place, char, 1)
            if any(_at(text, p) == char for p in run):
                runs.append(run)
    return runs


def _end(
    text: tuple[str, ...], cells: dict[Place, str], last: Place, char: str, way: int,
    problems: list[tuple[Place, str]],
) -> Place | None:
    """The cell a run reaches past its character `last` (`way` 1: its far end, -1: its near end);
    None, with the problem noted at `last`, if it reaches none."""
    beyond = _next(text, last, char, way)
    if beyond in cells:
        return beyond
    met, here = _at(text, beyond), _at(text, last)
    if here == CROSSING:
        problems.append((last, f"the '{char}' line through this '+' stops at it: a line that "
                               "branches touches three cells, not two"))
    elif met in STEPS or met == CROSSING:
        problems.append((last, f"this '{here}' runs into a '{met}' between two cells: lines cross only "
                               "at a cell, or a row and a column at a '+'"))
    else:
        problems.append((last, f"this '{here}' ends nowhere: the line it draws reaches no cell"))
    return None
