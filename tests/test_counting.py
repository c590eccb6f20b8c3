"""Counting by components (`cspdsl/counting.py`, `cspdsl/passes/components.py`): exact counts of
models that fall apart into independent parts, on every exact backend, against brute force on small
random models and against counts proved by hand on models no enumeration reaches in a test."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from brute import brute_force, nested_conditions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cspdsl import count
from cspdsl.api import loads, solve
from cspdsl.backends import exact_backends
from cspdsl.check.problem import violated
from cspdsl.cli.result_text import method_line
from cspdsl.ir import OPS, AllDifferent, InSet, Linear, Problem
from cspdsl.lower import Lowered
from cspdsl.lower.layout import Layout
from cspdsl.passes.components import split
from cspdsl.passes.unroll import renamed

EXACT = exact_backends(partial=True)

BOARDS = """
param k = 12
param n = 4
var q[1..k, 1..n] in 1..n
forall b in 1..k: alldifferent(q[b, ..])
forall b in 1..k, i in 1..n, j in i+1..n: abs(q[b, i] - q[b, j]) != j - i
"""
LATIN = """
param k = 6
var s[1..3*k, 1..3] in 1..3
forall r in 1..3*k: alldifferent(s[r, ..])
forall b in 1..k, c in 1..3: alldifferent([s[3*b-2, c], s[3*b-1, c], s[3*b, c]])
"""
HIDDEN_PAIRS = """
var x[1..3] in 1..3
var _h[1..3] in 1..2
var _z in 1..4
forall i in 1..3: x[i] != _h[i]
"""
GIVENS = """
var x in 1..3
var y in 1..3
var g in 1..3
g == 2
alldifferent([x, g])
alldifferent([y, g])
"""
ONE_PART_IMPOSSIBLE = """
var a[1..3] in 1..2
alldifferent(a)
var b[1..2] in 1..3
b[1] < b[2]
"""
QUEENS = """
param n = 6
var q[1..n] in 1..n
alldifferent(q)
forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i
"""
DATA = Path(__file__).resolve().parent / "data"
# An element over q beside the constants 9 and -1: its clue names two auxiliary variables that the normal
# form fixes, outside the part; b (1..2) stands alone.
ELEMENT_BESIDE_CONSTANTS = (DATA / "count_components_keyerror_min.puz").read_text()
# Parts with hidden, auxiliary and fixed variables named by a clue outside the part, each part with more
# than the few dozen solutions after which the checker writes its compiled test (`check/fast.py`).
SHOWN_SOME = """
var x in 1..3
var y[1..3] in 0..2
var w[1..2] in 1..8
var v[1..2] in 1..2
show x, w, v
alldifferent([9, y[x], -1, w[1]])
w[1] < w[2]
v[1] != v[2]
"""
ABS_IN_A_SUM = """
var a[1..4] in -3..3
var c in 2..2
var b in 1..4
sum([abs(a[i]) for i in 1..4]) == 2 + c
b != c
"""
FREE_BESIDE_ELEMENT = """
var x in 1..3
var q[1..3] in 0..2
var f in 1..3
var _g in 1..2
alldifferent([9, q[x], -1])
"""
TWIN_ABS_PARTS = """
var a[1..4] in -2..2
var b[1..4] in -2..2
abs(a[1]) + abs(a[2]) + abs(a[3]) + abs(a[4]) == 3
abs(b[1]) + abs(b[2]) + abs(b[3]) + abs(b[4]) == 3
alldifferent([7, a[1], 8])
alldifferent([7, b[1], 8])
"""

# (model, params, count, method, components, distinct components searched). Each count by hand:
# 4-queens has 2 solutions, 8-queens 92, a 3x3 latin square 12 (3! first rows times 2 second rows).
COUNTS = [
    (BOARDS, {}, 2**12, "components", 12, 1),
    (BOARDS, {"k": 3, "n": 8}, 92**3, "components", 3, 1),  # 778,688: hours of checked enumeration in a suite
    (LATIN, {}, 12**6, "components", 6, 1),
    (BOARDS + "var extra in 1..5\n", {"k": 2}, 2 * 2 * 5, "components", 3, 1),
    (BOARDS + "var t[1..2] in 1..3\nt[1] < t[2]\n", {"k": 2}, 2 * 2 * 3, "components", 3, 2),
    ("var x[1..12] in 1..9\n", {}, 9**12, "components", 12, 0),
    # hidden variables count once: each x[i] has a value of _h[i] beside it, _z adds nothing
    (HIDDEN_PAIRS, {}, 3**3, "components", 4, 1),
    (GIVENS, {}, 2 * 2, "components", 2, 1),  # the given g links neither x nor y; the two parts are alike
    (ONE_PART_IMPOSSIBLE, {}, 0, "components", 2, 2),
    (ELEMENT_BESIDE_CONSTANTS, {}, 162, "components", 2, 1),  # 3 * 27 element parts, times b's 2
    # one part, an objective, or no part at all: counted by enumeration, as before
    (QUEENS, {}, 4, "enumeration", 0, 0),
    (QUEENS, {"n": 8}, 92, "enumeration", 0, 0),  # the diagonals as shifted all-different groups on cpsat, csp
    ("var x[1..3] in 1..3\nalldifferent(x)\nminimize x[1]\n", {}, 2, "enumeration", 0, 0),
    ("var x in 1..3\nx == 2\n", {}, 1, "enumeration", 0, 0),
]


@pytest.mark.parametrize("backend", EXACT)
@pytest.mark.parametrize(("text", "params", "total", "method", "parts", "searched"), COUNTS)
def test_exact_counts(backend, text, params, total, method, parts, searched):
    result = count(loads(text, params=params), backend)
    assert (result.count, result.count_method) == (total, method)
    if method == "components":
        assert (result.components, result.distinct_components) == (parts, searched)
        assert result.status == ("unsatisfiable" if total == 0 else "solved")
        assert len(result.solutions) == (1 if total else 0)
        assert result.unique is (None if total == 0 else total == 1)
    for solution in result.solutions:
        assert violated(result.model.problem, solution) == []


@pytest.mark.parametrize("backend", EXACT)
@pytest.mark.parametrize(("text", "params"), [(BOARDS, {"k": 3}), (LATIN, {"k": 2}), (HIDDEN_PAIRS, {}),
                                              (GIVENS, {}), (ONE_PART_IMPOSSIBLE, {}),
                                              (ELEMENT_BESIDE_CONSTANTS, {}),
                                              ((DATA / "count_components_keyerror.puz").read_text(), {}),
                                              (SHOWN_SOME, {}), (ABS_IN_A_SUM, {}), (FREE_BESIDE_ELEMENT, {}),
                                              (TWIN_ABS_PARTS, {})])
def test_components_agree_with_enumeration(backend, text, params):
    model = loads(text, params=params)
    counted = count(model, backend)
    assert counted.count == solve(model, backend, limit=None).count
    assert counted.count_method == "components"


# (model, params, the line of text that says how it counted)
METHOD_LINES = [
    (BOARDS + "var extra in 1..5\n", {"k": 2}, "Counted by components: 3 independent parts (1 searched on sat, 1 "
     "the same as that one up to renaming, 1 unconstrained variable counted by its values); each part's "
     "solutions checked, the count is their product."),
    (BOARDS + "var t[1..2] in 1..3\nt[1] < t[2]\n", {"k": 3}, "Counted by components: 4 independent parts (2 "
     "searched on sat, 2 the same as one of those up to renaming); each part's solutions checked, the count is "
     "their product."),
]


@pytest.mark.parametrize(("text", "params", "line"), METHOD_LINES)
def test_the_text_says_how_it_counted(text, params, line):
    assert method_line(count(loads(text, params=params))) == line


def test_the_json_says_how_it_counted():
    data = count(loads(BOARDS, params={"k": 2})).to_dict()
    assert {key: data[key] for key in ("found", "count", "count_method", "components", "distinct_components")} == {
        "found": 4, "count": 4, "count_method": "components", "components": 2, "distinct_components": 1}
    assert len(data["solutions"]) == 1  # the one solution held: the parts' first solutions together
    enumerated = count(loads(QUEENS)).to_dict()
    assert (enumerated["count"], enumerated["count_method"], len(enumerated["solutions"])) == (4, "enumeration", 4)
    assert "components" not in enumerated


def test_a_time_limit_stops_a_count_by_components():
    """Two parts of about 9^10 solutions each: the limit stops the first part's search; the count is
    then unknown (None), and the run ends soon after the limit."""
    text = "var x[1..2, 1..10] in 1..9\nforall b in 1..2: sum(x[b, ..]) != 50\n"
    started = time.monotonic()
    result = count(loads(text), "sat", timeout=1)
    assert time.monotonic() - started < 30
    assert result.count is None and result.timed_out and result.count_method == "components"


@pytest.mark.parametrize(("text", "parts"), [(QUEENS, None), (BOARDS, 12), (GIVENS, 2), (HIDDEN_PAIRS, 4),
                                             ("var x in 1..3\nvar y in 1..3\nx < y\n", None)])
def test_split_finds_the_independent_parts(text, parts):
    found = split(loads(text).problem)
    assert (found.parts if found is not None else None) == parts


# -- random models of independent blocks, against brute force ----------------------------------------


@st.composite
def blocks(draw: st.DrawFn, names: list[str]) -> list:
    """The constraints of one block over `names`: nested conditions, at times an all-different."""
    in_block = st.sampled_from(names)
    leaves = st.one_of(
        st.builds(Linear, st.lists(st.tuples(st.integers(-2, 2), in_block), max_size=3).map(tuple),
                  st.sampled_from(OPS), st.integers(-3, 4)),
        st.builds(InSet, in_block, st.lists(st.integers(-1, 1), min_size=1, max_size=2).map(tuple)),
    )
    constraints = draw(st.lists(nested_conditions(leaves), max_size=1))  # more would mostly contradict
    if len(names) > 1 and draw(st.booleans()):
        constraints.append(AllDifferent(tuple(draw(st.lists(in_block, min_size=2, max_size=3, unique=True)))))
    return constraints


@st.composite
def independent_problems(draw: st.DrawFn) -> Problem:
    """Two or three blocks of up to three variables that share no constraint, at times one block a
    renamed copy of the first (a class of two), some variables hidden."""
    problem, first = Problem(), None
    for b in range(draw(st.integers(2, 3))):
        size = draw(st.integers(1, 3))
        names = [f"b{b}v{i}" for i in range(size)]
        if first is not None and draw(st.integers(0, 2)):  # two blocks in three a copy of the first
            size, names = len(first[0]), [f"b{b}v{i}" for i in range(len(first[0]))]
            constraints = [renamed(c, lambda name, b=b: f"b{b}" + name[2:]) for c in first[1]]
            domains = first[2]
        else:
            domains = [tuple(range(draw(st.integers(-1, 0)), 2)) for _ in names]
            constraints = draw(blocks(names))
        for name, domain in zip(names, domains, strict=True):
            problem.add_var(name, domain)
        for c in constraints:
            problem.post(c)
        first = first or (names, constraints, domains)
    hidden = draw(st.lists(st.sampled_from(list(problem.variables)), max_size=2, unique=True))
    problem.outputs = [name for name in problem.outputs if name not in hidden]
    problem.projected = bool(hidden)
    return problem


@pytest.mark.parametrize("backend", EXACT)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(problem=independent_problems())
def test_random_independent_blocks_match_brute_force(backend, problem):
    model = Lowered(problem, Layout())
    result = count(model, backend)
    assert result.count == len(brute_force(problem))
    for solution in result.solutions:
        assert violated(problem, solution) == []
