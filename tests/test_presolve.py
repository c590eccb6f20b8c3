"""The passes that narrow domains (by top-level one-variable constraints, by fixed values of
all-differents) and the linear algebra of the sums keep exactly the same solutions."""

from __future__ import annotations

import pytest
from brute import brute_force, make_problem
from helpers import MODELS
from hypothesis import given, settings
from hypothesis import strategies as st

from cspdsl.api import load
from cspdsl.ir import AllDifferent, And, InSet, Linear, Not, Or
from cspdsl.passes.narrow import narrow_domains, propagate_all_different

ABC = {"a": (1, 2, 3), "b": (1, 2, 3), "c": (0, 1, 2, 3)}


def test_unary_constraints_become_domains() -> None:
    problem = make_problem(
        ABC,
        InSet("a", (1, 2, 9)),
        Not(Linear(((2, "b"),), ">=", 5)),
        And((Not(Not(InSet("c", (0, 3)))), Linear(((1, "a"), (1, "b")), "==", 3))),
        Or((InSet("a", (1,)), InSet("c", (0,)))),
    )
    narrowed = narrow_domains(problem)
    assert narrowed.variables["a"].domain == (1, 2)
    assert narrowed.variables["b"].domain == (1, 2)
    assert narrowed.variables["c"].domain == (0, 3)
    assert [p.constraint for p in narrowed.constraints] == [
        Linear(((1, "a"), (1, "b")), "==", 3),
        Or((InSet("a", (1,)), InSet("c", (0,)))),
    ]
    assert brute_force(narrowed) == brute_force(problem)
    assert narrowed.outputs == problem.outputs


def test_contradicting_unary_constraints_empty_the_domain() -> None:
    narrowed = narrow_domains(make_problem(ABC, InSet("a", (1,)), Not(InSet("a", (1, 2)))))
    assert narrowed.variables["a"].domain == ()
    assert brute_force(narrowed) == set()


def test_the_tile_square_keeps_only_tile_values() -> None:
    problem = load(MODELS / "tiles.puz").problem
    narrowed = narrow_domains(problem)
    assert {len(v.domain) for v in narrowed.variables.values()} == {16}
    assert len(narrowed.constraints) == len(problem.constraints) - 16


def test_a_fixed_value_leaves_the_other_domains_of_its_all_different_to_a_fixpoint() -> None:
    domains = {"a": (1,), "b": (1, 2), "c": (1, 2, 3), "d": (1, 2, 3, 4)}
    chain = make_problem(domains, AllDifferent(("a", "b")), AllDifferent(("b", "c", "d")), InSet("d", (3, 4)))
    propagated = propagate_all_different(chain)
    assert [v.domain for v in propagated.variables.values()] == [(1,), (2,), (1, 3), (1, 3, 4)]
    assert propagated.constraints == chain.constraints  # only the domains change
    assert propagated.outputs == chain.outputs
    assert brute_force(propagated) == brute_force(chain)


def test_two_variables_fixed_to_one_value_empty_a_domain() -> None:
    clash = make_problem({"a": (1,), "b": (1,)}, AllDifferent(("a", "b")))
    assert [v.domain for v in propagate_all_different(clash).variables.values()] == [(1,), ()]


def test_the_sudoku_givens_fix_every_cell() -> None:
    """This Sudoku needs no search: the givens' values, propagated, leave one value in each cell."""
    problem = narrow_domains(load(MODELS / "sudoku.puz").problem)
    assert {len(v.domain) for v in propagate_all_different(problem).variables.values()} == {1}


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_propagating_all_differents_changes_no_solution(data: st.DataObject) -> None:
    names = ["p", "q", "r", "s"]
    domains = {n: tuple(data.draw(st.sets(st.integers(1, 3), min_size=1))) for n in names}
    groups = data.draw(st.lists(st.lists(st.sampled_from(names), min_size=2, max_size=3, unique=True), max_size=3))
    problem = make_problem(domains, *(AllDifferent(tuple(g)) for g in groups))
    assert brute_force(propagate_all_different(problem)) == brute_force(problem)


# ---- implied short equalities ------------------------------------------------------------------


from cspdsl.backends import get_backend  # noqa: E402
from cspdsl.check.problem import holds  # noqa: E402
from cspdsl.passes.sums import implied_equalities  # noqa: E402


def test_the_hexagon_lines_imply_short_equalities_that_hold_in_every_solution() -> None:
    problem = narrow_domains(load(MODELS / "aristotle.puz").problem)
    implied = implied_equalities(problem)
    assert len(implied) == 29
    # Lines a-b-c and c-g-l meet in c: a + b == g + l.
    assert Linear(((1, "hex.a"), (1, "hex.b"), (-1, "hex.g"), (-1, "hex.l")), "==", 0) in implied
    assert all(len(e.terms) <= 4 for e in implied)
    stated = {p.constraint for p in problem.constraints}
    assert not stated & set(implied)
    solutions = get_backend("sat", {"implied": "false"}).solve(
        get_backend("sat", {"implied": "false"}).compile(problem), limit=None, timeout=None, seed=0
    ).solutions
    assert len(solutions) == 12
    assert all(holds(e, s) for e in implied for s in solutions)


