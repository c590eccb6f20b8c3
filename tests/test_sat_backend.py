"""The SAT backend's encodings, checked by exhaustive enumeration, and its DIMACS output read back.

Each encoding is tested the same way: enumerate every assignment of the input literals, and compare
the assignments the CNF allows (projected on the inputs) with the ones the constraint allows. Every
auxiliary variable must also be *defined*: exactly one extension per allowed input assignment, since
the backend enumerates solutions by blocking whole assignments.
"""

from __future__ import annotations

import gc
import itertools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from brute import brute_force, make_problem
from helpers import MODELS, all_models, child_processes, one_model, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from cspdsl.api import load, loads, solve
from cspdsl.backends import get_backend
from cspdsl.backends.sat import SatBackend, compile_cnf, encoder
from cspdsl.backends.sat import pairs as pair_clauses
from cspdsl.backends.sat.cnf import FALSE, TRUE, Cnf
from cspdsl.backends.sat.pairs import SUPPORT_PAIRS_MAX
from cspdsl.check.problem import violated
from cspdsl.core.errors import CspdslError
from cspdsl.export.dimacs import to_dimacs
from cspdsl.ir import AllDifferent, Count, InSet, Linear, Not, Or, Table
from cspdsl.passes import differences
from cspdsl.passes.narrow import narrow_domains
from cspdsl.passes.rulers import rulers

BACKEND = SatBackend()
DATA = Path(__file__).resolve().parent / "data"


def models_of(cnf: Cnf, inputs: list[int]) -> list[tuple[bool, ...]]:
    """Every full model of the CNF, projected on `inputs` (with repeats, to expose free aux vars)."""
    found = []
    for model in all_models(cnf.clauses, cnf.num_vars):
        true = {lit for lit in model if lit > 0}
        found.append(tuple(lit in true for lit in inputs))
    return found


def check_gate(
    arity: int, build: Callable[[Cnf, list[int]], object], meaning: Callable[[tuple[bool, ...]], bool]
) -> None:
    cnf = Cnf()
    inputs = [cnf.new_var() for _ in range(arity)]
    build(cnf, inputs)
    found = models_of(cnf, inputs)
    assert len(found) == len(set(found)), "an auxiliary variable is not defined by the inputs"
    expected = {bits for bits in itertools.product([False, True], repeat=arity) if meaning(bits)}
    assert set(found) == expected


