"""Every model in models/ on every exact backend: the same solutions as CP-SAT, as sets of the
model's own variables, each one passing the independent checker (the API checks every solution).

A backend joins by registering itself as exact in `cspdsl.backends.REGISTRY`; one that refuses some
kinds (`cp`: connected areas) refuses the models that use them, with its message (`REFUSED`).
"""

from __future__ import annotations

from functools import cache

import pytest
from brute import brute_force
from helpers import MODELS, SEQUENTIAL_MODELS

from cspdsl.api import load, loads, solve
from cspdsl.backends import exact_backends
from cspdsl.compare.plans import plan_key
from cspdsl.core.errors import CspdslError
from cspdsl.driver.plans import solve_plans

# Each model's known number of solutions: the articles' answers, not just agreement.
KNOWN_COUNTS = {
    "einstein": 1, "zebra": 1, "sudoku": 1, "lock": 3, "aristotle": 12, "tiles": 1152, "sendmore": 1,
    "seder": 1, "bands": 1, "killer4": 1, "kakuro4": 1, "killer": 1, "kakuro": 1, "jigsaw": 1, "tuna": 1,
    "golf": 1, "magicstar": 80, "nonogram": 1, "stars": 1, "skyscrapers": 1, "australia": 18, "knights": 1,
    "agatha": 1,
    "kenken": 1,
    "hitori": 1, "slitherlink": 1, "kurodoko": 1, "lightup": 1, "futoshiki": 1,
    "queens": 92,
    # models with an objective: the number of their optimal solutions
    "golomb": 2, "coins": 1, "lockmax": 1, "till": 1,
}
# Models with too many solutions to list on every backend: their counts, asserted on the best backend
# alone; tests/test_models.py asserts a first solution of each on every exact backend.
COUNTED_ON_THE_BEST_BACKEND = {"pentominoes": 9356, "pentominoes4x15": 1472}
# The optimum of each model with an objective, which every exact backend must prove.
KNOWN_OPTIMA = {"golomb": 11, "coins": 3, "lockmax": 780, "till": [4, 0]}
EXACT = exact_backends(partial=True)
OTHERS = [name for name in EXACT if name != "cpsat"]
# The models a backend that takes some kinds only refuses, and its message.
NO_AREA = "backend 'cp' has no constraint for a connected area: solve this model with sat, cpsat or csp"
REFUSED = {("hitori", "cp"): NO_AREA, ("slitherlink", "cp"): NO_AREA, ("kurodoko", "cp"): NO_AREA}
# Each sequential puzzle's fewest moves and number of plans (within its bound, or of the fewest moves),
# found by `search` and by every exact backend on the puzzle unrolled over the bound.
KNOWN_PLANS = {"pegs": (13, 14880), "river": (7, 2), "jugs": (6, 1), "hanoi": (7, 1), "hanoi_costs": (9, 1),
               "sokoban": (7, 1)}
# Too slow for a test, as docs/language/sequential.md says: on pegs, csp takes minutes to a first plan, and
# enumerating the 14,880 plans takes sat and cpsat several minutes (`search`: 20 ms). sat and cpsat
# are asked for a first plan there instead.
TOO_SLOW = {("pegs", "csp"): "no first plan in minutes", ("pegs", "sat"): "all plans take minutes",
            ("pegs", "cpsat"): "all plans take minutes", ("pegs", "cp"): "all plans take minutes",
            ("hanoi_costs", "csp"): "the cheapest plan over 19 steps takes minutes",
            ("sokoban", "csp"): "the shortest plan takes about a minute"}


@cache
def solution_set(model: str, backend: str) -> frozenset[tuple[int, ...]]:
    lowered = load(MODELS / f"{model}.puz")
    result = solve(lowered, backend, limit=None)
    assert result.complete and not result.timed_out
    found = frozenset(lowered.problem.project(s) for s in result.solutions)
    assert len(found) == len(result.solutions) == result.count  # none twice: agatha's hidden relations
    return found


def test_every_model_has_a_known_count() -> None:
    known = [*KNOWN_COUNTS, *COUNTED_ON_THE_BEST_BACKEND, *KNOWN_PLANS]
    assert sorted(known) == sorted(path.stem for path in MODELS.glob("*.puz"))
    assert {name for name in known
            if load(MODELS / f"{name}.puz").problem.sequential is not None} == set(KNOWN_PLANS) == SEQUENTIAL_MODELS


@pytest.mark.slow
@pytest.mark.parametrize("model", sorted(COUNTED_ON_THE_BEST_BACKEND))
def test_the_best_backend_counts_the_models_of_many_solutions(model: str) -> None:
    """cpsat's exact-cover count: the 4x15 in about half a minute of CPU, the 6x10 in about eight."""
    result = solve(load(MODELS / f"{model}.puz"), "cpsat", limit=None)
    assert (result.complete, result.count) == (True, COUNTED_ON_THE_BEST_BACKEND[model])


