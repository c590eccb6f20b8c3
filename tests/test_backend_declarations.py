"""What each registered backend declares (`CAPABILITIES`, `PASSES`) is stated in full and holds: a
capability the drivers read is checked here against what the backend does, backend by backend."""

from __future__ import annotations

import functools
import inspect

import pytest
from brute import make_problem
from helpers import MODELS

from cspdsl import solve
from cspdsl.api import load, loads
from cspdsl.backends import (
    DECLARED,
    REGISTRY,
    Capabilities,
    backend_class,
    declaration,
    exact_backends,
    get_backend,
)
from cspdsl.backends.base import run_passes
from cspdsl.backends.registry import factory as session_factory
from cspdsl.core.errors import CspdslError
from cspdsl.ir import Connected, InSet, Problem
from cspdsl.passes.narrow import narrow_domains
from cspdsl.passes.normal_form import normal_form

BACKENDS = sorted(REGISTRY)
PLAIN = MODELS / "lock.puz"
SEQUENTIAL = MODELS / "pegs.puz"
OBJECTIVE = "var x in 1..4\nvar y in 1..4\nx + y <= 5\nx != y\nmaximize 2*x + y\n"  # best: x=4, y=1: 9


def capabilities(name: str) -> Capabilities:
    return backend_class(name).CAPABILITIES  # type: ignore[no-any-return]


def connected_problem() -> Problem:
    """Three cells in a row, the chosen ones (a, c and one of b's values) connected."""
    return make_problem({"a": (0, 1), "b": (0, 1), "c": (0, 1)}, InSet("a", (1,)), InSet("c", (1,)),
                        Connected((InSet("a", (1,)), InSet("b", (1,)), InSet("c", (1,))), ((0, 1), (1, 2))))


@pytest.mark.parametrize("name", BACKENDS)
def test_every_backend_declares_its_capabilities_in_full(name: str) -> None:
    cls = backend_class(name)
    declared = cls.CAPABILITIES
    assert type(declared) is Capabilities
    assert all(type(getattr(declared, field)) is bool for field in Capabilities.__annotations__)
    assert not hasattr(cls, "exact")  # one place says it: the drivers read `CAPABILITIES.exact`


@pytest.mark.parametrize("name", BACKENDS)
def test_every_backend_class_is_what_the_registry_declares_of_it(name: str) -> None:
    """`cspdsl backends` and the `-O` checks read the declaration without importing the class: the
    class holds the same capabilities, options and summary (its docstring's first line)."""
    cls, declared = backend_class(name), DECLARED[name]
    assert (cls.__module__.startswith(declared.module), cls.__name__) == (True, declared.class_name)
    assert cls.__doc__.strip().splitlines()[0] == declared.summary
    assert (declared.capabilities, declared.options) == (cls.CAPABILITIES, cls.OPTIONS)
    assert cls.CAPABILITIES is declared.capabilities and cls.OPTIONS is declared.options


def test_a_backend_registered_alone_is_read_from_its_class(monkeypatch: pytest.MonkeyPatch) -> None:
    """A class put in `REGISTRY` with no declaration (as the tests' made-up backends are) is read from
    its own `CAPABILITIES`, `OPTIONS` and docstring; an unknown name is refused with the known ones."""
    monkeypatch.setitem(REGISTRY, "again", ("cspdsl.backends.search", "SearchBackend"))
    read, search = declaration("again"), backend_class("search")
    assert (read.summary, read.capabilities, read.options) == (
        search.__doc__.strip().splitlines()[0], search.CAPABILITIES, search.OPTIONS)
    with pytest.raises(CspdslError, match="unknown backend 'nope'") as refused:
        declaration("nope")
    assert "again" in (refused.value.hint or "")


@pytest.mark.parametrize("name", BACKENDS)
def test_every_declared_option_is_a_parameter_of_the_constructor(name: str) -> None:
    parameters = inspect.signature(backend_class(name).__init__).parameters
    assert set(DECLARED[name].options) == set(parameters) - {"self"}


def test_the_option_texts_name_the_backends_own_defaults() -> None:
    """The defaults that sat's and search's option texts state are the ones their modules hold."""
    from cspdsl.backends.sat.encoder import DIRECT_LITERALS_MAX, MAX_CLAUSES
    from cspdsl.backends.sat.engines import DEFAULT_ENGINE, ENGINE_NAMES
    from cspdsl.backends.search import DEFAULT_MAX_STATES

    sat = {option: text for option, (_, text) in DECLARED["sat"].options.items()}
    assert sat["solver"].startswith(f"the SAT engine: {', '.join(ENGINE_NAMES)} (default {DEFAULT_ENGINE};")
    assert sat["max_values"].endswith(f"(default {DIRECT_LITERALS_MAX:,})")
    assert sat["max_clauses"].endswith(f"(default {MAX_CLAUSES:,})")
    assert DECLARED["search"].options["max_states"][1].endswith(f"(default {DEFAULT_MAX_STATES})")


