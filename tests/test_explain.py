"""`cspdsl explain`: unsatisfiable variants of the seed models with their exact conflicting clue
lines and one-clue repairs; a puzzle that is not unique with its distinguishing clues, each solved
again; the Einstein riddle's redundant clue, minimal clues, forced facts and steps against its known
solution; conflicts, redundant clues, minimal sets, forced facts and steps against brute force on
small random models; the explanation's text, JSON and exit codes."""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import pytest
from brute import brute_force
from helpers import MODELS, run_cli

from cspdsl.api import loads, solve
from cspdsl.backends import REGISTRY, has_session, open_clue_session
from cspdsl.explanation import Fact, explain, explain_problem
from cspdsl.explanation.conflicts import minimal_conflict, smallest_conflict, smallest_hitting_set
from cspdsl.explanation.oracle import ClueOracle
from cspdsl.ir import AllDifferent, InSet, Linear, Posted, Problem

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
    ("einstein", "The clues hold together and the solution is unique (15 clues)."),
    ("lock", "The clues hold together, but the model is not unique: it has 3 solutions."),
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
    from cspdsl.explanation.verify import ExplanationRejected, verify

    problem = load(MODELS / "einstein.puz").problem
    explanation = explain_problem(problem)
    explanation.status, explanation.conflict = "unsatisfiable", explanation.clues[:2]  # two clues that hold
    with pytest.raises(ExplanationRejected, match="hold together after all"):
        verify(problem, explanation)


def test_a_puzzle_that_is_not_unique_gets_two_solutions_and_clues_that_each_make_it_unique() -> None:
    explanation = explain(loads(LOCK, "lock.puz"))
    assert (explanation.status, explanation.found, explanation.complete) == ("not_unique", 3, True)
    assert explanation.differing == ["code[2]"]
    assert explanation.suggestions == ["code[2] == 4"]
    first = explanation.solutions[0]
    for clue in explanation.suggestions:  # solved again, on another backend
        result = solve(loads(LOCK + "\n" + clue + "\n", "lock.puz"), backend="cpsat", limit=None)
        assert [dict(s) for s in result.solutions] == [first]


def test_two_solutions_are_shown_side_by_side_with_their_differences_marked() -> None:
    result = run_cli("explain", "models/lock.puz")
    assert result.returncode == 0, result.stderr
    assert "\ncode = 748          code = 708\n       ^^^                 ^^^\n" in result.stdout
    assert result.stdout.endswith("leaves the first of them the only solution (checked):\n  code[2] == 4\n")


ZEBRA_THREE = """positions house = 1..3
attribute who: Ann, Bob, Cy
attribute pet: cat, dog, fish
Ann left_of Bob
cat same Cy
"""


def test_relations_between_entities_are_suggested_and_each_one_is_proved() -> None:
    text = ZEBRA_THREE + "dog at 1\n"
    explanation = explain(loads(text, "three.puz"))
    assert explanation.status == "not_unique"
    assert explanation.suggestions
    for clue in explanation.suggestions:
        assert clue.split()[1] in ("same", "next_to", "at")
        assert len(solve(loads(text + clue + "\n", "three.puz"), limit=None).solutions) == 1


def test_the_einstein_riddle_has_one_redundant_clue_and_steps_that_reach_its_solution() -> None:
    explanation = explain(loads(EINSTEIN, "einstein.puz"), steps=True)
    assert explanation.status == "unique"
    assert [(c.span.line, c.text) for c in explanation.redundant if c.span] == [(28, "Blends next_to water")]
    assert len(explanation.minimal) == 14 and all(c.span and c.span.line != 28 for c in explanation.minimal)
    solution = explanation.solutions[0]
    assert solution["nationality[German]"] == solution["animal[fish]"] == 4
    assert explanation.forced[-1].number == 14  # the 14th clue settles it: the 15th adds nothing
    placed = {f.var: f.value for step in explanation.steps for f in step.derived if f.holds}
    assert placed == solution
    assert [(f.var, f.value) for f in explanation.steps[0].derived] == [("colour[white]", 1), ("colour[green]", 5)]
    assert explanation.difficulty is not None and explanation.difficulty.steps == len(explanation.steps)
    assert explanation.difficulty.hardest == max(step.size for step in explanation.steps)


