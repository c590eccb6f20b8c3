"""Sequential puzzles (a start, moves, a goal): the published models' plans and counts, the plan
checker on broken plans, counts on small boards against brute force, and the command's output."""

from __future__ import annotations

import itertools

import pytest
from helpers import run_cli

from cspdsl.api import load, loads
from cspdsl.backends.sat.goal_count import first_goal_state, goal_count
from cspdsl.backends.search.space import Source
from cspdsl.check.plan import PlanChecker, plan_fault
from cspdsl.check.problem import holds
from cspdsl.driver.plans import solve_plans
from cspdsl.driver.unrolled import bounded_solver
from cspdsl.ir import Connected, Constraint, InSet, Product, Regular, variables_of
from cspdsl.ir.sequential import Plan
from cspdsl.passes.unroll import at, renamed

# (model, the fewest moves of a plan, the number of plans, whether the plans counted are the shortest)
MODELS = [
    ("models/pegs.puz", 13, 14880, False),
    ("models/river.puz", 7, 2, True),
    ("models/jugs.puz", 6, 1, True),
    ("models/hanoi.puz", 7, 1, True),
]


@pytest.mark.parametrize(("path", "moves", "count", "shortest"), MODELS)
def test_the_published_puzzles_plans_and_counts(path: str, moves: int, count: int, shortest: bool) -> None:
    model = load(path)
    counted = solve_plans(model, count_only=True)
    assert (counted.count, counted.shortest, counted.plans) == (count, shortest, [])
    found = solve_plans(model, limit=20)  # every plan checked move by move on the way out
    assert found.count == count and len(found.plans) == min(count, 20)
    assert {len(plan.moves) for plan in found.plans} == {moves}


@pytest.mark.parametrize(("path", "moves", "count", "shortest"), MODELS)
def test_a_first_plan_depth_first_and_the_shortest_breadth_first(
    path: str, moves: int, count: int, shortest: bool
) -> None:
    model = load(path)
    first = solve_plans(model, limit=1)
    assert len(first.plans) == 1 and plan_fault(model.problem, first.plans[0]) is None
    by_layers = solve_plans(model, limit=None, options={"order": "breadth-first"})
    assert (by_layers.shortest, by_layers.length, by_layers.count) == (True, moves, count)


def test_the_pegs_moves_come_from_the_drawings_lines() -> None:
    seq = load("models/pegs.puz").problem.sequential
    assert seq is not None and len(seq.moves) == 36 and seq.bound == 13
    names = {move.name for move in seq.moves}
    assert {"jump a over b into d", "jump d over b into a", "jump k over l into m", "jump f over e into d"} <= names
    assert "jump a over c into f" in names and "jump a over e into m" not in names


def pegs_plan() -> tuple[object, Plan]:
    model = load("models/pegs.puz")
    return model.problem, solve_plans(model, limit=1).plans[0]


# A broken plan, made from a good one, and what the checker says of it.
BROKEN: list[tuple[str, object, str]] = [
    ("last move dropped", lambda p: Plan(p.moves[:-1], p.states[:-1]), "the goal does not hold at the end of the plan"),
    ("two moves swapped", lambda p: Plan((p.moves[1], p.moves[0], *p.moves[2:]), p.states),
     "move 1 (jump o over n into m): its condition does not hold before it"),
    ("a state changed", lambda p: Plan(p.moves, (p.states[0], p.states[2], *p.states[2:])),
     "the state after move 1 is not the one its effects make"),
    ("no such move", lambda p: Plan((99, *p.moves[1:]), p.states), "move 1 is no move of the puzzle"),
    ("a state too few", lambda p: Plan(p.moves, p.states[:-1]), "13 moves need 14 states, not 13"),
    ("another start", lambda p: Plan(p.moves, ((0,) * 15, *p.states[1:])), "the start breaks the condition at"),
]


@pytest.mark.parametrize(("what", "make", "fault"), BROKEN, ids=[row[0] for row in BROKEN])
def test_the_plan_checker_finds_each_fault(what: str, make: object, fault: str) -> None:
    problem, plan = pegs_plan()
    assert plan_fault(problem, plan) is None  # type: ignore[arg-type]
    assert plan.words(problem.sequential)[:2] == ["jump l over m into n", "jump o over n into m"]  # type: ignore[attr-defined]
    found = plan_fault(problem, make(plan))  # type: ignore[arg-type, operator]
    assert found is not None and found.startswith(fault)


