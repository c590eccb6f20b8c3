"""`explain --steps --cheapest`: each step is a cheapest one under the cost model
(explanation/costs.py), checked against brute force: on small puzzles, every set of clues and known
facts cheaper than the step taken is tried on every assignment the declarations allow, and none of
them may imply a fact still missing. On Einstein, no step costs more than the default's from the
same facts, and the default steps are left as they were."""

from __future__ import annotations

import itertools
import re

import pytest
from brute import holds
from helpers import MODELS
from test_explain import UNIQUE_SEEDS, unique_random

from cspdsl.api import load, loads
from cspdsl.explanation import Fact, explain
from cspdsl.explanation.cheapest import CheapestSearch, weighed
from cspdsl.explanation.clues import Clue, split_clues
from cspdsl.explanation.costs import FACT_COST, clue_cost
from cspdsl.explanation.facts import solution_facts
from cspdsl.explanation.oracle import ClueOracle
from cspdsl.explanation.steps import Step, StepSearch
from cspdsl.ir import Problem

HOUSES = '''puzzle "Three houses"
positions house = 1..3
attribute pet: cat, dog, fish
attribute drink: tea, milk, water
cat same tea
dog directly_left_of tea
fish at 1
water same dog
'''
NONOGRAM = '''puzzle "A tiny nonogram"
var g[1..3, 1..3] in bool
runs(g[1, ..]) == [2]
runs(g[2, ..]) == [1, 1]
runs(g[3, ..]) == [1]
runs(g[.., 1]) == [2]
runs(g[.., 2]) == [1, 1]
runs(g[.., 3]) == [1]
'''
PUZZLES = {"houses": HOUSES, "nonogram": NONOGRAM}
STEPS_CHECKED = 4  # the first steps of each puzzle, each against brute force


def assignments(problem: Problem, hard: list[object]) -> list[dict[str, int]]:
    """Every assignment of the model's variables that its declarations allow."""
    names = list(problem.variables)
    every = (dict(zip(names, values, strict=True))
             for values in itertools.product(*(problem.variables[n].domain for n in names)))
    return [a for a in every if all(holds(c, a) for c in hard)]  # type: ignore[arg-type]


def true_of(fact: Fact, a: dict[str, int]) -> bool:
    return (a[fact.var] == fact.value) == fact.holds


def cheapest_by_brute_force(base: list[dict[str, int]], clues: list[Clue], known: list[Fact],
                            remaining: list[Fact], below: int) -> int | None:
    """The least cost of a set of clues and known facts that implies a missing fact, if one costs
    less than `below`: every such set tried on every assignment."""
    best = None
    for size in range(len(clues) + 1):
        for chosen in itertools.combinations(clues, size):
            spent = sum(clue_cost(clue) for clue in chosen)
            allowed = [a for a in base if all(holds(c, a) for clue in chosen for c in clue.constraints)]
            for count in range(len(known) + 1):
                cost = spent + FACT_COST * count
                if cost >= (best if best is not None else below):
                    break
                for facts in itertools.combinations(known, count):
                    left = [a for a in allowed if all(true_of(f, a) for f in facts)]
                    if any(all(true_of(t, a) for a in left) for t in remaining):
                        best = cost
                        break
    return best


def check_first_steps(problem: Problem) -> list[Step]:
    """Take the first steps as `explain --steps` does, each compared with brute force."""
    hard, clues = split_clues(problem)
    base = assignments(problem, hard)
    oracle = ClueOracle(problem)
    taken = []
    try:
        assert oracle.holds([clue.number for clue in oracle.clues])
        solution = oracle.solution()
        search = CheapestSearch(oracle, solution_facts(problem, solution), None)
        givens = [clue.number for clue in clues if clue.is_given]
        assert not givens  # these puzzles have none: every clue may be cited
        for _ in range(STEPS_CHECKED):
            if not search.remaining:
                break
            (step,) = search.next_steps()
            assert step.cheapest and step.derived
            brute = cheapest_by_brute_force(base, clues, search.known, search.remaining, weighed(step) + 1)
            assert brute == weighed(step), (step, brute)
            for fact in step.derived:  # what it derives follows from what it cites, by brute force too
                cited = [a for a in base if all(holds(c, a) for clue in step.clues for c in clue.constraints)
                         and all(true_of(f, a) for f in step.used)]
                assert all(true_of(fact, a) for a in cited)
            search._take(step)
            taken.append(step)
    finally:
        oracle.close()
    return taken


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_the_first_steps_of_small_puzzles_cost_what_brute_force_finds_least(name: str) -> None:
    assert check_first_steps(loads(PUZZLES[name], f"{name}.puz").problem)