def test_steps_in_words_and_as_json() -> None:
    result = run_cli("explain", "models/einstein.puz", "--steps")
    assert result.returncode == 0, result.stderr
    assert "\n  line 28  Blends next_to water\n" in result.stdout
    assert "   1. From line 17 (green directly_left_of white): white not at 1; green not at 5.\n" in result.stdout
    assert "From line 27 (Norwegian next_to blue), knowing Norwegian at 1: blue at 2;" in result.stdout
    found = json.loads(run_cli("explain", "models/einstein.puz", "--steps", "--json").stdout)
    assert found["status"] == "unique" and found["solution"]["values"]["animal"]["fish"] == 4
    assert [c["line"] for c in found["redundant"]] == [28]
    step = found["steps"][0]
    assert (step["clues"], [f["text"] for f in step["derived"]]) == ([4], ["white not at 1", "green not at 5"])
    assert found["difficulty"]["steps"] == len(found["steps"])


def test_a_sudoku_given_step_places_the_givens_first() -> None:
    text = """var g[1..4, 1..4] in 1..4
forall group in g.rows + g.columns + g.boxes: alldifferent(group)
given g = \"\"\"
  1 . | . .
  . . | 1 2
  ----+----
  . 1 | 4 .
  . 3 | 2 1
\"\"\"
g[1, 2] == 2
"""
    explanation = explain(loads(text, "four.puz"), steps=True)
    assert explanation.status == "unique"
    assert explanation.steps[0].givens and len(explanation.steps[0].clues) == 8
    assert {f.var: f.value for s in explanation.steps for f in s.derived if f.holds} == explanation.solutions[0]


def unique_random(seed: int) -> Problem | None:
    """A random model of `random_clues` with solutions, given random clues true of one of them
    until it is the only one (so some clues are redundant and some are needed)."""
    rng = random.Random(seed)
    problem = random_clues(rng)
    solutions = sorted(brute_force(problem))
    if not solutions:
        return None
    chosen = dict(zip(problem.outputs, rng.choice(solutions), strict=True))
    while len(brute_force(problem)) > 1:
        x, y = rng.sample(list(chosen), 2)
        a, b, op = rng.choice((1, -1, 2)), rng.choice((1, -1)), rng.choice(("==", "<=", "!="))
        value = a * chosen[x] + b * chosen[y]
        rhs = value if op != "!=" else value + rng.choice((-1, 1))
        problem.constraints.append(Posted(Linear(((a, x), (b, y)), op, rhs), None, ()))
    return problem


def solutions_of(problem: Problem, numbers: set[int]) -> set[tuple[int, ...]]:
    part = Problem(variables=dict(problem.variables), outputs=list(problem.outputs))
    part.constraints = [p for i, p in enumerate(problem.constraints, 1) if i in numbers]
    return brute_force(part)


UNIQUE_SEEDS = [seed for seed in range(200) if unique_random(seed) is not None][:40]


@pytest.mark.parametrize("seed", UNIQUE_SEEDS)
def test_what_a_unique_model_owes_each_clue_matches_brute_force(seed: int) -> None:
    problem = unique_random(seed)
    assert problem is not None
    every = set(range(1, len(problem.constraints) + 1))
    explanation = explain_problem(problem, steps=True)
    assert explanation.status == "unique"
    implied = {n for n in every if len(solutions_of(problem, every - {n})) == 1}
    assert {c.number for c in explanation.redundant} == implied
    minimal = {c.number for c in explanation.minimal}
    assert len(solutions_of(problem, minimal)) == 1
    assert all(len(solutions_of(problem, minimal - {n})) > 1 for n in minimal)
    for forced in explanation.forced:  # what the clues up to one force: true of every solution they have
        for found in solutions_of_with(problem, set(range(1, forced.number + 1)), []):
            assert all((found[f.var] == f.value) == f.holds for f in forced.facts)
    for step in explanation.steps:  # every step's facts follow from its clues and the facts it uses
        keep = {c.number for c in step.clues}
        for found in solutions_of_with(problem, keep, step.used):
            assert all((found[f.var] == f.value) == f.holds for f in step.derived)


def solutions_of_with(problem: Problem, numbers: set[int], facts: list[Fact]) -> list[dict[str, int]]:
    names = list(problem.variables)
    return [
        dict(zip(names, values, strict=True))
        for values in solutions_of(problem, numbers)
        if all((dict(zip(names, values, strict=True))[f.var] == f.value) == f.holds for f in facts)
    ]


def test_a_wrong_redundant_clue_is_rejected_before_anyone_sees_it() -> None:
    from cspdsl.explanation.verify import ExplanationRejected, verify

    problem = loads(EINSTEIN, "einstein.puz").problem
    explanation = explain_problem(problem)
    explanation.redundant = explanation.clues[8:9]  # Norwegian at first: needed
    with pytest.raises(ExplanationRejected, match="without clue 9 was said to have this one solution only"):
        verify(problem, explanation)


