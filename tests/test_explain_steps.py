"""The steps a person would take: each step cites the fewest known facts its fact needs (a smallest
set, checked against brute force over every smaller set on small random models), so Einstein's
steps cite fewer facts than deletion kept (141 in all before, "Brit at 3" from six facts where
"red at 3" suffices)."""

from __future__ import annotations

from itertools import combinations

import pytest
from test_explain import UNIQUE_SEEDS, solutions_of_with, unique_random

from cspdsl.api import load
from cspdsl.explanation import Fact, explain, premises
from cspdsl.explanation.facts import solution_facts
from cspdsl.explanation.oracle import ClueOracle
from cspdsl.explanation.premises import fewest_facts_needed
from cspdsl.explanation.steps import StepSearch
from cspdsl.ir import Problem

# Einstein's steps, all their clues and facts cited together, before the fewest facts were looked for.
EINSTEIN_TOTAL_BEFORE = 141


def implies(problem: Problem, numbers: set[int], facts: list[Fact], fact: Fact) -> bool:
    """By brute force: every solution of these clues with these facts makes `fact` true."""
    return all((found[fact.var] == fact.value) == fact.holds for found in solutions_of_with(problem, numbers, facts))


def cases(problem: Problem) -> list[tuple[list[int], list[Fact], Fact]]:
    """(the first clues, the values excluded from the other variables, a placement) for each prefix
    of the clues and each placement that those imply and the clues alone do not: exclusions need
    several of them, and deletion does not always keep the fewest."""
    every = list(range(1, len(problem.constraints) + 1))
    (solution,) = solutions_of_with(problem, set(every), [])
    facts = solution_facts(problem, solution)
    found = []
    for numbers in (every[:k] for k in range(1, len(every))):
        for target in (f for f in facts if f.holds):
            known = [f for f in facts if f.var != target.var and not f.holds]
            if implies(problem, set(numbers), known, target) and not implies(problem, set(numbers), [], target):
                found.append((numbers, known, target))
    return found


SEEDS = UNIQUE_SEEDS[:20]
# Cases of those seeds where the fewest facts are fewer than deletion's minimal set (measured: 9 of 111).
FEWER_THAN_DELETION = 5


def fewest_and_minimal(seed: int) -> list[tuple[list[int], list[Fact], Fact, list[Fact], list[Fact]]]:
    problem = unique_random(seed)
    assert problem is not None
    oracle = ClueOracle(problem)
    try:
        return [(numbers, known, target, fewest_facts_needed(oracle, numbers, known, target),
                 oracle.facts_needed(numbers, known, target)) for numbers, known, target in cases(problem)]
    finally:
        oracle.close()


@pytest.mark.parametrize("engine", sorted(premises.CANDIDATES))
@pytest.mark.parametrize("seed", SEEDS)
def test_the_facts_a_step_cites_are_a_smallest_set(seed: int, engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With either hitting-set engine (our own, PySAT's Hitman), checked against brute force."""
    monkeypatch.setattr(premises, "HITTING_SETS", engine)
    problem = unique_random(seed)
    assert problem is not None
    for numbers, known, target, fewest, _ in fewest_and_minimal(seed):
        assert implies(problem, set(numbers), fewest, target)
        for smaller in combinations(known, len(fewest) - 1):
            assert not implies(problem, set(numbers), list(smaller), target), (fewest, smaller)


def test_the_fewest_facts_are_at_times_fewer_than_deletion_keeps() -> None:
    found = [case for seed in SEEDS for case in fewest_and_minimal(seed)]
    assert all(len(fewest) <= len(minimal) for *_, fewest, minimal in found)
    assert sum(len(fewest) < len(minimal) for *_, fewest, minimal in found) >= FEWER_THAN_DELETION


def test_einstein_steps_cite_the_fewest_facts_and_still_reach_the_solution() -> None:
    explanation = explain(load("models/einstein.puz"), steps=True)
    placed = {f.var: f.value for step in explanation.steps for f in step.derived if f.holds}
    assert placed == explanation.solutions[0]
    brit = next(step for step in explanation.steps if Fact("nationality[Brit]", 3, True) in step.derived)
    assert [clue.text for clue in brit.clues] == ["Brit same red"]
    assert brit.used == [Fact("colour[red]", 3, True)]
    assert explanation.difficulty is not None
    assert explanation.difficulty.total < EINSTEIN_TOTAL_BEFORE and explanation.difficulty.hardest <= 5


# How many clues a step of the stars may cite: a row, a column or a region and pairs of touching
# cells (2 to 5 for a cell; the first step cited 32 clues for 10 cells before).
CLUES_PER_CELL = 5


def test_the_first_step_of_the_stars_cites_a_few_clues_for_a_cell() -> None:
    from cspdsl.explanation.verify import _follows

    model = load("models/stars.puz")
    problem = model.problem
    oracle = ClueOracle(problem)
    try:
        assert oracle.holds([clue.number for clue in oracle.clues])
        solution = oracle.solution()
        first = StepSearch(oracle, solution_facts(problem, solution), None).next_steps()
    finally:
        oracle.close()
    assert first
    for step in first:
        placed = {fact.var for fact in step.derived if fact.holds}
        assert placed and 2 <= len(step.clues) <= CLUES_PER_CELL  # no clue alone places a star
        _follows(problem, {clue.number for clue in step.clues}, step.used, step.derived, solution)  # checked


@pytest.mark.slow
def test_no_step_of_the_stars_cites_more_than_a_few_clues() -> None:
    explanation = explain(load("models/stars.puz"), steps=True)  # every step checked before it is returned
    assert explanation.status == "unique"
    assert max(len(step.clues) for step in explanation.steps) <= CLUES_PER_CELL