@pytest.mark.parametrize("model", sorted(KNOWN_COUNTS))
def test_cpsat_finds_the_known_count(model: str) -> None:
    assert len(solution_set(model, "cpsat")) == KNOWN_COUNTS[model]


@pytest.mark.parametrize("backend", OTHERS)
@pytest.mark.parametrize("model", sorted(KNOWN_COUNTS))
def test_backend_agrees_with_cpsat(model: str, backend: str) -> None:
    if (model, backend) in REFUSED:
        with pytest.raises(CspdslError) as caught:
            solve(load(MODELS / f"{model}.puz"), backend, limit=None)
        assert caught.value.message == REFUSED[model, backend]
        return
    assert solution_set(model, backend) == solution_set(model, "cpsat")


@pytest.mark.parametrize("backend", OTHERS)
def test_einstein_answer_on_every_backend(backend: str) -> None:
    result = solve(load(MODELS / "einstein.puz"), backend)
    assert result.unique is True
    assert result.answers() == ["The German owns the fish, in house 4."]


@pytest.mark.parametrize("backend", EXACT)
@pytest.mark.parametrize("model", sorted(KNOWN_OPTIMA))
def test_backend_proves_the_known_optimum(model: str, backend: str) -> None:
    result = solve(load(MODELS / f"{model}.puz"), backend, limit=1)
    assert (result.status, result.objective, result.bound) == ("optimal", KNOWN_OPTIMA[model], KNOWN_OPTIMA[model])


@cache
def plan_set(model: str, backend: str) -> frozenset[tuple[int, ...]]:
    """Every plan of a sequential puzzle (each checked move by move on the way out), as keys."""
    result = solve_plans(load(MODELS / f"{model}.puz"), backend, limit=None)
    assert result.complete and not result.timed_out and result.count == len(result.plans)
    return frozenset(plan_key(plan) for plan in result.plans)


@pytest.mark.parametrize("model", sorted(KNOWN_PLANS))
def test_search_finds_the_known_plans(model: str) -> None:
    moves, count = KNOWN_PLANS[model]
    plans = plan_set(model, "search")
    assert len(plans) == count and {len(key) - key.index(-1) - 1 for key in plans} == {moves}


@pytest.mark.parametrize("backend", EXACT)
@pytest.mark.parametrize("model", sorted(KNOWN_PLANS))
def test_unrolled_backend_finds_the_plans_search_finds(model: str, backend: str) -> None:
    if (model, backend) in TOO_SLOW:
        pytest.skip(TOO_SLOW[model, backend])
    assert plan_set(model, backend) == plan_set(model, "search")


@pytest.mark.parametrize("backend", [name for name in EXACT if ("pegs", name) in TOO_SLOW])
def test_pegs_first_plan_where_all_plans_are_too_slow(backend: str) -> None:
    if TOO_SLOW["pegs", backend].startswith("no first plan"):
        pytest.skip(TOO_SLOW["pegs", backend])
    result = solve_plans(load(MODELS / "pegs.puz"), backend, limit=1)
    assert len(result.plans) == 1 and plan_key(result.plans[0]) in plan_set("pegs", "search")


# Peg solitaire on a row of holes (1 a peg, 0 a hole) and a bound: plans of every length up to it.
ROW_PEGS = """board b in 0..1 = \"\"\"
abcdef
\"\"\"
start: {start}
move "jump {{p}} over {{q}} into {{r}}" for [p, q, r] in segments(b.lines, 3): """ + (
    "p == 1 and q == 1 and r == 0 then p = 0, q = 0, r = 1\n") + """goal: b.a + b.b + b.c + b.d + b.e + b.f <= {pegs}
steps <= 3
"""


@pytest.mark.parametrize("backend", EXACT)
@pytest.mark.parametrize(("start", "pegs", "count"), [
    ("110101", 1, 1),  # 3 moves: as long as the bound
    ("110110", 2, 4),
    ("110110", 3, 3),  # 1 move: shorter than the bound, the steps after it change nothing
    ("110110", 1, 0),  # no plan within the bound
    ("", 2, 28),  # any start with 4 pegs
])
def test_unrolled_plans_of_every_length_within_the_bound(start: str, pegs: int, count: int, backend: str) -> None:
    given = " and ".join(f"b.{c} == {v}" for c, v in zip("abcdef", start, strict=True)) if start else (
        "b.a + b.b + b.c + b.d + b.e + b.f == 4")
    model = loads(ROW_PEGS.format(start=given, pegs=pegs), "row.puz")
    searched = solve_plans(model, limit=None)
    unrolled = solve_plans(model, backend, limit=None)
    assert {plan_key(p) for p in unrolled.plans} == {plan_key(p) for p in searched.plans}
    assert unrolled.count == searched.count == count


