"""`cspdsl compare`: the same model on several backends, one table, and agreement enforced."""

from __future__ import annotations

import json
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import MODELS, run_cli

from cspdsl import cli
from cspdsl import compare as compare_module
from cspdsl.api import load
from cspdsl.backends import REGISTRY, Capabilities, Compiled, Outcome, exact_backends
from cspdsl.compare import Row, Run, compare_backends, table_rows
from cspdsl.compare.chart import chart_of, decades, svg_chart, tick_label

QUEENS = """
param n = 8
var q[1..n] in 1..n
alldifferent(q)
forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i
"""


def test_table_of_first_solutions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the whole table on one line a row
    result = run_cli("compare", "models/einstein.puz", "--backends", "sat,cpsat", "--repeat", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Einstein's riddle: first solution, median of 2 runs, shortest–longest under it"
    for header in ("backend", "status", "solutions", "compile", "first solution", "all solutions", "size", "agrees"):
        assert header in lines[2]
    sat = next(line for line in lines if line.startswith("│ sat "))
    assert "solved" in sat and "clauses" in sat and sat.rstrip("│ ").endswith("yes")
    assert any(line.startswith("│ cpsat ") and "constraints" in line for line in lines)


def test_all_solutions_agree_as_sets() -> None:
    rows = compare_backends(load(MODELS / "lock.puz"), ["cpsat", "sat"], all_solutions=True, repeat=1, timeout=60)
    assert [(row.backend, row.status, row.solutions, row.agrees) for row in rows] == [
        ("cpsat", "solved", 3, True),
        ("sat", "solved", 3, True),
    ]
    assert rows[0].runs[0].solution_set == rows[1].runs[0].solution_set
    assert all(row.median("all_seconds") is not None for row in rows)


def test_a_projected_model_agrees_on_its_shown_variables() -> None:
    """Who killed Agatha: one solution on the killer everywhere, though its hidden relations differ."""
    rows = compare_backends(load(MODELS / "agatha.puz"), exact_backends(), all_solutions=True, repeat=1, timeout=60)
    assert [(row.status, row.solutions, row.agrees) for row in rows] == [("solved", 1, True)] * len(rows)
    assert {row.runs[0].solution_set for row in rows} == {frozenset({(1,)})}


def test_unsatisfiable_models_agree() -> None:
    result = run_cli("compare", "-", "-D", "n=3", "--backends", "cpsat,sat", "--json", stdin=QUEENS)
    data = json.loads(result.stdout)
    assert [(b["backend"], b["status"], b["agrees"]) for b in data["backends"]] == [
        ("cpsat", "unsatisfiable", True),
        ("sat", "unsatisfiable", True),
    ]


def test_json_figures() -> None:
    result = run_cli("compare", "models/lock.puz", "--backends", "sat,cpsat", "--all", "--repeat", "3", "--json")
    data = json.loads(result.stdout)
    assert data["all"] is True and data["repeat"] == 3
    sat = data["backends"][0]
    assert sat["backend"] == "sat" and sat["solutions"] == 3 and sat["repeats"] == 3
    assert set(sat["size"]) == {"variables", "clauses", "literals"}
    assert sat["first_solution_seconds"] > 0 and sat["all_solutions_seconds"] > 0


def test_a_time_limit_shows_in_the_table_and_the_rest_still_report(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the whole table on one line a row
    # 4 s for the whole comparison, start-up included: each backend's share finds solutions of the
    # 365,596 and lists far from all of them.
    result = run_cli("compare", "-", "-D", "n=14", "--backends", "sat,cpsat", "--all", "--timeout", "4",
                     stdin=QUEENS)
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if line.startswith("│ ")]
    assert len(rows) == 2
    assert all("timeout" in row for row in rows)


def test_svg_chart(tmp_path: object) -> None:
    path = f"{tmp_path}/times.svg"
    result = run_cli("compare", "models/einstein.puz", "--backends", "sat,cpsat", "--plot", path)
    assert result.returncode == 0 and f"wrote {path}" in result.stderr
    root = ET.parse(path).getroot()
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "sat" in texts and "cpsat" in texts
    assert len(list(root.iter("{http://www.w3.org/2000/svg}circle"))) >= 4
    assert "seconds from the compile's start, log scale (1 run)" in texts


def test_a_chart_that_cannot_be_written_is_a_clear_error(tmp_path: object) -> None:
    path = f"{tmp_path}/times.svg"
    os.mkdir(path)  # a folder where the chart would go
    result = run_cli("compare", "models/lock.puz", "--backends", "sat", "--plot", path)
    assert (result.returncode, result.stderr.splitlines()[-1]) == (2, f"error: cannot write '{path}': Is a directory")


def test_svg_chart_of_no_time_at_all() -> None:
    rows = [Row("a", True, [Run("solved", 1, 0.0, 0.0, None)], agrees=True)]
    ET.fromstring(svg_chart(chart_of(rows, "<&>", all_solutions=False)))


SVG = "{http://www.w3.org/2000/svg}"
THREE = frozenset({(1,), (2,), (3,)})


def _row(backend: str, exact: bool, status: str, times: tuple[float | None, ...], agrees: bool | None,
         solutions: frozenset[tuple[int, ...]] | None = None, found: int = 1) -> Row:
    """A backend's row with made-up medians, so that the chart's tests do not depend on the machine."""
    compile_, first, every = times
    count = len(solutions) if solutions is not None else found
    return Row(backend, exact, [Run(status, count, compile_, first, every, solutions)], agrees=agrees)


# (what, rows, --all, texts the chart must show)
CHARTS = [
    ("a local search has no all-solutions time: n/a, and 32.6 s and 62 ms both on a log axis",
     [_row("sat", True, "solved", (0.002, 0.005, 0.062), True, THREE),
      _row("genetic", False, "solved", (0.0006, 32.6, None), True)],
     True,
     ["100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s", "100 s",
      "seconds from the compile's start, log scale (1 run)", "n/a", "n/a: does not apply", "62.0 ms", "32.60 s",
      "3 solutions, agrees: yes", "1 found, agrees: yes",
      "the backends agree: 3 solutions"]),
    ("a disagreement is on the chart",
     [_row("sat", True, "solved", (0.001, 0.002, 0.003), True, THREE),
      _row("lossy", True, "solved", (0.001, 0.002, 0.003), False, frozenset({(1,)}))],
     True,
     ["1 solution, agrees: NO", "the backends disagree (lossy against the others)"]),
    ("an unsatisfiable model: no bar for a solution that is not there",
     [_row("sat", True, "unsatisfiable", (0.001, None, None), True, found=0),
      _row("cpsat", True, "unsatisfiable", (0.004, None, None), True, found=0)],
     False,
     ["unsatisfiable", "no solution, agrees: yes", "the backends agree: no solution"]),
    ("first solutions only: no all-solutions bars, a count only of what was found",
     [_row("sat", True, "solved", (0.001, 0.002, None), True),
      _row("csp", True, "timeout", (0.001, None, None), None, found=0)],
     False,
     ["1 found, agrees: yes", "timeout, 0 found, agrees: -", "timeout", "the backends agree: there is a solution"]),
]


@pytest.mark.parametrize("rows, all_solutions, expected", [case[1:] for case in CHARTS],
                         ids=[case[0] for case in CHARTS])
def test_the_chart_shows(rows: list[Row], all_solutions: bool, expected: list[str]) -> None:
    root = ET.fromstring(svg_chart(chart_of(rows, "The lock", all_solutions=all_solutions)))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert [text for text in expected if text not in texts] == []
    assert list(root.iter(f"{SVG}rect")) == []  # dots on the log axis, no bars from an arbitrary origin
    dots = [dot for dot in root.iter(f"{SVG}circle") if dot.find(f"{SVG}title") is not None]
    legend = [dot for dot in root.iter(f"{SVG}circle") if dot.find(f"{SVG}title") is None]
    ticks = [float(tick.get("x1", "0")) for tick in root.iter(f"{SVG}line") if tick.get("stroke") == "#ddd"]
    assert all(min(ticks) <= float(dot.get("cx", "0")) <= max(ticks) for dot in dots)  # every time on the axis
    assert max(float(d.get("cy", "0")) + 5 for d in legend) < min(float(d.get("cy", "0")) - 5 for d in dots)
    titles = " ".join(title.text or "" for title in root.iter(f"{SVG}title"))
    assert ("all solutions" in titles) == all_solutions


def test_the_chart_of_an_optimisation_says_proved_in_and_all_optimal() -> None:
    rows = [_row("sat", True, "optimal", (0.001, 0.02, 0.03), True, THREE)]
    root = ET.fromstring(svg_chart(chart_of(rows, "The lock", all_solutions=True, objective=True)))
    titles = " ".join(title.text or "" for title in root.iter(f"{SVG}title"))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "proved in" in texts and "all optimal" in texts
    assert "first solution" not in titles + " ".join(t or "" for t in texts) and "all solutions" not in titles


@pytest.mark.parametrize("times, axis", [
    ([0.0006, 32.6], (-4, 2)),
    ([0.001, 0.062], (-3, -1)),  # a dot may sit on a tick: 1 ms on the axis's first
    ([1.0], (0, 1)),
    ([], (-3, 0)),
])
def test_the_log_axis_spans_every_time(times: list[float], axis: tuple[int, int]) -> None:
    assert decades(times) == axis


@pytest.mark.parametrize("exponent, label", [
    (-6, "1 µs"), (-4, "100 µs"), (-3, "1 ms"), (-1, "100 ms"), (0, "1 s"), (2, "100 s"),
])
def test_tick_labels(exponent: int, label: str) -> None:
    assert tick_label(exponent) == label


def test_by_default_the_exact_backends_run() -> None:
    result = run_cli("compare", "models/lock.puz", "--json")
    assert [b["backend"] for b in json.loads(result.stdout)["backends"]] == ["cpsat", "csp", "sat"]
    assert exact_backends() == ["cpsat", "csp", "sat"]
    help_text = " ".join(run_cli("compare", "--help").stdout.split())
    assert "default: the exact ones, sat, cpsat and csp; the local searches anneal and genetic run only" in help_text


def test_a_png_without_matplotlib_is_refused_before_any_search(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the comparison ran")

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` fails
    monkeypatch.setattr(compare_module, "compare_backends", no_search)
    code = cli.main(["compare", "models/lock.puz", "--plot", f"{tmp_path}/times.png"])
    assert (code, capsys.readouterr().err.splitlines()) == (2, [
        "error: --plot with a .png file needs matplotlib",
        "hint: pip install 'cspdsl[plot]' (matplotlib), or write an .svg chart",
    ])
    assert not os.path.exists(f"{tmp_path}/times.png")


def test_a_png_chart(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    pytest.importorskip("matplotlib")
    path = f"{tmp_path}/times.png"
    code = cli.main(["compare", "models/lock.puz", "--backends", "sat,anneal", "--all", "--seed", "2", "--plot", path])
    assert (code, capsys.readouterr().err.splitlines()[-1]) == (0, f"wrote {path}")
    with open(path, "rb") as chart:
        assert chart.read(8) == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, message", [
    (["--backends", "sat,nope"], "unknown backend 'nope'"),
    (["--backends", "sat", "--repeat", "0"], "must be at least 1"),
    (["--backends", "sat", "--plot", "chart.txt"], "the chart is written as .svg or .png"),
])
def test_bad_arguments_exit_2(args: list[str], message: str) -> None:
    result = run_cli("compare", "models/lock.puz", *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


class WrongCountBackend:
    """A backend with a bug that the checker cannot see: it loses a solution."""

    name = "lossy"
    exact = True
    CAPABILITIES = Capabilities(exact=True, optimises=True, plans=False, sequential_only=False, every_kind=True,
                                acyclic=False, incremental=False, forks=False)
    OPTIONS: dict[str, tuple[type, str]] = {}  # noqa: RUF012

    def compile(self, problem):
        from cspdsl.backends.cpsat import CpSatBackend

        return CpSatBackend().compile(problem)

    def solve(self, compiled: Compiled, *, limit, timeout, seed, on_solution=None) -> Outcome:
        from cspdsl.backends.cpsat import CpSatBackend

        outcome = CpSatBackend().solve(compiled, limit=limit, timeout=timeout, seed=seed)
        return Outcome(outcome.solutions[:1], outcome.complete, outcome.timed_out, outcome.stats)


def test_a_disagreement_is_reported_as_a_bug(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(REGISTRY, "lossy", ("test_compare", "WrongCountBackend"))
    code = cli.main(["compare", "models/lock.puz", "--backends", "cpsat,sat,lossy", "--all"])
    err = capsys.readouterr().err
    assert code == 4
    assert "the backends disagree (lossy against the others)" in err
    cells = table_rows(compare_backends(load(MODELS / "lock.puz"), ["cpsat", "lossy"], all_solutions=True, repeat=1,
                               timeout=None))
    assert cells[1][2] == "1"


def test_a_local_search_agrees_when_its_find_is_one_of_the_solutions() -> None:
    rows = compare_backends(
        load(MODELS / "lock.puz"), ["sat", "anneal"], all_solutions=True, repeat=1, timeout=30, seed=2
    )
    assert [(row.backend, row.status, row.agrees) for row in rows] == [
        ("sat", "solved", True),
        ("anneal", "solved", True),
    ]
    assert rows[1].runs[0].found <= rows[0].runs[0].solution_set
    assert rows[1].median("all_seconds") is None


class WorstOptimumBackend(WrongCountBackend):
    """Claims the worst solution optimal: a bug that compare must report as a disagreement."""

    def optimise(self, compiled: Compiled, *, timeout, seed, on_solution=None) -> Outcome:
        from cspdsl.backends.cpsat import CpSatBackend
        from cspdsl.check.problem import objective_value

        every = CpSatBackend().solve(compiled, limit=None, timeout=timeout, seed=seed).solutions
        worst = min(every, key=lambda s: objective_value(compiled.problem.objective, s))
        return Outcome([worst], True)


def test_the_optimum_and_its_proof_per_backend(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the whole table on one line a row
    assert cli.main(["compare", "models/lockmax.puz", "--backends", "cpsat,sat,csp"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The largest code the lock allows: optimum, 1 run\n")
    header = [cell.strip() for cell in out.splitlines()[2].split("┃")[1:-1]]
    assert header == ["backend", "status", "optimum", "solutions", "compile", "proved in", "all optimal", "size",
                      "agrees"]
    assert [line.split("│")[3].strip() for line in out.splitlines()[4:7]] == ["780"] * 3
    rows = compare_backends(load(MODELS / "coins.puz"), exact_backends(), all_solutions=True, repeat=1, timeout=60)
    assert {(row.status, row.runs[0].objective, row.solutions, row.agrees) for row in rows} == {("optimal", 3, 1, True)}
    assert all(row.as_json()["objective"] == 3 for row in rows)


def test_two_optima_are_a_disagreement(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(REGISTRY, "worst", ("test_compare", "WorstOptimumBackend"))
    code = cli.main(["compare", "models/lockmax.puz", "--backends", "cpsat,sat,worst"])
    assert code == 4
    assert "the backends disagree (worst against the others)" in capsys.readouterr().err


def test_a_lexicographic_optimum_is_compared_as_a_list() -> None:
    rows = compare_backends(load(MODELS / "till.puz"), exact_backends(), all_solutions=True, repeat=1, timeout=60)
    assert [(row.status, row.runs[0].objective, row.solutions, row.agrees) for row in rows] == [
        ("optimal", [4, 0], 1, True)] * len(rows)
    assert all(row.as_json()["objective"] == [4, 0] for row in rows)


def test_two_lexicographic_optima_are_a_disagreement(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(REGISTRY, "worst", ("test_compare", "WorstOptimumBackend"))
    path = tmp_path / "lex.puz"
    path.write_text("var x[1..2] in 0..2\nmaximize [x[1], x[2]]\n")
    rows = compare_backends(load(path), ["cpsat", "sat", "worst"], all_solutions=False, repeat=1, timeout=60)
    assert [(row.backend, row.runs[0].objective, row.agrees) for row in rows] == [
        ("cpsat", [2, 2], True), ("sat", [2, 2], True), ("worst", [0, 0], False)]
    assert cli.main(["compare", str(path), "--backends", "cpsat,sat,worst"]) == 4
    assert "the backends disagree (worst against the others)" in capsys.readouterr().err
