"""Effects with `min`, `max`, `abs` and `if ... then ... else`: each model's plans of at most N moves,
found by every backend of sequential puzzles, are those a plain Python walk over the states finds
from the same moves written as functions, here, independently of the lowering; a move split into
cases still reads as one move. And a variable of names is set to a name and printed as one."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cspdsl.api import loads
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError
from cspdsl.driver.plans import solve_plans

State = tuple[int, int]
Move = tuple[str, Callable[[State], bool], Callable[[State], State]]

POUR_INTO_LARGE = "small = max(0, small + large - 5), large = min(5, small + large)"
POUR_INTO_SMALL = "small = min(3, small + large), large = max(0, small + large - 3)"
JUGS = f"""var small in 0..3
var large in 0..5
start: small == 0 and large == 0
move "fill small": small < 3 then small = 3
move "fill large": large < 5 then large = 5
move "empty small": small > 0 then small = 0
move "pour small into large": small > 0 and large < 5 then {POUR_INTO_LARGE}
move "pour large into small": large > 0 and small < 3 then {POUR_INTO_SMALL}
goal: large == 4
steps <= 7
"""
JUGS_MOVES: list[Move] = [
    ("fill small", lambda s: s[0] < 3, lambda s: (3, s[1])),
    ("fill large", lambda s: s[1] < 5, lambda s: (s[0], 5)),
    ("empty small", lambda s: s[0] > 0, lambda s: (0, s[1])),
    ("pour small into large", lambda s: s[0] > 0 and s[1] < 5,
     lambda s: (max(0, s[0] + s[1] - 5), min(5, s[0] + s[1]))),
    ("pour large into small", lambda s: s[1] > 0 and s[0] < 3,
     lambda s: (min(3, s[0] + s[1]), max(0, s[0] + s[1] - 3))),
]

# A walker on 0..6 with a wall: `bounce` steps 2 towards 6 or back from it (abs), `swap` takes y to
# x's distance from 3 and x to y (a sum of cases), `flip` sets y by a condition.
WALK = """var x in 0..6
var y in 0..3
start: x == 0 and y == 0
move "bounce": x != 3 then x = 6 - abs(x + 2 - 6)
move "swap": y != x then x = y, y = min(3, abs(x - 3))
move "flip": x >= 0 then y = (if x >= 4 then 3 - y else max(y - 1, 0)) + 0
goal: x == 6 and y == 1
steps <= 6
"""
WALK_MOVES: list[Move] = [
    ("bounce", lambda s: s[0] != 3, lambda s: (6 - abs(s[0] + 2 - 6), s[1])),
    ("swap", lambda s: s[1] != s[0], lambda s: (s[1], min(3, abs(s[0] - 3)))),
    ("flip", lambda s: True, lambda s: (s[0], 3 - s[1] if s[0] >= 4 else max(s[1] - 1, 0))),
]
# Names set by a condition (white is 1, black 2), beside a variable of two values that are not 0 and 1.
TURNS = """var turn in {white, black}
var count in 3..4
start: turn == white and count == 3
move "pass": true then turn = (if turn == white then black else white)
move "count": count == 3 then count = 4, turn = (if turn == black then white else turn)
goal: turn == black and count == 4
steps <= 4
"""
TURNS_MOVES: list[Move] = [
    ("pass", lambda s: True, lambda s: (2 if s[0] == 1 else 1, s[1])),
    ("count", lambda s: s[1] == 3, lambda s: (1 if s[0] == 2 else s[0], 4)),
]
DOMAINS = {"jugs": (range(0, 4), range(0, 6)), "walk": (range(0, 7), range(0, 4)), "turns": (range(1, 3), range(3, 5))}
CASES = {"jugs": (JUGS, JUGS_MOVES, (0, 0), lambda s: s[1] == 4, 7),
         "walk": (WALK, WALK_MOVES, (0, 0), lambda s: s == (6, 1), 6),
         "turns": (TURNS, TURNS_MOVES, (1, 3), lambda s: s == (2, 4), 4)}


def walked(moves: list[Move], start: State, goal: Callable[[State], bool], bound: int,
           domains: tuple[range, range]) -> set[tuple[str, ...]]:
    """Every plan of at most `bound` moves, as the moves' names: no goal state before the last, and no
    move that takes a variable out of its domain."""
    found: set[tuple[str, ...]] = set()

    def extend(state: State, made: tuple[str, ...]) -> None:
        if goal(state):
            found.add(made)
            return
        if len(made) == bound:
            return
        for name, condition, effect in moves:
            if condition(state):
                after = effect(state)
                if all(value in domain for value, domain in zip(after, domains, strict=True)):
                    extend(after, (*made, name))

    extend(start, ())
    return found


@pytest.mark.parametrize("backend", ["search", *exact_backends()])
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_plans_are_those_the_moves_make(name: str, backend: str) -> None:
    text, moves, start, goal, bound = CASES[name]
    expected = walked(moves, start, goal, bound, DOMAINS[name])
    assert expected, "the case has plans to find"
    result = solve_plans(loads(text, f"{name}.puz"), backend, limit=None)
    assert result.complete
    model = loads(text, f"{name}.puz")
    sequential = model.problem.sequential
    assert sequential is not None
    assert {tuple(plan.words(sequential)) for plan in result.plans} == expected
    assert result.count == len(expected)  # a move split into cases is counted once


def test_a_variable_of_names_is_set_to_a_name_and_printed_as_one() -> None:
    text = """var peg in {left, right}
start: peg == left
move "to {p}" for p in {left, right} where p != left: peg == left then peg = p
goal: peg == right
"""
    result = solve_plans(loads(text), "search", limit=None)
    model = loads(text)
    assert model.problem.sequential is not None
    assert [plan.words(model.problem.sequential) for plan in result.plans] == [["to right"]]


@pytest.mark.parametrize(("effect", "words"), [
    ("peg = 2", "this variable holds a name: set it to one of its names"),
    ("n = left", "'left' is a name, not a number"),
])
def test_a_name_and_a_number_are_not_mixed_in_an_effect(effect: str, words: str) -> None:
    text = f"""var peg in {{left, right}}
var n in 0..3
start: peg == left and n == 0
move "m": n == 0 then {effect}
goal: n == 3
"""
    with pytest.raises(CspdslError, match=words):
        loads(text)