def test_no_sums_no_implied_equalities() -> None:
    assert implied_equalities(load(MODELS / "einstein.puz").problem) == []


def test_distances_named_by_the_lowering_are_no_sum_system() -> None:
    """A Golomb ruler's distances are `d == b - a` each: pairs under a name, whose implied equalities
    (`d1 + d2 == d3`) only made the clauses three times as many."""
    problem = load(MODELS / "golomb.puz", params={"n": 5}).problem
    assert sum(isinstance(p.constraint, Linear) and len(p.constraint.terms) == 3 for p in problem.constraints) == 10
    assert implied_equalities(problem) == []


def test_an_empty_all_different_beside_a_sum_system_fixes_no_total() -> None:
    """An all-different over no variables is no permutation: it gave a total of no terms, a crash."""
    problem = make_problem(
        {f"x{i}": (1, 2, 3) for i in range(4)},
        Linear(((1, "x0"), (1, "x1"), (1, "x2")), "==", 6),
        Linear(((1, "x1"), (1, "x2"), (1, "x3")), "==", 6),
        AllDifferent(()),
    )
    assert implied_equalities(problem) == [Linear(((1, "x0"), (-1, "x3")), "==", 0)]


@st.composite
def sum_systems(draw: st.DrawFn) -> tuple[dict[str, tuple[int, ...]], list[Linear], bool]:
    names = [f"x{i}" for i in range(draw(st.integers(4, 6)))]
    domain = tuple(range(1, draw(st.integers(3, 4)) + 1))
    sums = []
    for _ in range(draw(st.integers(2, 4))):
        scope = draw(st.lists(st.sampled_from(names), min_size=3, max_size=4, unique=True))
        coefficients = draw(st.lists(st.sampled_from([1, 1, 2, -1]), min_size=len(scope), max_size=len(scope)))
        rhs = draw(st.integers(-4, 12))
        sums.append(Linear(tuple(zip(coefficients, scope, strict=True)), "==", rhs))
    return {n: domain for n in names}, sums, draw(st.booleans())


def _system_problem(system):
    """A generated sum system as a problem, with an all-different over as many of its variables as a
    domain has values when the system asks for a permutation."""
    domains, sums, permutation = system
    extra = [AllDifferent(tuple(domains)[: len(next(iter(domains.values())))])] if permutation else []
    return make_problem(domains, *sums, *extra)


def test_redundancy_that_takes_fractions_to_see_is_found_in_integers() -> None:
    """3a + 4b + 2c == 16 is (a + b + c == 6) + (2a + 3b + c == 10), and 4a + 6b + 2c == 20 twice the
    second; 3a + 4b + 2c == 17 is no combination (it contradicts them) and stays."""
    domains = {name: tuple(range(-5, 9)) for name in "abc"}

    def row(a: int, b: int, c: int, rhs: int) -> Linear:
        return Linear(((a, "a"), (b, "b"), (c, "c")), "==", rhs)

    problem = make_problem(domains, row(1, 1, 1, 6), row(2, 3, 1, 10), row(3, 4, 2, 16), row(4, 6, 2, 20))
    assert redundant_sums(problem) == {2, 3}
    problem = make_problem(domains, row(1, 1, 1, 6), row(2, 3, 1, 10), row(3, 4, 2, 17), row(5, 7, 3, 11))
    assert redundant_sums(problem) == set()  # 5a + 7b + 3c is first + 2 * second, whose total is 26


@settings(max_examples=150)
@given(sum_systems())
def test_implied_equalities_hold_in_every_solution_and_change_none(system) -> None:
    problem = _system_problem(system)
    implied = implied_equalities(problem)
    solutions = brute_force(problem)
    names = list(problem.outputs)
    for equality in implied:
        assert 2 <= len(equality.terms) <= 4
        assert all(holds(equality, dict(zip(names, s, strict=True))) for s in solutions)
    # And the SAT backend, which states them, still finds exactly those solutions.
    sat = get_backend("sat")
    found = {problem.project(s) for s in sat.solve(sat.compile(problem), limit=None, timeout=None, seed=0).solutions}
    assert found == solutions


# ---- redundant sums ------------------------------------------------------------------------------

from cspdsl.passes.sums import redundant_sums  # noqa: E402


def test_the_hexagon_lines_implied_by_the_others_are_its_5_cell_lines_and_one_more() -> None:
    """In each direction the 5 lines cover the 19 cells once (total 190): the longest is implied."""
    problem = narrow_domains(load(MODELS / "aristotle.puz").problem)
    dropped = [problem.constraints[i].constraint for i in redundant_sums(problem)]
    assert sorted(len(c.terms) for c in dropped) == [4, 5, 5, 5]  # type: ignore[attr-defined]


