"""The python-constraint backend: the models' answers and counts as on CP-SAT, which built-in constraint
each IR kind becomes, the scopes of function constraints, and the time limit.

The brute-force suite (tests/test_exact_backends.py) covers every IR kind on this backend too, and
tests/test_agreement.py every model's solution set.
"""

from __future__ import annotations

import time

import constraint as pc
import pytest
from brute import assert_matches_brute_force, make_problem, solve_all
from helpers import MODELS, SEQUENTIAL_MODELS, child_processes, run_cli

from cspdsl.api import load, loads, solve
from cspdsl.backends import get_backend
from cspdsl.backends.csp import CspBackend, CspModel, ExactSum, static_order
from cspdsl.check.problem import violated
from cspdsl.core.errors import CspdslError
from cspdsl.ir import AllDifferent, Count, InSet, Linear, Not, Or, Problem

# -- the models -----------------------------------------------------------------------------------


# Every model's full solution set is compared with CP-SAT's in tests/test_agreement.py.


def keys(result) -> set[tuple[int, ...]]:
    return {result.model.problem.project(s) for s in result.solutions}


def test_answers_and_uniqueness_as_on_cpsat() -> None:
    einstein = solve(load(MODELS / "einstein.puz"), "csp")
    assert einstein.answers() == ["The German owns the fish, in house 4."] and einstein.unique is True
    lock = solve(load(MODELS / "lock.puz"), "csp")
    assert lock.unique is False


def test_cli_count_on_csp() -> None:
    result = run_cli("solve", "models/lock.puz", "--backend", "csp", "--count")
    assert result.returncode == 0, result.stderr
    assert "3 solutions." in result.stdout


# -- how each IR kind is posted -------------------------------------------------------------------


ABC = {"a": (1, 2, 3), "b": (1, 2, 3), "c": (0, 1, 2, 3)}


def posted(problem: Problem) -> list[tuple[type, tuple[str, ...]]]:
    native: CspModel = CspBackend().compile(problem).native
    return [(type(c), scope) for c, scope in native.constraints]


@pytest.mark.parametrize(
    ("constraint", "expected"),
    [
        (AllDifferent(("a", "b", "c")), [(pc.AllDifferentConstraint, ("a", "b", "c"))]),
        (Linear(((1, "a"), (1, "b"), (1, "c")), "==", 5), [(ExactSum, ("a", "b", "c"))]),
        (Linear(((1, "a"), (2, "b")), "<=", 5), [(pc.MaxSumConstraint, ("a", "b"))]),
        (Linear(((1, "a"), (1, "b")), ">=", 5), [(pc.MinSumConstraint, ("a", "b"))]),
        (Linear(((-1, "a"), (-1, "b")), "<=", -5), [(pc.MinSumConstraint, ("a", "b"))]),  # flipped to + form
        (Linear(((1, "a"), (-1, "b")), "==", 0), [(pc.AllEqualConstraint, ("a", "b"))]),
        (Linear(((1, "a"), (-1, "b")), "!=", 0), [(pc.AllDifferentConstraint, ("a", "b"))]),
        (Linear(((1, "a"), (2, "b")), "!=", 4), [(pc.FunctionConstraint, ("a", "b"))]),
        (
            Count((InSet("a", (1,)), InSet("b", (1,)), InSet("c", (1,))), "==", 1),
            [(pc.SomeInSetConstraint, ("a", "b", "c")), (pc.SomeNotInSetConstraint, ("a", "b", "c"))],
        ),
        (Count((InSet("a", (1,)), InSet("b", (1,))), "<=", 1), [(pc.SomeNotInSetConstraint, ("a", "b"))]),
        (Or((InSet("a", (2,)), InSet("c", (2,)))), [(pc.SomeInSetConstraint, ("a", "c"))]),
        (InSet("a", (1, 2)), []),  # a domain
        (Not(Or((InSet("a", (1,)), InSet("b", (3,))))), []),  # two domains
    ],
    ids=str,
)
def test_built_in_constraint_per_kind(constraint, expected) -> None:
    problem = make_problem(ABC, constraint)
    assert posted(problem) == expected
    assert_matches_brute_force(CspBackend(), problem)


def test_function_constraints_only_on_the_variables_they_mention() -> None:
    """Einstein's next_to clues are two-variable functions; no constraint spans the whole model.

    The fourth, "Norwegian next_to blue", is a domain: the Norwegian lives in house 1."""
    model = load(MODELS / "einstein.puz")
    native: CspModel = CspBackend().compile(model.problem).native
    functions = [scope for c, scope in native.constraints if isinstance(c, pc.FunctionConstraint)]
    assert len(functions) == 3 and all(len(scope) == 2 for scope in functions)
    assert native.domains["colour[blue]"] == (2,)
    kinds = {type(c) for c, _ in native.constraints}
    assert kinds == {pc.AllDifferentConstraint, pc.AllEqualConstraint, ExactSum, pc.FunctionConstraint}