@pytest.mark.parametrize("name", BACKENDS)
def test_the_declared_methods_are_there(name: str) -> None:
    """optimises and plans are the methods `optimise` and `plans`; incremental, the sessions the class
    names in `SESSIONS`, each of which opens (its function imports)."""
    cls, declared = backend_class(name), capabilities(name)
    assert (callable(getattr(cls, "optimise", None)), callable(getattr(cls, "plans", None)),
            bool(cls.SESSIONS)) == (declared.optimises, declared.plans, declared.incremental)
    for kind in cls.SESSIONS:
        assert kind in ("clues", "batch", "bounds") and callable(session_factory(name, kind))


@pytest.mark.parametrize("name", [name for name in BACKENDS if not capabilities(name).exact])
def test_a_backend_declared_not_exact_refuses_to_enumerate(name: str) -> None:
    with pytest.raises(CspdslError, match="cannot find all"):
        solve(load(PLAIN), name, limit=None)


@pytest.mark.parametrize("name", [name for name in BACKENDS if capabilities(name).exact
                                  and not capabilities(name).sequential_only])
def test_a_backend_declared_exact_enumerates_and_proves(name: str) -> None:
    result = solve(loads("var x in 1..3\nvar y in 1..3\nx < y\n", "m.puz"), name, limit=None)
    assert (result.status, result.complete) == ("solved", True)
    assert sorted((s["x"], s["y"]) for s in result.solutions) == [(1, 2), (1, 3), (2, 3)]
    assert solve(loads("var x in 1..2\nx > 2\n", "m.puz"), name).status == "unsatisfiable"


@pytest.mark.parametrize("name", [name for name in BACKENDS if not capabilities(name).sequential_only])
def test_every_kind_is_declared_as_the_backend_takes_connected_areas(name: str) -> None:
    backend = get_backend(name)
    if capabilities(name).every_kind:
        backend.compile(connected_problem())
    else:
        with pytest.raises(CspdslError, match="connected"):
            backend.compile(connected_problem())


@pytest.mark.parametrize("name", BACKENDS)
def test_sequential_only_is_declared_as_the_backend_takes_a_plain_model(name: str) -> None:
    backend, plain = get_backend(name), load(PLAIN).problem
    if capabilities(name).sequential_only:
        with pytest.raises(CspdslError, match="no moves"):
            backend.compile(plain)
        backend.compile(load(SEQUENTIAL).problem)
    else:
        assert backend.compile(plain).problem is plain


@pytest.mark.parametrize("name", [name for name in BACKENDS if capabilities(name).optimises])
def test_a_backend_declared_to_optimise_finds_the_best(name: str) -> None:
    backend = get_backend(name)
    outcome = backend.optimise(backend.compile(loads(OBJECTIVE, "m.puz").problem), timeout=30, seed=1)
    assert (outcome.objective, outcome.solutions[-1]) == (9, {"x": 4, "y": 1})


def test_the_exact_backends_are_those_declared_so() -> None:
    assert exact_backends() == [name for name in BACKENDS if capabilities(name).exact and
                                capabilities(name).every_kind and not capabilities(name).sequential_only]
    assert set(exact_backends(partial=True)) - set(exact_backends()) == {
        name for name in BACKENDS if capabilities(name).exact and not capabilities(name).every_kind}


@pytest.mark.parametrize("name", BACKENDS)
def test_every_backend_declares_its_passes_from_cspdsl_passes(name: str) -> None:
    passes = backend_class(name).PASSES
    assert type(passes) is tuple
    for declared in passes:
        function = declared.func if isinstance(declared, functools.partial) else declared
        assert inspect.isfunction(function) and function.__module__.startswith("cspdsl.passes."), declared


def test_the_passes_run_in_order_and_stop_at_infeasible() -> None:
    problem = loads("var x in 1..3\nvar y in 1..3\nx <= 2\nx + y == 7\n", "m.puz").problem
    narrowed, infeasible = run_passes(problem, (narrow_domains,))
    assert (narrowed.variables["x"].domain, infeasible) == ((1, 2), False)
    calls: list[Problem] = []
    _, infeasible = run_passes(problem, (narrow_domains, normal_form, calls.append))  # type: ignore[arg-type]
    assert (infeasible, calls) == (True, [])
    assert run_passes(problem, ()) == (problem, False)
