"""The shared passes against the independent checker (`cspdsl.check.problem`) on random nested constraints:
the two-valued evaluator agrees with it, the three-valued one is never wrong, `negated` is the
complement, and `normal_form` keeps the solution set (brute force on small domains).

Hypothesis runs derandomized, so a failure reproduces.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from brute import brute_force, make_problem, nested_conditions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cspdsl.check.problem import holds as check_holds
from cspdsl.ir import AllDifferent, And, Constraint, Count, InSet, Linear, Not, Or, Problem, Table
from cspdsl.passes.decompose import negated
from cspdsl.passes.evaluate import holds, partial_truth, truth
from cspdsl.passes.normal_form import normal_constraint, normal_form

OPS = ["==", "!=", "<=", ">="]
UNSET: Any = object()
EXAMPLES = settings(max_examples=100, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
Domains = dict[str, tuple[int, ...]]


@st.composite
def domains(draw: st.DrawFn) -> Domains:
    """Two to four variables, each with one to three values in -2..3."""
    n = draw(st.integers(2, 4))
    value_sets = st.lists(st.integers(-2, 3), min_size=1, max_size=3, unique=True)
    return {f"v{i}": tuple(sorted(draw(value_sets))) for i in range(n)}


def conditions(d: Domains, table: bool = True) -> st.SearchStrategy[Constraint]:
    """Nested conditions over the variables of `d` (Table among the leaves when `table`)."""
    names = st.sampled_from(sorted(d))
    linear = st.builds(
        Linear,
        st.lists(st.tuples(st.integers(-2, 2), names), max_size=3).map(tuple),
        st.sampled_from(OPS),
        st.integers(-5, 5),
    )
    in_set = st.builds(InSet, names, st.lists(st.integers(-2, 3), max_size=3).map(tuple))
    leaves = [linear, in_set, _tables(d)] if table else [linear, in_set]

    return nested_conditions(st.one_of(*leaves))


def _tables(d: Domains) -> st.SearchStrategy[Constraint]:
    names = sorted(d)
    return st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True).flatmap(
        lambda vs: st.builds(
            Table,
            st.just(tuple(vs)),
            st.lists(st.tuples(*(st.sampled_from(d[v]) for v in vs)), max_size=3).map(tuple),
        )
    )


@st.composite
def cases(draw: st.DrawFn, table: bool = True) -> tuple[Domains, Constraint]:
    d = draw(domains())
    return d, draw(conditions(d, table))


def assignments(d: Domains) -> list[dict[str, int]]:
    names = sorted(d)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*(d[n] for n in names))]


# -- the two-valued evaluator ---------------------------------------------------------------------


@EXAMPLES
@given(cases())
def test_truth_agrees_with_the_checker(case: tuple[Domains, Constraint]) -> None:
    d, c = case
    index = {name: i for i, name in enumerate(sorted(d))}
    test = truth(c, index)
    for a in assignments(d):
        expected = check_holds(c, a)
        assert test([a[name] for name in sorted(d)]) == expected
        assert holds(c, a) == expected


def test_truth_of_all_different() -> None:
    test = truth(AllDifferent(("x", "y", "z")), {"x": 0, "y": 1, "z": 2})
    assert test([1, 2, 3]) and not test([1, 2, 1])


# -- the three-valued evaluator -------------------------------------------------------------------


@EXAMPLES
@given(cases(), st.data())
def test_partial_truth_is_never_wrong(case: tuple[Domains, Constraint], data: st.DataObject) -> None:
    """A decided answer on a partial assignment holds for every completion; a full one is always decided."""
    d, c = case
    names = sorted(d)
    index = {name: i for i, name in enumerate(names)}
    evaluate = partial_truth(c, index, d, UNSET)
    assigned = data.draw(st.lists(st.sampled_from(names), unique=True))
    for a in assignments(d):
        full = evaluate([a[name] for name in names])
        assert full == check_holds(c, a)
        answer = evaluate([a[name] if name in assigned else UNSET for name in names])
        if answer is not None:
            completions = [b for b in assignments(d) if all(b[n] == a[n] for n in assigned)]
            assert all(check_holds(c, b) == answer for b in completions)


# -- negation and normal form ---------------------------------------------------------------------


@EXAMPLES
@given(cases(table=False))
def test_negated_holds_exactly_when_the_constraint_fails(case: tuple[Domains, Constraint]) -> None:
    d, c = case
    opposite = negated(c, d)
    for a in assignments(d):
        assert check_holds(opposite, a) != check_holds(c, a)


@pytest.mark.parametrize("c", [AllDifferent(("a", "b")), Table(("a",), ((1,),))], ids=str)
def test_negating_a_global_constraint_is_a_bug(c: Constraint) -> None:
    with pytest.raises(ValueError, match="internal: nested"):
        negated(c, {"a": (1, 2), "b": (1, 2)})


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    """One to three top-level conditions, sometimes an AllDifferent and a Table, some in a top-level And."""
    d = draw(domains())
    posted = draw(st.lists(conditions(d, table=False), min_size=1, max_size=3))
    names = st.lists(st.sampled_from(sorted(d)), min_size=2, max_size=3, unique=True)
    if draw(st.booleans()):
        posted.append(AllDifferent(tuple(draw(names))))
    if draw(st.booleans()):
        posted.append(draw(_tables(d)))
    if len(posted) > 1 and draw(st.booleans()):
        posted = [And(tuple(posted[:2])), *posted[2:]]
    return make_problem(d, *posted)


def _has_not(c: Constraint) -> bool:
    if isinstance(c, Not):
        return True
    return isinstance(c, (And, Or, Count)) and any(_has_not(sub) for sub in c.conds)


@EXAMPLES
@given(problems())
def test_normal_form_keeps_the_solutions(problem: Problem) -> None:
    normal, infeasible = normal_form(problem)
    expected = brute_force(problem)
    if infeasible:
        assert expected == set()
        return
    assert normal.outputs == problem.outputs
    assert brute_force(normal) == expected
    assert not any(_has_not(posted.constraint) for posted in normal.constraints)


@EXAMPLES
@given(cases(table=False))
def test_normal_constraint_is_equivalent_on_the_domains(case: tuple[Domains, Constraint]) -> None:
    d, c = case
    normal = normal_constraint(c, d)
    assert not _has_not(normal)
    for a in assignments(d):
        assert check_holds(normal, a) == check_holds(c, a)


ABC: Domains = {"a": (1, 2, 3), "b": (1, 2, 3), "c": (0, 1)}


@pytest.mark.parametrize(
    ("c", "expected"),
    [
        (
            Or((And((InSet("a", (1, 2)), InSet("a", (2, 3)))), InSet("c", (1,)))),
            Or((InSet("a", (2,)), InSet("c", (1,)))),
        ),
        (
            And((Or((InSet("a", (1,)), InSet("a", (2,)))), Linear(((1, "a"), (1, "b")), "==", 4))),
            And((InSet("a", (1, 2)), Linear(((1, "a"), (1, "b")), "==", 4))),
        ),
        (Not(Or((InSet("b", (1,)), Not(InSet("b", (1, 2)))))), InSet("b", (2,))),
        (Or((InSet("a", (1, 2)), InSet("a", (3,)))), And(())),
        (Count((InSet("a", (5,)), InSet("b", (1,))), "==", 1), InSet("b", (1,))),
    ],
    ids=str,
)
def test_normal_constraint_merges_sets_and_folds(c: Constraint, expected: Constraint) -> None:
    normal = normal_constraint(c, ABC)
    assert normal == expected
    for a in assignments(ABC):
        assert check_holds(normal, a) == check_holds(c, a)
