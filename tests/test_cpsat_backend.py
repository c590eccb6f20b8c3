"""What is particular to the CP-SAT backend; the brute-force tests of every exact backend are in
test_exact_backends.py."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from brute import make_problem
from helpers import MODELS, ROOT

from cspdsl.backends import get_backend
from cspdsl.backends.cpsat import CpSatBackend
from cspdsl.check.problem import violated
from cspdsl.core.errors import CspdslError
from cspdsl.ir import AllDifferent, And, Connected, Count, InSet, Linear, Not, Or, Problem, Product, Regular, Table

BACKEND = CpSatBackend()
ABC = {"a": (1, 2, 3), "b": (1, 2, 3), "c": (0, 1, 2, 3)}


def lin(op: str, rhs: int) -> Linear:
    return Linear(((2, "a"), (-1, "b"), (1, "c")), op, rhs)


def test_equality_literals_are_shared() -> None:
    """x == v, written as InSet or as a one-variable Linear, costs one literal however often used."""
    once = BACKEND.compile(make_problem(ABC, Or((InSet("a", (2,)), InSet("b", (1,))))))
    again = BACKEND.compile(
        make_problem(
            ABC,
            Or((InSet("a", (2,)), InSet("b", (1,)))),
            Or((Linear(((1, "a"),), "==", 2), Not(InSet("b", (2, 3))))),
            Count((InSet("a", (2,)), InSet("b", (1,))), "==", 1),
        )
    )
    assert again.size["variables"] == once.size["variables"]


def test_registry_finds_the_backend() -> None:
    assert isinstance(get_backend("cpsat"), CpSatBackend)
    assert CpSatBackend.name == "cpsat"


def test_compiled_size_and_time() -> None:
    compiled = BACKEND.compile(make_problem(ABC, AllDifferent(("a", "b", "c")), lin("==", 2)))
    assert compiled.size["variables"] == 3
    assert compiled.size["constraints"] == 2
    assert compiled.compile_seconds >= 0


def test_statistics_of_a_first_solution() -> None:
    problem = make_problem(ABC, AllDifferent(("a", "b", "c")), Or((lin(">=", 4), InSet("c", (0,)))))
    outcome = BACKEND.solve(BACKEND.compile(problem), limit=1, timeout=10, seed=3)
    assert violated(problem, outcome.solutions[0]) == []
    assert outcome.stats["status"] in ("OPTIMAL", "FEASIBLE")
    assert set(outcome.stats) == {"wall_seconds", "branches", "conflicts", "status"}


def test_infeasible_status() -> None:
    problem = make_problem(ABC, AllDifferent(("a", "b", "c")), lin("<=", -5))
    assert BACKEND.solve(BACKEND.compile(problem), limit=None, timeout=None, seed=None).stats["status"] == "INFEASIBLE"


def test_workers_option() -> None:
    backend = get_backend("cpsat", {"workers": "4"})
    count = Count((InSet("a", (1,)), Not(InSet("b", (2,)))), "==", 1)
    problem = make_problem(ABC, AllDifferent(("a", "b", "c")), count)
    outcome = backend.solve(backend.compile(problem), limit=1, timeout=10, seed=None)
    assert violated(problem, outcome.solutions[0]) == []
    with pytest.raises(CspdslError, match="at least 1"):
        get_backend("cpsat", {"workers": "0"})
    with pytest.raises(CspdslError, match="not a valid int"):
        get_backend("cpsat", {"workers": "many"})
    with pytest.raises(CspdslError, match="has no option 'wokers'"):
        get_backend("cpsat", {"wokers": "2"})


def test_an_exact_cover_is_searched_by_the_first_cell_left() -> None:
    """The 1x3 board's cells come column by column (its longer side), each placement after the first
    cell it covers; a model with any other constraint keeps CP-SAT's own search."""
    from cspdsl.api import loads
    from cspdsl.backends.cover import cover_order

    problem = loads("pieces p = [monomino, domino]\nplace p on rectangle(1, 3)\n", "m.puz").problem
    assert cover_order(problem) == ["p[monomino,1,1,1]", "p[domino,1,1,1]", "p[monomino,1,2,1]",
                                    "p[domino,1,2,1]", "p[monomino,1,3,1]"]
    backend = get_backend("cpsat")
    outcome = backend.solve(backend.compile(problem), limit=None, timeout=None, seed=None)
    assert (len(outcome.solutions), outcome.complete) == (2, True)
    problem.post(Linear(((1, "p[domino,1,1,1]"),), "==", 0))
    assert cover_order(problem) is None


