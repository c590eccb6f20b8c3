"""Region maps with labels longer than a character: words separated by blanks (`AA AB`, `10 11`), read
where a row's characters do not fit the grid's width and its words do, in the order a person counts
them, and the same regions as the one-character map they stand for."""

from __future__ import annotations

import pytest

from cspdsl.api import loads, solve
from cspdsl.core.errors import CspdslError
from cspdsl.export import export
from cspdsl.lower import Lowered
from cspdsl.render.solution import answers

# Cell (r, c) of a 2x4 grid holds 4*(r-1)+c, so printing a region shows which cells it has, in order.
NUMBERED = "forall r in 1..2: forall c in 1..4: g[r, c] == 4 * (r - 1) + c\n"
QUESTION = 'question "q": "{len(p.regions)} {p.regions[1]} {p.regions[2]} {p.regions[3]}"\n'

MAPS = {
    "letters": "AABB\nACCB",
    "letters with blanks": "A A | B B\nA C | C B",
    "words": "AA AA AB AB\nAA AC AC AB",
    "numbers": "1 1 2 2\n1 3 3 2",
    "numbers past nine": "9 9 10 10\n9 11 11 10",
    "a row of letters, a row of words": "AABB\nA CC CC B",
}


@pytest.mark.parametrize("drawn", MAPS.values(), ids=MAPS.keys())
def test_every_way_of_labelling_gives_the_same_regions(drawn: str) -> None:
    text = f'var g[1..2, 1..4] in 1..8\nregions p of g = """\n{drawn}\n"""\n{NUMBERED}{QUESTION}'
    model = loads(text)
    assert answers(model.layout, solve(model).solutions[0]) == ["3 125 348 67"]


def test_labels_are_counted_as_a_person_counts_them() -> None:
    labels = " ".join(str(n) for n in range(1, 13))
    text = (f'var g[1..1, 1..12] in 1..12\nregions p of g = """\n{labels}\n"""\n'
            'forall c in 1..12: g[1, c] == c\nquestion "q": "{p.regions[2]} {p.regions[10]} {p.regions[12]}"\n')
    model = loads(text)
    assert answers(model.layout, solve(model).solutions[0]) == ["2 10 12"]  # 10 after 9, not after 1


def test_a_word_label_is_named_in_a_clue_and_in_errors() -> None:
    text = 'var g[1..2, 1..3] in 1..2\nregions cage of g = """\nAA AA AB\nAC AD AB\n"""\nsum(cage.AB) == 4\n'
    model = loads(text)
    assert all(s["g[1,3]"] == s["g[2,3]"] == 2 for s in solve(model, limit=None).solutions)
    with pytest.raises(CspdslError, match=r"no region ZZ; the regions of 'cage' are AA\.\.AD"):
        loads(text + "sum(cage.ZZ) == 2\n")


def test_a_row_that_fits_neither_way_is_refused_with_the_other_reading_as_hint() -> None:
    text = 'var g[1..2, 1..3] in 1..2\nregions cage of g = """\nAA AA AB\nAC AD AB AE\n"""\n'
    with pytest.raises(CspdslError) as raised:
        loads(text, "m.puz")
    assert raised.value.message == "region map row has 8 cells; 'g' is 2x3"
    assert "a word a cell with blanks between" in (raised.value.hint or "")


def test_minizinc_numbers_word_labelled_regions_as_it_numbers_letters() -> None:
    by_letters = loads(f'var g[1..2, 1..4] in 1..8\nregions p of g = """\n{MAPS["letters"]}\n"""\n{NUMBERED}')
    by_words = loads(f'var g[1..2, 1..4] in 1..8\nregions p of g = """\n{MAPS["words"]}\n"""\n{NUMBERED}')

    def regions_line(model: Lowered) -> str:
        lines = export("minizinc", model).splitlines()
        return next(line for line in lines if line.startswith("array") and " p = " in line)

    assert regions_line(by_letters) == regions_line(by_words)
