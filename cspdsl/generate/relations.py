"""The clues a logic grid may be given, drawn from one of its solutions: every line of the model's
own relations that the solution makes true (`Brit same red`, `green directly_left_of white`, `milk at
middle`, `Smith not next_to Fletcher`, `Ann.age == Bob.age + 2`), each with the kind of relation it
uses, so that a generator can prefer the kinds a puzzle book prefers.

A value's name is written as the model must write it: in quotes where it is not a bare word or is a
word of the language. Positions keyed by names have no order: their clues are `same`, `not_same` and
`at` alone. An attribute of numbers names no value, so it appears in the `X.age` form only."""

from __future__ import annotations

import itertools
import re

from ..backends import Assignment
from ..core.record import Record
from ..lower.layout import Entities
from ..syntax.words import RESERVED

_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# The kinds of clue, from the one a generator keeps last (the most telling to a reader, the kind a
# puzzle book writes most) to the one it drops first (a plain placement or a plain negation).
KINDS = ("same", "next_to", "directly_left_of", "difference", "left_of", "more", "not_next_to", "not_same",
         "number", "at")


class Candidate(Record):
    """One clue line true of the solution, and its kind (one of KINDS)."""

    text: str
    kind: str


def written(name: str) -> str:
    """A value's name as a clue must write it."""
    return name if _BARE.fullmatch(name) and name not in RESERVED else '"' + name + '"'


def numeric(values: dict[str, str]) -> bool:
    """Whether an attribute's values are numbers (`attribute age: 3, 5, 7`)."""
    return all(value.lstrip("-").isdigit() for value in values)


def candidates(entities: Entities, solution: Assignment) -> list[Candidate]:
    """Every clue of the kinds above that `solution` makes true, in a fixed order."""
    named = {attribute: values for attribute, values in entities.attributes.items() if not numeric(values)}
    numbers = {attribute: values for attribute, values in entities.attributes.items() if numeric(values)}
    place = {value: solution[var] for values in named.values() for value, var in values.items()}
    found = [_placement(entities, value, at) for value, at in place.items()]
    ordered = entities.labels is None
    for values, others in itertools.combinations(named.values(), 2):
        for a, b in itertools.product(values, others):
            found += _pair(written(a), written(b), place[a], place[b], ordered)
    for attribute, values in numbers.items():
        number = {solution[var]: int(value) for value, var in values.items()}  # position -> its number
        found += _number_clues(attribute, {value: number[at] for value, at in place.items()})
    return found


def _placement(entities: Entities, value: str, at: int) -> Candidate:
    """`milk at middle`: the words first, last and middle where they say it, else the position; a
    key value's name where the positions are named."""
    positions = entities.positions
    if entities.labels is not None:  # a key value is a value: `rock same Alpha`, as a magazine says it
        return Candidate(f"{written(value)} same {written(entities.label(at))}", "same")
    if at == positions[0]:
        where = "first"
    elif at == positions[-1]:
        where = "last"
    elif len(positions) % 2 == 1 and at == positions[len(positions) // 2]:
        where = "middle"
    else:
        where = str(at)
    return Candidate(f"{written(value)} at {where}", "at")


def _pair(a: str, b: str, at_a: int, at_b: int, ordered: bool) -> list[Candidate]:
    """What the places of two values of different attributes make true."""
    if at_a == at_b:
        return [Candidate(f"{a} same {b}", "same")]
    found = [Candidate(f"{a} not_same {b}", "not_same")]
    if not ordered:
        return found
    if abs(at_a - at_b) == 1:
        found.append(Candidate(f"{a} next_to {b}", "next_to"))
        left, right = (a, b) if at_a < at_b else (b, a)
        found.append(Candidate(f"{left} directly_left_of {right}", "directly_left_of"))
    else:
        found.append(Candidate(f"{a} not next_to {b}", "not_next_to"))
    found.append(Candidate(f"{a} left_of {b}" if at_a < at_b else f"{a} right_of {b}", "left_of"))
    return found


def _number_clues(attribute: str, number: dict[str, int]) -> list[Candidate]:
    """`Ann.age == 7`, `Ann.age == Bob.age + 2`, `Cy.age > Ann.age`: each value's number, and each
    pair's difference and order."""
    found = [Candidate(f"{written(value)}.{attribute} == {n}", "number") for value, n in number.items()]
    for (a, n_a), (b, n_b) in itertools.permutations(number.items(), 2):
        if n_a > n_b:
            found.append(Candidate(f"{written(a)}.{attribute} == {written(b)}.{attribute} + {n_a - n_b}", "difference"))
            found.append(Candidate(f"{written(a)}.{attribute} > {written(b)}.{attribute}", "more"))
    return found
