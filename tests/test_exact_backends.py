"""Every exact backend against brute force: on small problems it must find exactly the solutions that
the independent checker accepts among all assignments, each once (on the output variables).

A backend joins these tests by registering itself as exact in `cspdsl.backends.REGISTRY`; one that
refuses some kinds (`cp`: connected areas) must refuse them with a message, and match on the rest.
"""

from __future__ import annotations

import pytest
from brute import assert_matches_brute_force, make_problem, nested_conditions, solve_all
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cspdsl.backends import Backend, exact_backends, get_backend
from cspdsl.backends.cp import translate as cp_translate
from cspdsl.backends.cpsat import shifted as cpsat_shifted
from cspdsl.backends.csp import shifted as csp_shifted
from cspdsl.backends.sat import encoder as sat_encoder
from cspdsl.check.problem import violated
from cspdsl.core.errors import CspdslError
from cspdsl.ir import (
    FALSE,
    OPS,
    TRUE,
    AllDifferent,
    And,
    Connected,
    Constraint,
    Count,
    InSet,
    Linear,
    Not,
    Or,
    Problem,
    Product,
    Regular,
    Table,
    Var,
)


@pytest.fixture(scope="module", params=exact_backends(partial=True))
def backend(request: pytest.FixtureRequest) -> Backend:
    return get_backend(request.param)


ABC = {"a": (1, 2, 3), "b": (1, 2, 3), "c": (0, 1, 2, 3)}
XY01 = {"x": (0, 1), "y": (0, 1), "z": (1, 2)}


def lin(op: str, rhs: int) -> Linear:
    return Linear(((2, "a"), (-1, "b"), (1, "c")), op, rhs)


# -- each constraint kind, top level and nested ----------------------------------------------------


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("rhs", [-2, 1, 3, 20])
def test_linear_every_op(backend: Backend, op: str, rhs: int) -> None:
    assert_matches_brute_force(backend, make_problem(ABC, lin(op, rhs)))
    assert_matches_brute_force(backend, make_problem(ABC, Not(lin(op, rhs))))
    assert_matches_brute_force(backend, make_problem(ABC, Or((lin(op, rhs), InSet("c", (0,))))))


@pytest.mark.parametrize("op", OPS)
def test_linear_single_variable_and_empty(backend: Backend, op: str) -> None:
    single = Linear(((3, "a"), (-1, "a")), op, 4)  # 2a <op> 4, one variable twice
    assert_matches_brute_force(backend, make_problem(ABC, single))
    assert_matches_brute_force(backend, make_problem(ABC, Or((single, InSet("b", (2,))))))
    for rhs in (-1, 0, 1):
        empty = Linear((), op, rhs)
        assert_matches_brute_force(backend, make_problem(ABC, empty))
        assert_matches_brute_force(backend, make_problem(ABC, Or((empty, InSet("b", (2,))))))
        assert_matches_brute_force(backend, make_problem(ABC, Not(empty)))


@pytest.mark.parametrize(
    "values", [(), (2,), (1, 3), (0, 1, 2, 3), (5,), (3, 9), (2, 2, 1)], ids=str
)
def test_in_set(backend: Backend, values: tuple[int, ...]) -> None:
    for c in (InSet("c", values), Not(InSet("c", values))):
        assert_matches_brute_force(backend, make_problem(ABC, c))
        assert_matches_brute_force(backend, make_problem(ABC, Or((c, InSet("a", (1,))))))
        assert_matches_brute_force(backend, make_problem(ABC, And((c, Not(InSet("a", (1,)))))))


@pytest.mark.parametrize("var", ["x", "z"])
@pytest.mark.parametrize("value", [0, 1, 2])
def test_in_set_two_valued(backend: Backend, var: str, value: int) -> None:
    """0/1 variables are their own literals; a two-value domain shares one x == v literal."""
    eq = InSet(var, (value,))
    other = InSet("y", (1,))
    for c in (eq, Not(eq), Or((eq, other)), Or((Not(eq), other)), And((eq, Not(other)))):
        assert_matches_brute_force(backend, make_problem(XY01, c))
    assert_matches_brute_force(backend, make_problem(XY01, Count((eq, Not(eq), other), "==", 1)))


