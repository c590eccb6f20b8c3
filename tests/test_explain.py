"""`cspdsl explain`: unsatisfiable variants of the seed models with their exact conflicting clue
lines and one-clue repairs; the smallest and minimal conflicts against brute force on small random
models; the explanation's text, JSON and exit codes."""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import pytest
from brute import brute_force
from helpers import MODELS, run_cli

from cspdsl.explain import explain, explain_problem
from cspdsl.explain.conflicts import minimal_conflict, smallest_conflict, smallest_hitting_set
from cspdsl.explain.oracle import ClueOracle
from cspdsl.ir import AllDifferent, Linear, Posted, Problem

EINSTEIN = (MODELS / "einstein.puz").read_text()
SUDOKU = (MODELS / "sudoku.puz").read_text()
LOCK = (MODELS / "lock.puz").read_text()

# (case, model text, the conflict's clues as line[:column][(instance)], the repairs as {clue: solutions}).
UNSATISFIABLE = [
    ("Einstein, the Dane drinks milk", EINSTEIN.replace("Dane same tea ", "Dane same milk"),
     ["14", "16", "17", "18", "21", "22", "27"], {"14": 10, "16": 2, "17": 12, "21": 4, "22": 14, "27": 18}),
    ("Einstein, the German smokes Dunhill", EINSTEIN.replace("German same Prince  ", "German same Dunhill"),
     ["14", "17", "20", "22", "26", "27"], {"14": 7, "17": 24, "20": 3, "22": 7, "26": 4, "27": 20}),
    ("Sudoku, a clashing given", SUDOKU.replace("  . . 5 | 3 . 7 | 8 . .", "  5 . 5 | 3 . 7 | 8 . ."),
     ["6(group=[cell[1,1], cell[1,2], ..., cell[1,9]])", "9:3", "9:7"], {"9:3": 1}),
    ("the lock, an impossible hint",
     LOCK.replace("exactly 1 of [code[i] == well_placed[i]", "exactly 3 of [code[i] == well_placed[i]"),
     ["16(d=5)", "24"], {"24": 6}),
]


def place(clue: dict[str, object]) -> str:
    """A clue of the JSON as the table names it."""
    text = str(clue["line"]) + (f":{clue['column']}" if clue["column"] != 1 else "")
    instance = clue["instance"]
    assert isinstance(instance, dict)
    return text + (f"({', '.join(f'{k}={v}' for k, v in instance.items())})" if instance else "")


@pytest.mark.parametrize(("case", "text", "conflict", "repaired"), UNSATISFIABLE, ids=[u[0] for u in UNSATISFIABLE])
def test_an_unsatisfiable_model_gets_its_smallest_conflict_and_its_repairs(
    case: str, text: str, conflict: list[str], repaired: dict[str, int]
) -> None:
    result = run_cli("explain", "-", "--json", stdin=text)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert (found["status"], found["smallest"]) == ("unsatisfiable", True)
    assert [place(c) for c in found["conflict"]] == conflict
    assert {place(r["clue"]): r["solutions"] for r in found["repairs"]} == repaired


def test_the_explanation_shows_each_clue_as_an_error_shows_its_fault() -> None:
    result = run_cli("explain", "-", stdin=UNSATISFIABLE[0][1])
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(
        "No solution: these 7 clues cannot hold together with the declarations, and no fewer clues of the "
        "model fail together:\n\n<stdin>:14:1: clue\n 14 | Brit same red "
    )
    assert " 16 | Dane same milk" in result.stdout
    assert "\n    | ^^^^^^^^^^^^^^\n" in result.stdout
    assert "  line 16  Dane same milk                -> 2 solutions" in result.stdout


@pytest.mark.parametrize(("model", "said"), [
    ("einstein", "The clues hold together: the model has a solution, and it is unique."),
    ("lock", "The clues hold together: the model has a solution, and it is not unique."),
])
def test_a_model_with_solutions_says_so(model: str, said: str) -> None:
    result = run_cli("explain", f"models/{model}.puz")
    assert (result.returncode, result.stdout.splitlines()[0]) == (0, said)