def test_the_queens_diagonals_are_two_shifted_all_different_constraints() -> None:
    """`abs(q[i] - q[j]) != j - i` for every pair is `q[i] + i` and `q[i] - i` all different
    (`passes.differences`): two constraints instead of 56 function constraints, and 92 solutions."""
    model = load(MODELS / "einstein.puz")  # no group: its differences are few and unrelated
    assert "ShiftedAllDifferent" not in CspBackend().compile(model.problem).native.sources
    queens = loads(QUEENS, "queens.puz")
    native: CspModel = CspBackend().compile(queens.problem).native
    assert native.sources == ["AllDifferent", "ShiftedAllDifferent", "ShiftedAllDifferent"]
    offsets = sorted([c.offsets[f"q[{i}]"] - c.offsets["q[1]"] for i in range(1, 9)] for c, _ in native.constraints[1:])
    assert offsets == [[0, -1, -2, -3, -4, -5, -6, -7], [0, 1, 2, 3, 4, 5, 6, 7]]
    assert len(keys(solve(queens, "csp", limit=None))) == 92


def test_one_variable_constraints_become_domains() -> None:
    model = load(MODELS / "lock.puz")
    native: CspModel = CspBackend().compile(model.problem).native
    for values in native.domains.values():
        assert not {6, 9, 5} & set(values)  # "6 9 5: nothing is correct" is posted as no constraint
    assert all(len(scope) <= 3 for _, scope in native.constraints)


def test_exact_sum_fixes_the_last_variable() -> None:
    domains = {name: pc.Domain(range(1, 20)) for name in "abc"}
    line = ExactSum(38)
    line.preProcess(["a", "b", "c"], domains, [(line, ["a", "b", "c"])], {n: [(line, ["a", "b", "c"])] for n in "abc"})
    assert line(["a", "b", "c"], domains, {"a": 19, "b": 7}, True)
    assert list(domains["c"]) == [12]
    assert not line(["a", "b", "c"], domains, {"a": 1, "b": 2}, True)  # 35 is out of range


def test_a_domain_emptied_while_preprocessing_is_infeasible() -> None:
    """x + y >= 6 leaves x = 3; then x + z == 2 empties x (constraint.Problem would crash in min())."""
    d = {"x": (1, 2, 3), "y": (1, 2, 3), "z": (1, 2, 3)}
    problem = make_problem(
        d,
        Linear(((1, "x"), (1, "y")), ">=", 6),
        Linear(((1, "x"), (1, "z")), "==", 2),
        Linear(((1, "x"), (1, "y"), (1, "z")), "==", 5),
    )
    assert_matches_brute_force(CspBackend(), problem)


# -- order and options ----------------------------------------------------------------------------


def test_order_closes_constraints_early() -> None:
    domains = {n: (1, 2, 3) for n in "pqrstu"}
    domains["u"] = (2,)
    order = static_order(domains, [("p", "q", "r", "s"), ("s", "t"), ("t", "u")])
    assert order[0] == "u"  # fixed first
    assert order[1] == "t"  # completes (t, u)
    assert order[2] == "s"  # completes (s, t)


@pytest.mark.parametrize("options", [{"order": "model"}, {"order": "smallest"}, {"forwardcheck": "false"}])
def test_options_give_the_same_solutions(options: dict[str, str]) -> None:
    model = load(MODELS / "lock.puz")
    assert keys(solve(model, "csp", limit=None, options=options)) == keys(solve(model, "csp", limit=None))


QUEENS = """param n = 8
var q[1..n] in 1..n
alldifferent(q)
forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i
"""


def test_smallest_first_finds_each_solution_once(tmp_path) -> None:
    path = tmp_path / "queens.puz"
    path.write_text(QUEENS)
    result = solve(load(path), "csp", limit=None, options={"order": "smallest"})
    assert len(keys(result)) == 92 and result.stats["raw_solutions"] == 92 and result.complete


SLOW_MODELS = {"aristotle", "tiles"}  # all solutions take about a minute each way
# The pentominoes' thousands of tilings: an exact cover, which csp searches as Algorithm X whatever the
# order option (`backends/csp/cover.py`), and whose 9,356 or 1,472 tilings take minutes to list.
BEYOND_CSP = {"pentominoes", "pentominoes4x15"}


@pytest.mark.parametrize(
    "model",
    [
        pytest.param(path.stem, marks=[pytest.mark.slow] if path.stem in SLOW_MODELS else [])
        for path in sorted(MODELS.glob("*.puz")) if path.stem not in SEQUENTIAL_MODELS | BEYOND_CSP
    ],
)
def test_smallest_first_finds_what_the_library_solver_finds(model: str) -> None:
    """Our smallest-first search against the library's compiled solver (the default order)."""
    lowered = load(MODELS / f"{model}.puz")
    ours = solve(lowered, "csp", limit=None, options={"order": "smallest"})
    library = solve(lowered, "csp", limit=None)
    assert ours.complete and keys(ours) == keys(library)
    if lowered.problem.objective is None:  # a branch and bound's solutions depend on its order
        assert ours.stats["raw_solutions"] == library.stats["raw_solutions"]


