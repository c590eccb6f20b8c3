"""The step search looks at its deadline inside a round too, not only between rounds: a round of the
nonogram asks for the smallest set of clues of each of 240 facts (0.3 s each, 75 s in all), which
ran on past a time limit of seconds and left `explain --steps --timeout` nothing to show but
"No explanation found". Past the deadline the round stops, and everything left is one step.

The clock is not waited on: the deadline is made to pass after the round's first look at it."""

from __future__ import annotations

import pytest
from helpers import ROOT

from cspdsl import load
from cspdsl.explanation import steps as step_search
from cspdsl.explanation.facts import solution_facts
from cspdsl.explanation.oracle import ClueOracle


def test_a_round_stops_at_the_deadline_and_the_rest_is_one_step(monkeypatch: pytest.MonkeyPatch) -> None:
    model = load(str(ROOT / "models/nonogram.puz"))
    oracle = ClueOracle(model.problem)
    try:
        numbers = [clue.number for clue in oracle.clues]
        found, _ = oracle.solutions(numbers, 2)
        targets = solution_facts(model.problem, found[0])
        looks = iter([False, False])  # the first looks, between rounds; every later one is past the deadline
        monkeypatch.setattr(step_search.StepSearch, "_late", lambda self: next(looks, True))
        asked: list[object] = []
        smallest = step_search.StepSearch._smallest_clues

        def counted(self: step_search.StepSearch, *args: object) -> object:
            asked.append(args)
            return smallest(self, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(step_search.StepSearch, "_smallest_clues", counted)
        taken = step_search.StepSearch(oracle, targets, deadline=0.0).run()
    finally:
        oracle.close()
    assert len(found) == 1
    assert len(asked) <= 1  # the round stopped at its next look, not after 240 facts
    assert taken[-1].rest and {f for step in taken for f in step.derived} == set(targets)