@pytest.mark.parametrize("n", [0, 1, 2, 5, 7, 9])
def test_at_most_one_pairwise_and_sequential(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    for pairwise_max in (20, 3):  # the sequential counter from 4 literals on
        monkeypatch.setattr("cspdsl.backends.sat.cnf.PAIRWISE_MAX", pairwise_max)
        check_gate(n, lambda cnf, xs: cnf.at_most_one(xs), lambda bits: sum(bits) <= 1)
        check_gate(n, lambda cnf, xs: cnf.exactly_one(xs), lambda bits: sum(bits) == 1)
        # the one-way counter of a long exactly one (an exact cover's): its variables pinned, none free
        check_gate(n, lambda cnf, xs: cnf.exactly_one_ladder([-x if x % 3 == 0 else x for x in xs]),
                   lambda bits: sum(b != (i % 3 == 1) for i, b in enumerate(bits)) == 1)


def test_sequential_prefixes_are_order_literals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cspdsl.backends.sat.cnf.PAIRWISE_MAX", 2)
    cnf = Cnf()
    xs = [cnf.new_var() for _ in range(5)]
    prefix = cnf.exactly_one(xs)
    for model in all_models(cnf.clauses):
        true = {lit for lit in model if lit > 0}
        chosen = next(i for i, x in enumerate(xs) if x in true)
        assert [p in true for p in prefix] == [i >= chosen for i in range(5)]


def test_constants_fold_away() -> None:
    cnf = Cnf()
    x = cnf.new_var()
    assert cnf.or_gate([x, FALSE]) == x
    assert cnf.or_gate([x, TRUE]) == TRUE
    assert cnf.or_gate([x, -x]) == TRUE
    assert cnf.or_gate([]) == FALSE
    assert cnf.and_gate([]) == TRUE
    before = len(cnf.clauses)
    cnf.add([x, TRUE])
    cnf.add([x, -x])
    assert len(cnf.clauses) == before
    cnf.add([FALSE])
    assert one_model(cnf.clauses) is None


def equate(cnf: Cnf, a: int, b: int) -> None:
    cnf.add([-a, b])
    cnf.add([a, -b])


@pytest.mark.parametrize("arity", [1, 2, 3, 4])
def test_or_and_gates(arity: int) -> None:
    check_gate(arity + 1, lambda cnf, xs: equate(cnf, xs[0], cnf.or_gate(xs[1:])), lambda b: b[0] == any(b[1:]))
    check_gate(arity + 1, lambda cnf, xs: equate(cnf, xs[0], cnf.and_gate(xs[1:])), lambda b: b[0] == all(b[1:]))


def test_gates_are_shared() -> None:
    cnf = Cnf()
    a, b = cnf.new_var(), cnf.new_var()
    assert cnf.or_gate([a, b]) == cnf.or_gate([b, a])
    assert cnf.and_gate([a, b]) == cnf.and_gate([b, a])


# -- IR constraints through the encoder, with free auxiliary variables exposed ----------------------


def assert_encodes(domains: dict[str, tuple[int, ...]], *constraints: object) -> None:
    """The CNF of the problem has exactly its solutions, each with one extension (no free aux)."""
    problem = make_problem(domains, *constraints)  # type: ignore[arg-type]
    native = compile_cnf(problem)
    seen = []
    for model in all_models(native.cnf.clauses, native.cnf.num_vars):
        true = {lit for lit in model if lit > 0} | {TRUE}
        assignment = {}
        for name, pairs in native.values.items():
            chosen = [v for v, lit in pairs if (lit in true if lit > 0 else -lit not in true)]
            assert len(chosen) == 1, f"{name} takes {chosen}"
            assignment[name] = chosen[0]
        seen.append(problem.project(assignment))
    assert len(seen) == len(set(seen)), "an auxiliary variable is free"
    assert set(seen) == brute_force(problem)


ABCD = {"a": (1, 2, 3), "b": (0, 1, 2, 3), "c": (-1, 1, 4), "d": (0, 1)}


@pytest.mark.parametrize("op", ["==", "!=", "<=", ">="])
@pytest.mark.parametrize("rhs", [-3, 0, 4, 7, 30])
def test_linear_sums_as_decision_diagrams(op: str, rhs: int) -> None:
    terms = ((2, "a"), (-1, "b"), (3, "c"), (1, "d"))
    assert_encodes(ABCD, Linear(terms, op, rhs))
    assert_encodes(ABCD, Or((Linear(terms, op, rhs), InSet("a", (1,)))))
    assert_encodes(ABCD, Not(Linear(terms[:3], op, rhs)))


@pytest.mark.parametrize("op", ["==", "!=", "<=", ">="])
@pytest.mark.parametrize("k", [0, 1, 2, 4])
def test_counts_as_decision_diagrams(op: str, k: int) -> None:
    conds = (InSet("a", (1, 2)), InSet("b", (0,)), Not(InSet("c", (4,))), InSet("d", (1,)))
    assert_encodes(ABCD, Count(conds, op, k))
    assert_encodes(ABCD, Or((Count(conds, op, k), InSet("a", (3,)))))


@pytest.mark.parametrize("relation", [
    Linear(((1, "a"), (-1, "b")), "==", 0),
    Linear(((1, "a"), (-1, "b")), "!=", 0),
    Linear(((1, "a"), (-1, "b")), "<=", -1),
    Or((Linear(((1, "a"), (-1, "b")), "==", 1), Linear(((1, "a"), (-1, "b")), "==", -1))),
    Linear(((1, "a"), (-1, "b")), "==", 5),
], ids=["same", "not_same", "left_of", "beside", "impossible"])
def test_binary_relations_as_support_or_conflict_clauses(relation: object) -> None:
    assert_encodes(ABCD, relation)
    assert_encodes(ABCD, AllDifferent(("a", "b", "c")), relation)


def test_all_different_permutation_and_not() -> None:
    assert_encodes({"p": (1, 2, 3), "q": (1, 2, 3), "r": (1, 2, 3)}, AllDifferent(("p", "q", "r")))
    assert_encodes(ABCD, AllDifferent(("a", "b", "c", "d")))
    assert_encodes({"p": (1, 2), "q": (1, 2), "r": (1, 2)}, AllDifferent(("p", "q", "r")))


def test_tables_as_decision_diagrams() -> None:
    rows = ((1, 0, 4), (1, 3, -1), (2, 3, 4), (3, 3, 4), (9, 9, 9))
    assert_encodes(ABCD, Table(("a", "b", "c"), rows))
    assert_encodes(ABCD, Table(("a", "b", "c"), ()))
    assert_encodes(ABCD, Table(("a", "b"), ((1, 1), (2, 2))))


def test_functional_tables_past_the_diagram_budget_as_clauses(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose last column is a function of the others (a product's), which its diagram could
    not take: a clause for each combination of the others, and no auxiliary variable."""
    monkeypatch.setattr(pair_clauses, "DIAGRAM_EDGES_MAX", 5)
    product_rows = tuple((a, b, a * b) for a in ABCD["a"] for b in ABCD["b"] if a * b in (0, 2, 3, 6))
    functional = [
        Table(("a", "b", "c"), ((1, 0, 4), (1, 3, -1), (2, 3, 4), (3, 3, 4), (9, 9, 9))),
        Table(("a", "b", "c"), ()),
        Table(("a", "b", "e"), product_rows),
    ]
    domains = {**ABCD, "e": (0, 1, 2, 3, 4, 6, 9)}
    for table in functional:
        assert_encodes(domains, table)
        native = compile_cnf(make_problem(domains, table))  # type: ignore[arg-type]
        assert native.cnf.num_vars == 1 + sum(len(d) for d in domains.values()) - domains["d"].count(1)
    assert_encodes(domains, Table(("a", "b", "c"), ((1, 0, 4), (1, 0, -1))))  # not a function: its diagram


# Models whose clues the SAT backend refused as too large, though their products of domains are small
# (each solved in a tenth of a second on cpsat): a product's table over an intermediate variable of 590
# values, and implied equalities (written only for propagation) whose diagrams outgrow the budget.
ONCE_REFUSED = [
    "sat_refuses_tiny_mod", "sat_refusal_without_location", "sat_refuses_tiny_model_with_constant_objective",
]


@pytest.mark.parametrize("name", ONCE_REFUSED)
def test_small_models_once_refused_are_solved_as_on_cpsat(name: str) -> None:
    model = load(str(DATA / f"{name}.puz"))
    on_sat, on_cpsat = solve(model, "sat", limit=None), solve(model, "cpsat", limit=None)
    shown = [name for name in model.problem.variables if not name.startswith("_")]

    def answers(solutions: list[dict[str, int]]) -> set[tuple[int, ...]]:
        return {tuple(solution[name] for name in shown) for solution in solutions}

    assert on_sat.status == on_cpsat.status and on_sat.found == on_cpsat.found > 0
    assert answers(on_sat.solutions) == answers(on_cpsat.solutions)


@st.composite
def linear_problems(draw: st.DrawFn) -> tuple[dict[str, tuple[int, ...]], Linear]:
    n = draw(st.integers(2, 4))
    domains = {f"v{i}": tuple(sorted(draw(st.sets(st.integers(-3, 5), min_size=1, max_size=4)))) for i in range(n)}
    terms = tuple((draw(st.integers(-3, 3).filter(bool)), f"v{i}") for i in range(n))
    return domains, Linear(terms, draw(st.sampled_from(["==", "!=", "<=", ">="])), draw(st.integers(-10, 12)))


@settings(max_examples=80)
@given(linear_problems())
def test_random_sums(case: tuple[dict[str, tuple[int, ...]], Linear]) -> None:
    domains, constraint = case
    assert_encodes(domains, constraint)
    assert_encodes(domains, Not(constraint), Or((constraint, InSet("v0", (domains["v0"][0],)))))


@settings(max_examples=120)
@given(
    st.sets(st.integers(-4, 8), min_size=1, max_size=7), st.sets(st.integers(-4, 8), min_size=1, max_size=7),
    st.integers(-3, 3), st.integers(-3, 3).filter(bool), st.sampled_from(["==", "!="]), st.integers(-9, 9),
)
def test_two_variable_equalities_by_arithmetic(
    xs: set[int], ys: set[int], kx: int, ky: int, op: str, rhs: int
) -> None:
    """kx x + ky y == rhs (or !=) finds its pairs from the values of x alone (60 queens: 10 s of
    compile to 0.25 s); small and large domains take the conflict and the support clauses."""
    domains = {"x": tuple(sorted(xs)), "y": tuple(sorted(ys))}
    assert_encodes(domains, Linear(((kx, "x"), (ky, "y")), op, rhs))


@pytest.mark.parametrize("terms, op, rhs", [(((1, "x"), (-1, "y")), "!=", 3), (((2, "x"), (-3, "y")), "==", 1)])
def test_two_variable_equalities_over_large_domains(terms: tuple[tuple[int, str], ...], op: str, rhs: int) -> None:
    """Beyond SUPPORT_PAIRS_MAX pairs, as 100 queens' diagonals: still clauses on pairs, no diagram."""
    domains = {"x": tuple(range(100)), "y": tuple(range(-10, 90))}
    assert_encodes(domains, Linear(terms, op, rhs))
    native = compile_cnf(make_problem(domains, Linear(terms, op, rhs)))
    assert native.cnf.num_vars <= compile_cnf(make_problem(domains)).cnf.num_vars  # no diagram node


def queens_diagonals(n: int) -> list[Linear]:
    """abs(q[i] - q[j]) != j - i as the lowering writes it: two differences a pair."""
    return [Linear(((sign, f"q{i}"), (-sign, f"q{j}")), "!=", j - i)
            for i in range(n) for j in range(i + 1, n) for sign in (1, -1)]


def test_shifted_differences_as_at_most_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """The queens' diagonals, grouped at any size here, keep exactly the queens' solutions."""
    monkeypatch.setattr(encoder, "MIN_SHIFTED_GROUP", 3)
    domains = {f"q{i}": tuple(range(1, 6)) for i in range(5)}
    assert_encodes(domains, AllDifferent(tuple(domains)), *queens_diagonals(5))
    groups, covered = differences.shifted_groups(make_problem(domains, *queens_diagonals(5)).constraints, 3)
    shifts = sorted([g.offsets[f"q{i}"] - g.offsets["q0"] for i in range(5)] for g in groups)
    assert shifts == [[0, -1, -2, -3, -4], [0, 1, 2, 3, 4]]
    assert len(covered) == 20


@settings(max_examples=80)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(-3, 3)), max_size=10),
       st.lists(st.sets(st.integers(-2, 3), min_size=1, max_size=4), min_size=4, max_size=4))
