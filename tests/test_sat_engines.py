"""The SAT engines: each of PySAT's solvers, called through its C module, against PySAT's documented
API on random CNFs; every model's solution count on every engine; the options' errors; and pycosat,
where it is installed (`pip install 'cspdsl[pycosat]'`; CI installs it and runs this file again)."""

from __future__ import annotations

import importlib.util
import random

import pytest
from brute import make_problem
from helpers import MODELS, all_models, run_cli

from cspdsl.api import load
from cspdsl.backends import get_backend
from cspdsl.backends.sat.engines import ENGINE_NAMES, OutOfBudget, PysatEngine, engine
from cspdsl.core.errors import CspdslError
from cspdsl.ir import AllDifferent, InSet

HAS_PYCOSAT = importlib.util.find_spec("pycosat") is not None
needs_pycosat = pytest.mark.skipif(not HAS_PYCOSAT, reason="pycosat is not installed (an extra)")
ENGINES = [pytest.param(name, marks=needs_pycosat) if name == "pycosat" else name for name in ENGINE_NAMES]


def random_cnf(rng: random.Random, num_vars: int, num_clauses: int) -> list[list[int]]:
    return [[rng.choice((1, -1)) * rng.randint(1, num_vars) for _ in range(3)] for _ in range(num_clauses)]


def whole_model_block(model: list[int]) -> list[int]:
    return [-lit for lit in model]


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("seed", range(12))
def test_an_engine_finds_the_models_that_pysat_finds(name: str, seed: int) -> None:
    rng = random.Random(seed)
    num_vars = rng.randint(3, 9)
    clauses = random_cnf(rng, num_vars, rng.randint(4, 40))
    clauses.append([num_vars, -num_vars])  # every variable up to num_vars is known to both
    expected = sorted(tuple(m) for m in all_models(clauses, num_vars))
    found = sorted(tuple(m[:num_vars]) for m in engine(name, num_vars).models(clauses, whole_model_block))
    assert found == expected


@pytest.mark.parametrize("name", list(PysatEngine.SOLVERS))
@pytest.mark.parametrize("seed", range(12))
def test_an_engine_splitting_on_some_variables_finds_each_of_their_combinations_once(name: str, seed: int) -> None:
    rng = random.Random(seed)
    num_vars = rng.randint(3, 9)
    shown = rng.randint(0, num_vars - 1)  # the variables that tell models apart: 2 .. shown + 1
    clauses = random_cnf(rng, num_vars, rng.randint(4, 40))
    clauses += [[num_vars, -num_vars], [1]]  # variable 1 is the constant true, as the encoder has it
    expected = sorted({tuple(m[1:shown + 1]) for m in all_models(clauses, num_vars)})
    choices = [[-v, v] for v in range(2, shown + 2)]
    models = engine(name, num_vars).models(clauses, whole_model_block, choices=choices)
    found = [tuple(m[1:shown + 1]) for m in models]
    assert sorted(found) == expected  # each once: no blocking clause, the parts are disjoint


@pytest.mark.parametrize("name", list(PysatEngine.SOLVERS))
@pytest.mark.parametrize("seed", range(12))
def test_a_search_for_two_models_finds_the_two_that_the_parts_find(name: str, seed: int) -> None:
    """`two`: a single blocking clause proves the first model the only one; where there is a second,
    it is the very one the parts give (the same first two models, the same order)."""
    rng = random.Random(seed)
    num_vars = rng.randint(3, 9)
    shown = rng.randint(0, num_vars - 1)
    clauses = [*random_cnf(rng, num_vars, rng.randint(4, 40)), [num_vars, -num_vars], [1]]
    choices = [[-v, v] for v in range(2, shown + 2)]

    def block(model: list[int]) -> list[int]:
        return [-lit for lit in model[1:shown + 1]]

    parts = engine(name, num_vars).models(clauses, block, choices=choices)
    expected = [model for _, model in zip(range(2), parts, strict=False)]
    assert list(engine(name, num_vars).models(clauses, block, choices=choices, two=True))[:2] == expected


