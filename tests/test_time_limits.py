"""--timeout holds for the whole solve: the compile stops at it, the search too, and the solutions are
checked within it; and the preprocessing stays polynomial, so that a model of many sums compiles in
about a second without any limit. Every time bound here is a generous one on a promise of the product
(a 2 s limit ends well within 30 s), never a measure of this machine's speed."""

from __future__ import annotations

import random
import time

import pytest
from helpers import run_cli

from cspdsl import api
from cspdsl.backends import exact_backends
from cspdsl.backends.csp import CspBackend
from cspdsl.backends.sat import SatBackend
from cspdsl.core.deadline import TimeLimitReached, time_limited
from cspdsl.driver.plans import solve_plans
from cspdsl.lower import Lowered

EXACT = exact_backends(partial=True)
QUEENS = """
param n = 30
var q[1..n] in 1..n
alldifferent(q)
forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i
"""


def linear_clues(variables: int, clues: int, seed: int) -> str:
    """A model of random three-term clues `a*x + b*y - c*z OP k` over digits; with 120 variables and 700
    clues (172 of them sums) it has no solution. Before the sums' linear algebra was made polynomial,
    the SAT compile of such a model ran past ten minutes, whatever the time limit."""
    rng = random.Random(seed)
    lines = [f"var x[1..{variables}] in 0..9"]
    for _ in range(clues):
        i, j, k = rng.sample(range(1, variables + 1), 3)
        a, b, c = (rng.randint(1, 5) for _ in range(3))
        lines.append(f"{a} * x[{i}] + {b} * x[{j}] - {c} * x[{k}] {rng.choice(['==', '!=', '<=', '>='])} "
                     f"{rng.randint(0, 30)}")
    return "\n".join(lines) + "\n"


MANY_SUMS = linear_clues(120, 700, seed=1)


@pytest.fixture(scope="module")
def many_sums() -> Lowered:
    return api.loads(MANY_SUMS, "sums.puz")  # parsed once: 700 clues take a second


def test_a_model_of_many_sums_ends_within_its_time_limit_on_sat() -> None:
    started = time.monotonic()
    result = run_cli("solve", "-", "--timeout", "2", stdin=MANY_SUMS)
    assert time.monotonic() - started < 30
    assert (result.returncode, result.stdout.splitlines()[0]) in [
        (1, "No solution: the clues contradict each other (the model is unsatisfiable)."),
        (3, "No solution found within the time limit of 2 s."),
    ], result.stderr


@pytest.mark.parametrize("backend", EXACT)
def test_every_exact_backend_proves_the_model_of_many_sums_unsatisfiable(backend: str, many_sums: Lowered) -> None:
    assert api.solve(many_sums, backend).status == "unsatisfiable"


def test_a_compile_past_its_deadline_stops_there(many_sums: Lowered) -> None:
    """The SAT compile looks at the time between steps: past the deadline it stops at its first look,
    and the solve ends as a time limit, with no model built and no search (8 queens would be solved
    in the millisecond that such a search is given)."""
    with pytest.raises(TimeLimitReached), time_limited(time.monotonic() - 1):
        SatBackend().compile(many_sums.problem)
    result = api.solve(many_sums, "sat", timeout=1e-9)
    assert (result.status, result.found, result.size) == ("timeout", 0, {})
    done = run_cli("solve", "-", "-D", "n=8", "--timeout", "0.000001", stdin=QUEENS)
    assert (done.returncode, done.stdout.splitlines()[0]) == (3, "No solution found within the time limit of 1e-06 s.")


def test_csp_choosing_its_branching_order_stops_at_the_deadline() -> None:
    """csp's static order scores every variable left at each step (quadratic): for the 1,697 placements
    of a board that is not an exact cover it took seconds past a 0.5 s limit, so it looks at the time."""
    model = api.loads("pieces p = [pentominoes]\nplace p on rectangle(4, 15)\nvar z in 1..3\nz != 2\n", "p.puz")
    with pytest.raises(TimeLimitReached), time_limited(time.monotonic() - 1):
        CspBackend().compile(model.problem)


@pytest.mark.parametrize("backend", EXACT)
def test_a_count_that_finds_many_solutions_stops_near_its_time_limit(backend: str) -> None:
    """30 queens have millions of solutions: every one that a count keeps is checked within the limit,
    and what is left at the deadline (blocking, checking, mapping by symmetries) is not waited for."""
    model = api.loads(QUEENS, "queens.puz")
    api.solve(api.loads("var x in 1..2\n", "warm.puz"), backend)  # the solver's import is no part of the limit
    started = time.monotonic()
    result = api.solve(model, backend, limit=None, timeout=1.0)
    assert time.monotonic() - started < 3
    assert result.timed_out and result.count is None
    assert len({model.problem.project(s) for s in result.solutions}) == result.found


def test_solutions_that_the_deadline_leaves_unchecked_are_left_out() -> None:
    model = api.loads("var x in 1..3\n", "m.puz")
    found = [{"x": 1}, {"x": 2}, {"x": 3}]
    on_time = api.SolutionCheck(model, "sat", deadline=time.monotonic() + 60)
    on_time.check(found[0])  # during the search
    assert on_time.all_checked(found) == (found, False)
    late = api.SolutionCheck(model, "sat", deadline=time.monotonic() - 1)
    late.check(found[0])
    assert late.all_checked(found) == ([found[0]], True)
    with pytest.raises(api.InternalError, match="breaks the clue"):
        api.SolutionCheck(model, "sat").all_checked([{"x": 9}])
    with pytest.raises(api.InternalError, match="the same solution twice"):
        api.SolutionCheck(model, "sat").all_checked([found[1], dict(found[1])])
    seen_once = api.SolutionCheck(model, "sat")
    seen_once.check(found[2])
    with pytest.raises(api.InternalError, match="the same solution twice"):
        seen_once.all_checked([found[2], found[2]])


def test_a_count_of_plans_stopped_by_its_time_limit_keeps_the_plans_it_found() -> None:
    """The 14,880 plans of the pegs are more than sat counts in five seconds (it takes minutes): the
    stopped count is a lower bound made of the plans found and checked, never "at least 0"."""
    model = api.load("models/pegs.puz")
    result = solve_plans(model, "sat", limit=None, timeout=5.0, count_only=True)
    assert result.timed_out and result.count is None
    assert result.found == len(result.plans) > 0
