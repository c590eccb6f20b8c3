"""Symmetry detection (`cspdsl.passes.symmetry`) and the SAT backend's search of one solution per orbit.

The group found must be exactly the problem's symmetries: every element is checked against the whole
constraint set, and the solutions found with symmetry on must be those found with it off (and by
brute force, where the problem is small).
"""

from __future__ import annotations

import itertools

import pytest
from brute import brute_force, make_problem
from helpers import MODELS
from hypothesis import given, settings
from hypothesis import strategies as st

from cspdsl.api import load, solve
from cspdsl.backends.sat import SatBackend
from cspdsl.check.problem import violated
from cspdsl.ir import AllDifferent, And, Constraint, Count, InSet, Linear, Not, Or, Problem, Table
from cspdsl.passes.symmetry import Symmetry, is_symmetry, lex_leader, symmetry_group

ON, OFF = SatBackend(symmetry=True), SatBackend(symmetry=False)


def renamed(c: Constraint, g: Symmetry) -> Constraint:
    """The constraint with every variable x written g[x]."""
    if isinstance(c, Linear):
        return Linear(tuple((k, g[x]) for k, x in c.terms), c.op, c.rhs)
    if isinstance(c, InSet):
        return InSet(g[c.var], c.values)
    if isinstance(c, AllDifferent):
        return AllDifferent(tuple(g[x] for x in c.vars))
    if isinstance(c, Table):
        return Table(tuple(g[x] for x in c.vars), c.tuples)
    if isinstance(c, Count):
        return Count(tuple(renamed(sub, g) for sub in c.conds), c.op, c.k)
    if isinstance(c, And):
        return And(tuple(renamed(sub, g) for sub in c.conds))
    if isinstance(c, Or):
        return Or(tuple(renamed(sub, g) for sub in c.conds))
    assert isinstance(c, Not)
    return Not(renamed(c.cond, g))


def compose(g: Symmetry, h: Symmetry) -> Symmetry:
    return {x: g[h[x]] for x in h}


def assert_is_group(problem: Problem, group: list[Symmetry]) -> None:
    identity = {x: x for x in problem.variables}
    assert group[0] == identity
    keys = {tuple(sorted(g.items())) for g in group}
    assert len(keys) == len(group)
    for g, h in itertools.product(group, repeat=2):
        assert tuple(sorted(compose(g, h).items())) in keys
    assert all(is_symmetry(problem, g) for g in group)


def solutions(backend: SatBackend, problem: Problem) -> list[tuple[int, ...]]:
    outcome = backend.solve(backend.compile(problem), limit=None, timeout=None, seed=None)
    assert outcome.complete
    for s in outcome.solutions:
        assert violated(problem, s) == []
    return [problem.project(s) for s in outcome.solutions]


def assert_same_solutions(problem: Problem, brute: bool = True) -> None:
    with_symmetry, without = solutions(ON, problem), solutions(OFF, problem)
    assert len(with_symmetry) == len(set(with_symmetry))
    assert set(with_symmetry) == set(without)
    if brute:
        assert set(with_symmetry) == brute_force(problem)


def magic_square() -> Problem:
    cells = [f"m{r}{c}" for r in range(3) for c in range(3)]
    lines = [[f"m{r}{c}" for c in range(3)] for r in range(3)] + [[f"m{r}{c}" for r in range(3)] for c in range(3)]
    lines += [[f"m{i}{i}" for i in range(3)], [f"m{i}{2 - i}" for i in range(3)]]
    return make_problem(
        dict.fromkeys(cells, tuple(range(1, 10))),
        AllDifferent(tuple(cells)),
        *(Linear(tuple((1, x) for x in line), "==", 15) for line in lines),
    )


# -- detection ---------------------------------------------------------------------------------------


def test_the_hexagon_has_its_12_rotations_and_reflections() -> None:
    problem = load(MODELS / "aristotle.puz").problem
    group = symmetry_group(problem)
    assert group is not None and len(group) == 12
    assert_is_group(problem, group)
    centre = "hex.j"
    assert all(g[centre] == centre for g in group)


def test_the_tile_square_has_32_symmetries_with_those_of_the_square() -> None:
    problem = load(MODELS / "tiles.puz").problem
    group = symmetry_group(problem)
    assert group is not None and len(group) == 32
    assert_is_group(problem, group)
    cell = "square[{},{}]".format
    transpose = {cell(r, c): cell(c, r) for r in range(1, 5) for c in range(1, 5)}
    rotate = {cell(r, c): cell(c, 5 - r) for r in range(1, 5) for c in range(1, 5)}
    assert transpose in group and rotate in group