@pytest.mark.parametrize("forwardcheck", ["true", "false"])
def test_smallest_first_on_8_queens_as_the_library_solver(tmp_path, forwardcheck: str) -> None:
    path = tmp_path / "queens.puz"
    path.write_text(QUEENS)
    model = load(path)
    ours = solve(model, "csp", limit=None, options={"order": "smallest", "forwardcheck": forwardcheck})
    library = solve(model, "csp", limit=None, options={"forwardcheck": forwardcheck})
    assert keys(ours) == keys(library) and len(keys(ours)) == 92


def test_smallest_first_solves_24_queens(tmp_path) -> None:
    """The greedy order takes about 17 s here; a fixed order cannot follow the cut domains."""
    path = tmp_path / "queens.puz"
    path.write_text(QUEENS)
    model = load(path, {"n": 24})
    result = solve(model, "csp", limit=1, options={"order": "smallest"})
    assert len(result.solutions) == 1 and violated(model.problem, result.solutions[0]) == []


def test_bad_order_option() -> None:
    with pytest.raises(CspdslError):
        get_backend("csp", {"order": "random"})


# -- time limit -----------------------------------------------------------------------------------


def test_timeout_keeps_partial_solutions_and_leaves_no_process() -> None:
    names = tuple(f"x{i}" for i in range(12))
    problem = make_problem({n: tuple(range(1, 13)) for n in names}, AllDifferent(names))
    before = child_processes()
    outcome = solve_all(CspBackend(), problem, timeout=2.0)  # 12! solutions: never all of them
    assert outcome.timed_out and not outcome.complete
    assert outcome.solutions  # what arrived before the deadline
    assert len({problem.project(s) for s in outcome.solutions}) == len(outcome.solutions)
    for s in outcome.solutions[:50]:
        assert violated(problem, s) == []
    assert child_processes() <= before


def test_a_finished_search_within_the_limit_is_complete() -> None:
    outcome = solve_all(CspBackend(), make_problem(ABC, AllDifferent(("a", "b", "c"))), timeout=30)
    assert outcome.complete and not outcome.timed_out and len(outcome.solutions) == 12


def test_sudoku_25x25_hits_the_time_limit(tmp_path) -> None:
    model = tmp_path / "sudoku25.puz"
    model.write_text(
        'puzzle "25x25"\n'
        "var cell[1..25, 1..25] in 1..25\n"
        "forall group in cell.rows + cell.columns + cell.boxes: alldifferent(group)\n"
    )
    result = run_cli("solve", str(model), "--backend", "csp", "--timeout", "1.5")
    assert result.returncode == 3, result.stdout + result.stderr
    assert "time limit" in result.stdout


def test_the_bound_on_the_last_mark_narrows_every_mark_before_the_search() -> None:
    """Bounds propagation (csp/bounds.py): mark[6] <= 16 reaches each mark through mark[i] < mark[i + 1] and
    the ruler's reflection (the first gap shorter than the last: mark[6] - mark[5] >= 2)."""
    from cspdsl.backends.csp.bounds import narrowed_domains
    from cspdsl.passes.narrow import narrow_domains

    problem = narrow_domains(load(MODELS / "golomb.puz", {"n": 6}).problem)
    domains = narrowed_domains(problem, [Linear(((1, "mark[6]"),), "<=", 16)])
    assert domains is not None
    assert [(domains[f"mark[{i}]"][0], domains[f"mark[{i}]"][-1]) for i in range(1, 7)] == [
        (0, 0), (1, 11), (2, 12), (3, 13), (4, 14), (6, 16)]
    assert narrowed_domains(problem, [Linear(((1, "mark[6]"),), "<=", 4)]) is None  # six marks need 5 at least


def test_the_branch_and_bound_counts_its_rounds() -> None:
    result = solve(load(MODELS / "golomb.puz", {"n": 5}), "csp", limit=1)
    assert (result.status, result.objective) == ("optimal", 11)
    assert result.stats["rounds"] == result.stats["improving_solutions"] + 1


def test_an_exact_cover_is_searched_as_algorithm_x_within_its_time_limit() -> None:
    """The 4x15 pentominoes' 1,472 tilings take minutes to list: a 1 s limit stops the cover search with
    the tilings it found, each checked."""
    model = load(MODELS / "pentominoes4x15.puz")
    assert CspBackend().compile(model.problem).native.cover is not None
    start = time.perf_counter()
    result = solve(model, "csp", limit=None, timeout=1)
    assert time.perf_counter() - start < 30 and not result.complete and result.timed_out
    assert all(violated(model.problem, solution) == [] for solution in result.solutions)