def test_declarations_that_contradict_blame_no_clue() -> None:
    problem = Problem()
    for name in "abc":
        problem.add_var(name, (1, 2))
    problem.post(AllDifferent(("a", "b", "c")))  # a declaration's
    problem.post(Linear(((1, "a"),), "==", 1), None, ())  # a clue
    explanation = explain_problem(problem)
    assert (explanation.status, explanation.conflict) == ("declarations", [])


def test_a_bad_model_is_refused_as_solve_refuses_it() -> None:
    result = run_cli("explain", "-", stdin="var x in 1..3\nx == y\n")
    assert result.returncode == 2
    assert "<stdin>:2:6: error: unknown name 'y'" in result.stderr


def random_clues(rng: random.Random) -> Problem:
    """Three variables in 0..3 and five to eight random linear clues of two variables."""
    names = ["a", "b", "c"]
    problem = Problem()
    for name in names:
        problem.add_var(name, (0, 1, 2, 3))
    for _ in range(rng.randint(5, 8)):
        x, y = rng.sample(names, 2)
        clue = Linear(((rng.choice((1, -1, 2)), x), (rng.choice((1, -1)), y)), rng.choice(("==", "<=", "!=")),
                      rng.randint(-3, 4))
        problem.constraints.append(Posted(clue, None, ()))
    return problem


def fails(problem: Problem, numbers: set[int]) -> bool:
    part = Problem(variables=dict(problem.variables), outputs=list(problem.outputs))
    part.constraints = [p for i, p in enumerate(problem.constraints, 1) if i in numbers]
    return not brute_force(part)


@pytest.mark.parametrize("seed", range(60))
def test_conflicts_match_brute_force_on_small_random_models(seed: int) -> None:
    problem = random_clues(random.Random(seed))
    numbers = list(range(1, len(problem.constraints) + 1))
    oracle = ClueOracle(problem)
    if not fails(problem, set(numbers)):
        assert oracle.holds(numbers)
        return
    smallest = set(smallest_conflict(oracle, numbers))
    minimal = set(minimal_conflict(oracle, numbers))
    for conflict in (smallest, minimal):
        assert fails(problem, conflict)
        assert all(not fails(problem, conflict - {n}) for n in conflict)
    fewest = min(len(s) for k in range(1, len(numbers) + 1) for s in map(set, combinations(numbers, k))
                 if fails(problem, s))
    assert len(smallest) == fewest


@pytest.mark.parametrize(("sets", "size"), [
    ([], 0),
    ([frozenset({1})], 1),
    ([frozenset({1, 2}), frozenset({2, 3}), frozenset({3, 4})], 2),
    ([frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6}), frozenset({1, 3, 5})], 3),
])
def test_smallest_hitting_set(sets: list[frozenset[int]], size: int) -> None:
    chosen = smallest_hitting_set(sets)
    assert len(chosen) == size and all(s & chosen for s in sets)


def test_the_python_api_gives_the_clues_with_their_places(tmp_path: Path) -> None:
    path = tmp_path / "bad.puz"
    path.write_text(UNSATISFIABLE[1][1])
    from cspdsl.api import load

    explanation = explain(load(path))
    assert [clue.span.line for clue in explanation.conflict if clue.span] == [14, 17, 20, 22, 26, 27]
    assert [clue.text for clue in explanation.conflict][:2] == ["Brit same red", "green directly_left_of white"]


def test_a_wrong_explanation_is_rejected_before_anyone_sees_it() -> None:
    from cspdsl.api import load
    from cspdsl.explain.verify import ExplanationRejected, verify

    problem = load(MODELS / "einstein.puz").problem
    explanation = explain_problem(problem)
    explanation.status, explanation.conflict = "unsatisfiable", explanation.clues[:2]  # two clues that hold
    with pytest.raises(ExplanationRejected, match="hold together after all"):
        verify(problem, explanation)
