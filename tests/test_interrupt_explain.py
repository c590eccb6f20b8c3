"""Ctrl-C during `cspdsl explain` keeps what was found: the steps taken so far, or the parts of the
explanation found before the search it stopped (the redundant clues, the minimal set, the conflict),
in words or as a JSON document marked `"interrupted": true` that holds to the schema; standard error
says how far it got ("interrupted after 12 of ? steps: 31 of 81 values placed"), and the exit is 130.

The real processes are sent SIGINT once their progress line (standard error on a pseudo-terminal)
shows a step taken, never after a fixed wait: the Sudoku's step-wise explanation takes far longer
than its first steps on any machine. The other searches are stopped in this process, by a Ctrl-C
raised where the search is called."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys

import pytest
from helpers import ROOT, read_to_the_end
from test_json_schema import errors

SUDOKU = str(ROOT / "models/sudoku.puz")
STEPS_ON_THE_LINE = re.compile(r"explain: (\d+) steps?, (\d+) of (\d+) values placed")
STOPPED = re.compile(r"interrupted after (\d+) of \? steps: (\d+) of (\d+) values placed, \d+\.\d s\r?\n")
NOTE = re.compile(r"\(Ctrl-C stopped explain while it was finding (.+): what it had found is shown")


def _sigint_as_at_a_terminal() -> None:
    """A child of a background job ignores SIGINT from birth; a command run at a terminal has the default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _after_a_step(leader: int) -> re.Match[str]:
    """The progress line, read from the terminal until it shows a step taken."""
    seen = ""
    while True:
        chunk = os.read(leader, 1 << 16).decode()
        assert chunk, f"the explanation ended before its progress line showed a step: {seen!r}"
        seen += chunk
        shown = [line for line in STEPS_ON_THE_LINE.finditer(seen) if int(line.group(1)) > 0]
        if shown:
            return shown[-1]


def _interrupted_explain(*args: str) -> tuple[int, str, str, re.Match[str]]:
    """`cspdsl explain ARGS` with standard error on a pseudo-terminal, sent SIGINT once a step is
    taken: (its exit code, standard output, what the terminal showed after, the progress line)."""
    import pty

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CSPDSL_DEBUG", None)
    leader, follower = pty.openpty()
    with subprocess.Popen([sys.executable, "-m", "cspdsl", "explain", *args], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=follower, text=True, env=env, preexec_fn=_sigint_as_at_a_terminal) as process:
        os.close(follower)
        line = _after_a_step(leader)
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=120)
        said = read_to_the_end(leader).decode()
    os.close(leader)
    return process.returncode, out, said, line


@pytest.mark.parametrize("limit", [[], ["--timeout", "3600"]], ids=["in-process", "in-a-child"])
def test_ctrl_c_during_the_steps_prints_the_steps_so_far_and_how_far_it_got(limit):
    code, out, said, line = _interrupted_explain(SUDOKU, "--steps", *limit)
    assert code == 130, said
    assert "Traceback" not in said and "internal error" not in said
    stopped = STOPPED.search(said)
    assert stopped is not None, said
    taken, placed, cells = (int(n) for n in stopped.groups())
    assert cells == 81 and taken >= int(line.group(1)) > 0 and placed >= int(line.group(2))
    lines = out.splitlines()
    assert lines[0] == "The clues hold together and the solution is unique (60 clues)."
    heading = [text for text in lines if text.startswith("Step by step, the first ")]
    assert len(heading) == 1, out
    steps = "1 step" if taken == 1 else f"{taken} steps"  # Ctrl-C may come right after the first step
    said_first = f"Step by step, the first {steps} ({placed} of 81 values placed; "
    assert heading[0] == said_first + heading[0].split("; ", 1)[1]
    numbered = [text for text in lines if re.match(r" +\d+\. ", text)]
    assert numbered[0].startswith("   1. The ") and "givens" in numbered[0]  # the givens' step, then the others
    assert len(numbered) == taken + 1
    note = NOTE.search(out)
    assert note is not None and note.group(1) == "the steps"


