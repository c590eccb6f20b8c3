"""Numbers as handles (`age 40`, the entity whose age is 40): each clue row means what a brute force in
plain Python says, on every exact backend; the same clue written the long way (`forall ... if
w.age == 40 then ...`) has the same solutions; and each misuse is an error at its place, with a hint.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from helpers import run_cli

from cspdsl.api import loads, solve
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError
from cspdsl.lsp.symbols import index_of
from cspdsl.render.solution import answers
from cspdsl.syntax.parser import parse

# Three people of 3, 5 and 40 on three seats; a handle names one of them by age.
PEOPLE = "positions p = 1..3\nattribute who: Ann, Bob, Cy\nattribute age: 3, 5, 40\n"
NAMES = ["who[Ann]", "who[Bob]", "who[Cy]", "age[3]", "age[5]", "age[40]"]
Seat = dict[str, int]  # a value's name ("Ann", "40") -> its position


def arrangements() -> list[Seat]:
    """Every way to seat the people and the ages, as brute force goes through them."""
    found = []
    for people in itertools.permutations((1, 2, 3)):
        for ages in itertools.permutations((1, 2, 3)):
            found.append(dict(zip(("Ann", "Bob", "Cy", "3", "5", "40"), people + ages, strict=True)))
    return found


# (clue, what it means over the seats, the same clue written without handles)
ROWS: list[tuple[str, Callable[[Seat], bool], str]] = [
    ("age 40 same Bob", lambda s: s["40"] == s["Bob"], "Bob.age == 40"),
    ("Ann not_same age 3", lambda s: s["Ann"] != s["3"], "Ann.age != 3"),
    ("age 40 next_to age 3", lambda s: abs(s["40"] - s["3"]) == 1,
     "forall w in who: forall v in who: if w.age == 40 and v.age == 3 then w next_to v"),
    ("age(5) left_of Cy", lambda s: s["5"] < s["Cy"],
     "forall w in who: if w.age == 5 then w left_of Cy"),
    ("age 40 at 2", lambda s: s["40"] == 2, "forall w in who: if w.age == 40 then w at 2"),
    ("age 3 not at last", lambda s: s["3"] != 3, "forall w in who: if w.age == 3 then w not at last"),
    ("[Ann, age 5] same [age 40, Cy]",
     lambda s: s["Ann"] != s["5"] and {s["Ann"], s["5"]} == {s["40"], s["Cy"]},
     "Ann.age == 40 and Cy.age == 5"),
    ("alldifferent([Bob, age 3, age 5])", lambda s: s["Bob"] not in (s["3"], s["5"]), "Bob.age == 40"),
    ("either Ann same age 3 or Bob same age 5",
     lambda s: (s["Ann"] == s["3"]) != (s["Bob"] == s["5"]), "either Ann.age == 3 or Bob.age == 5"),
    ("exactly 1 of [Ann same age 3, Bob same age 5, Cy same age 40]",
     lambda s: [s["Ann"] == s["3"], s["Bob"] == s["5"], s["Cy"] == s["40"]].count(True) == 1,
     "exactly 1 of [Ann.age == 3, Bob.age == 5, Cy.age == 40]"),
    ("(age 40).age == 40 and age 40 same Cy", lambda s: s["40"] == s["Cy"], "Cy.age == 40"),
    ("forall w in who: age 40 not_same w or w == Cy", lambda s: s["40"] == s["Cy"], "Cy.age == 40"),
]
IDS = [clue for clue, _, _ in ROWS]


def solutions(text: str, backend: str) -> set[tuple[int, ...]]:
    lowered = loads(text, "handles.puz")
    assert sorted(lowered.problem.outputs) == sorted(NAMES)
    result = solve(lowered, backend, limit=None)
    assert result.complete and not result.timed_out
    found = [tuple(s[name] for name in NAMES) for s in result.solutions]
    assert len(found) == len(set(found)), "a solution came back twice"
    return set(found)


def meant(meaning: Callable[[Seat], bool]) -> set[tuple[int, ...]]:
    return {tuple(s[key] for key in ("Ann", "Bob", "Cy", "3", "5", "40")) for s in arrangements() if meaning(s)}


@pytest.mark.parametrize("backend", exact_backends(partial=True))
@pytest.mark.parametrize(("clue", "meaning", "long_way"), ROWS, ids=IDS)
def test_a_handle_means_its_entity_on_every_backend(clue: str, meaning: Callable[[Seat], bool], long_way: str,
                                                   backend: str) -> None:
    expected = meant(meaning)
    assert 0 < len(expected) < 36  # the clue decides something
    assert solutions(PEOPLE + clue + "\n", backend) == expected


@pytest.mark.parametrize(("clue", "meaning", "long_way"), ROWS, ids=IDS)
def test_a_handle_says_what_the_long_way_says(clue: str, meaning: Callable[[Seat], bool], long_way: str) -> None:
    assert solutions(PEOPLE + long_way + "\n", "cpsat") == meant(meaning)


def test_a_handle_in_a_puzzle_keyed_by_names_and_in_an_answer() -> None:
    text = (
        "positions band: Alpha, Beta, Gamma\nattribute genre: rock, jazz, folk\nattribute stand: 1, 2, 3\n"
        "stand 2 same Alpha\nstand 1 same Beta\nrock same stand 3\njazz not_same stand 1\n"
        'question "Who is on stand 3?": "{band[stand 3]}, {genre[stand 3]}"\n'
    )
    lowered = loads(text, "bands.puz")
    result = solve(lowered, limit=None)
    assert result.count == 1
    [solution] = result.solutions
    assert [solution[f"stand[{k}]"] for k in (1, 2, 3)] == [2, 1, 3]  # Beta 1, Alpha 2, Gamma 3
    assert [solution[f"genre[{g}]"] for g in ("rock", "jazz", "folk")] == [3, 1, 2]
    assert answers(lowered.layout, solution) == ["Gamma, rock"]


PEOPLE_LINES = 3  # the lines of PEOPLE: an error row's clue is on line 4
# (clue, column of the caret, the message, a part of the hint)
ERRORS = [
    ("Bob same 40", 10, "40 is a value of 'age', not a p: 'same' relates the entity of a value",
     "the one whose age is 40 is 'age 40'"),
    ("Bob same 3", 10, "3 is both position 3 and a value of 'age'", "for the one whose age is 3 write 'age 3'"),
    ("[Ann, Bob] same [40, Cy]", 18, "40 is a value of 'age', not a p", "'age 40'"),
    ("age 41 same Bob", 5, "41 is not a value of 'age'", "the values of 'age' are 3, 5, 40"),
    ("age(-3) next_to Bob", 5, "-3 is not a value of 'age'", "are 3, 5, 40"),
    ("who 3 same Bob", 1, "'who' is an attribute of names; 'who NUMBER' names a value of an attribute of numbers",
     "write the value itself, as in 'Ann'"),
    ("Bob 3", 1, "'Bob' is not an attribute, so 'Bob 3' names nothing", "a clue needs a relation"),
    ("agee 40 same Bob", 1, "unknown attribute 'agee'", "did you mean 'age'?"),
    ("age(Bob) same Cy", 5, "expected a constant number", None),
    ("attribute stand: 5, 6, 7\nCy next_to 5", 12, "5 is a value of 'age' and 'stand': which one is meant?",
     "'age 5' or 'stand 5'"),
]


@pytest.mark.parametrize(("clue", "column", "message", "hint"), ERRORS, ids=[row[0] for row in ERRORS])
def test_a_misused_handle_is_located(clue: str, column: int, message: str, hint: str | None) -> None:
    with pytest.raises(CspdslError) as caught:
        loads(PEOPLE + clue + "\n", "m.puz")
    error = caught.value
    assert error.span is not None
    assert (error.span.line, error.span.column) == (PEOPLE_LINES + clue.count("\n") + 1, column)
    assert error.message.startswith(message)
    if hint is not None:
        assert error.hint is not None and hint in error.hint


def test_the_command_line_shows_a_misused_handle_with_a_caret(tmp_path) -> None:
    model = tmp_path / "m.puz"
    model.write_text(PEOPLE + "Bob same 40\n", encoding="utf-8")
    done = run_cli("solve", str(model))
    assert done.returncode == 2
    assert f"{model}:4:10: error: 40 is a value of 'age'" in done.stderr
    assert " 4 | Bob same 40\n   |          ^^\nhint: the one whose age is 40 is 'age 40'" in done.stderr


def test_a_bare_number_that_is_no_value_is_still_a_position() -> None:
    assert solutions(PEOPLE + "Ann same 2\n", "cpsat") == meant(lambda s: s["Ann"] == 2)


def test_the_language_server_finds_the_attribute_a_handle_names() -> None:
    """A handle's attribute is a use of it: references, rename and hover reach `age` in `age 40`."""
    index = index_of(parse(PEOPLE + "age 40 same Bob\n[Ann, age 3] same [Cy, age(5)]\n", "m.puz"))
    uses = index.references("age", declaration=False)
    assert [(span.line, span.column) for span in uses] == [(4, 1), (5, 7), (5, 24)]
    assert index.declared["age"].members == ("3", "5", "40")