def test_random_differences_grouped_or_not(pairs: list[tuple[int, int, int]], sets: list[set[int]]) -> None:
    """Whatever the differences, grouping them (at any size) keeps exactly the model's solutions."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(encoder, "MIN_SHIFTED_GROUP", 3)
        domains = {f"v{i}": tuple(sorted(values)) for i, values in enumerate(sets)}
        found = [Linear(((1, f"v{x}"), (-1, f"v{y}")), "!=", d) for x, y, d in pairs if x != y]
        assert_encodes(domains, *found)


@pytest.mark.parametrize("coefs", [(1, -1), (-1, 1), (1, 1), (-1, -1), (2, -3), (-3, 2), (3, 5)])
@pytest.mark.parametrize(("op", "rhs"), [("<=", -1), ("<=", 7), (">=", 1), (">=", -20), ("<=", 200), (">=", 500)])
def test_two_variables_over_large_domains_by_their_order_literals(coefs: tuple[int, int], op: str, rhs: int) -> None:
    """Too many pairs of values to tabulate (65 x 70): one clause a value on the order literals,
    exactly the constraint's solutions."""
    domains = {"x": tuple(range(0, 65)), "y": tuple(range(-20, 90, 2)) + tuple(range(90, 105))}
    constraint = Linear(((coefs[0], "x"), (coefs[1], "y")), op, rhs)
    assert len(domains["x"]) * len(domains["y"]) > SUPPORT_PAIRS_MAX
    assert_encodes(domains, constraint)
    native = compile_cnf(make_problem(domains, constraint))
    assert len(native.cnf.clauses) < 1_000  # the counters' and one a value of x, no diagram


