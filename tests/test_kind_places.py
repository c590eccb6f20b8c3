"""Every place a constraint kind must be handled knows every kind in `KINDS`, one test a (kind, place).

The dispatch tables built with `ir.by_kind` already refuse, at import, to be built without a kind; the
places below are those an import does not prove: the kind's traits, the independent checker and its
fast path evaluating it, the backends' own evaluators agreeing with the checker on it, and each exact
backend translating it (natively, or by the default decomposition it inherits from
`backends/base.py`'s Translator) to exactly the checker's solutions, at the top level and, for a
condition, inside Or, Not and Count. A failure names the kind and the place that lacks it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from brute import brute_force, make_problem, solve_all
from test_ir_kinds import DOMAINS, SAMPLES, _translators

from cspdsl.backends import exact_backends, get_backend
from cspdsl.backends.search.space import Source
from cspdsl.check.fast import all_hold_function
from cspdsl.check.problem import holds
from cspdsl.core.record import Record
from cspdsl.ir import DISPATCH_TABLES, FALSE, KINDS, Constraint, Count, InSet, Not, Or
from cspdsl.ir.kinds import undeclared_traits
from cspdsl.passes.evaluate import partial_truth, truth

NAMES = list(DOMAINS)
ASSIGNMENTS = [dict(zip(NAMES, values, strict=True)) for values in itertools.product(*DOMAINS.values())]
INDEX = {name: i for i, name in enumerate(NAMES)}


def _forms(kind: type, sample: Constraint) -> list[Constraint]:
    """The sample where the IR lets it stand: at the top level, and inside conditions unless it is a
    global (`TOP_LEVEL_ONLY`)."""
    if getattr(kind, "TOP_LEVEL_ONLY", True):
        return [sample]
    return [sample, Or((sample, FALSE)), Not(sample), Count((sample, InSet("a", (3,))), "==", 1)]


def _traits(kind: type, sample: Constraint) -> list[str]:
    return [f"no {trait} declared on its class (ir/kinds.py)" for trait in undeclared_traits(kind)]


def _dispatch_tables(kind: type, sample: Constraint) -> list[str]:
    problem = make_problem(DOMAINS)
    for cls in _translators():  # each translator's post and reify tables are built with its first one
        cls(problem)  # type: ignore[arg-type]
    return [f"no case in the by_kind table {where!r}" for where, table in DISPATCH_TABLES.items() if kind not in table]


def _checker(kind: type, sample: Constraint) -> list[str]:
    """check/problem.py evaluates it, and the sample tells solutions from non-solutions."""
    truths = {holds(sample, a) for a in ASSIGNMENTS}
    if truths == {True, False}:
        return []
    return [f"the sample is {truths.pop()} on every assignment (tests/test_ir_kinds.py)"]


def _fast_checker(kind: type, sample: Constraint) -> list[str]:
    """check/fast.py writes a test for it that agrees with the checker."""
    missing = []
    for form in _forms(kind, sample):
        test = all_hold_function(make_problem(DOMAINS, form))
        if test is None:
            missing.append(f"no function written for {form}")
        elif any(test(a) != holds(form, a) for a in ASSIGNMENTS):
            missing.append(f"its function disagrees with the checker on {form}")
    return missing


def _evaluators(kind: type, sample: Constraint) -> list[str]:
    """passes/evaluate.py (truth and partial_truth) and the search backend's source agree with the checker."""
    missing = []
    for form in _forms(kind, sample):
        source = Source(INDEX)
        text = source.of(form)
        test = eval(f"lambda s: {text}", dict(source.constants))  # the text the search backend compiles
        partial = partial_truth(form, INDEX, DOMAINS, object())
        full = truth(form, INDEX)
        for a in ASSIGNMENTS:
            values, expected = [a[name] for name in NAMES], holds(form, a)
            for where, got in (("passes/evaluate.py truth", full(values)),
                               ("passes/evaluate.py partial_truth", partial(values)),
                               ("backends/search/space.py Source", test(values))):
                if got != expected:
                    missing.append(f"{where} says {got} on {a} for {form}")
    return missing[:3]


def _backend(name: str) -> Callable[[type, Constraint], list[str]]:
    def translated(kind: type, sample: Constraint) -> list[str]:
        """The backend translates each form, natively or by a default decomposition, to the checker's solutions."""
        engine, missing = get_backend(name), []
        for form in _forms(kind, sample):
            problem = make_problem(DOMAINS, form)
            try:
                outcome = solve_all(engine, problem)
            except Exception as error:  # the place that fails is what the test reports
                missing.append(f"{type(error).__name__}: {error} (for {form})")
                continue
            found = sorted(problem.project(s) for s in outcome.solutions)
            if found != sorted(brute_force(problem)) or not outcome.complete:
                missing.append(f"{len(found)} solutions (complete: {outcome.complete}), not the checker's "
                               f"{len(brute_force(problem))} (for {form})")
        return missing

    return translated


PLACES: dict[str, Callable[[type, Constraint], list[str]]] = {
    "the kind's traits": _traits,
    "the dispatch tables": _dispatch_tables,
    "the checker (check/problem.py)": _checker,
    "the fast checker (check/fast.py)": _fast_checker,
    "the backends' evaluators": _evaluators,
    **{f"the exact backend {name!r}": _backend(name) for name in exact_backends()},
}


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_every_place_knows_every_kind(kind: type, place: str) -> None:
    assert kind in SAMPLES, f"kind {kind.__name__}: no sample in SAMPLES (tests/test_ir_kinds.py)"
    missing = _lacks(place, kind, SAMPLES[kind])
    assert not missing, f"kind {kind.__name__}: {place} lacks it: " + "; ".join(missing)


def _lacks(place: str, kind: type, sample: Constraint) -> list[str]:
    """What the place lacks for the kind; an error it raises (a lookup naming its table) is reported."""
    try:
        return PLACES[place](kind, sample)
    except Exception as error:  # the place that fails is what the test reports
        return [f"{type(error).__name__}: {error}"]


class Element(Record):
    """A kind that no place knows: each place must say so."""

    vars: tuple[str, ...]


@pytest.mark.parametrize("place", PLACES)
def test_a_kind_no_place_knows_fails_at_every_place(place: str) -> None:
    missing = _lacks(place, Element, Element(("a", "b")))  # type: ignore[arg-type]
    assert missing, f"{place} lets an unknown kind through"
