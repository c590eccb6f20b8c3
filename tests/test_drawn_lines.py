"""Boards drawn as printed: a run of connectors of any length joins the two cells at its ends, a row and
a column cross at `+`, and a star drawn with long lines is the star drawn with short ones."""

from __future__ import annotations

import pytest
from helpers import MODELS

from cspdsl.api import load, loads
from cspdsl.core.errors import CspdslError
from cspdsl.lower.drawings import board_groups
from cspdsl.render.solution import board_text
from cspdsl.syntax.parser import parse

LINE_GROUPS = ("rows", "columns", "diagonals", "antidiagonals", "adjacent")


def groups_of(drawing: str) -> dict[str, list[str] | str]:
    """The lines and adjacent pairs of a board drawn so, each as its cells' letters."""
    (board,) = parse(f'board b in 1..9 = """\n{drawing}\n"""\n').statements
    found = board_groups(board.drawing)
    return {name: found[name] if isinstance(found[name], str) else ["".join(line) for line in found[name]]
            for name in LINE_GROUPS}


def lines_of(drawing: str) -> dict[str, list[str]]:
    """The groups a drawing has lines of (those it has none of are left out)."""
    return {name: lines for name, lines in groups_of(drawing).items() if isinstance(lines, list)}


# A drawing, and the groups it has lines of, as a person reads the picture.
READINGS = {
    "dashes-beside-blanks": ("B --------C", {"rows": ["BC"], "adjacent": ["BC"]}),
    "dashes-with-blanks-between": ("a ---- ---- b - c", {"rows": ["abc"], "adjacent": ["ab", "bc"]}),
    "long-column": ("a\n|\n|\n|\nb\n|\nc", {"columns": ["abc"], "adjacent": ["ab", "bc"]}),
    "long-diagonal": ("a\n \\\n  \\\n   \\\n    b", {"diagonals": ["ab"], "adjacent": ["ab"]}),
    "long-antidiagonal": ("    a\n   /\n  /\n /\nb", {"antidiagonals": ["ab"], "adjacent": ["ab"]}),
    "a-cross-at-plus": (
        "   a\n   |\nb--+--c\n   |\n   d",
        {"rows": ["bc"], "columns": ["ad"], "adjacent": ["ad", "bc"]},
    ),
    "a-row-through-plus-alone": ("a-+-b", {"rows": ["ab"], "adjacent": ["ab"]}),
    "a-long-x": (
        "a     b\n \\   /\n  \\ /\n   c\n  / \\\n /   \\\nd     e",
        {"diagonals": ["ace"], "antidiagonals": ["bcd"], "adjacent": ["ac", "bc", "cd", "ce"]},
    ),
}


@pytest.mark.parametrize("case", list(READINGS))
def test_a_run_of_connectors_joins_the_cells_at_its_ends(case: str) -> None:
    drawing, expected = READINGS[case]
    assert lines_of(drawing) == expected


# Each drawing a person cannot read one way, the place its error points at and the words it has.
REFUSED = {
    "dash-to-nowhere": ("a ----", (2, 6), "this '-' ends nowhere"),
    "column-to-nowhere": ("a\n|\n|\n\nb", (4, 1), "this '|' ends nowhere"),
    "diagonal-off-by-one": ("a\n \\\n  \\\n  b", (4, 3), "this '\\' ends nowhere"),
    "cross-without-plus": ("  a\n  |\nb---c\n  |\n  d", (3, 3), "this '|' runs into a '-' between two cells"),
    "slant-into-plus": ("a\n \\\n  +-b\n  |\n  c", (3, 2), "this '\\' runs into a '+'"),
    "branch-at-plus": ("b-+-c\n  |\n  d", (2, 3), "the '|' line through this '+' stops at it"),
    "plus-alone": ("a-b\n+", (3, 1), "this '+' joins no two cells"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_line_that_does_not_join_two_cells_is_an_error_at_its_end(case: str) -> None:
    drawing, (line, column), words = REFUSED[case]
    with pytest.raises(CspdslError) as raised:
        loads(f'board b in 1..9 = """\n{drawing}\n"""\n', "m.puz")
    error = raised.value
    assert error.span is not None and (error.span.line, error.span.column) == (line, column)
    assert words in error.message and "as long as it needs" in (error.hint or "")


SHORT_STAR = """\
        a
       / \\
  b---c---d---e
   \\ /     \\ /
    f       g
   / \\     / \\
  h---i---j---k
       \\ /
        l"""

MAGAZINE_STAR = """\
            a
           / \\
          /   \\
 b-------c-----d-------e
  \\     /       \\     /
   \\   /         \\   /
    \\ /           \\ /
     f             g
    / \\           / \\
   /   \\         /   \\
  /     \\       /     \\
 h-------i-----j-------k
          \\   /
           \\ /
            l"""


def test_the_star_as_a_magazine_prints_it_is_the_star_drawn_short() -> None:
    long, short = groups_of(MAGAZINE_STAR), groups_of(SHORT_STAR)
    assert long == short
    assert long["rows"] == ["bcde", "hijk"] and long["diagonals"] == ["bfil", "adgk"]
    assert long["antidiagonals"] == ["acfh", "egjl"]


def test_the_magic_star_model_is_drawn_as_printed_and_reads_the_short_stars_lines() -> None:
    model = load(MODELS / "magicstar.puz")
    assert model.layout.boards[0].drawing == [line[1:] for line in MAGAZINE_STAR.split("\n")]
    short = (MODELS / "magicstar.puz").read_text().replace(MAGAZINE_STAR, SHORT_STAR)
    assert short != (MODELS / "magicstar.puz").read_text()
    assert [p.constraint for p in loads(short).problem.constraints] == [
        p.constraint for p in model.problem.constraints]


def test_a_crossing_is_printed_on_the_row_it_crosses() -> None:
    model = loads('board b in 10..13 = """\n  a\n  |\nb-+-c\n  |\n  d\n"""\nalldifferent(b.cells)\n')
    board = model.layout.boards[0]
    solution = {var: 10 + i for i, var in enumerate(board.variables.values())}
    assert board_text(board, solution).split("\n")[3] == "  11---+--12"