def test_the_queens_diagonals_are_two_groups() -> None:
    """60 queens: every difference is covered by the two diagonal groups, and the CNF grows as n^2
    (the differences one by one: about 2 n^3 / 3 clauses, 144,000 here)."""
    domains = {f"q{i}": tuple(range(1, 61)) for i in range(60)}
    problem = make_problem(domains, AllDifferent(tuple(domains)), *queens_diagonals(60))
    groups, covered = differences.shifted_groups(problem.constraints, encoder.MIN_SHIFTED_GROUP)
    assert [len(g.offsets) for g in groups] == [60, 60]
    assert len(covered) == 60 * 59
    assert len(compile_cnf(problem).cnf.clauses) < 20 * 60 * 60


CHAIN = "var m[1..4] in 0..7\nforall i in 1..3: m[i] < m[i + 1]\n"
PAIRS = "for i in 1..4, j in 1..4 where i < j"
DECLARED = "var _d[1..6] in {domain}\n" + "\n".join(
    f"_d[{k}] == m[{j}] - m[{i}]" for k, (i, j) in enumerate([(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)], 1))
# (model, how many differences the SAT encoding reads back from a ruler's marks (`passes.rulers`), the
# status): each model's solutions, or optimum, are the same with the ruler written as marks, without
# that, and on cpsat.
RULERS = [
    (CHAIN + f"alldifferent([m[j] - m[i] {PAIRS}])\n", 6, "solved"),
    (CHAIN + f"alldifferent([m[i] - m[j] {PAIRS}])\n", 6, "solved"),  # every difference the earlier minus the later
    (CHAIN + "m[1] == 0\n" + f"alldifferent([m[j] - m[i] {PAIRS}])\nminimize m[4]\n", 6, "optimal"),
    ("var m[1..4] in 0..7\nalldifferent(m)\n" + f"alldifferent([m[j] - m[i] {PAIRS}])\n", 0, "solved"),  # no order
    ("var m[1..4] in 0..7\nm[1] < m[2]\nm[3] < m[4]\n" + f"alldifferent([m[j] - m[i] {PAIRS}])\n", 0, "solved"),
    (CHAIN.replace("<", "<=") + f"alldifferent([m[j] - m[i] {PAIRS}])\n", 0, "solved"),  # two marks may be one
    (CHAIN + "alldifferent([m[2] - m[1], m[1] - m[3], m[4] - m[1], m[3] - m[2], m[4] - m[2], m[4] - m[3]])\n", 0,
     "solved"),
    (CHAIN + "alldifferent([m[j] - m[i] for i in 1..3, j in 1..3 where i < j])\n", 3, "solved"),  # marks 1 to 3
    (CHAIN + DECLARED.format(domain="1..7") + "\nalldifferent(_d)\n", 6, "solved"),
    (CHAIN + DECLARED.format(domain="1..6") + "\nalldifferent(_d)\n", 0, "solved"),  # its domain rules out 7
    (CHAIN + DECLARED.format(domain="1..7") + "\nalldifferent(_d)\n_d[1] != 3\n", 0, "solved"),  # used elsewhere
    (CHAIN + DECLARED.format(domain="1..7").replace("_d", "d") + "\nalldifferent(d)\n", 0, "solved"),  # shown
    (CHAIN + DECLARED.format(domain="1..7") + "\nalldifferent(_d)\nminimize _d[6]\n", 0, "optimal"),  # objective's
    (CHAIN + DECLARED.format(domain="1..7") + "\nalldifferent(_d)\nminimize [m[4], _d[1]]\n", 0, "optimal"),
    (CHAIN + "m[1] == 40\n" + f"alldifferent([m[j] - m[i] {PAIRS}])\nminimize m[4]\n", 0,
     "unsatisfiable"),  # m[1] has no value left (found by the 100,000-case fuzz run)
]


@pytest.mark.parametrize(("text", "derived", "status"), RULERS)
def test_rulers_as_marks_keep_exactly_the_solutions(text: str, derived: int, status: str) -> None:
    model = loads(text)
    objective = model.problem.objective
    kept = [name for part in objective.parts for _, name in part.terms] if objective is not None else []
    assert len(rulers(narrow_domains(model.problem), kept)) == (derived > 0)
    assert len(compile_cnf(model.problem).derived) == derived
    limit = None if objective is None else 1
    results = [solve(model, "sat", limit=limit, options=options) for options in ({}, {"rulers": "false"})]
    results.append(solve(model, "cpsat", limit=limit))
    assert {r.status for r in results} == {status}
    assert len({frozenset(map(model.problem.project, r.solutions)) for r in results}) == 1 or limit == 1
    assert all(r.objective == results[0].objective for r in results)


def test_the_golomb_rulers_on_sat_are_written_as_marks() -> None:
    """6 marks: the ruler's clauses, not a diagram for each of 15 differences (44,483 clauses before)."""
    for n, optimum in ((5, 11), (6, 17)):
        model = load(MODELS / "golomb.puz", {"n": n})
        compiled = BACKEND.compile(model.problem)
        assert len(compiled.native.derived) == n * (n - 1) // 2 and compiled.size["clauses"] < 10_000
        assert solve(model, "sat", limit=1).objective == optimum
    assert len(SatBackend(rulers=False).compile(model.problem).native.derived) == 0


