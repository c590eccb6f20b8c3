"""Every model in models/ on every exact backend: the same solutions as CP-SAT, as sets of the
model's own variables, each one passing the independent checker (the API checks every solution).

A backend joins by registering itself as exact in `cspdsl.backends.REGISTRY`.
"""

from __future__ import annotations

from functools import cache

import pytest
from helpers import MODELS

from cspdsl.api import load, solve
from cspdsl.backends import exact_backends

# Each model's known number of solutions: the articles' answers, not just agreement.
KNOWN_COUNTS = {
    "einstein": 1, "zebra": 1, "sudoku": 1, "lock": 3, "aristotle": 12, "tiles": 1152, "sendmore": 1,
    "seder": 1, "bands": 1, "killer4": 1, "kakuro4": 1, "killer": 1, "kakuro": 1, "jigsaw": 1, "tuna": 1,
    "golf": 1, "magicstar": 80,
    # models with an objective: the number of their optimal solutions
    "golomb": 2, "coins": 1, "lockmax": 1,
}
# Models with too many solutions to list on every backend: their counts, asserted on the best backend
# alone; tests/test_models.py asserts a first solution of each on every exact backend.
COUNTED_ON_THE_BEST_BACKEND = {"pentominoes": 9356, "pentominoes4x15": 1472}
# The optimum of each model with an objective, which every exact backend must prove.
KNOWN_OPTIMA = {"golomb": 11, "coins": 3, "lockmax": 780}
OTHERS = [name for name in exact_backends() if name != "cpsat"]


@cache
def solution_set(model: str, backend: str) -> frozenset[tuple[int, ...]]:
    lowered = load(MODELS / f"{model}.puz")
    result = solve(lowered, backend, limit=None)
    assert result.complete and not result.timed_out
    return frozenset(lowered.problem.project(s) for s in result.solutions)


def test_every_model_has_a_known_count() -> None:
    known = [*KNOWN_COUNTS, *COUNTED_ON_THE_BEST_BACKEND]
    assert sorted(known) == sorted(path.stem for path in MODELS.glob("*.puz"))


@pytest.mark.parametrize("model", sorted(KNOWN_COUNTS))
def test_cpsat_finds_the_known_count(model: str) -> None:
    assert len(solution_set(model, "cpsat")) == KNOWN_COUNTS[model]


@pytest.mark.parametrize("backend", OTHERS)
@pytest.mark.parametrize("model", sorted(KNOWN_COUNTS))
def test_backend_agrees_with_cpsat(model: str, backend: str) -> None:
    assert solution_set(model, backend) == solution_set(model, "cpsat")


@pytest.mark.parametrize("backend", OTHERS)
def test_einstein_answer_on_every_backend(backend: str) -> None:
    result = solve(load(MODELS / "einstein.puz"), backend)
    assert result.unique is True
    assert result.answers() == ["The German owns the fish, in house 4."]


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("model", sorted(KNOWN_OPTIMA))
def test_backend_proves_the_known_optimum(model: str, backend: str) -> None:
    result = solve(load(MODELS / f"{model}.puz"), backend, limit=1)
    assert (result.status, result.objective, result.bound) == ("optimal", KNOWN_OPTIMA[model], KNOWN_OPTIMA[model])
