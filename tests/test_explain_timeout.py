"""`explain --timeout`: the limit ends the command on models whose explanation takes far longer (the
clue session's compile on 60 queens, one SAT question on the pentominoes, the stars' steps), with
exit 3 and words as `solve` says it; within the limit, the searches that can stop early say so and
show what they found, checked. Elapsed times are bounded generously only (the machine may be
loaded): the precise figures are in docs/guarantees.md."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from helpers import ROOT, child_processes, run_cli

from cspdsl.api import load
from cspdsl.core.errors import CspdslError
from cspdsl.explanation import explain, explain_problem
from cspdsl.explanation.report import as_json, text

# Each took 12 s to 260 s under `--timeout 2` before the limit held.
SLOW = [
    ("queens of 60", ["queens", "-D", "n=60"]),
    ("pentominoes", ["pentominoes"]),
    ("stars, step by step", ["models/stars.puz", "--steps"]),
]
# Far under the time they used to take: the command must have ended by then.
ENDS_WITHIN = 60
TIMED_OUT = "No explanation found within the time limit of 1 s"


def explain_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`cspdsl explain ARGS` in its own process, which must end within ENDS_WITHIN seconds."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "cspdsl", "explain", *args], cwd=ROOT, capture_output=True,
                          text=True, env=env, timeout=ENDS_WITHIN)


@pytest.mark.parametrize(("case", "args"), SLOW, ids=[case for case, _ in SLOW])
def test_the_time_limit_ends_explain_with_exit_3(case: str, args: list[str]) -> None:
    result = explain_cli(*args, "--timeout", "1")
    assert result.returncode == 3, result.stderr
    assert result.stdout.startswith(TIMED_OUT), result.stdout
    data = json.loads(explain_cli(*args, "--timeout", "1", "--json").stdout)
    assert data["status"] == "timeout" and data["limit"] == 1


def test_a_timed_out_explanation_leaves_no_process_behind() -> None:
    """No process of the explanation's is left: this process's children are those it had before (another
    test in the same process may have left a server of its own, such as a fork server, running)."""
    before = child_processes()
    explanation = explain(load("queens", {"n": 60}), timeout=0.5)
    assert explanation.status == "timeout" and explanation.limit == 0.5
    assert child_processes() - before == set()


def test_a_limit_too_short_for_anything_times_out_in_python_and_on_the_command_line() -> None:
    assert explain(load("models/einstein.puz"), timeout=1e-6, steps=True).status == "timeout"
    result = run_cli("explain", "models/einstein.puz", "--steps", "--timeout", "0.000001")
    assert result.returncode == 3 and "No explanation found within the time limit of 1e-06 s" in result.stdout


def test_within_the_limit_the_explanation_is_the_one_without_a_limit() -> None:
    model = load("models/einstein.puz")
    timed, untimed = explain(model, timeout=600, steps=True), explain(model, steps=True)
    assert timed.status == untimed.status == "unique" and not timed.cut_short
    assert timed.solutions == untimed.solutions and len(timed.steps) == len(untimed.steps)
    assert text(timed).splitlines()[0] == text(untimed).splitlines()[0]
    assert as_json(timed)["cut_short"] is False and "limit" not in as_json(untimed)


def test_a_model_error_in_the_timed_explanation_comes_back_as_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    import cspdsl.explanation as explanation

    def refused(_problem: object) -> None:
        raise CspdslError("too large for the clue session")

    monkeypatch.setattr(explanation, "ClueOracle", refused)  # the child is a fork: it sees the patch
    with pytest.raises(CspdslError, match="too large for the clue session"):
        explain(load("models/lock.puz"), timeout=60)


def test_steps_cut_short_end_in_one_step_from_all_clues_and_say_so() -> None:
    model = load("models/einstein.puz")
    explanation = explain_problem(model.problem, timeout=1e-9, steps=True, model=model)
    assert [step.rest for step in explanation.steps] == [True] and explanation.cut_short
    assert len(explanation.steps[0].clues) == 15
    words = text(explanation)
    assert "1. From all the clues together (the time limit stopped the search for smaller steps): " in words
    assert words.endswith("what they found is shown, and checked.)")


def test_solutions_counted_and_clues_suggested_cut_short_say_so() -> None:
    model = load("queens", {"n": 8})
    explanation = explain_problem(model.problem, timeout=1e-9, model=model)
    assert explanation.status == "not_unique" and explanation.cut_short
    assert explanation.found == 2 and not explanation.complete and explanation.suggestions == []
    words = text(explanation)
    assert "it has at least 2 solutions" in words
    assert "No single clue was proved to leave only one solution before the time limit." in words