def line_pegs(drawing: str, bound: int) -> str:
    """Peg solitaire on a row of holes: `drawing` the start, 1 a peg, 0 a hole; the goal one peg."""
    cells = "abcdefghij"[: len(drawing)]
    start = " and ".join(f"b.{c} == {v}" for c, v in zip(cells, drawing, strict=True))
    return "\n".join([
        f'board b in 0..1 = """\n{cells}\n"""',
        f"start: {start}",
        'move "jump {p} over {q} into {r}" for [p, q, r] in segments(b.lines, 3): '
        "p == 1 and q == 1 and r == 0 then p = 0, q = 0, r = 1",
        "goal: sum(b.cells) == 1",
        f"steps <= {bound}",
        "",
    ])


def brute_force_count(problem: object, max_moves: int) -> int:
    """Plans counted by trying every sequence of moves up to `max_moves`, each judged by the checker
    (one checker for them all: it judges each step of a state once, as sequences share their steps)."""
    from cspdsl.backends.search.space import Space  # for the start states only

    seq = problem.sequential  # type: ignore[attr-defined]
    checker = PlanChecker(problem)  # type: ignore[arg-type]
    applied: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}  # each move applied to a state once
    total = 0
    for first in Space(problem).starts():  # type: ignore[arg-type]
        for length in range(max_moves + 1):
            for moves in itertools.product(range(len(seq.moves)), repeat=length):
                states = [first]
                for move in moves:
                    key = (move, states[-1])
                    if key not in applied:
                        applied[key] = _apply(seq, move, states[-1])
                    states.append(applied[key])
                if checker.fault(Plan(moves, tuple(states))) is None:
                    total += 1
    return total


def _apply(seq: object, move: int, state: tuple[int, ...]) -> tuple[int, ...]:
    values = dict(zip(seq.state, state, strict=True))  # type: ignore[attr-defined]
    for effect in seq.moves[move].effects:  # type: ignore[attr-defined]
        values[effect.var] = effect.constant + sum(c * values[n] for c, n in effect.terms)
    return tuple(values.values())


@pytest.mark.parametrize("drawing", ["11011", "110110", "0110110", "1101101", "111010"])
def test_counts_on_small_boards_against_brute_force(drawing: str) -> None:
    model = loads(line_pegs(drawing, 5), "line.puz")
    counted = solve_plans(model, count_only=True)
    assert counted.count == brute_force_count(model.problem, 5)


def test_a_bound_too_short_leaves_no_plan() -> None:
    result = solve_plans(loads(line_pegs("11011", 1), "l.puz"))
    assert (result.status, result.count, result.plans) == ("unsatisfiable", 0, [])


def test_solve_prints_the_plan_in_words_with_the_boards() -> None:
    result = run_cli("solve", "models/pegs.puz")
    assert (result.returncode, result.stderr) == (0, "")
    out = result.stdout
    assert out.startswith("Triangle peg solitaire\n\nstart:\npeg:\n          1\n        1   1\n")
    assert "\n1. jump l over m into n\npeg:\n          1\n" in out and "\n13. jump a over c into f\n" in out
    assert "A plan of 13 moves. 14,880 plans (--all shows them, --count counts them)." in out
    assert "stats: backend search, 14,880 plans, 15 variables, 36 moves," in out


@pytest.mark.parametrize(("args", "expected"), [
    (["models/pegs.puz", "--count"], "Triangle peg solitaire\n\n14,880 plans.\n"),
    (["models/river.puz", "--count"],
     "Wolf, goat and cabbage\n\n2 shortest plans, of 7 moves: none has fewer.\n"),
    (["models/hanoi.puz", "-D", "discs=4", "--count"],
     "Tower of Hanoi\n\n1 shortest plan, of 15 moves: none has fewer.\n"),
])
def test_count_says_how_many_plans(args: list[str], expected: str) -> None:
    result = run_cli("solve", *args)
    assert (result.returncode, result.stderr) == (0, "") and result.stdout.startswith(expected)


def test_a_model_without_moves_is_refused_by_search() -> None:
    result = run_cli("solve", "models/einstein.puz", "--backend", "search")
    assert result.returncode == 2
    assert result.stderr == (
        "error: backend 'search' explores a sequential puzzle's states (a start, moves and a goal); "
        "this model has no moves: solve it with sat, cpsat or csp\nhint: solve this model with --backend sat\n"
    )


def test_the_search_refuses_to_keep_more_states_than_allowed() -> None:
    result = run_cli("solve", "models/pegs.puz", "--count", "-O", "max_states=100")
    assert result.returncode == 2
    assert result.stderr.startswith("error: the search keeps more than 100 states: the puzzle is too large for it\n")