@pytest.mark.parametrize("name", ["einstein", "zebra", "sudoku", "lock"])
def test_models_without_symmetry_get_the_identity_only(name: str) -> None:
    problem = load(MODELS / f"{name}.puz").problem
    assert symmetry_group(problem) == [{x: x for x in problem.variables}]


def test_an_asymmetric_model_gets_the_identity_only() -> None:
    problem = make_problem(
        {"a": (1, 2, 3), "b": (1, 2, 3), "c": (1, 2, 3)},
        Linear(((1, "a"), (2, "b")), "<=", 5),
        Linear(((1, "b"), (1, "c")), "==", 4),
    )
    assert symmetry_group(problem) == [{"a": "a", "b": "b", "c": "c"}]


def test_the_magic_square_has_the_8_symmetries_of_the_square() -> None:
    problem = magic_square()
    group = symmetry_group(problem)
    assert group is not None and len(group) == 8
    assert_is_group(problem, group)


def test_domains_outputs_coefficients_and_tables_break_symmetry() -> None:
    domains = {"a": (0, 1, 2), "b": (0, 1, 2)}
    assert len(symmetry_group(make_problem(domains, Linear(((1, "a"), (1, "b")), "==", 2))) or []) == 2
    assert len(symmetry_group(make_problem(domains, Linear(((1, "a"), (2, "b")), "==", 2))) or []) == 1
    assert len(symmetry_group(make_problem({"a": (0, 1), "b": (0, 1, 2)}, AllDifferent(("a", "b")))) or []) == 1
    assert len(symmetry_group(make_problem(domains, Table(("a", "b"), ((0, 1), (1, 0))))) or []) == 2
    assert len(symmetry_group(make_problem(domains, Table(("a", "b"), ((0, 1), (2, 0))))) or []) == 1
    hidden = make_problem(domains, AllDifferent(("a", "b")))
    hidden.outputs = ["a"]
    assert len(symmetry_group(hidden) or []) == 1


def test_sums_are_compared_up_to_their_sign() -> None:
    """Queens on a 6x6 board: the reflection q_i -> q_(5-i) turns `q_i - q_j != d` into
    `q_j - q_i != d`, which the model states as `q_i - q_j != -d`."""
    queens = [f"q{i}" for i in range(6)]
    diagonals = [
        Linear(((1, queens[i]), (-1, queens[j])), "!=", sign * (j - i))
        for i, j in itertools.combinations(range(6), 2)
        for sign in (1, -1)
    ]
    problem = make_problem(dict.fromkeys(queens, tuple(range(6))), AllDifferent(tuple(queens)), *diagonals)
    group = symmetry_group(problem)
    assert group is not None and len(group) == 2
    assert group[1] == {q: queens[5 - i] for i, q in enumerate(queens)}
    assert_same_solutions(problem, brute=False)
    assert len(solutions(ON, problem)) == 4


def test_the_search_gives_up_cleanly_and_then_uses_no_symmetry() -> None:
    problem = load(MODELS / "tiles.puz").problem
    assert symmetry_group(problem, node_budget=50) is None
    assert symmetry_group(problem, group_max=10) is None
    names = tuple(f"x{i}" for i in range(7))
    everything = make_problem(dict.fromkeys(names, tuple(range(7))), AllDifferent(names))
    assert symmetry_group(everything) is None  # 7! = 5040 symmetries: more than the cap
    outcome = ON.solve(ON.compile(everything), limit=None, timeout=None, seed=None)
    assert len(outcome.solutions) == 5040 and outcome.stats["symmetries"] == 0


def test_lex_leader_under_an_all_different_is_one_strict_comparison_per_symmetry() -> None:
    problem = load(MODELS / "aristotle.puz").problem
    group = symmetry_group(problem)
    assert group is not None
    constraints = lex_leader(problem, group)
    assert 0 < len(constraints) <= 11
    assert all(isinstance(c, Linear) and c.op == "<=" and c.rhs == -1 for c in constraints)


# -- enumeration -------------------------------------------------------------------------------------


def test_the_magic_square_has_8_solutions_either_way() -> None:
    problem = magic_square()
    with_symmetry, without = solutions(ON, problem), solutions(OFF, problem)
    assert len(with_symmetry) == len(without) == 8
    assert set(with_symmetry) == set(without)


def test_repeated_values_without_an_all_different() -> None:
    """A 3x3 0/1/2 grid whose rows and columns each add up to 3: no all-different, values repeat, and
    many solutions are their own images."""
    cells = [f"g{r}{c}" for r in range(3) for c in range(3)]
    lines = [[f"g{r}{c}" for c in range(3)] for r in range(3)] + [[f"g{r}{c}" for r in range(3)] for c in range(3)]
    problem = make_problem(
        dict.fromkeys(cells, (0, 1, 2)), *(Linear(tuple((1, x) for x in line), "==", 3) for line in lines)
    )
    group = symmetry_group(problem)
    assert group is not None and len(group) == 72  # rows and columns permuted, and transposed
    assert_same_solutions(problem)


