"""`cspdsl compare`: the same model on several backends, one table, and agreement enforced."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET

import pytest
from helpers import MODELS, run_cli

from cspdsl import cli
from cspdsl.api import load
from cspdsl.backends import REGISTRY, Compiled, Outcome
from cspdsl.compare import compare_backends, svg_chart, table_rows

QUEENS = """
param n = 8
var q[1..n] in 1..n
alldifferent(q)
forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i
"""


def test_table_of_first_solutions() -> None:
    result = run_cli("compare", "models/einstein.puz", "--backends", "sat,cpsat", "--repeat", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Einstein's riddle: first solution, median of 2"
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


def test_a_time_limit_shows_in_the_table_and_the_rest_still_report() -> None:
    result = run_cli("compare", "-", "-D", "n=14", "--backends", "sat,cpsat", "--all", "--timeout", "0.3",
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
    assert len(list(root.iter("{http://www.w3.org/2000/svg}rect"))) >= 4


def test_a_chart_that_cannot_be_written_is_a_clear_error(tmp_path: object) -> None:
    path = f"{tmp_path}/times.svg"
    os.mkdir(path)  # a folder where the chart would go
    result = run_cli("compare", "models/lock.puz", "--backends", "sat", "--plot", path)
    assert (result.returncode, result.stderr.splitlines()[-1]) == (2, f"error: cannot write '{path}': Is a directory")


def test_svg_chart_of_no_time_at_all() -> None:
    ET.fromstring(svg_chart(["a"], [("first solution", [0.0])], "<&>"))


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
    OPTIONS: dict[str, tuple[type, str]] = {}  # noqa: RUF012

    def compile(self, problem):
        from cspdsl.backends.cpsat import CpSatBackend

        return CpSatBackend().compile(problem)

    def solve(self, compiled: Compiled, *, limit, timeout, seed) -> Outcome:
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
