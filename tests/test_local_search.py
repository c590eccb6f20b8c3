"""The local search backends (anneal, genetic): known answers from seeded runs, the incremental cost
against full re-evaluations, structure-keeping moves, refusals and give-ups."""

from __future__ import annotations

import random

import pytest
from helpers import MODELS, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from cspdsl import cli
from cspdsl.api import load, loads, solve
from cspdsl.backends import LOCAL_SEARCH_TIMEOUT, get_backend
from cspdsl.backends.local import AnnealBackend, GeneticBackend
from cspdsl.backends.local.genetic import GeneticParams, evolve
from cspdsl.backends.local.moves import Budget, Engine, State
from cspdsl.backends.local.space import Space, build_space
from cspdsl.check.problem import holds, violated
from cspdsl.core.errors import CspdslError
from cspdsl.driver import solve as driver
from cspdsl.passes.narrow import narrow_domains

BACKENDS = ("anneal", "genetic")
# Seeded runs end on their own iteration caps, not on the default 20 s clock, so a loaded machine
# cannot fail them.
UNHURRIED = 600.0
UNSAT = "var x[1..3] in 1..2\nalldifferent(x)\n"  # three variables, two values: no solution


def model(name: str):
    return load(MODELS / f"{name}.puz")


# -- known answers ------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_einstein_the_german_owns_the_fish(backend, seed):
    result = solve(model("einstein"), backend, seed=seed, timeout=UNHURRIED)
    assert result.status == "solved"
    assert result.answers() == ["The German owns the fish, in house 4."]
    assert result.unique is None  # a local search cannot tell
    assert result.stats["final_cost"] == 0
    assert result.stats["seed"] == seed


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_lock_code_is_one_of_the_three(backend, seed):
    result = solve(model("lock"), backend, seed=seed, timeout=UNHURRIED)
    assert result.status == "solved"
    code = "".join(str(result.solutions[0][f"code[{i}]"]) for i in (1, 2, 3))
    assert code in {"438", "708", "748"}