def test_an_inconsistent_sum_is_not_redundant() -> None:
    domains = {name: (1, 2, 3) for name in "pqrs"}
    p_q_r = Linear(((1, "p"), (1, "q"), (1, "r")), "==", 6)
    problem = make_problem(domains, p_q_r, Linear(((1, "s"), (1, "q"), (1, "r")), "==", 5),
                           Linear(((1, "p"), (-1, "s")), "==", 0), Linear(((2, "p"), (2, "q"), (2, "r")), "==", 12))
    assert redundant_sums(problem) == {3}  # twice the first; p == s is not a sum of three terms
    problem.post(Linear(((1, "p"), (1, "q"), (1, "r"), (0, "s")), "==", 7))
    assert redundant_sums(problem) == {3}


@settings(max_examples=150)
@given(sum_systems())
def test_dropping_the_redundant_sums_changes_no_solution(system) -> None:
    problem, domains = _system_problem(system), system[0]
    redundant = redundant_sums(problem)
    kept = make_problem(domains, *(p.constraint for i, p in enumerate(problem.constraints) if i not in redundant))
    assert brute_force(kept) == brute_force(problem)
    assert all(isinstance(problem.constraints[i].constraint, Linear) for i in redundant)


@pytest.mark.parametrize("name", ["aristotle", "tiles"])
def test_symmetries_give_the_same_implied_equalities_in_the_same_order(name: str) -> None:
    """The search looks at one support per orbit and maps what it finds: nothing lost, nothing added."""
    from cspdsl.passes.symmetry import symmetry_group

    problem = load(MODELS / f"{name}.puz").problem
    group = symmetry_group(problem)
    assert group is not None and len(group) > 1
    narrowed = narrow_domains(problem)
    assert implied_equalities(narrowed, group) == implied_equalities(narrowed)


def test_a_renaming_that_is_no_symmetry_of_the_sums_is_not_used() -> None:
    domains = {name: (1, 2, 3) for name in "pqrs"}
    problem = make_problem(domains, Linear(((1, "p"), (1, "q"), (1, "r")), "==", 6),
                           Linear(((1, "q"), (1, "r"), (1, "s")), "==", 6))
    swap_outside = {"p": "p", "q": "q", "r": "r", "s": "t"}
    assert implied_equalities(problem, [swap_outside]) == implied_equalities(problem)


# ---- the exact integer algebra under them ------------------------------------------------------------

import math  # noqa: E402
import random  # noqa: E402
from fractions import Fraction  # noqa: E402

from cspdsl.passes.echelon import Echelon, rank  # noqa: E402


def _rank_in_fractions(matrix: list[list[int]]) -> int:
    rows = [[Fraction(x) for x in row] for row in matrix]
    found = 0
    for column in range(len(rows[0]) if rows else 0):
        pick = next((i for i in range(found, len(rows)) if rows[i][column]), None)
        if pick is None:
            continue
        rows[found], rows[pick] = rows[pick], rows[found]
        for i in range(found + 1, len(rows)):
            factor = rows[i][column] / rows[found][column]
            rows[i] = [a - factor * b for a, b in zip(rows[i], rows[found], strict=True)]
        found += 1
    return found


MATRICES = st.lists(st.lists(st.integers(-6, 6), min_size=5, max_size=5), max_size=8)


@settings(max_examples=300)
@given(MATRICES)
def test_the_rank_in_integers_is_the_rank_in_fractions(matrix: list[list[int]]) -> None:
    assert rank(matrix) == _rank_in_fractions(matrix)


@settings(max_examples=300)
@given(MATRICES)
def test_the_echelon_takes_a_vector_whose_coefficients_are_new_and_tells_the_others_apart(matrix) -> None:
    """The last column is a right-hand side: a vector whose other entries the rows already span is not
    taken, and its residual's last entry is zero exactly when the whole vector is in their span."""
    echelon, kept = Echelon(5, rhs=1), []
    for vector in matrix:
        rest = echelon.residual(vector)
        new = _rank_in_fractions([*(k[:-1] for k in kept), vector[:-1]]) > len(kept)
        assert echelon.add(rest) == new
        if new:
            kept.append(vector)
        else:
            assert (rest[-1] == 0) == (_rank_in_fractions([*kept, vector]) == len(kept))
    assert len(echelon.rows) == len(kept)


def test_the_numbers_of_the_echelon_stay_within_hadamards_bound() -> None:
    """120 variables under 172 three-term sums: eliminating without dividing would make numbers of
    2^k digits after k pivots. Each reduced row, made primitive, is a vector of minors of the kept rows,
    which Hadamard's bound (the product of their lengths) caps: a few hundred bits here."""
    rng = random.Random(1)
    echelon, kept = Echelon(121, rhs=1), []
    for _ in range(172):
        vector = [0] * 121
        for column in rng.sample(range(120), 3):
            vector[column] = rng.choice([1, 2, 3, 4, 5, -1, -2, -3, -4, -5])
        vector[-1] = rng.randint(0, 30)
        if echelon.add(echelon.residual(vector)):
            kept.append(vector)
    assert len(kept) >= 100
    hadamard_bits = sum(math.log2(math.hypot(*vector)) for vector in kept) + 1
    assert max(abs(x).bit_length() for row in echelon.rows.values() for x in row) <= hadamard_bits