@pytest.mark.parametrize("name", ENGINES)
def test_an_engine_sees_a_contradiction_in_the_clauses_themselves(name: str) -> None:
    assert list(engine(name, 2).models([[1], [-1, 2], [-2]], whole_model_block)) == []
    assert list(engine(name, 1).models([[1], []], whole_model_block)) == []


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize(("model", "count"), [("lock", 3), ("einstein", 1), ("aristotle", 12), ("sendmore", 1),
                                              ("agatha", 1)])
def test_every_engine_counts_every_model_alike(name: str, model: str, count: int) -> None:
    backend = get_backend("sat", {"solver": name})
    outcome = backend.solve(backend.compile(load(MODELS / f"{model}.puz").problem), limit=None, timeout=None, seed=None)
    assert (len(outcome.solutions), outcome.complete, outcome.stats["engine"]) == (count, True, name)


@pytest.mark.parametrize("name", ENGINES)
def test_every_engine_answers_under_a_time_limit_in_this_process_or_a_child(name: str) -> None:
    backend = get_backend("sat", {"solver": name})
    compiled = backend.compile(load(MODELS / "lock.puz").problem)
    outcome = backend.solve(compiled, limit=None, timeout=30, seed=None)
    assert (len(outcome.solutions), outcome.complete, outcome.timed_out) == (3, True, False)


@pytest.mark.parametrize("name", list(PysatEngine.SOLVERS))
def test_a_limited_call_that_runs_out_of_conflicts_says_so(name: str) -> None:
    names = tuple(f"x{i}" for i in range(10))
    pigeons = make_problem(dict.fromkeys(names, tuple(range(9))), AllDifferent(names))  # 10 pigeons, 9 holes
    cnf = get_backend("sat", {"solver": name}).compile(pigeons).native.cnf
    with pytest.raises(OutOfBudget):
        list(engine(name, cnf.num_vars).models(cnf.clauses, whole_model_block, limited=True))


@needs_pycosat
def test_pycosat_blocks_whole_models_so_a_free_auxiliary_variable_repeats_solutions() -> None:
    problem = make_problem({"a": (1, 2, 3)}, InSet("a", (1, 2)))
    problem.add_var("free", (0, 1, 2, 3), output=False)
    backend = get_backend("sat", {"solver": "pycosat"})
    outcome = backend.solve(backend.compile(problem), limit=None, timeout=None, seed=None)
    assert (sorted(s["a"] for s in outcome.solutions), outcome.stats["duplicates"]) == ([1, 2], 6)


@pytest.mark.parametrize("name", ENGINES)
def test_every_engine_finds_each_solution_of_a_projected_model_once(name: str) -> None:
    """A hidden variable (`show`, a leading `_`) is free as the auxiliary above, but the model says so:
    every engine then blocks on the shown variables, pycosat too, and finds no solution twice."""
    problem = make_problem({"a": (1, 2, 3)}, InSet("a", (1, 2)))
    problem.add_var("_hidden", (0, 1, 2, 3), output=False)
    problem.projected = True
    backend = get_backend("sat", {"solver": name})
    for timeout in (None, 30):  # unlimited, and in this process under the engine's effort limit
        outcome = backend.solve(backend.compile(problem), limit=None, timeout=timeout, seed=None)
        assert (sorted(s["a"] for s in outcome.solutions), outcome.stats["duplicates"]) == ([1, 2], 0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"solver": "picosat"}, "option solver of backend 'sat' must be one of minisat22, minisatgh, glucose41, "
                                "glucose421, cadical153, cadical195, pycosat, not 'picosat'"),
    ],
)
def test_a_bad_engine_option_is_refused(options: dict[str, str], message: str) -> None:
    with pytest.raises(CspdslError, match=message):
        get_backend("sat", options)


def test_pycosat_where_it_is_missing_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pycosat" else real(name, *a))
    with pytest.raises(CspdslError, match=r"pip install 'cspdsl\[pycosat\]'"):
        get_backend("sat", {"solver": "pycosat"})


def test_the_engine_is_chosen_on_the_command_line() -> None:
    result = run_cli("solve", "models/lock.puz", "--count", "-O", "solver=glucose41", "--stats")
    assert result.returncode == 0, result.stderr
    assert "engine: glucose41" in result.stdout