ELEMENT = """
var g[1..3, 1..3] in 1..3
var r, c in 1..3
forall line in g.rows + g.columns: alldifferent(line)
g[1, 1] == 1
g[r, c] == 3
r == c and r > 1
g[r, 1] == 2
let costs = [5, 9, 7]
costs[r] + c == 10
question "q": "{g[r, c]} at {r}, {c}; row {g[r, ..]}"
"""


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_an_element_chosen_by_variables(backend, seed):
    """Indices over variables are lowered to the IR's kinds, which the local searches score as any other."""
    result = solve(loads(ELEMENT, "element.puz"), backend, seed=seed, timeout=UNHURRIED)
    assert result.status == "solved"
    assert result.answers() == ["3 at 3, 3; row 213"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_tile_square_every_line_sums_to_264(backend):
    result = solve(model("tiles"), backend, seed=1, timeout=UNHURRIED)
    assert result.status == "solved"
    cell = result.solutions[0]
    square = [[cell[f"square[{r},{c}]"] for c in range(1, 5)] for r in range(1, 5)]
    lines = square + [list(col) for col in zip(*square, strict=True)]
    lines += [[square[i][i] for i in range(4)], [square[i][3 - i] for i in range(4)]]
    assert all(sum(line) == 264 for line in lines)


def test_tile_square_keeps_the_pieces():
    """Every tile kind is placed as many times as the model says, whatever the orientation."""
    result = solve(model("tiles"), "anneal", seed=4, timeout=UNHURRIED)
    kinds = [(66, 99), (19, 61), (86, 98), (89, 68), (16, 91), (18, 81), (88,), (96,), (69,), (11,)]
    copies = [2, 2, 2, 2, 2, 2, 1, 1, 1, 1]
    values = list(result.solutions[0].values())
    assert [sum(v in kind for v in values) for kind in kinds] == copies


def test_same_seed_same_search():
    first = solve(model("einstein"), "anneal", seed=7, timeout=UNHURRIED)
    again = solve(model("einstein"), "anneal", seed=7, timeout=UNHURRIED)
    assert first.stats["iterations"] == again.stats["iterations"]
    assert first.solutions == again.solutions


def test_sudoku_and_hexagon_with_a_seed():
    sudoku = solve(model("sudoku"), "anneal", seed=1, timeout=UNHURRIED)
    assert sudoku.status == "solved"
    hexagon = solve(model("aristotle"), "anneal", seed=1, options={"temperature": "1.5"}, timeout=UNHURRIED)
    assert hexagon.status == "solved"


# -- the search space -----------------------------------------------------------------------------


def space_of(name: str, weighted: bool = True) -> tuple[Space, object]:
    problem = narrow_domains(model(name).problem)
    return build_space(problem, weighted=weighted), problem


def test_groups_are_read_from_the_ir():
    einstein, _ = space_of("einstein")
    assert len(einstein.groups) == 5 and len(einstein.costs) == 13  # 5 attributes, 15 clues - 2 unary
    tiles, _ = space_of("tiles")
    assert len(tiles.groups) == 1 and len(tiles.groups[0].source) == 10  # the 10 tile kinds
    assert len(tiles.costs) == 10  # only the 10 lines are paid for
    sudoku, _ = space_of("sudoku")
    assert len(sudoku.groups) == 9 and len(sudoku.costs) == 18  # rows move; columns and boxes paid
    lock, _ = space_of("lock")
    assert lock.groups == []


MODELS_FOR_MOVES = ["einstein", "tiles", "aristotle", "sudoku", "lock", "zebra"]


@settings(max_examples=25)
@given(name=st.sampled_from(MODELS_FOR_MOVES), weighted=st.booleans(), seed=st.integers(0, 10**6))
def test_incremental_cost_equals_full_evaluation(name, weighted, seed):
    space, problem = SPACES[name, weighted]
    engine = Engine(space, random.Random(seed))
    state = engine.random_state()
    rng = random.Random(seed + 1)
    for _ in range(150):
        move = engine.propose(state)
        if move is None:
            continue
        trial = engine.trial(state, move)
        if rng.random() < 0.6:
            engine.commit(state, trial)
        else:
            engine.undo(state, trial)
        assert_consistent(engine, state, problem, weighted)


def structural(space: Space, problem):
    return [problem.constraints[i].constraint for group in space.groups for i in group.source]


def assert_consistent(engine: Engine, state: State, problem, weighted: bool) -> None:
    fresh = engine.evaluate(state.values[:])
    assert state.violations == fresh.violations
    assert state.cost == fresh.cost == sum(fresh.violations)
    assert state.counts == fresh.counts
    assignment = dict(zip(engine.space.names, state.values, strict=True))
    broken = violated(problem, assignment)  # the independent checker
    # The moves keep the domains and every group's constraints: only paid constraints can break.
    assert all(p.constraint in engine.space.paid for p in broken)
    assert all(holds(g, assignment) for g in structural(engine.space, problem))
    if weighted:
        assert (state.cost == 0) == (not broken)
    else:
        assert state.cost == len(broken)


@settings(max_examples=15)
@given(name=st.sampled_from(["einstein", "tiles", "aristotle", "zebra"]), seed=st.integers(0, 10**6))
def test_crossover_keeps_structure_and_cost(name, seed):
    space, problem = SPACES[name, True]
    engine = Engine(space, random.Random(seed))
    child = engine.crossover(engine.random_state(), engine.random_state())
    assert_consistent(engine, child, problem, True)


SPACES = {(name, w): space_of(name, w) for name in MODELS_FOR_MOVES for w in (True, False)}


# -- the CLI: refusals, give-ups, options ---------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("flag", ["--all", "--count"])
def test_all_and_count_are_refused(backend, flag):
    done = run_cli("solve", str(MODELS / "lock.puz"), "--backend", backend, flag)
    assert done.returncode == 2
    assert f"backend '{backend}' is a local search" in done.stderr
    assert "cannot find all of them or count them" in done.stderr


@pytest.mark.parametrize("backend", BACKENDS)
def test_unsatisfiable_model_with_a_time_limit_is_no_solution_found(backend, tmp_path):
    path = tmp_path / "unsat.puz"
    path.write_text(UNSAT)
    done = run_cli("solve", str(path), "--backend", backend, "--timeout", "0.5")
    assert done.returncode == 3
    assert "No solution found within the time limit of 0.5 s." in done.stdout
    assert "unsatisfiable" not in done.stdout and "contradict" not in done.stdout


@pytest.mark.parametrize("backend", BACKENDS)
def test_without_a_time_limit_a_local_search_stops_at_its_default(backend, tmp_path, monkeypatch, capsys):
    """An unsatisfiable model kept the local searches busy for a minute or more; now their default time
    limit stops them, honestly: a timeout, exit 3, never a proof."""
    monkeypatch.setattr(driver, "LOCAL_SEARCH_TIMEOUT", 0.3)
    path = tmp_path / "unsat.puz"
    path.write_text(UNSAT)
    assert cli.main(["solve", str(path), "--backend", backend, "--seed", "1"]) == 3
    assert capsys.readouterr().out.startswith(
        "No solution found within the time limit of 0.3 s (the default of a local search; --timeout S sets "
        "another).\n\nstats: backend " + backend + ", no solution found, "
    )
    result = solve(loads(UNSAT), backend, seed=1)
    assert (result.status, result.time_limit, result.found, result.count) == ("timeout", 0.3, 0, None)


def test_the_default_time_limit_is_told():
    assert LOCAL_SEARCH_TIMEOUT == 20
    assert solve(model("lock"), "anneal", seed=1).time_limit == 20
    assert solve(model("lock"), "sat").time_limit is None  # the exact backends have none
    assert solve(model("lock"), "genetic", seed=1, timeout=5).time_limit == 5
    help_text = " ".join(run_cli("solve", "--help").stdout.split())
    assert "(default: none on the exact backends, 20 on the local searches)" in help_text
    listed = run_cli("backends").stdout
    assert "[local search, time limit 20 s unless --timeout]" in listed


@pytest.mark.parametrize(("backend", "option"), [("anneal", "max_iterations=3000"), ("genetic", "max_generations=5")])
def test_a_spent_budget_gives_up(backend, option, tmp_path):
    path = tmp_path / "unsat.puz"
    path.write_text(UNSAT)
    done = run_cli("solve", str(path), "--backend", backend, "-O", option, "--seed", "1")
    assert done.returncode == 3
    assert f"No solution found: backend {backend} is a local search and gave up" in done.stdout
    assert "final cost" in done.stdout


def test_gave_up_status_in_the_api():
    result = solve(loads(UNSAT), "anneal", seed=1, options={"max_iterations": "500"})
    assert result.status == "gave_up"
    assert result.stats["iterations"] == 500 and result.stats["final_cost"] >= 1


def test_stats_line_reports_iterations_and_cost():
    done = run_cli("solve", str(MODELS / "einstein.puz"), "--backend", "anneal", "--seed", "3")
    assert done.returncode == 0
    assert "The German owns the fish, in house 4." in done.stdout
    assert "iterations" in done.stdout and "0 final cost" in done.stdout


@pytest.mark.parametrize(
    ("backend", "options", "message"),
    [
        ("anneal", {"focus": "1.5"}, "option focus of backend 'anneal': 1.5 is out of range"),
        ("anneal", {"temperature": "-1"}, "option temperature of backend 'anneal'"),
        ("anneal", {"temperature": "1", "min_temperature": "2"}, "at most the temperature"),
        ("anneal", {"max_iterations": "0"}, "option max_iterations of backend 'anneal'"),
        ("anneal", {"focus": "much"}, "'much' is not a valid float"),
        ("genetic", {"population": "1"}, "option population of backend 'genetic'"),
        ("genetic", {"elite": "0.6", "immigrants": "0.5"}, "elite + immigrants is below 1"),
        ("genetic", {"focus": "0.5"}, "backend 'genetic' has no option 'focus'"),
    ],
)
def test_bad_options_are_refused(backend, options, message):
    with pytest.raises(CspdslError, match=message.replace("(", r"\(").replace("+", r"\+")):
        get_backend(backend, options)


def test_bad_option_on_the_cli_exits_2():
    done = run_cli("solve", str(MODELS / "lock.puz"), "--backend", "anneal", "-O", "patience=0")
    assert done.returncode == 2
    assert "option patience of backend 'anneal'" in done.stderr


def test_backends_are_local_searches():
    assert AnnealBackend.CAPABILITIES.exact is False and GeneticBackend.CAPABILITIES.exact is False
    assert {"iterations", "restarts", "final_cost"} <= set(solve(model("lock"), "anneal", seed=1).stats)
    assert {"generations", "restarts", "final_cost"} <= set(solve(model("lock"), "genetic", seed=1).stats)


class _Clock(Budget):
    """A budget whose time runs out at its `calls`-th look at the clock, whatever the machine's speed."""

    def __init__(self, calls: int) -> None:
        super().__init__(None, 10**6, 1)
        object.__setattr__(self, "calls", calls)

    def out_of_time(self) -> bool:
        object.__setattr__(self, "calls", self.calls - 1)
        return self.calls <= 0


@pytest.mark.parametrize("calls", [1, 5, 40])
def test_the_genetic_search_looks_at_the_clock_within_a_generation(calls):
    """A generation of a large population may take seconds: the time limit stops it child by child,
    not at the generation's end (a 2 s limit took 33 s with a population of 200)."""
    space, _ = SPACES["aristotle", True]
    params = GeneticParams(population=200)
    _, timed_out, stats = evolve(Engine(space, random.Random(1)), params, _Clock(calls))
    assert timed_out and stats["generations"] <= 1
    assert stats["evaluations"] <= calls  # one child or newcomer a look at the clock, at most