def test_endless_plans_are_refused_when_counted_without_a_bound() -> None:
    model = loads("var x in 0..2\nstart: x == 0\nmove \"up\": x < 2 then x = x + 1\n"
                  "move \"down\": x > 0 then x = x - 1\ngoal: x == 2\n", "m.puz")
    assert solve_plans(model, limit=1).plans[0].moves == (0, 0)
    with pytest.raises(Exception, match="the moves can return to a state they left"):
        solve_plans(model, limit=None)
    bounded = loads("var x in 0..2\nstart: x == 0\nmove \"up\": x < 2 then x = x + 1\n"
                    "move \"down\": x > 0 then x = x - 1\ngoal: x == 2\nsteps <= 6\n", "m.puz")
    assert solve_plans(bounded, limit=None).count == 3  # up up; up down up up; up down up down up up


def test_compare_puts_search_beside_the_unrolled_backends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the whole table on one line a row
    result = run_cli("compare", "models/river.puz", "--all")
    assert result.returncode == 0
    assert result.stderr == ""  # no progress off a terminal
    lines = result.stdout.splitlines()
    assert lines[0] == "Wolf, goat and cabbage: all plans, 1 run"
    assert "┃ backend ┃ status ┃ plans ┃" in lines[2]
    rows = {line.split("│")[1].strip(): line.split("│") for line in lines if line.startswith("│")}
    assert sorted(rows) == ["cpsat", "csp", "sat", "search"]
    assert all((row[2].strip(), row[3].strip(), row[-2].strip()) == ("solved", "2", "yes") for row in rows.values())


@pytest.mark.parametrize("backend", ["sat", "cpsat", "csp"])
def test_an_unrolled_backend_deepens_to_the_shortest_plans(backend: str) -> None:
    result = run_cli("solve", "models/jugs.puz", "--backend", backend, "--count")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("Water jugs\n\n1 shortest plan, of 6 moves: none has fewer.\n")


def test_an_unrolled_first_plan_over_the_models_bound_is_checked() -> None:
    model = load("models/pegs.puz")
    result = solve_plans(model, "sat", limit=1)
    assert len(result.plans) == 1 and len(result.plans[0].moves) == 13 and result.stats["horizon"] == 13
    assert plan_fault(model.problem, result.plans[0]) is None


def test_one_checker_for_many_plans_says_what_a_fresh_one_says() -> None:
    from cspdsl.check.plan import PlanChecker

    problem, plan = pegs_plan()
    checker = PlanChecker(problem)  # type: ignore[arg-type]
    assert checker.fault(plan) is None
    for _, make, fault in BROKEN:
        broken = make(plan)  # type: ignore[operator]
        said = checker.fault(broken)
        assert said == plan_fault(problem, broken) and said is not None and said.startswith(fault)  # type: ignore[arg-type]
    assert checker.fault(plan) is None


# The globals a state's condition may come to hold (an automaton, a product, a connected area): the
# search writes each as Python and the unrolling renames it to each step; both agree with the checker.
GLOBAL_CONDITIONS = [
    Regular(("a", "b", "c"), ((0, 0, 0), (0, 1, 1), (1, 0, 2), (2, 0, 2), (2, 1, 1)), 0, (1, 2)),
    Product("c", ("a", "b")),
    Connected((InSet("a", (1,)), InSet("b", (1,)), InSet("c", (1,))), ((0, 1), (1, 2))),
]


@pytest.mark.parametrize("condition", GLOBAL_CONDITIONS, ids=lambda c: type(c).__name__)
def test_global_conditions_in_the_search_and_the_unrolling(condition: Constraint) -> None:
    source = Source({"a": 0, "b": 1, "c": 2})
    test = eval(f"lambda s: {source.of(condition)}", dict(source.constants))
    for state in itertools.product((0, 1), repeat=3):
        assert test(state) == holds(condition, dict(zip("abc", state, strict=True))), state
    moved = renamed(condition, lambda name: at(name, 2))
    assert type(moved) is type(condition)
    assert variables_of(moved) == {at(name, 2) for name in variables_of(condition)}


def _solutions(bounded: object) -> list[list[tuple[str, int]]]:
    assert bounded.complete and not bounded.timed_out  # type: ignore[attr-defined]
    return sorted(sorted(solution.items()) for solution in bounded.solutions)  # type: ignore[attr-defined]


# The bounds from none to past the shortest plans, where the longer plans go round in circles.
UNROLLED_BOUNDS = [("models/river.puz", 10), ("models/jugs.puz", 9), ("models/hanoi.puz", 9)]