def test_a_ruler_past_the_clause_limit_is_a_clear_error() -> None:
    model = loads(RULERS[0][0].replace("0..7", "0..40"))
    with pytest.raises(CspdslError, match="the SAT encoding takes more than 2,000 clauses"):
        SatBackend(max_clauses=2_000).compile(model.problem)


def test_short_sums_under_an_all_different() -> None:
    """Prefix clauses that skip repeated values and bound the rest by distinct values."""
    domains = {name: (1, 2, 3, 4, 5, 6) for name in "pqrs"}
    distinct = AllDifferent(("p", "q", "r", "s"))
    for rhs in (6, 9, 12, 15, 18):
        assert_encodes(domains, distinct, Linear(((1, "p"), (1, "q"), (1, "r")), "==", rhs))
        assert_encodes(domains, distinct, Linear(((2, "p"), (2, "q"), (2, "r"), (2, "s")), "==", 2 * rhs))
        assert_encodes(domains, distinct, Linear(((1, "p"), (2, "q"), (1, "r")), "==", rhs))
    # mixed signs go to the decision diagram; so does nothing else here: a sum off the all-different
    assert_encodes(domains, distinct, Linear(((1, "p"), (1, "q"), (-1, "r"), (-1, "s")), "==", 0))
    assert_encodes(domains, AllDifferent(("p", "q")), Linear(((1, "p"), (1, "q"), (1, "r")), "==", 6))


@pytest.mark.parametrize("coefs", [(1, 1, 1, 1), (2, 1, 3, 1), (-1, -2, -1, -3)])
def test_four_term_sums_as_clauses_over_two_terms_and_a_diagram_for_the_other_two(coefs: tuple[int, ...]) -> None:
    domains = {"p": (1, 2, 3), "q": (0, 2, 5), "r": (1, 2, 3, 4), "s": (-1, 3)}
    for rhs in range(-25, 30, 2):
        terms = tuple(zip(coefs, "pqrs", strict=True))
        assert_encodes(domains, Linear(terms, "==", rhs))
        assert_encodes(domains, AllDifferent(("p", "q", "r", "s")), Linear(terms, "==", rhs))
        assert_encodes(domains, Linear(terms[:3], "==", rhs))


def test_a_four_term_sum_makes_one_variable_per_total_of_its_last_two_terms() -> None:
    domains = {name: (1, 2, 3) for name in "pqrs"}
    native = compile_cnf(make_problem(domains, Linear(tuple((1, name) for name in "pqrs"), "==", 8)))  # type: ignore[arg-type]
    assert native.cnf.num_vars == 1 + 4 * 3 + 5  # r + s == 8 - (p + q): one node for each of 2..6


def test_balanced_implied_equalities_are_not_posted_and_redundant_sums_are_dropped() -> None:
    """The tile square's 10 implied `x + y == z + w` are left out, its 4 others kept, and one of its
    10 lines (the rows and the columns add up alike) dropped; the hexagon keeps 11 of its 29 implied
    equalities and drops its three 5-cell lines and one 4-cell line."""
    tiles = load(MODELS / "tiles.puz").problem
    extra = len(compile_cnf(tiles).problem.constraints) - len(compile_cnf(tiles, implied=False).problem.constraints)
    assert extra == 4 - 1
    hexagon = load(MODELS / "aristotle.puz").problem
    extra = len(compile_cnf(hexagon).problem.constraints) - len(compile_cnf(hexagon, implied=False).problem.constraints)
    assert extra == 11 - 4


