"""A start or a goal drawn as a grid's picture (`start: g = \"\"\"...\"\"\"`), read as `given` reads one:
each number drawn is the cell's value in that state, a blank says nothing."""

from __future__ import annotations

import pytest

from cspdsl.api import CspdslError, loads
from cspdsl.driver.plans import solve_plans

LIGHTS = '''
var g[1..2, 1..3] in 0..1
start: g = """
  1 0 1
  0 1 0
"""
move "flip {r},{c}" for r in 1..2, c in 1..3: true then g[r, c] = 1 - g[r, c]
goal: g = """
  0 0 0
  . . .
"""
minimize steps
'''
WRITTEN = '''
var g[1..2, 1..3] in 0..1
start: g[1, 1] == 1 and g[1, 2] == 0 and g[1, 3] == 1 and g[2, 1] == 0 and g[2, 2] == 1 and g[2, 3] == 0
move "flip {r},{c}" for r in 1..2, c in 1..3: true then g[r, c] = 1 - g[r, c]
goal: g[1, 1] == 0 and g[1, 2] == 0 and g[1, 3] == 0
minimize steps
'''


@pytest.mark.parametrize("backend", ["search", "sat"])
def test_a_drawn_start_and_goal_are_the_conditions_written_out(backend: str) -> None:
    drawn = solve_plans(loads(LIGHTS, "lights.puz"), backend, limit=None)
    written = solve_plans(loads(WRITTEN, "lights.puz"), backend, limit=None)
    assert (drawn.length, drawn.count) == (written.length, written.count) == (2, 2)
    assert {tuple(p.moves) for p in drawn.plans} == {tuple(p.moves) for p in written.plans}
    assert {tuple(p.words(drawn.model.problem.sequential)) for p in drawn.plans} == {("flip 1,1", "flip 1,3"),
                                                                                        ("flip 1,3", "flip 1,1")}


@pytest.mark.parametrize(("change", "message"), [
    (("  0 0 0\n  . . .\n", "  0 0 0\n"), "grid literal has 1 rows; 'g' is 2x3"),
    (("  1 0 1\n", "  1 0 2\n"), "2 is outside the domain of g"),
    (('goal: g = """', 'goal: h = """'), "unknown name 'h'"),
])
def test_a_drawing_that_does_not_fit_the_grid_is_refused(change: tuple[str, str], message: str) -> None:
    with pytest.raises(CspdslError, match=message):
        loads(LIGHTS.replace(*change), "lights.puz")