@pytest.mark.parametrize("most_sought", [6, 0])
def test_steps_that_need_several_clues_come_from_a_smallest_set_or_from_a_core(
    most_sought: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cspdsl.explanation import steps

    monkeypatch.setattr(steps, "MOST_CLUES_SOUGHT", most_sought)  # 0: past the single clues, a core's minimal set
    problem = unique_random(35)
    assert problem is not None
    explanation = explain_problem(problem, steps=True)  # every step is checked before it is returned
    sizes = [len(step.clues) for step in explanation.steps]
    assert max(sizes) == (2 if most_sought else 4)


def test_a_model_with_auxiliary_variables_is_explained_on_its_own_variables() -> None:
    text = "var x in 0..3\nvar y in 0..3\nabs(x - y) + x == 3\n"  # abs brings a variable of its own
    explanation = explain(loads(text, "aux.puz"))
    assert explanation.status == "not_unique" and explanation.found == 5  # (0, 3) (1, 3) (2, 1) (2, 3) (3, 3)
    assert all(set(s) == {"x", "y"} for s in explanation.solutions)
    assert explanation.suggestions == ["y == 1"]


def test_facts_are_named_as_a_keyed_puzzle_and_an_attribute_of_numbers_name_them() -> None:
    seder = (MODELS / "seder.puz").read_text()
    explanation = explain(loads(seder, "seder.puz"))
    from cspdsl.explanation.facts import Namer

    namer = Namer(loads(seder, "seder.puz").layout)
    placed = namer.grouped(explanation.forced[-1].facts)
    assert "Dov.age == 3" in placed and '"Four Questions" at Dov' in placed
    without = seder.replace("Dov.age < Bernice.age", "")
    explanation = explain(loads(without, "seder.puz"))
    assert explanation.status == "not_unique"
    assert "Tali.age == 10" in explanation.suggestions  # proved by lowering the text with it added


def test_a_model_with_hidden_variables_is_explained_on_its_shown_ones() -> None:
    """`_d` takes two values with x = 2, one with x = 1 or 3: still two solutions, told apart by x."""
    explanation = explain(loads("var x in 1..3\nvar _d in 1..3\nx != _d\nx != 2\n", "hidden.puz"))
    assert (explanation.status, explanation.found, explanation.complete) == ("not_unique", 2, True)
    assert list(explanation.solutions) == [{"x": 1}, {"x": 3}] and explanation.differing == ["x"]
    assert explanation.suggestions == ["x == 1"]
    agatha = run_cli("explain", "models/agatha.puz")  # 18 ways to fill in who hates whom: unique on the killer
    assert agatha.returncode == 0 and "the solution is unique (26 clues)" in agatha.stdout
    assert agatha.stdout.endswith("What the clues force, read in the model's order:\n"
                                  "  line 19 (p=1): killer not 3\n  line 23 (p=2): killer = 1\n")


def test_only_the_sat_backend_opens_a_clue_session():
    assert [name for name in sorted(REGISTRY) if has_session(name, "clues")] == ["sat"]
    with pytest.raises(ValueError, match="no clue session"):
        open_clue_session("cpsat", Problem(), {})


def test_a_clue_session_answers_under_selectors_with_cores_and_models():
    """x, y in 1..3, x != y declared; clue 1: x == 1, clue 2: y == 1, clue 3: x + y == 5 (x, y in
    {2, 3}). Clues 1 and 2 clash (the core names both selectors), so do 1 and 3; clue 3 alone has two
    models, found by blocking each under a switch; clue 1 alone has a model with x = 1."""
    problem = loads("var x in 1..3\nvar y in 1..3\nx != y\n", "d.puz").problem
    clues = {1: [InSet("x", (1,))], 2: [InSet("y", (1,))], 3: [Linear(((1, "x"), (1, "y")), "==", 5)]}
    session = open_clue_session("sat", problem, clues)
    select = session.selectors
    assert not session.solve([select[1], select[2]]) and set(session.core()) == {select[1], select[2]}
    assert not session.solve([select[1], select[3]])
    found = []
    active = session.switch()
    while session.solve([select[3], active]):
        found.append(session.assignment())
        assert session.true_of([session.literal("x", found[-1]["x"]), -session.literal("y", 1)]) == {
            session.literal("x", found[-1]["x"]), -session.literal("y", 1)}
        session.add([-active, *session.blocking_clause()])
    session.add([-active])
    assert sorted((s["x"], s["y"]) for s in found) == [(2, 3), (3, 2)]
    assert session.solve([select[1]]) and session.assignment()["x"] == 1
    session.close()