# Chosen edges (docs/language/graphs.md): a small puzzle each, the same solutions on every exact
# backend as brute force over the IR (cp refuses the two that are connected areas, saying so).
CHOSEN_EDGES = {
    "linked": "var h[1..2, 0..2] in 0..2\nvar v[0..2, 1..2] in bool\nlinked(h, v)\nh[1, 1] + v[1, 1] >= 2\n",
    "no_loop": "var d[1..2, 1..3] in bool\nno_loop(d)\nd[1, 2] + d[2, 2] == 1\n",
    "paired": "var a[1..2, 1..2] in bool\nvar b[1..2, 1..2] in bool\npaired(a, b)\nsum(a) == 2\n",
}


@pytest.mark.parametrize("backend", EXACT)
@pytest.mark.parametrize("row", sorted(CHOSEN_EDGES))
def test_chosen_edges_agree_with_brute_force(row: str, backend: str) -> None:
    model = loads(CHOSEN_EDGES[row], f"{row}.puz")
    if backend == "cp" and row != "paired":
        with pytest.raises(CspdslError) as caught:
            solve(model, backend, limit=None)
        assert caught.value.message == NO_AREA
        return
    result = solve(model, backend, limit=None)
    expected = brute_force(model.problem)
    assert result.complete and {model.problem.project(s) for s in result.solutions} == expected
    assert result.count == len(expected) > 1


# Areas (docs/language/areas.md), small enough for every exact backend: a 3x4 Fillomino (answer 3314
# 3244 1241), multi-puzzle-solver's 5x5 Nurikabe, 5x5 Rectangles, 4x3 Palisade
# and 6x6 LITS, each with its one answer.
AREA_MODELS = {
    "fillomino-3x4": (
        "let given = [[0, 0, 0, 4], [0, 2, 0, 0], [1, 2, 0, 1]]\nvar size[1..3, 1..4] in 1..4\n"
        "forall r in 1..3, c in 1..4 where given[r][c] > 0: size[r, c] == given[r][c]\n"
        "forall r in 1..3, c in 1..4: area_size(size[r, c]) == size[r, c]\n",
        (3, 3, 1, 4, 3, 2, 4, 4, 1, 2, 4, 1),
    ),
    "nurikabe-5x5": (
        "let clue = [[1, 0, 0, 0, 0], [0, 2, 0, 2, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 3, 0, 0]]\n"
        "var black[1..5, 1..5] in bool\nclue_areas(black, 0, clue)\nconnected(black, 1)\n"
        "forall r in 1..4, c in 1..4: black[r, c] + black[r, c + 1] + black[r + 1, c] + black[r + 1, c + 1] <= 3\n",
        tuple(int(x == "#") for x in ".####" "#.#.#" "#.#.#" "#####" "#...#"),
    ),
    # multi-puzzle-solver's 5x5 Rectangles, each cell the number of its clue in reading order
    "rectangles-5x5": (
        "let clue = [[0, 0, 0, 2, 0], [0, 0, 2, 2, 0], [3, 3, 0, 3, 0], [0, 2, 0, 0, 2], [0, 2, 2, 0, 2]]\n"
        "var area[1..5, 1..5] in 1..11\nrectangles(area, clue)\n",
        (4, 5, 2, 1, 1, 4, 5, 2, 3, 3, 4, 5, 6, 6, 6, 7, 7, 10, 8, 8, 9, 9, 10, 11, 11),
    ),
    # multi-puzzle-solver's 4x3 Palisade, each cell the number of its area's first cell
    "palisade-4x3": (
        "let borders = [[2, -1, -1], [3, -1, -1], [2, -1, -1], [-1, 3, -1]]\n"
        "var area[1..4, 1..3] in 1..12\nsized_areas(area, 4, borders)\n",
        (1, 1, 1, 1, 5, 6, 5, 5, 6, 5, 6, 6),
    ),
    # multi-puzzle-solver's 6x6 LITS (cp refuses its connected area)
    "lits-6x6": (
        'var black[1..6, 1..6] in bool\nregions part of black = """\n  000112\n  300112\n  301122\n  300112\n'
        '  304411\n  000444\n"""\ntetrominoes(black, part)\nconnected(black, 1)\n'
        "forall r in 1..5, c in 1..5: black[r, c] + black[r, c + 1] + black[r + 1, c] + black[r + 1, c + 1] <= 3\n",
        tuple(int(x == "#") for x in "###..#" "#.#..#" "#.##.#" "#..###" "#..#.." "...###"),
    ),
}


@pytest.mark.parametrize("backend", EXACT)
@pytest.mark.parametrize("model", sorted(AREA_MODELS))
def test_backend_finds_the_one_answer_of_an_area_model(model: str, backend: str) -> None:
    text, answer = AREA_MODELS[model]
    lowered = loads(text, f"{model}.puz")
    if backend == "cp" and model.startswith(("nurikabe", "lits")):
        with pytest.raises(CspdslError, match="no constraint for a connected area"):
            solve(lowered, backend, limit=None)
        return
    result = solve(lowered, backend, limit=None)
    assert result.complete and [lowered.problem.project(s) for s in result.solutions] == [answer]