def test_auxiliary_variables_move_with_the_cells() -> None:
    """Each cell has a non-output flag `fx` (x is at least 2): a symmetry must move the flags with the
    cells, and the flags' values must not multiply the solutions."""
    cells = ["x", "y", "z"]
    problem = make_problem(dict.fromkeys(cells, (0, 1, 2, 3)), Linear(tuple((1, x) for x in cells), "==", 5))
    for x in cells:
        problem.add_var(f"f{x}", (0, 1), output=False)
        problem.post(Or((And((InSet(f"f{x}", (1,)), InSet(x, (2, 3)))), And((InSet(f"f{x}", (0,)), InSet(x, (0, 1)))))))
    problem.post(Count(tuple(InSet(f"f{x}", (1,)) for x in cells), "<=", 1))
    group = symmetry_group(problem)
    assert group is not None and len(group) == 6
    assert all(g[f"f{x}"] == f"f{g[x]}" for g in group for x in cells)
    assert_same_solutions(problem)


def test_a_time_limit_still_works_with_symmetry() -> None:
    problem = load(MODELS / "tiles.puz").problem
    compiled = ON.compile(problem)
    outcome = ON.solve(compiled, limit=None, timeout=60, seed=None)
    assert outcome.complete and len(outcome.solutions) == 1152 and outcome.stats["symmetries"] == 32
    keys = [problem.project(s) for s in outcome.solutions]
    assert len(set(keys)) == 1152
    short = ON.solve(compiled, limit=None, timeout=0.001, seed=None)
    assert not short.complete or len(short.solutions) == 1152


@pytest.mark.parametrize("limit", [1, 2, 40])
@pytest.mark.parametrize("timeout", [None, 60.0])
def test_a_limit_holds_when_one_solution_stands_for_its_whole_orbit(limit: int, timeout: float | None) -> None:
    """Each tile layout found stands for up to 32: the search in this process (under a time limit)
    and the one without stop at `limit` all the same (the first gave 64 for a limit of 2)."""
    problem = load(MODELS / "tiles.puz").problem
    outcome = ON.solve(ON.compile(problem), limit=limit, timeout=timeout, seed=None)
    assert len(outcome.solutions) == limit and not outcome.complete
    assert len({problem.project(s) for s in outcome.solutions}) == limit


def test_first_solution_and_uniqueness_searches_use_the_group_that_compile_found() -> None:
    """A number puzzle's group is found at compile (it speeds up the implied equalities), and then
    used by every search; the plain CNF stays as it was."""
    problem = load(MODELS / "aristotle.puz").problem
    compiled = ON.compile(problem)
    clauses = len(compiled.native.cnf.clauses)
    for limit in (1, 2):
        outcome = ON.solve(compiled, limit=limit, timeout=None, seed=None)
        assert len(outcome.solutions) == limit and outcome.stats["symmetries"] == 12
    assert len(ON.solve(compiled, limit=None, timeout=None, seed=None).solutions) == 12
    assert len(compiled.native.cnf.clauses) == clauses


def test_a_logic_puzzle_is_searched_for_symmetry_only_for_all_solutions() -> None:
    problem = load(MODELS / "einstein.puz").problem
    compiled = ON.compile(problem)
    assert compiled.native.group is None
    for limit in (1, 2):
        assert "symmetries" not in ON.solve(compiled, limit=limit, timeout=None, seed=None).stats
    assert ON.solve(compiled, limit=None, timeout=None, seed=None).stats["symmetries"] == 1


@pytest.mark.parametrize("name", ["einstein", "zebra", "sudoku", "lock", "aristotle", "tiles"])
def test_every_model_has_the_same_solutions_with_and_without_symmetry(name: str) -> None:
    model = load(MODELS / f"{name}.puz")
    results = [solve(model, "sat", limit=None, options={"symmetry": flag}) for flag in ("true", "false")]
    keys = [{model.problem.project(s) for s in result.solutions} for result in results]
    assert keys[0] == keys[1]
    assert len(results[0].solutions) == len(results[1].solutions) == len(keys[0])
    assert len(keys[0]) == {"einstein": 1, "zebra": 1, "sudoku": 1, "lock": 3, "aristotle": 12, "tiles": 1152}[name]


# -- random symmetric models --------------------------------------------------------------------------

NAMES = ("a", "b", "c", "d")