@pytest.mark.parametrize(("path", "bounds"), UNROLLED_BOUNDS)
def test_the_sat_cnf_of_the_moves_has_the_unrolled_models_solutions(path: str, bounds: int) -> None:
    """sat writes the unrolled model as CNF straight from the moves; cpsat solves the unrolled IR."""
    model = load(path)
    sat, cpsat = bounded_solver(model, "sat", None), bounded_solver(model, "cpsat", None)
    counts = []
    for horizon in range(bounds):
        ours = _solutions(sat(horizon, None, None))
        assert ours == _solutions(cpsat(horizon, None, None)), horizon
        counts.append(len(ours))
    assert counts[-1] > counts[-2] > 0  # plans longer than the shortest are among them


# (model, bound, the first state in which its goal may hold by a count of the state: 0, none says)
GOAL_COUNTS = [
    ("models/pegs.puz", 13, 13),  # 14 pegs, one jump takes one: 1 peg after 13 jumps
    ("models/river.puz", 10, 0),
    ("models/jugs.puz", 9, 0),
    ("models/hanoi.puz", 9, 0),
]


@pytest.mark.parametrize(("path", "bound", "first"), GOAL_COUNTS)
def test_the_goal_is_not_defined_where_a_count_says_it_cannot_hold(path: str, bound: int, first: int) -> None:
    seq = load(path).problem.sequential
    assert seq is not None and first_goal_state(seq, bound) == first


def test_the_count_of_a_start_given_hole_by_hole() -> None:
    seq = loads(line_pegs("0110110", 5), "line.puz").problem.sequential  # 4 pegs, the goal 1: 3 jumps
    assert seq is not None and first_goal_state(seq, 5) == 3
    assert first_goal_state(seq, 1) == 2  # none of the states 0..1 (a bound too short)


@pytest.mark.parametrize(("path", "bound", "counted"), [
    ("models/pegs.puz", 13, (13, {0})),  # 13 jumps leave one peg: the goal needs no clause
    ("models/pegs.puz", 14, (13, set())),  # a plan may end at 13 jumps: the goal is said at each step after
    ("models/pegs.puz", 12, (13, set())),  # no plan: the goal is said (and cannot hold)
    ("models/river.puz", 7, (0, set())),
])
def test_the_goal_at_the_last_step_is_not_said_where_the_count_makes_sure_of_it(
    path: str, bound: int, counted: tuple[int, set[int]]
) -> None:
    seq = load(path).problem.sequential
    assert seq is not None and goal_count(seq, bound) == counted


@pytest.mark.parametrize("drawing", ["0110100", "11010"])
def test_the_sat_cnf_with_the_goal_counted_has_the_unrolled_models_solutions(drawing: str) -> None:
    """Steps before the goal can hold and steps after it, bound by bound, solution for solution."""
    model = loads(line_pegs(drawing, 6), "line.puz")
    sat, cpsat = bounded_solver(model, "sat", None), bounded_solver(model, "cpsat", None)
    counts = []
    for horizon in range(7):
        ours = _solutions(sat(horizon, None, None))
        assert ours == _solutions(cpsat(horizon, None, None)), horizon
        counts.append(len(ours))
    assert counts[:2] == [0, 0] and counts[2] == 2 and counts[-1] >= 2  # plans of 2 jumps, after 2 steps without


@pytest.mark.parametrize("drawing", ["11011", "0110110", "111010"])
def test_the_sat_cnf_counts_the_small_boards_as_brute_force_does(drawing: str) -> None:
    model = loads(line_pegs(drawing, 5), "line.puz")
    counted = solve_plans(model, "sat", limit=None, count_only=True)
    assert counted.count == brute_force_count(model.problem, 5)


@pytest.mark.parametrize(("option", "message"), [
    ("max_clauses=10", "error: the SAT encoding takes more than 10 clauses (-O max_clauses=N raises the limit)"),
    ("max_values=10", "error: the unrolled puzzle's variables have 21 values in all: too many for the SAT backend "
                      "(at most 10: -O max_values=N raises the limit)"),
])
def test_the_sat_cnf_of_the_moves_keeps_the_backends_limits(option: str, message: str) -> None:
    result = run_cli("solve", "models/river.puz", "--backend", "sat", "-O", option)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [message, "hint: solve this model with --backend search"]


UNUSED_OPTION = ("error: option {} of backend 'sat' does not apply to a sequential puzzle: its CNF is written from "
                 "the moves, without the symmetry search, the implied sums, rulers or an objective")


@pytest.mark.parametrize("option", ["symmetry=false", "implied=true", "rulers=false", "optimise=maxsat"])
def test_the_sat_options_that_the_cnf_of_the_moves_does_not_read_are_refused(option: str) -> None:
    result = run_cli("solve", "models/river.puz", "--backend", "sat", "-O", option)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [UNUSED_OPTION.format(option.split("=")[0])]