@pytest.mark.parametrize("op", ["==", "!=", "<=", ">="])
@pytest.mark.parametrize("k", [-1, 0, 1, 2, 3, 4, 5])
def test_top_level_counts_by_subsets_and_by_diagrams(op: str, k: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A top-level count as clauses over its literals alone (no k + 1 all true, one of every
    n - k + 1 true) or, beyond SUBSET_CLAUSES_MAX, as a diagram: both exact."""
    conds = (InSet("a", (1, 2)), InSet("b", (0,)), Not(InSet("c", (4,))), InSet("d", (1,)))
    for most in (1000, 0):
        monkeypatch.setattr("cspdsl.backends.sat.sums.SUBSET_CLAUSES_MAX", most)
        assert_encodes(ABCD, Count(conds, op, k))
        assert_encodes(ABCD, Count((*conds, conds[0]), op, k))  # a condition counted twice


def test_top_level_counts_by_subsets_make_no_auxiliary_variable() -> None:
    domains = {name: (0, 1) for name in "pqrst"}
    count = Count(tuple(InSet(name, (1,)) for name in domains), "==", 2)
    native = compile_cnf(make_problem(domains, count))  # type: ignore[arg-type]
    assert native.cnf.num_vars == 1 + len(domains)
    assert len(native.cnf.clauses) == 1 + 10 + 5  # TRUE, no 3 of 5 true, one of every 4 true


def test_a_diagram_node_with_one_true_edge_is_that_literal() -> None:
    """x + y == 4 over 1..3: each node below the root is one literal of y, not a new variable."""
    cnf = Cnf()
    xs = [(v, cnf.new_var()) for v in (1, 2, 3)]
    ys = [(v, cnf.new_var()) for v in (1, 2, 3)]
    for group in (xs, ys):
        cnf.exactly_one([lit for _, lit in group])
    before = cnf.num_vars

    def step(i: int, total: object, value: int) -> object:
        assert isinstance(total, int)
        return total + value if i == 0 else total + value == 4

    root = cnf.mdd([xs, ys], 0, step)
    assert cnf.num_vars == before + 1
    cnf.add([root])
    found = {tuple(lit in model for lit in range(2, 8)) for model in all_models(cnf.clauses, cnf.num_vars)}
    expected = {tuple(v == x for v in (1, 2, 3)) + tuple(v == 4 - x for v in (1, 2, 3)) for x in (1, 2, 3)}
    assert found == expected


@st.composite
def linear_systems(draw: st.DrawFn) -> tuple[dict[str, tuple[int, ...]], list[object]]:
    n = draw(st.integers(4, 6))
    names = [f"v{i}" for i in range(n)]
    domain = tuple(range(1, n + 1))
    distinct = draw(st.booleans())
    constraints: list[object] = [AllDifferent(tuple(names))] if distinct else []
    # the sums hold for a hidden assignment (mostly), so that most systems have solutions
    anything = st.lists(st.sampled_from(domain), min_size=n, max_size=n)
    hidden = draw(st.permutations(domain)) if distinct else draw(anything)
    for _ in range(draw(st.integers(2, 5))):
        scope = draw(st.lists(st.sampled_from(names), min_size=3, max_size=4, unique=True))
        terms = tuple((draw(st.sampled_from([1, 1, 1, -1, 2])), name) for name in scope)
        rhs = sum(k * hidden[names.index(name)] for k, name in terms) + draw(st.sampled_from([0, 0, 0, 1]))
        constraints.append(Linear(terms, "==", rhs))
    return dict.fromkeys(names, domain), constraints


@settings(max_examples=60)
@given(linear_systems())
def test_systems_of_sums_with_their_implied_equalities(case: tuple[dict[str, tuple[int, ...]], list[object]]) -> None:
    """Implied equalities posted (mixed signs as diagrams, balanced ones left out), all-different
    prefix clauses: still exactly the brute-force solutions."""
    domains, constraints = case
    assert_encodes(domains, *constraints)


# -- models, sizes, DIMACS ---------------------------------------------------------------------------


def test_einstein_is_no_larger_than_a_hand_written_cnf() -> None:
    """A compact hand-written CNF of Einstein's riddle has 125 variables and 682 clauses."""
    size = BACKEND.compile(load(MODELS / "einstein.puz").problem).size
    assert size["variables"] <= 125
    assert size["clauses"] <= 682
    assert size["literals"] > size["clauses"]


def test_sudoku_givens_fix_variables_instead_of_adding_clauses() -> None:
    problem = load(MODELS / "sudoku.puz").problem
    native = compile_cnf(problem)
    fixed = [name for name, pairs in native.values.items() if len(pairs) == 1]
    assert len(fixed) >= 17  # every given, at least
    assert native.cnf.num_vars < 9 * 9 * 9


def parse_dimacs(text: str) -> tuple[list[list[int]], dict[int, tuple[str, int]], dict[str, int]]:
    clauses: list[list[int]] = []
    meaning: dict[int, tuple[str, int]] = {}
    fixed: dict[str, int] = {}
    header = None
    for line in text.splitlines():
        if match := re.fullmatch(r"c (\d+) (.+) = (-?\d+)", line):
            meaning[int(match[1])] = (match[2], int(match[3]))
        elif match := re.fullmatch(r"c fixed (.+) = (-?\d+)", line):
            fixed[match[1]] = int(match[2])
        elif line.startswith("p cnf "):
            header = tuple(map(int, line.split()[2:]))
        elif not line.startswith("c"):
            literals = list(map(int, line.split()))
            assert literals[-1] == 0
            clauses.append(literals[:-1])
    assert header is not None and header[1] == len(clauses)
    assert header[0] >= max(abs(lit) for c in clauses for lit in c)
    return clauses, meaning, fixed


@pytest.mark.parametrize("model", ["einstein", "sudoku", "lock", "tiles"])
def test_dimacs_reads_back_to_a_checked_solution(model: str, tmp_path: object) -> None:
    lowered = load(MODELS / f"{model}.puz")
    result = run_cli("compile", f"models/{model}.puz", "--to", "dimacs", "-o", f"{tmp_path}/m.cnf")
    assert result.returncode == 0, result.stderr
    with open(f"{tmp_path}/m.cnf", encoding="utf-8") as cnf_file:
        clauses, meaning, fixed = parse_dimacs(cnf_file.read())
    solution = one_model(clauses)
    assert isinstance(solution, list)
    assignment = dict(fixed)
    for lit in solution:
        if lit > 0 and lit in meaning and " <= " not in meaning[lit][0]:
            name, value = meaning[lit]
            assignment[name] = value
    assert set(assignment) == set(lowered.problem.variables)
    assert violated(lowered.problem, assignment) == []


def test_dimacs_to_standard_output_names_its_variables() -> None:
    result = run_cli("compile", "models/einstein.puz", "--to", "dimacs")
    assert result.returncode == 0
    assert re.search(r"^c \d+ colour\[green\] = 4$", result.stdout, re.MULTILINE)
    assert "c fixed nationality[Norwegian] = 1" in result.stdout
    assert to_dimacs(load(MODELS / "einstein.puz").problem, "models/einstein.puz") == result.stdout


def test_compile_to_an_unwritable_file_is_a_clear_error() -> None:
    result = run_cli("compile", "models/einstein.puz", "--to", "dimacs", "-o", "no/such/dir/m.cnf")
    assert result.returncode == 2
    assert result.stderr.startswith("error: cannot write 'no/such/dir/m.cnf'")
    assert "Traceback" not in result.stderr


def test_stats_report_variables_clauses_and_literals() -> None:
    result = run_cli("solve", "models/lock.puz", "--backend", "sat", "--stats")
    assert result.returncode == 0
    assert re.search(
        r"stats: backend sat, at least 2 solutions \(not unique\), \d+ variables, \d+ clauses, \d+ literals",
        result.stdout,
    )
    assert re.search(r"^  clauses: \d+$", result.stdout, re.MULTILINE)


# -- solving -----------------------------------------------------------------------------------------


def test_a_time_limit_stops_the_search_and_leaves_no_process() -> None:
    names = tuple(f"x{i}" for i in range(12))
    problem = make_problem({n: tuple(range(1, 13)) for n in names}, AllDifferent(names))
    before = child_processes()
    outcome = BACKEND.solve(BACKEND.compile(problem), limit=None, timeout=2.0, seed=None)  # 12! solutions
    assert outcome.timed_out and not outcome.complete
    assert outcome.solutions  # what arrived before the limit is kept
    for s in outcome.solutions[:50]:
        assert violated(problem, s) == []
    assert child_processes() <= before  # no child process is left, not even a zombie


def test_seed_changes_nothing_but_the_path() -> None:
    problem = load(MODELS / "lock.puz").problem
    compiled = BACKEND.compile(problem)
    counts = {len(BACKEND.solve(compiled, limit=None, timeout=None, seed=s).solutions) for s in (1, 2, 3)}
    assert counts == {3}


def test_free_auxiliary_variables_of_the_model_do_not_multiply_solutions() -> None:
    """The engine blocks each model on the model's own variables, so a free auxiliary one costs no
    repeats (pycosat's itersolve blocks whole models: tests/test_sat_engines.py)."""
    problem = make_problem({"a": (1, 2, 3)}, InSet("a", (1, 2)))
    problem.add_var("free", (0, 1, 2, 3), output=False)
    outcome = BACKEND.solve(BACKEND.compile(problem), limit=None, timeout=None, seed=None)
    assert sorted(s["a"] for s in outcome.solutions) == [1, 2]
    assert outcome.stats["duplicates"] == 0


def test_registered() -> None:
    assert isinstance(get_backend("sat"), SatBackend)


def test_a_small_search_under_a_time_limit_needs_no_child_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cspdsl.backends.sat.search.QUICK_SECONDS", 60.0)  # a loaded machine may take over 50 ms
    problem = load(MODELS / "einstein.puz").problem
    compiled = BACKEND.compile(problem)
    quick = BACKEND.solve(compiled, limit=2, timeout=30, seed=None)
    assert quick.stats["forked"] == 0
    assert len(quick.solutions) == 1 and quick.complete
    assert BACKEND.solve(compiled, limit=1, timeout=30, seed=None).complete is False
    names = tuple(f"x{i}" for i in range(9))
    big = make_problem({n: tuple(range(1, 10)) for n in names}, AllDifferent(names))
    slow = BACKEND.solve(BACKEND.compile(big), limit=None, timeout=0.3, seed=None)
    assert slow.stats["forked"] == 1 and slow.timed_out


def test_a_small_optimisation_under_a_time_limit_needs_no_child_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bound tightening is tried in this process first, as a search is: the same solutions and bounds
    as in the child, and the CNF left as it was."""
    monkeypatch.setattr("cspdsl.backends.sat.optimise.QUICK_SECONDS", 60.0)  # a loaded machine may take over 50 ms
    compiled = BACKEND.compile(load(MODELS / "coins.puz").problem)
    size = (compiled.native.cnf.num_vars, len(compiled.native.cnf.clauses))
    quick = BACKEND.optimise(compiled, timeout=30, seed=None)
    assert (quick.stats["forked"], quick.objective, quick.complete, quick.stats["bounds_proved"]) == (0, 3, True, 2)
    assert (compiled.native.cnf.num_vars, len(compiled.native.cnf.clauses)) == size
    unlimited = BACKEND.optimise(BACKEND.compile(compiled.problem), timeout=None, seed=None)
    assert (unlimited.solutions, unlimited.stats["bounds_proved"]) == (quick.solutions, 2)
    # The encoder was let go: a second optimisation compiles the CNF anew in the child, under the limit.
    again = BACKEND.optimise(compiled, timeout=30, seed=None)
    assert (again.stats["forked"], again.solutions, again.complete) == (1, quick.solutions, True)


@pytest.mark.parametrize("forks", [True, False], ids=["resumed", "started-again"])
def test_an_optimisation_the_quick_try_cannot_settle_goes_on_in_a_child(
    monkeypatch: pytest.MonkeyPatch, forks: bool
) -> None:
    """Past the quick effort limit the child takes over, from the CNF the quick try left (the bound it
    defined kept): the same optimum, proved, and the CNF rolled back after. A forked child goes on
    with the quick try's solver, after the solutions it found (each better than the one before, none
    twice); without fork (Windows) the child starts the search again."""
    from cspdsl.backends.sat import optimise

    monkeypatch.setattr("cspdsl.backends.sat.engines.PysatEngine.QUICK_CONFLICTS", 50)  # runs out at the 2nd call
    monkeypatch.setattr(optimise, "QUICK_SECONDS", 60.0)  # the effort limit, not the time, ends it
    monkeypatch.setattr(optimise, "FORKS", forks)
    compiled = BACKEND.compile(load(MODELS / "golomb.puz", {"n": 6}).problem)
    size = (compiled.native.cnf.num_vars, len(compiled.native.cnf.clauses))
    left: list[tuple[int, int]] = []
    quick_bounds = optimise.quick_bounds

    def quick(*args: object) -> object:
        found = quick_bounds(*args)  # type: ignore[arg-type]
        left.append((compiled.native.cnf.num_vars, len(compiled.native.cnf.clauses)))
        return found

    monkeypatch.setattr(optimise, "quick_bounds", quick)
    if forks:  # the child goes on with the quick try's tightening, never a new one
        monkeypatch.setattr(optimise, "by_bounds", lambda *args: pytest.fail("a new search in the child"))
    outcome = BACKEND.optimise(compiled, timeout=60, seed=None)
    assert (outcome.stats["forked"], outcome.objective, outcome.complete) == (1, 17, True)
    assert left[0] > size and (compiled.native.cnf.num_vars, len(compiled.native.cnf.clauses)) == size
    lengths = [solution["mark[6]"] for solution in outcome.solutions]
    assert lengths == sorted(set(lengths), reverse=True) and lengths[-1] == 17


JOB_SHOP = (MODELS.parent / "tests" / "data" / "sat_optimum_same_solution_twice.puz").read_text()
# Two jobs of two operations on two machines, the start times hidden: many schedules for one order.
SMALL_JOB_SHOP = """
let machine = [[1, 2], [2, 1]]
let hours   = [[2, 2], [2, 2]]
param horizon = 8
var _start[1..2, 1..2] in 0..horizon
var rank[1..2, 1..2] in 1..2
show rank
forall m in 1..2: alldifferent(rank[m, ..])
forall j in 1..2: _start[j, 1] + hours[j][1] <= _start[j, 2]
forall m in 1..2, j in 1..2, k in 1..2, o in 1..2, p in 1..2 where j != k and machine[j][o] == m and \
machine[k][p] == m: if rank[m, j] < rank[m, k] then _start[j, o] + hours[j][o] <= _start[k, p]
minimize max([_start[j, 2] + hours[j][2] for j in 1..2])
"""


@pytest.mark.parametrize(("text", "horizon"), [(SMALL_JOB_SHOP, 4), (SMALL_JOB_SHOP, 8), (SMALL_JOB_SHOP, 22),
                                               (JOB_SHOP, 8), (JOB_SHOP, 22)])
def test_improving_solutions_differ_on_the_shown_variables(text: str, horizon: int) -> None:
    """A better value found with the same shown order (a hidden start earlier) is not a new solution:
    each solution reported is the best of its shown values, so no two share them."""
    problem = loads(text, params={"horizon": horizon}).problem
    outcome = BACKEND.optimise(BACKEND.compile(problem), timeout=None, seed=None)
    shown = [problem.project(solution) for solution in outcome.solutions]
    assert outcome.complete and len(shown) == len(set(shown))


# (model, horizon, the optimum, how many optimal orders). cpsat too improves a makespan with the same
# orders (the horizons 6 to 22 of the small one), which its improving solutions may then repeat.
JOB_SHOPS = [(SMALL_JOB_SHOP, horizon, 4, 1) for horizon in (4, 6, 7, 8, 10, 12, 22)] + [
    (JOB_SHOP, 8, 12, 3), (JOB_SHOP, 22, 12, 5)]


@pytest.mark.parametrize(("text", "horizon", "optimum", "count"), JOB_SHOPS)
def test_all_optimal_orders_of_a_job_shop_with_hidden_starts_as_cpsat_gives(
    text: str, horizon: int, optimum: int, count: int
) -> None:
    model = loads(text, params={"horizon": horizon})
    found = {name: solve(model, name, limit=None) for name in ("sat", "cpsat")}
    orders = {name: sorted(model.problem.project(s) for s in result.solutions) for name, result in found.items()}
    assert [(r.objective, r.optimal, r.complete) for r in found.values()] == [(optimum, True, True)] * 2
    assert orders["sat"] == orders["cpsat"] and len(orders["sat"]) == count


def test_a_sum_too_large_for_a_diagram_is_solved_through_adders() -> None:
    """Once refused as too large for the SAT backend (`backends/sat/binary_sums.py`)."""
    model = "var x[1..12] in 0..300\nsum([i * x[i] for i in 1..12]) <= 12345\nx[12] == 300\nx[11] == 300\n"
    result = run_cli("solve", "-", "--backend", "sat", stdin=model)
    assert result.returncode == 0, result.stderr
    assert "x = " in result.stdout


def test_domains_too_large_for_the_direct_encoding_are_a_clear_error() -> None:
    result = run_cli("solve", "-", "--backend", "sat", stdin="var x[1..3] in 0..100000\nx[1] + x[2] == x[3]\n")
    assert result.returncode == 2
    assert result.stderr.startswith(
        "<stdin>:1:1: error: the variables have 300,003 values in all: too many for the SAT backend"
    )
    assert "Traceback" not in result.stderr


def test_a_solve_on_sat_leaves_no_reference_cycles() -> None:
    """`api.solve` pauses the cycle collector for a few solutions on sat (`SatBackend.acyclic`): the
    compiled model, its solver and the search must all go by reference counting, none left for it."""
    from cspdsl.api import solve

    unique = {"einstein.puz": True, "sudoku.puz": True, "magicstar.puz": False, "nonogram.puz": True}
    models = {name: load(MODELS / name) for name in unique}
    for model in models.values():
        solve(model, "sat")
    gc.collect()
    gc.disable()
    try:
        for name, model in models.items():
            assert solve(model, "sat").unique is unique[name]
            assert solve(model, "sat", limit=1).found == 1
    finally:
        gc.enable()
    assert gc.collect() == 0