def test_ctrl_c_during_the_steps_gives_a_json_document_marked_interrupted():
    code, out, said, line = _interrupted_explain(SUDOKU, "--steps", "--json", "--timeout", "3600")
    assert code == 130, said
    stopped = STOPPED.search(said)
    assert stopped is not None, said
    document = json.loads(out)
    assert errors(document) == []
    assert (document["status"], document["interrupted"], document["stopped_in"]) == ("unique", True, "steps")
    taken = int(stopped.group(1))
    steps = [step for step in document["steps"] if not step["givens"]]
    assert len(steps) == document["difficulty"]["steps"] == taken >= int(line.group(1))
    assert {"redundant", "minimal", "forced", "solution"} <= set(document)


ONE_SOLUTION = "var x[1..3] in 1..3\nalldifferent(x)\nx[1] == 1\nx[2] == 2\nx[3] == 3\n"
NO_SOLUTION = "var x in 1..3\nx > 2\nx < 2\n"
TWO_SOLUTIONS = "var x[1..2] in 1..2\nalldifferent(x)\n"


@pytest.mark.parametrize(("model", "stopped_in", "found", "left_out", "words"), [
    (ONE_SOLUTION, "redundant", {"solution"}, {"redundant", "minimal", "forced", "steps"},
     "The clues hold together and the solution is unique (4 clues)."),
    (ONE_SOLUTION, "minimal_clues", {"solution", "redundant"}, {"minimal", "forced"},
     "Each of these clues is implied by all the others (without it the solution is still unique):"),
    (ONE_SOLUTION, "forced_in_order", {"solution", "redundant", "minimal"}, {"forced"},
     "The clues hold together and the solution is unique (4 clues)."),
    (NO_SOLUTION, "smallest_conflict", set(), {"conflict", "smallest", "repairs"},
     "No solution: the clues cannot hold together with the declarations."),
    (NO_SOLUTION, "repairs", {"conflict", "smallest"}, {"repairs"},
     "No solution: these 2 clues cannot hold together with the declarations, and no fewer clues of the model fail "
     "together:"),
    (TWO_SOLUTIONS, "suggestions", {"solutions", "found"}, {"suggestions", "differing"},
     "The clues hold together, but the model is not unique: it has 2 solutions."),
], ids=["redundant", "minimal", "forced", "conflict", "repairs", "suggestions"])
@pytest.mark.parametrize("json_output", [False, True])
def test_ctrl_c_in_each_search_keeps_the_parts_found_before_it(monkeypatch, capsys, tmp_path, model, stopped_in,
                                                               found, left_out, words, json_output):
    import cspdsl.explanation as explanation
    import cspdsl.explanation.distinguish as distinguish
    from cspdsl.cli import main
    from cspdsl.explanation.partial import SEARCHES

    def ctrl_c(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(distinguish if stopped_in == "suggestions" else explanation, stopped_in, ctrl_c)
    path = tmp_path / "model.puz"
    path.write_text(model)
    assert main(["explain", str(path), *(["--json"] if json_output else [])]) == 130
    out, said = capsys.readouterr()
    search = {"minimal_clues": "minimal", "forced_in_order": "forced", "smallest_conflict": "conflict"}.get(
        stopped_in, stopped_in)
    assert said == f"interrupted while finding {SEARCHES[search]}, " + said.rsplit(", ", 1)[1]
    assert re.fullmatch(r"\d+\.\d s\n", said.rsplit(", ", 1)[1])
    if json_output:
        document = json.loads(out)
        assert errors(document) == []
        assert (document["interrupted"], document["stopped_in"]) == (True, search)
        assert found <= set(document) and not left_out & set(document)
    else:
        assert words in out.splitlines()
        assert f"(Ctrl-C stopped explain while it was finding {SEARCHES[search]}: " in out


def test_ctrl_c_before_anything_is_found_gives_the_one_word_or_a_document(monkeypatch, capsys):
    """Ctrl-C while the model is read: nothing to keep; a program reading the JSON still reads a document."""
    from cspdsl.cli import main
    from cspdsl.lower import load as loading

    def ctrl_c(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(loading, "load", ctrl_c)
    assert main(["explain", SUDOKU]) == 130
    assert capsys.readouterr() == ("", "interrupted\n")
    assert main(["explain", SUDOKU, "--json"]) == 130
    out, said = capsys.readouterr()
    document = json.loads(out)
    assert errors(document) == [] and said == "interrupted\n"
    assert (document["status"], document["interrupted"], document["clues"]) == ("interrupted", True, [])