def test_all_different(backend: Backend) -> None:
    assert_matches_brute_force(backend, make_problem(ABC, AllDifferent(("a", "b", "c"))))
    assert_matches_brute_force(backend, make_problem(ABC, AllDifferent(("a", "b")), lin("<=", 2)))
    assert_matches_brute_force(
        backend, make_problem({"p": (1, 2), "q": (1, 2), "r": (1, 2)}, AllDifferent(("p", "q", "r")))
    )


def queens_diagonals(n: int) -> list[And]:
    """abs(q[i] - q[j]) != j - i as the lowering writes it: two differences a pair, in an And."""
    return [And(tuple(Linear(((sign, f"q{i}"), (-sign, f"q{j}")), "!=", j - i) for sign in (1, -1)))
            for i in range(n) for j in range(i + 1, n)]


QUEENS5 = {f"q{i}": (1, 2, 3, 4, 5) for i in range(5)}


@pytest.mark.parametrize(
    "extra",
    [
        [AllDifferent(tuple(QUEENS5))],  # the 5 queens: 10 solutions
        [],  # the diagonals alone
        [InSet("q0", (1,)), Linear(((1, "q1"), (-1, "q2")), "!=", 2)],  # a given, a difference outside the groups
        [Or((Linear(((1, "q0"), (-1, "q4")), "!=", 4), InSet("q2", (3,))))],  # a nested one stays as it is
    ],
    ids=["queens", "diagonals", "given", "nested"],
)
def test_differences_grouped_as_shifted_all_different(
    backend: Backend, extra: list[Constraint], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The diagonals' differences posted as groups (`passes.differences`; here from 3 variables on):
    sat's at-most-ones per shifted value, cpsat's and csp's all-different over the shifted variables;
    the solutions are those the differences give one by one."""
    for module in (sat_encoder, cpsat_shifted, csp_shifted, cp_translate):
        monkeypatch.setattr(module, "MIN_SHIFTED_GROUP", 3)
    assert_matches_brute_force(backend, make_problem(QUEENS5, *queens_diagonals(5), *extra))


@pytest.mark.parametrize(
    "tuples",
    [(), ((1, 0),), ((1, 0), (2, 3), (3, 3), (9, 9)), ((1, 1), (1, 1), (2, 2))],
    ids=str,
)
def test_table(backend: Backend, tuples: tuple[tuple[int, ...], ...]) -> None:
    assert_matches_brute_force(backend, make_problem(ABC, Table(("a", "c"), tuples)))


def test_table_over_no_variable(backend: Backend) -> None:
    assert_matches_brute_force(backend, make_problem(ABC, Table((), ((),))))
    assert_matches_brute_force(backend, make_problem(ABC, Table((), ())))


# The runs 2 1 over 0/1 cells: states 0..4 (0 before the first run, 1-2 in it, 3 the gap, 4 the last run).
RUNS_2_1 = ((0, 0, 0), (0, 1, 1), (1, 1, 2), (2, 0, 3), (3, 0, 3), (3, 1, 4), (4, 0, 4))


@pytest.mark.parametrize(
    "regular",
    [
        Regular(("a", "b", "c"), ((0, 1, 1), (1, 2, 2), (1, 3, 2), (2, 0, 3), (2, 3, 0)), 0, (3, 0)),
        Regular(("a", "a", "c"), ((0, 1, 0), (0, 2, 1), (1, 2, 1), (1, 0, 2), (0, 0, 2)), 0, (2,)),
        Regular(("a", "b"), (), 0, (0,)),
        Regular((), (), 0, (0,)),
        Regular((), ((0, 1, 1),), 0, (1,)),
        Regular(("a", "b", "c"), ((0, 1, 1),), 0, ()),
    ],
    ids=str,
)
def test_regular(backend: Backend, regular: Regular) -> None:
    assert_matches_brute_force(backend, make_problem(ABC, regular))


def test_regular_runs_of_a_row(backend: Backend) -> None:
    row = {f"x{i}": (0, 1) for i in range(6)}
    problem = make_problem(row, Regular(tuple(row), RUNS_2_1, 0, (4,)))
    assert_matches_brute_force(backend, problem)
    # 2 1 in six cells: 110100 110010 110001 011010 011001 001101
    assert len(solve_all(backend, problem).solutions) == 6
SIGNED = {"a": (-2, 0, 1, 3), "b": (-1, 0, 2), "c": (-3, -1, 0, 2), "p": tuple(range(-6, 10))}


@pytest.mark.parametrize(
    "product",
    [
        Product("p", ("a", "b")),  # negative and zero factors
        Product("p", ("a", "a")),  # a square: one factor twice
        Product("p", ("a", "b", "c")),  # three factors, some products outside p's domain
        Product("a", ("a", "b")),  # the result is one of its factors
        Product("p", ()),  # the empty product is 1
    ],
    ids=str,
)
def test_product(backend: Backend, product: Product) -> None:
    assert_matches_brute_force(backend, make_problem(SIGNED, product))
    within = Linear(((1, "p"), (2, "c"), (-1, "b")), "<=", 1)  # the product in a sum
    assert_matches_brute_force(backend, make_problem(SIGNED, product, Or((within, InSet("a", (0,))))))


def test_products_chained(backend: Backend) -> None:
    """What `x * y + z == 10` and `product([x, y, z]) == 12` lower to: products of two, chained."""
    domains = {"x": (1, 2, 3, 4), "y": (-2, 1, 3), "z": (0, 1, 2, 3, 4), "xy": (-8, -6, -4, -2, 1, 2, 3, 4, 6, 9, 12)}
    domains["xyz"] = tuple(sorted({v * w for v in domains["xy"] for w in domains["z"]}))
    problem = make_problem(domains, Product("xy", ("x", "y")), Product("xyz", ("xy", "z")))
    problem.post(Or((Linear(((1, "xy"), (1, "z")), "==", 10), InSet("xyz", (12,)))))
    assert_matches_brute_force(backend, problem)


COUNTED = (InSet("a", (1,)), InSet("b", (1, 2)), lin(">=", 3), Not(InSet("c", (0,))))


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("k", [-1, 0, 2, 4, 5])
def test_count_every_op(backend: Backend, op: str, k: int) -> None:
    count = Count(COUNTED, op, k)
    assert_matches_brute_force(backend, make_problem(ABC, count))
    assert_matches_brute_force(backend, make_problem(ABC, Not(count)))
    assert_matches_brute_force(backend, make_problem(ABC, Or((count, InSet("c", (3,))))))
    assert_matches_brute_force(backend, make_problem(ABC, Count((count, InSet("a", (2,))), op, 1)))
    assert_matches_brute_force(backend, make_problem(ABC, Count((), op, k)))
    assert_matches_brute_force(backend, make_problem(ABC, Or((Count((), op, k), InSet("a", (2,))))))


def test_and_or_not(backend: Backend) -> None:
    p, q, r = InSet("a", (1, 2)), lin("==", 2), InSet("c", (3,))
    for c in (
        And((p, q)),
        Or((p, q, r)),
        Or((q,)),
        And((q,)),
        Not(And((p, q))),
        Not(Or((p, r))),
        Not(Not(q)),
        Or((And((p, q)), And((Not(p), r)))),
        And((Or((p, r)), Not(Or((q, Not(r)))))),
        Not(And((Or((p, q)), Not(r)))),
        Or((Not(And((p, Not(q)))), Count((p, q, r), "==", 3))),
        Or((And((p,)), Or((r,)))),
    ):
        assert_matches_brute_force(backend, make_problem(ABC, c))


def test_empty_and_or(backend: Backend) -> None:
    assert_matches_brute_force(backend, make_problem(ABC, TRUE))
    assert_matches_brute_force(backend, make_problem(ABC, Not(FALSE)))
    assert_matches_brute_force(backend, make_problem(ABC, Or((FALSE, InSet("a", (2,))))))
    assert_matches_brute_force(backend, make_problem(ABC, And((TRUE, InSet("a", (2,))))))
    assert_matches_brute_force(backend, make_problem(ABC, Or((Not(TRUE), And((FALSE,)), InSet("b", (3,))))))
    for infeasible in (FALSE, Not(TRUE), And((InSet("a", (1,)), FALSE))):
        outcome = solve_all(backend, make_problem(ABC, infeasible))
        assert outcome.solutions == [] and outcome.complete and not outcome.timed_out


def test_nested_global_is_an_internal_error(backend: Backend) -> None:
    for c in (Or((AllDifferent(("a", "b")), InSet("a", (1,)))), Not(AllDifferent(("a", "b")))):
        with pytest.raises(ValueError, match="internal: nested AllDifferent"):
            backend.compile(make_problem(ABC, c))
    with pytest.raises(ValueError, match="internal: nested Table"):
        backend.compile(make_problem(ABC, Count((Table(("a",), ((1,),)),), "==", 1)))
    with pytest.raises(ValueError, match="internal: nested Product"):
        backend.compile(make_problem(ABC, Or((Product("c", ("a", "b")), InSet("a", (1,))))))


def test_nested_connected_is_an_internal_error(backend: Backend) -> None:
    area = Connected((InSet("a", (1,)), InSet("b", (1,))), ((0, 1),))
    for c in (Or((area, InSet("a", (2,)))), Not(area)):
        with pytest.raises(ValueError, match="internal: nested Connected"):
            backend.compile(make_problem(ABC, c))


# -- connected areas -------------------------------------------------------------------------------

CELLS = {f"g{i}": (0, 1) for i in range(6)}  # a 2x3 grid of bools, g0 g1 g2 over g3 g4 g5
GRID_EDGES = ((0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5))


def _white(i: int) -> InSet:
    return InSet(f"g{i}", (0,))


@pytest.mark.parametrize(
    "c",
    [
        Connected(tuple(_white(i) for i in range(6)), GRID_EDGES),
        Connected(tuple(_white(i) for i in range(6)), ((0, 1), (1, 2), (3, 4), (4, 5))),  # two rows apart
        Connected(tuple(_white(i) for i in range(6)), ()),  # no edges: exactly one node
        Connected((_white(0), FALSE, _white(2), TRUE, _white(4), _white(5)), GRID_EDGES),
        Connected((FALSE, FALSE), ((0, 1),)),  # no node can hold: no area
        Connected((), ()),
        Connected((Or((_white(0), _white(1))), Linear(((1, "g2"), (1, "g3")), "==", 1), _white(5)), ((0, 1), (1, 2))),
    ],
    ids=["grid", "two-rows", "no-edges", "constants", "all-false", "empty", "conditions"],
)
def test_connected(backend: Backend, c: Connected) -> None:
    if not refuses_connected(backend, make_problem(CELLS, c)):
        assert_matches_brute_force(backend, make_problem(CELLS, c))
        at_most_two = Linear(tuple((1, f"g{i}") for i in range(6)), "<=", 2)
        assert_matches_brute_force(backend, make_problem(CELLS, c, at_most_two))


def refuses_connected(backend: Backend, problem: Problem) -> bool:
    """Whether the backend is one that takes no connected area (`cp`), having refused this one as it
    refuses them: by a message that names the backends that take it."""
    if backend.CAPABILITIES.every_kind:
        return False
    with pytest.raises(CspdslError) as caught:
        backend.compile(problem)
    assert caught.value.message == ("backend 'cp' has no constraint for a connected area: solve this model with "
                                    "sat, cpsat or csp")
    return True


@st.composite
def graphs(draw: st.DrawFn) -> Problem:
    """A random graph of up to 7 nodes over up to 7 variables, each node's condition drawn, and at
    times a second clue beside the area."""
    n = draw(st.integers(1, 7))
    domains = {f"v{i}": (0, 1) if draw(st.booleans()) else (0, 1, 2) for i in range(n)}
    names = st.sampled_from(sorted(domains))
    leaves = st.one_of(
        st.builds(InSet, names, st.lists(st.integers(0, 2), min_size=1, max_size=2).map(tuple)),
        st.builds(Linear, st.lists(st.tuples(st.integers(-2, 2), names), max_size=2).map(tuple),
                  st.sampled_from(OPS), st.integers(-2, 3)),
    )
    conds = tuple(draw(st.lists(nested_conditions(leaves), min_size=1, max_size=7)))
    pairs = [(i, j) for i in range(len(conds)) for j in range(i + 1, len(conds))]
    edges = tuple(draw(st.lists(st.sampled_from(pairs), max_size=10, unique=True))) if pairs else ()
    problem = make_problem(domains, Connected(conds, edges))
    if draw(st.booleans()):
        problem.post(draw(nested_conditions(leaves)))
    return problem


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(graphs())
def test_random_graphs_match_brute_force(backend: Backend, problem: Problem) -> None:
    if not refuses_connected(backend, problem):
        assert_matches_brute_force(backend, problem)


# -- random nested constraints --------------------------------------------------------------------


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    n = draw(st.integers(2, 4))
    domains = {}
    for i in range(n):
        lo = draw(st.integers(-1, 1))
        size = draw(st.integers(2, 4 if n < 4 else 3))
        domains[f"v{i}"] = tuple(range(lo, lo + size))
    names = st.sampled_from(sorted(domains))
    values = st.integers(-2, 4)
    linear = st.builds(
        Linear,
        st.lists(st.tuples(st.integers(-3, 3), names), max_size=3).map(tuple),
        st.sampled_from(OPS),
        st.integers(-6, 8),
    )
    in_set = st.builds(InSet, names, st.lists(values, max_size=3).map(tuple))
    leaves = st.one_of(linear, in_set)

    conds = nested_conditions(leaves)
    problem = make_problem(domains, *draw(st.lists(conds, min_size=1, max_size=3)))
    if draw(st.booleans()):
        problem.post(
            AllDifferent(tuple(draw(st.lists(names, min_size=2, max_size=3, unique=True))))
        )
    if draw(st.booleans()):
        problem.add_var("aux", (0, 1, 2), output=False)
        # An auxiliary variable that is free whenever the drawn condition holds.
        problem.post(Or((draw(conds), InSet("aux", (draw(st.integers(0, 2)),)))))
    if draw(st.booleans()):
        _post_element(draw, problem, sorted(domains))
    if draw(st.booleans()):
        problem.post(draw(automata(names)))
    if draw(st.booleans()):
        _post_product(draw, problem, sorted(domains), conds)
    return problem


def _post_product(draw: st.DrawFn, problem: Problem, names: list[str], conds: st.SearchStrategy[Constraint]) -> None:
    """What lowering makes of `x * y` (or a square): an auxiliary over some values (not always all the
    products), tied by a Product, and a condition that may read it."""
    factors = tuple(draw(st.lists(st.sampled_from(names), min_size=1, max_size=3)))
    problem.add_var("prod", tuple(sorted(set(draw(st.lists(st.integers(-4, 9), min_size=1, max_size=6))))),
                    output=draw(st.booleans()))
    problem.post(Product("prod", factors))
    problem.post(Or((Linear(((1, "prod"), (draw(st.integers(-2, 2)), draw(st.sampled_from(names)))),
                            draw(st.sampled_from(OPS)), draw(st.integers(-3, 6))), draw(conds))))


@st.composite
def automata(draw: st.DrawFn, names: st.SearchStrategy[str]) -> Regular:
    """A deterministic automaton of up to four states over -1..3, read along a few variables (one may
    come twice); some moves missing, so some words are rejected on the way."""
    states = draw(st.integers(1, 4))
    moves = draw(st.dictionaries(st.tuples(st.integers(0, states - 1), st.integers(-1, 3)),
                                 st.integers(0, states - 1), max_size=12))
    accepting = draw(st.lists(st.integers(0, states - 1), max_size=states, unique=True))
    word = draw(st.lists(names, max_size=4))
    transitions = tuple((q, v, r) for (q, v), r in sorted(moves.items()))
    return Regular(tuple(word), transitions, draw(st.integers(0, states - 1)), tuple(sorted(accepting)))


def _post_element(draw: st.DrawFn, problem: Problem, names: list[str]) -> None:
    """What lowering makes of `q[i]` with `i` a variable (an element): an auxiliary variable that,
    for each value the index may take, equals that item; and a clue on it."""
    index, items = draw(st.sampled_from(names)), draw(st.lists(st.sampled_from(names), min_size=2, max_size=3))
    problem.add_var("elem", tuple(range(-1, 5)), output=False)
    for i, item in enumerate(items):
        problem.post(Or((Not(InSet(index, (i,))), Linear(((1, "elem"), (-1, item)), "==", 0))))
    problem.post(InSet(index, tuple(range(len(items)))))
    problem.post(Linear(((1, "elem"), (draw(st.integers(-2, 2)), draw(st.sampled_from(names)))),
                        draw(st.sampled_from(OPS)), draw(st.integers(-2, 4))))


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_random_problems_match_brute_force(backend: Backend, problem: Problem) -> None:
    assert_matches_brute_force(backend, problem)


@st.composite
def projected_problems(draw: st.DrawFn) -> Problem:
    """A random problem that hides some of its own variables (what `show` and a leading `_` do): each
    solution counts once on the shown ones, however many values the hidden ones may take with it."""
    problem = draw(problems())
    hidden = draw(st.lists(st.sampled_from(problem.outputs), min_size=1, unique=True))
    problem.outputs = [name for name in problem.outputs if name not in hidden]
    problem.projected = True
    return problem


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(projected_problems())
def test_random_projected_problems_match_brute_force(backend: Backend, problem: Problem) -> None:
    assert_matches_brute_force(backend, problem)


def test_hidden_variables_do_not_multiply_solutions(backend: Backend) -> None:
    """Three free hidden variables of 3 values each stand behind each of the 2 shown solutions."""
    problem = make_problem({"a": (1, 2), "h1": (0, 1, 2), "h2": (0, 1, 2), "h3": (0, 1, 2)},
                           Or((InSet("a", (1,)), InSet("h1", (0,)))))
    problem.outputs, problem.projected = ["a"], True
    outcome = solve_all(backend, problem)
    assert sorted(s["a"] for s in outcome.solutions) == [1, 2] and outcome.complete
    for limit, count in ((1, 1), (2, 2), (5, 2)):
        outcome = backend.solve(backend.compile(problem), limit=limit, timeout=None, seed=None)
        assert len({s["a"] for s in outcome.solutions}) == len(outcome.solutions) == count
        assert outcome.complete == (limit == 5)


# -- solve options --------------------------------------------------------------------------------


def test_limit_one_gives_one_checked_solution(backend: Backend) -> None:
    problem = make_problem(ABC, AllDifferent(("a", "b", "c")), Or((lin(">=", 4), InSet("c", (0,)))))
    outcome = backend.solve(backend.compile(problem), limit=1, timeout=10, seed=3)
    assert len(outcome.solutions) == 1
    assert violated(problem, outcome.solutions[0]) == []
    assert not outcome.complete and not outcome.timed_out


def test_limit_stops_enumeration(backend: Backend) -> None:
    problem = make_problem(ABC, AllDifferent(("a", "b")))
    outcome = backend.solve(backend.compile(problem), limit=3, timeout=None, seed=None)
    assert len({problem.project(s) for s in outcome.solutions}) == 3
    assert not outcome.complete and not outcome.timed_out
    for s in outcome.solutions:
        assert violated(problem, s) == []


def test_limit_must_be_positive(backend: Backend) -> None:
    with pytest.raises(ValueError):
        backend.solve(backend.compile(make_problem(ABC)), limit=0, timeout=None, seed=None)


def test_auxiliary_variables_do_not_multiply_solutions(backend: Backend) -> None:
    problem = make_problem({"a": (1, 2, 3)}, InSet("a", (1, 2)))
    problem.add_var("free", (0, 1, 2, 3), output=False)
    problem.add_var("tied", (0, 5), output=False)
    problem.post(Or((InSet("tied", (5,)), InSet("a", (1,)))))
    outcome = solve_all(backend, problem)
    assert sorted(s["a"] for s in outcome.solutions) == [1, 2]
    assert outcome.complete
    for s in outcome.solutions:
        assert violated(problem, s) == []
    one = backend.solve(backend.compile(problem), limit=1, timeout=None, seed=None)
    assert len(one.solutions) == 1 and violated(problem, one.solutions[0]) == []


@pytest.mark.parametrize("limit", [None, 1, 5])
def test_infeasible_is_complete_with_no_solution(backend: Backend, limit: int | None) -> None:
    problem = make_problem(ABC, AllDifferent(("a", "b", "c")), lin("<=", -5))
    outcome = backend.solve(backend.compile(problem), limit=limit, timeout=None, seed=None)
    assert outcome.solutions == [] and outcome.complete and not outcome.timed_out


def test_empty_domain_is_infeasible_not_invalid(backend: Backend) -> None:
    problem = make_problem(ABC)
    problem.variables["e"] = Var("e", ())  # add_var would not allow it; lowering might
    outcome = solve_all(backend, problem)
    assert outcome.solutions == [] and outcome.complete


def test_timeout_is_passed_through(backend: Backend) -> None:
    names = tuple(f"x{i}" for i in range(12))
    problem = make_problem({n: tuple(range(1, 13)) for n in names}, AllDifferent(names))
    outcome = solve_all(backend, problem, timeout=0.2)
    assert outcome.timed_out and not outcome.complete
    assert outcome.stats["wall_seconds"] < 60  # not the hours that 12! solutions would take
    keys = [problem.project(s) for s in outcome.solutions]
    assert len(keys) == len(set(keys))