# Problems on every IR kind, top level and nested, for the protos below (the models cover the rest).
KIND_PROBLEMS = [
    make_problem(ABC, AllDifferent(("a", "b", "c")), Table(("a", "c"), ((1, 0), (3, 2)))),
    make_problem(ABC, Regular(("a", "c"), ((0, 1, 1), (1, 2, 2), (1, 0, 2)), 0, (2,)), Product("c", ("a", "b"))),
    make_problem(ABC, Connected((InSet("a", (1, 2)), InSet("b", (1,)), InSet("c", (0, 1))), ((0, 1), (1, 2)))),
    make_problem(ABC, Not(And((lin("!=", 3), InSet("c", (0, 3))))), Or((And(()), Or(()))), Or(())),
    make_problem({**ABC, "d": ()}, Count((InSet("a", (1,)), Not(lin(">=", 1)), InSet("c", (1, 2))), "<=", 1)),
]


def _proto_texts(problem: Problem) -> list[str]:
    """The CP-SAT model's proto as compiled, with its objective if any, and after a clause excludes a
    solution (`cpsat.projected.exclude`), as text."""
    from cspdsl.backends.cpsat.optimise import minimised_expression
    from cspdsl.backends.cpsat.projected import exclude

    native = BACKEND.compile(problem).native
    texts = [str(native.model.proto)]
    if problem.objective is not None:
        native.model.minimize(minimised_expression(native, problem.objective))
        texts.append(str(native.model.proto))
    copy = native.model.clone()
    exclude(copy, list(native.vars.values()), [0] * len(native.vars))
    return [*texts, str(copy.proto)]


@pytest.mark.parametrize("name", [*sorted(path.stem for path in MODELS.glob("*.puz")), *range(len(KIND_PROBLEMS))])
def test_the_model_is_the_one_or_tools_cp_model_builds(name: str | int, monkeypatch: pytest.MonkeyPatch) -> None:
    """`cpsat.cp_model` writes the proto itself, without `cp_model` (and its pandas and numpy): every model,
    and a problem on each kind, compiles to the very proto that OR-Tools' own `cp_model` builds."""
    from ortools.sat.python import cp_model as or_tools_cp_model

    from cspdsl.api import load
    from cspdsl.backends.cpsat import connected, projected, translate

    problem = KIND_PROBLEMS[name] if isinstance(name, int) else load(MODELS / f"{name}.puz").problem
    ours = _proto_texts(problem)
    for module in (translate, connected, projected):
        monkeypatch.setattr(module, "cp_model", or_tools_cp_model)
    assert ours == _proto_texts(problem)


def test_a_cpsat_run_imports_neither_numpy_nor_pandas() -> None:
    """Importing OR-Tools' `cp_model` takes 0.8 s, most of it pandas and numpy, which the backend does
    not use (docs/performance.md, Start-up): a cpsat run, solving and optimising, loads neither."""
    script = (
        "import sys\nfrom cspdsl import cli\n"
        "codes = [cli.main(['solve', 'models/golomb.puz', '--backend', 'cpsat', '-D', 'n=5']),"
        " cli.main(['solve', 'models/agatha.puz', '--backend', 'cpsat', '--all'])]\n"
        "print(codes, sorted({name.split('.')[0] for name in sys.modules} & {'numpy', 'pandas', 'ortools'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stdout.splitlines()[-1] == "[0, 0] ['ortools']"


def test_the_queens_diagonals_are_two_all_different_over_shifted_queens() -> None:
    """`abs(q[i] - q[j]) != j - i` for every pair is `q[i] + i` and `q[i] - i` all different
    (`passes.differences`): CP-SAT gets those two all-different constraints instead of 56 differences,
    and the 92 solutions of 8 queens are the same."""
    from cspdsl.api import loads

    text = "var q[1..8] in 1..8\nalldifferent(q)\nforall i in 1..8, j in i+1..8: abs(q[i] - q[j]) != j - i\n"
    problem = loads(text, "queens.puz").problem
    backend = get_backend("cpsat")
    compiled = backend.compile(problem)
    constraints = compiled.native.model.proto.constraints
    assert len(constraints) == 3 and all(c.has_all_diff() for c in constraints)
    outcome = backend.solve(compiled, limit=None, timeout=None, seed=None)
    assert (len(outcome.solutions), outcome.complete) == (92, True)
    assert all(violated(problem, solution) == [] for solution in outcome.solutions)