# Seeds whose brute force takes minutes on two busy cores: run with the slow tests only (-m slow).
SLOW_SEEDS = {0, 13}


@pytest.mark.parametrize("seed", [pytest.param(seed, marks=pytest.mark.slow) if seed in SLOW_SEEDS else seed
                                  for seed in UNIQUE_SEEDS[:12]])
def test_the_first_steps_of_random_models_cost_what_brute_force_finds_least(seed: int) -> None:
    problem = unique_random(seed)
    assert problem is not None
    assert check_first_steps(problem)


def test_a_clue_costs_more_than_a_fact() -> None:
    problem = loads(HOUSES, "houses.puz").problem
    _, clues = split_clues(problem)
    assert all(clue_cost(clue) > FACT_COST for clue in clues)
    assert len({clue_cost(clue) for clue in clues}) > 1  # the kinds weigh differently


def einstein_search() -> tuple[CheapestSearch, ClueOracle]:
    problem = load(MODELS / "einstein.puz").problem
    oracle = ClueOracle(problem)
    assert oracle.holds([clue.number for clue in oracle.clues])
    solution = {name: oracle.solution()[name] for name in problem.outputs}
    return CheapestSearch(oracle, solution_facts(problem, solution), None), oracle


def test_no_cheapest_step_of_einstein_costs_more_than_the_default_step_from_the_same_facts() -> None:
    search, oracle = einstein_search()
    try:
        while search.remaining:
            default = min(weighed(step) for step in StepSearch.next_steps(search))  # the default's round
            (step,) = search.next_steps()
            assert step.cheapest and weighed(step) <= default, (step, default)
            search._take(step)
    finally:
        oracle.close()


def test_the_cheapest_steps_reach_einstein_s_solution_and_the_hardest_costs_no_more_than_the_default_s() -> None:
    model = load(MODELS / "einstein.puz")
    default = explain(model, steps=True)
    cheapest = explain(model, cheapest=True)  # asking for the cheapest steps asks for the steps
    assert all(step.cheapest for step in cheapest.steps) and not any(step.cheapest for step in default.steps)
    placed = {f.var: f.value for step in cheapest.steps for f in step.derived if f.holds}
    assert placed == cheapest.solutions[0]
    assert max(map(weighed, cheapest.steps)) <= max(map(weighed, default.steps))


def test_cheapest_is_an_option_of_explain_steps() -> None:
    from helpers import run_cli

    result = run_cli("explain", "models/einstein.puz", "--steps", "--cheapest")
    assert result.returncode == 0, result.stderr
    assert "   1. From line 22 (Norwegian at first): Norwegian at 1;" in result.stdout
    assert "--cheapest" in run_cli("explain", "--help").stdout


def test_ctrl_c_during_the_cheapest_steps_keeps_the_steps_taken() -> None:
    from test_interrupt_explain import STOPPED, SUDOKU, _interrupted_explain

    code, out, said, line = _interrupted_explain(SUDOKU, "--steps", "--cheapest")
    assert code == 130, said
    assert "Traceback" not in said and "internal error" not in said
    stopped = STOPPED.search(said)
    assert stopped is not None, said
    taken = int(stopped.group(1))
    assert taken >= int(line.group(1)) > 0
    numbered = [text for text in out.splitlines() if re.match(r" +\d+\. ", text)]
    assert numbered[0].startswith("   1. The ") and "givens" in numbered[0]
    assert len(numbered) == taken + 1