@st.composite
def small_constraints(draw: st.DrawFn) -> Constraint:
    x, y = draw(st.permutations(NAMES))[:2]
    kind = draw(st.sampled_from(["sum", "in", "count", "or", "table", "different"]))
    if kind == "sum":
        coefs = draw(st.lists(st.integers(-2, 2), min_size=2, max_size=2))
        op = draw(st.sampled_from(["==", "!=", "<=", ">="]))
        return Linear(((coefs[0], x), (coefs[1], y)), op, draw(st.integers(-3, 5)))
    if kind == "in":
        return InSet(x, tuple(draw(st.sets(st.integers(0, 2), min_size=1))))
    if kind == "count":
        conds = tuple(InSet(name, (draw(st.integers(0, 2)),)) for name in draw(st.permutations(NAMES))[:3])
        return Count(conds, draw(st.sampled_from(["==", "<=", ">="])), draw(st.integers(0, 3)))
    if kind == "or":
        return Or((InSet(x, (0,)), Not(Linear(((1, x), (1, y)), "<=", 2))))
    if kind == "table":
        rows = draw(st.sets(st.tuples(st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=5))
        return Table((x, y), tuple(sorted(rows)))
    return AllDifferent((x, y))


PERMUTATIONS = [
    {"a": "b", "b": "a", "c": "c", "d": "d"},  # a swap
    {"a": "b", "b": "c", "c": "d", "d": "a"},  # a rotation
    {"a": "b", "b": "a", "c": "d", "d": "c"},  # two swaps
]


@settings(max_examples=60)
@given(st.lists(small_constraints(), min_size=1, max_size=4), st.sampled_from(PERMUTATIONS))
def test_random_symmetric_models(constraints: list[Constraint], g: Symmetry) -> None:
    """Each constraint posted with all its images under the powers of g, so g is a symmetry."""
    closed: list[Constraint] = []
    for c in constraints:
        image = c
        for _ in range(4):
            closed.append(image)
            image = renamed(image, g)
    problem = make_problem(dict.fromkeys(NAMES, (0, 1, 2)), *closed)
    group = symmetry_group(problem)
    assert group is not None and g in group
    assert_is_group(problem, group)
    assert_same_solutions(problem)


@settings(max_examples=60)
@given(st.lists(small_constraints(), min_size=1, max_size=4), st.sampled_from(PERMUTATIONS),
       st.sets(st.sampled_from(NAMES), min_size=1))
def test_random_symmetric_models_with_hidden_variables(
    constraints: list[Constraint], g: Symmetry, hidden: set[str]
) -> None:
    """A projection (`show`, `_name`) keeps the symmetries that map shown variables to shown ones, and
    the solutions, one per projection, are those of the search without symmetry and of brute force."""
    problem = make_problem(dict.fromkeys(NAMES, (0, 1, 2)), *(renamed_powers(constraints, g)))
    problem.outputs, problem.projected = [name for name in NAMES if name not in hidden], True
    group = symmetry_group(problem)
    assert group is not None and all({h[x] for x in problem.outputs} == set(problem.outputs) for h in group)
    assert_same_solutions(problem)


def renamed_powers(constraints: list[Constraint], g: Symmetry) -> list[Constraint]:
    """Each constraint with all its images under the powers of g, so g is a symmetry."""
    return [image for c in constraints for image in itertools.accumulate(range(3), lambda h, _: renamed(h, g),
                                                                        initial=c)]


def test_a_projection_of_the_magic_square_keeps_the_symmetries_that_fix_its_middle_row() -> None:
    """Shown: the middle row. The flips and the half turn map it onto itself (4 of the square's 8
    symmetries); each of its 4 values stands for 2 squares, and is found once either way."""
    problem = magic_square()
    problem.outputs, problem.projected = ["m10", "m11", "m12"], True
    assert len(symmetry_group(problem) or []) == 4
    outcome = ON.solve(ON.compile(problem), limit=None, timeout=None, seed=None)
    assert outcome.stats["symmetries"] == 4
    with_symmetry, without = solutions(ON, problem), solutions(OFF, problem)
    assert sorted(with_symmetry) == sorted(without) == [(1, 5, 9), (3, 5, 7), (7, 5, 3), (9, 5, 1)]


def test_breaking_symmetry_leaves_the_compiled_cnf_as_it_was() -> None:
    """The lex-leader clauses are written into the model's CNF and rolled back: its clauses, variables
    and names are those that compile wrote, also after a search that broke the hexagon's symmetry."""
    problem = load(MODELS / "aristotle.puz").problem
    compiled = ON.compile(problem)
    cnf = compiled.native.cnf
    before = (list(cnf.clauses), cnf.num_vars, dict(cnf.meaning))
    assert len(ON.solve(compiled, limit=None, timeout=None, seed=None).solutions) == 12
    broken = compiled.native.broken
    assert broken is not None and len(broken[0]) > len(cnf.clauses)
    assert (list(cnf.clauses), cnf.num_vars, dict(cnf.meaning)) == before
