"""The command line as a user meets it: output, exit codes, stdin, params, time limits, JSON."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT, children_of, read_to_the_end, run_cli

from cspdsl.api import Result, loads
from cspdsl.backends import REGISTRY, backend_class, exact_backends
from cspdsl.cli.result_text import count_line as count_line_of
from cspdsl.cli.result_text import stats_line
from cspdsl.core.deadline import MIN_SEARCH_SECONDS
from cspdsl.entry import COLLECT_AFTER

QUEENS = """
param n = 8
var q[1..n] in 1..n
alldifferent(q)
forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i
"""
UNSAT = "var x[1..3] in 1..2\nalldifferent(x)\n"  # three variables, two values
ENDLESS = "var x[1..12] in 1..9\nsum(x) != 50\n"  # about 9^12 solutions, one part: no backend counts them in a second
# The limit of a count of ENDLESS: its first solutions take milliseconds, and the rows want some found before
# the limit stops the count, also on a machine slowed many times over (0.5 s was not always enough there).
TIME_TO_FIND_SOME = "2"
FREE = "var x[1..12] in 1..9\n"  # 9^12 solutions, twelve independent parts: counted by their domains at once
HIDDEN = "var x in 1..3\nvar _d in 1..3\nx != _d\n"  # 6 assignments, 3 solutions on x (`_d` is hidden)
EXACT = exact_backends()
LOCAL = [name for name in sorted(REGISTRY) if not backend_class(name).CAPABILITIES.exact]


def test_einstein_end_to_end():
    result = run_cli("solve", "models/einstein.puz")
    assert result.returncode == 0
    out = result.stdout
    assert out.startswith("Einstein's riddle\n")
    assert "    4   German        green    fish     coffee      Prince" in out
    assert "The German owns the fish, in house 4." in out
    assert "stats: backend sat, 1 solution (unique)" in out
    assert "Traceback" not in result.stderr


def test_model_from_stdin_with_a_param():
    result = run_cli("solve", "-", "--count", "-D", "n=6", stdin=QUEENS)
    assert result.returncode == 0, result.stderr
    assert "4 solutions." in result.stdout


def test_param_default_used_without_override():
    result = run_cli("solve", "-", "--count", stdin=QUEENS)
    assert "92 solutions." in result.stdout


def test_all_prints_every_solution():
    result = run_cli("solve", "-", "--all", "-D", "n=4", stdin=QUEENS)
    assert result.returncode == 0
    assert result.stdout.count("Solution ") == 2
    assert "q = 2413" in result.stdout and "q = 3142" in result.stdout


def test_unsatisfiable_is_said_plainly():
    result = run_cli("solve", "-", stdin="var x in 1..3\nx > 5\n")
    assert result.returncode == 1
    assert "unsatisfiable" in result.stdout


def test_unsatisfiable_json():
    result = run_cli("solve", "-", "--json", "-D", "n=3", stdin=QUEENS)
    assert result.returncode == 1
    assert json.loads(result.stdout)["status"] == "unsatisfiable"


def test_time_limit_with_no_answer_exits_3():
    pigeons = "var x[1..13] in 1..12\nalldifferent(x)\n"  # no answer, and no proof of that for hours
    result = run_cli("solve", "-", "--timeout", "0.01", stdin=pigeons)
    assert result.returncode == 3
    assert "time limit" in result.stdout


def test_an_optimisation_stopped_by_its_time_limit_exits_0_with_a_solution_and_3_without():
    # 13 marks: a ruler is found at once, its optimum (106) takes far longer than 3 s to prove anywhere (the
    # limit leaves room for a first ruler on a machine slowed many times over)
    found = run_cli("solve", "models/golomb.puz", "-D", "n=13", "--timeout", "3", "--backend", "cpsat")
    assert found.returncode == 0 and "Best found, mark[n]: " in found.stdout
    pigeons = "var x[1..13] in 1..12\nalldifferent(x)\nminimize sum(x)\n"
    nothing = run_cli("solve", "-", "--timeout", "0.5", stdin=pigeons)
    assert nothing.returncode == 3 and "No solution found within the time limit of 0.5 s." in nothing.stdout


def test_json_result_names_variables_and_answers():
    result = run_cli("solve", "models/einstein.puz", "--json", "--seed", "7")
    data = json.loads(result.stdout)
    assert data["status"] == "solved" and data["unique"] is True
    solution = data["solutions"][0]
    assert data["format"] == 1 and solution["values"]["animal"]["fish"] == 4  # by the model's names
    assert solution["values"]["nationality"]["German"] == 4 and "animal[fish]" not in solution["values"]
    assert solution["answers"] == ["The German owns the fish, in house 4."]


def test_bad_arguments_exit_2_without_traceback():
    for args in (["solve"], ["solve", "models/einstein.puz", "--backend", "nope"],
                 ["solve", "models/einstein.puz", "--timeout", "-1"], ["solve", "x.puz", "--all", "--count"]):
        result = run_cli(*args)
        assert result.returncode == 2, args
        assert "Traceback" not in result.stderr
        assert "error:" in result.stderr


def test_a_reader_that_stops_early_is_not_an_internal_error():
    # `cspdsl solve --all m.puz | head -1`: the pipe closes before cspdsl is done writing.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CSPDSL_DEBUG", None)
    with subprocess.Popen([sys.executable, "-m", "cspdsl", "solve", "models/tiles.puz", "--all"], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(1)
        process.stdout.close()
        errors = process.stderr.read().decode()
        code = process.wait(timeout=300)
    assert code == 141
    assert errors == ""


def test_ctrl_c_exits_130_without_a_traceback(tmp_path):
    """Ctrl-C during a search that found nothing: one word and the exit code a shell gives a command
    stopped by SIGINT (tests/test_interrupt_solve.py: what Ctrl-C keeps when something was found)."""
    path = tmp_path / "unsat.puz"
    path.write_text(UNSAT)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CSPDSL_DEBUG", None)
    command = [sys.executable, "-m", "cspdsl", "solve", str(path), "--backend", "anneal", "--timeout", "60"]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                          preexec_fn=_sigint_as_at_a_terminal) as process:
        time.sleep(2)  # well into the search, which alone would last 60 s
        process.send_signal(signal.SIGINT)
        out, errors = process.communicate(timeout=30)
    assert (process.returncode, out, errors) == (130, "", "interrupted\n")


def _sigint_as_at_a_terminal() -> None:
    """A child of a background job ignores SIGINT from birth, and Python then never raises
    KeyboardInterrupt; a command run at a terminal has the default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_help_lists_every_command_and_a_command_shows_its_own():
    """A run builds only its own command's arguments; help and typos still see every command."""
    everything = run_cli("--help")
    assert everything.returncode == 0
    for command in ("solve", "check", "compare", "compile", "backends"):
        assert f"    {command} " in everything.stdout
    solve = run_cli("solve", "--help")
    assert "--backend" in solve.stdout and "--plot" not in solve.stdout
    compare = run_cli("compare", "--help")
    assert "--plot" in compare.stdout and "--count" not in compare.stdout
    typo = run_cli("solv", "models/einstein.puz")
    assert typo.returncode == 2
    assert typo.stderr.splitlines()[-2:] == [
        "error: 'solv' is not a command (one of: solve, check, compare, explain, batch, generate, compile, "
        "backends, examples, lsp, serve)",
        "hint: did you mean 'solve'?"]
    backend = run_cli("solve", "models/einstein.puz", "--backend", "cpstat")
    assert backend.returncode == 2 and backend.stderr.splitlines()[-1] == "hint: did you mean 'cpsat'?"
    misplaced = run_cli("compare", "models/einstein.puz", "--count")
    assert misplaced.returncode == 2 and "unrecognized arguments: --count" in misplaced.stderr


def test_a_time_limit_covers_the_compile(monkeypatch):
    """--timeout S is the user's wait: what the compile took is not given to the search again, and a
    compile that uses it up ends the solve as a time limit (the SAT encoder stops there itself)."""
    import time

    from cspdsl import api
    from cspdsl.backends.cp import CpBackend
    from cspdsl.backends.cpsat import CpSatBackend
    from cspdsl.backends.sat import SatBackend

    given_to_search = []

    def slowed(backend):
        compile_, solve_ = backend.compile, backend.solve

        def slow_compile(self, problem):
            time.sleep(0.3)
            return compile_(self, problem)

        def recording_solve(self, compiled, **kwargs):
            given_to_search.append(kwargs["timeout"])
            return solve_(self, compiled, **kwargs)

        monkeypatch.setattr(backend, "compile", slow_compile)
        monkeypatch.setattr(backend, "solve", recording_solve)

    slowed(SatBackend)
    slowed(CpSatBackend)
    slowed(CpBackend)
    model = api.loads(QUEENS, "queens.puz", {"n": 6})
    assert len(api.solve(model, "sat", limit=None, timeout=10.0).solutions) == 4
    assert given_to_search[-1] <= 9.7
    stopped = api.solve(model, "sat", limit=None, timeout=0.1)  # the encoder finds the limit passed
    assert (stopped.status, stopped.size, len(given_to_search)) == ("timeout", {}, 1)
    stopped = api.solve(model, "cpsat", limit=None, timeout=0.1)  # cpsat's compile looks at it too
    assert (stopped.status, stopped.size, len(given_to_search)) == ("timeout", {}, 1)
    api.solve(model, "cp", limit=None, timeout=0.1)  # no step of this compile looks at the time
    assert given_to_search[-1] == MIN_SEARCH_SECONDS


def test_a_model_saved_with_a_byte_order_mark_reads(tmp_path):
    """Some editors on Windows begin UTF-8 files with U+FEFF; it is no character of the model."""
    path = tmp_path / "bom.puz"
    path.write_bytes(b"\xef\xbb\xbfvar x in 1..2\r\nx == 2\r\n")
    result = run_cli("solve", str(path))
    assert result.returncode == 0, result.stderr
    assert "x = 2" in result.stdout
    bad = tmp_path / "bad.puz"
    bad.write_bytes(b"\xef\xbb\xbfvar x in 1..2 @\n")
    result = run_cli("solve", str(bad))
    assert result.returncode == 2 and f"{bad}:1:15: error: unexpected character '@'" in result.stderr


def test_a_model_without_variables_says_so():
    result = run_cli("solve", "-", stdin="# nothing declared yet\nparam n = 3\nn > 2\n")
    assert result.returncode == 0
    assert result.stdout.startswith("The clues hold; the model has no variables to show.\n")
    assert run_cli("solve", "-", stdin="param n = 3\nn > 5\n").returncode == 1


# ---- counts: a number of solutions is called a count only when the search was complete ------------

# (backend, arguments, standard input, the text the output holds; {n} stands for any whole number).
# The Golomb ruler with a lexicographic objective: the shortest ruler, then the longest first gap.
LEXICOGRAPHIC_GOLOMB = (ROOT / "models" / "golomb.puz").read_text().replace(
    "minimize mark[n]", "minimize [mark[n], -mark[2]]")
# The lock has 3 codes: the plain solve stops at the second, so it knows only "at least 2".
COUNT_TEXTS = [
    *[(b, ["models/lock.puz"], None, f"stats: backend {b}, at least 2 solutions (not unique), ") for b in EXACT],
    *[(b, ["models/lock.puz", "--count"], None, f"3 solutions.\n\nstats: backend {b}, 3 solutions, ")
      for b in EXACT],
    *[(b, ["models/lock.puz", "--all"], None, f"3 solutions.\n\nstats: backend {b}, 3 solutions, ") for b in EXACT],
    *[(b, ["models/einstein.puz"], None, f"stats: backend {b}, 1 solution (unique), ") for b in EXACT],
    *[(b, ["models/lock.puz", "-n", "1"], None, "Solution 1:\ncode = ") for b in EXACT],
    *[(b, ["models/lock.puz", "-n", "1"], None, "At least 1 solution (the search stopped early; there may be more).")
      for b in EXACT],
    *[(b, ["models/lock.puz", "--limit", "5"], None, f"3 solutions.\n\nstats: backend {b}, 3 solutions, ")
      for b in EXACT],
    *[(b, ["-"], UNSAT, f"stats: backend {b}, 0 solutions, ") for b in EXACT],
    *[(b, ["-", "--count", "--timeout", TIME_TO_FIND_SOME], ENDLESS,
       "At least {n} solutions (the time limit stopped the search; there may be more).\n\n"
       f"stats: backend {b}, at least {{n}} solutions, ") for b in EXACT],
    *[(b, ["-", "--count"], FREE,
       "282,429,536,481 solutions.\nCounted by components: 12 independent parts (12 unconstrained variables counted by "
       f"their values); each part's solutions checked, the count is their product.\n\nstats: backend {b}, "
       "282,429,536,481 solutions, ") for b in EXACT],
    # a projection: the solutions counted on the shown variables (`show killer`, a leading `_`)
    *[(b, ["models/agatha.puz"], None, f"stats: backend {b}, 1 solution (unique), ") for b in EXACT],
    *[(b, ["models/agatha.puz", "--all"], None, "Solution 1:\nkiller = 1\n\nAgatha killed Agatha.\n\n"
       "1 solution: the puzzle is unique.") for b in EXACT],
    *[(b, ["-", "--all"], HIDDEN, f"3 solutions.\n\nstats: backend {b}, 3 solutions, ") for b in EXACT],
    *[(b, ["models/lock.puz", "--seed", "1"], None, f"stats: backend {b}, at least 1 solution, ") for b in LOCAL],
    *[(b, ["-", "--seed", "1", "--timeout", "0.3"], UNSAT, f"stats: backend {b}, no solution found, ")
      for b in LOCAL],
    # a model with an objective: its optimum, and its optimal solutions counted
    *[(b, ["models/coins.puz"], None, "3 coins.\nMinimum of sum(take): 3 (proved optimal).\n\n"
       f"stats: backend {b}, 1 optimal solution (unique), ") for b in EXACT],
    *[(b, ["models/golomb.puz", "-D", "n=4", "--count"], None, "1 optimal solution: no other reaches the "
       f"optimum.\nMinimum of mark[n]: 6 (proved optimal).\n\nstats: backend {b}, 1 optimal solution, ")
      for b in EXACT],
    *[(b, ["models/lockmax.puz", "--all"], None, "Solution 1:\ncode = 780\n\nThe code is 780.\n\n1 optimal solution: "
       "no other reaches the optimum.\nMaximum of 100 * code[1] + 10 * code[2] + code[3]: 780 (proved optimal).")
      for b in EXACT],
    ("cpsat", ["models/golomb.puz", "-D", "n=13", "--timeout", "3"], None,
     "Best found, mark[n]: {n} (the time limit stopped the search before it proved a value optimal; best bound "
     "proved: {n}).\n\nstats: backend cpsat, best solution found, not proved optimal, "),
    *[(b, ["models/lockmax.puz", "--seed", "1"], None, "Best found, 100 * code[1] + 10 * code[2] + code[3]: {n} "
       f"(backend {b} is a local search: it does not prove a value optimal).") for b in LOCAL],
    # a lexicographic objective: its value a list, the optimal solutions those that reach every part
    *[(b, ["models/till.puz"], None, "4 coins, 0 of them small.\nMinimum of [sum(take), take[1] + take[2]]: "
       f"[4, 0] (proved optimal).\n\nstats: backend {b}, 1 optimal solution (unique), ") for b in EXACT],
    *[(b, ["models/till.puz", "-D", "amount=59", "--count"], None, "2 optimal solutions.\nMinimum of [sum(take), "
       f"take[1] + take[2]]: [5, 2] (proved optimal).\n\nstats: backend {b}, 2 optimal solutions, ") for b in EXACT],
    ("cpsat", ["-", "-D", "n=13", "--timeout", "3"], LEXICOGRAPHIC_GOLOMB,
     "Best found, [mark[n], -mark[2]]: [{n}, -{n}] (the time limit stopped the search before it proved a value "
     "optimal; best bound proved: [{n}, ?]).\n\nstats: backend cpsat, best solution found, not proved optimal, "),
]


@pytest.mark.parametrize(("backend", "args", "stdin", "text"), COUNT_TEXTS)
def test_counts_in_words(backend, args, stdin, text):
    result = run_cli("solve", *args, "--backend", backend, stdin=stdin)
    assert result.returncode in (0, 1, 3), result.stderr
    assert re.search(re.escape(text).replace(re.escape("{n}"), r"[1-9]\d{0,2}(,\d{3})*"), result.stdout), result.stdout


SOME = object()  # any number of solutions from 1 up

# (backend, arguments, standard input, the JSON fields; "solutions": how many are listed, None for none).
COUNT_FIELDS = [
    *[(b, ["models/lock.puz"], None,
       {"status": "solved", "complete": False, "unique": False, "found": 2, "count": None, "solutions": 2})
      for b in EXACT],
    *[(b, ["models/lock.puz", "--count"], None,
       {"status": "solved", "complete": True, "unique": False, "found": 3, "count": 3, "count_method": "enumeration",
        "solutions": None}) for b in EXACT],
    *[(b, ["-", "--count"], FREE,
       {"status": "solved", "complete": True, "unique": False, "found": 9**12, "count": 9**12,
        "count_method": "components", "components": 12, "distinct_components": 0, "solutions": None}) for b in EXACT],
    *[(b, ["-", "--count"], FREE + "var y[1..3] in 1..2\nalldifferent(y)\n",  # one part has no solution
       {"status": "unsatisfiable", "complete": True, "unique": None, "found": 0, "count": 0,
        "count_method": "components", "solutions": None}) for b in EXACT],
    *[(b, ["models/lock.puz", "-n", "1"], None,
       {"status": "solved", "complete": False, "unique": None, "found": 1, "count": None, "solutions": 1})
      for b in EXACT],
    *[(b, ["models/lock.puz", "--all"], None,
       {"status": "solved", "complete": True, "unique": False, "found": 3, "count": 3, "solutions": 3})
      for b in EXACT],
    *[(b, ["-"], UNSAT,
       {"status": "unsatisfiable", "complete": True, "unique": None, "found": 0, "count": 0, "solutions": 0})
      for b in EXACT],
    *[(b, ["-", "--count", "--timeout", TIME_TO_FIND_SOME], ENDLESS,
       {"status": "solved", "complete": False, "unique": False, "found": SOME, "count": None, "solutions": None})
      for b in EXACT],
    *[(b, ["models/agatha.puz", "--all"], None,
       {"status": "solved", "complete": True, "unique": True, "found": 1, "count": 1, "solutions": 1})
      for b in EXACT],
    *[(b, ["-", "--count"], HIDDEN,
       {"status": "solved", "complete": True, "unique": False, "found": 3, "count": 3, "solutions": None})
      for b in EXACT],
    *[(b, ["models/lock.puz", "--seed", "1"], None,
       {"status": "solved", "complete": False, "unique": None, "found": 1, "count": None, "solutions": 1})
      for b in LOCAL],
    *[(b, ["-", "--seed", "1", "--timeout", "0.3"], UNSAT,
       {"status": "timeout", "complete": False, "unique": None, "found": 0, "count": None, "solutions": 0})
      for b in LOCAL],
    *[(b, ["models/coins.puz", "--count"], None,
       {"status": "optimal", "objective": 3, "bound": 3, "found": 1, "count": 1, "solutions": None}) for b in EXACT],
    *[(b, ["-", "--all"], UNSAT + "minimize sum(x)\n",
       {"status": "unsatisfiable", "objective": None, "bound": None, "found": 0, "count": 0, "solutions": 0})
      for b in EXACT],
    *[(b, ["models/lockmax.puz", "--seed", "1"], None,
       {"status": "feasible", "objective": SOME, "bound": None, "found": 1, "count": None, "solutions": 1})
      for b in LOCAL],
    *[(b, ["models/till.puz", "-D", "amount=59", "--all"], None,
       {"status": "optimal", "objective": [5, 2], "bound": [5, 2], "found": 2, "count": 2, "solutions": 2})
      for b in EXACT],
    *[(b, ["-", "--count"], UNSAT + "maximize [sum(x), x[1]]\n",
       {"status": "unsatisfiable", "objective": None, "bound": None, "found": 0, "count": 0, "solutions": None})
      for b in EXACT],
    # A clue on one variable leaves it no value, and an objective: csp's bounds had read a value of the
    # emptied domain (an internal error the 100,000-case fuzz run found).
    *[(b, ["-"], "var x[1..3] in 0..4\nx[2] >= 11\nsum(x) >= 5\nminimize sum([3 * x[1], 5 * x[2]])\n",
       {"status": "unsatisfiable", "objective": None, "bound": None, "found": 0, "count": 0, "solutions": 0})
      for b in EXACT],
]


@pytest.mark.parametrize(("backend", "args", "stdin", "fields"), COUNT_FIELDS)
def test_counts_in_json(backend, args, stdin, fields):
    data = json_result(run_cli("solve", *args, "--backend", backend, "--json", stdin=stdin).stdout)
    listed = len(data["solutions"]) if "solutions" in data else None
    told = {**{key: data[key] for key in fields if key != "solutions"}, "solutions": listed}
    for key in ("found", "objective"):
        if fields.get(key) is SOME:
            assert told[key] >= 1
            told[key] = SOME
    assert told == fields


def json_result(out: str) -> dict:
    """--json's result; after `--all`'s JSON lines (one a solution, numbered) it is the last line."""
    if out.startswith("{\n"):
        return json.loads(out)
    *lines, last = out.splitlines()
    data = json.loads(last)
    listed = [json.loads(line) for line in lines]
    assert [solution.pop("solution") for solution in listed] == list(range(1, len(listed) + 1))
    assert "solutions" not in data
    return {**data, "solutions": listed}


# Every case of the words, on results made by hand (some are hard to meet on purpose): (solutions found,
# complete, timed out, limit) -> the stats line's words, and --count's line.
COUNT_WORDS = [
    ((1, True, False, 2), "1 solution (unique)", "1 solution: the puzzle is unique."),
    ((2, False, False, 2), "at least 2 solutions (not unique)", None),
    ((1, False, True, 2), "at least 1 solution (uniqueness unknown)", None),
    ((0, False, True, 2), "no solution found", None),
    ((0, True, False, 2), "0 solutions", None),
    ((1, False, False, 1), "at least 1 solution", None),
    ((3, True, False, None), "3 solutions", "3 solutions."),
    ((5, False, True, None), "at least 5 solutions",
     "At least 5 solutions (the time limit stopped the search; there may be more)."),
    ((5, False, False, None), "at least 5 solutions",
     "At least 5 solutions (the search stopped early; there may be more)."),
]


@pytest.mark.parametrize(("made", "words", "count_line"), COUNT_WORDS)
def test_count_words(made, words, count_line):
    found, complete, timed_out, limit = made
    model = loads("var x in 1..9\n")
    result = Result(model, "sat", [{"x": v} for v in range(1, found + 1)], complete, timed_out, limit)
    assert stats_line(result).startswith(f"stats: backend sat, {words}, ")
    if count_line is not None:
        assert count_line_of(result) == count_line


FOLDED = [
    ("var x in 1..3\nx == x\nx >= 1\n", 0, "",
     ["<stdin>:2:1: warning: this clue always holds, so it says nothing", " 2 | x == x", "   | ^^^^^^"]),
    ("var x in 1..3\nforall i in 1..2: i < 2 or x == x + 1\n", 1,
     "No solution: the clue at line 2 can never hold (the warning above).",
     ["<stdin>:2:1: warning: this clue can never hold (with i=2), so the model has no solution",
      " 2 | forall i in 1..2: i < 2 or x == x + 1", "   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"]),
    ("var x in 1..3\nforall i in 1..2: i > 0\nx + 1 == x\n", 1,
     "No solution: the clue at line 3 can never hold (the warning above).",
     ["<stdin>:3:1: warning: this clue can never hold, so the model has no solution", " 3 | x + 1 == x",
      "   | ^^^^^^^^^^", "<stdin>:2:1: warning: this clue always holds, so it says nothing",
      " 2 | forall i in 1..2: i > 0", "   | ^^^^^^^^^^^^^^^^^^^^^^^"]),
]


@pytest.mark.parametrize(("text", "code", "said", "warnings"), FOLDED)
def test_clues_that_fold_to_a_constant_are_reported_in_place(text, code, said, warnings):
    result = run_cli("solve", "-", stdin=text)
    assert (result.returncode, result.stderr.splitlines()) == (code, warnings)
    assert said in result.stdout
    checked = run_cli("check", "-", stdin=text)
    assert (checked.returncode, checked.stderr.splitlines()) == (0, warnings)


# ---- flags and streams out of range: one clear line, never a traceback ----------------------------

CLOSED = b"<closed>"  # as standard input: closed (`<&-`)
BAD_TIMEOUT = "error: argument --timeout: the time limit must be more than 0 seconds"
BAD_SEED = "error: argument --seed: the seed must be a whole number from 0 to 2147483647"

# (arguments, standard input: bytes, CLOSED or None, the last line of stderr); each exits with 2.
NOT_WHOLE = ("error: 'cspdsl {}' takes a model solved as a whole, not a sequential puzzle (a start, moves and a goal): "
             "solve it with 'cspdsl solve' or 'cspdsl compare'")
BAD_FLAGS = [
    (["solve", "models/lock.puz", "--timeout", "nan"], None,
     "error: argument --timeout: 'nan' is not a number of seconds"),
    (["solve", "models/lock.puz", "--timeout", "0"], None, BAD_TIMEOUT),
    (["solve", "models/lock.puz", "--timeout=-1"], None, BAD_TIMEOUT),
    (["solve", "models/lock.puz", "--timeout=-inf"], None, BAD_TIMEOUT),
    (["compile", "models/river.puz", "--to", "dimacs"], None, NOT_WHOLE.format("compile")),
    (["explain", "models/jugs.puz"], None, NOT_WHOLE.format("explain")),
    (["compare", "models/lock.puz", "--timeout", "NaN"], None,
     "error: argument --timeout: 'NaN' is not a number of seconds"),
    (["explain", "models/lock.puz", "--timeout=-1e300"], None, BAD_TIMEOUT),
    (["solve", "models/lock.puz", "--seed", "2147483648"], None, BAD_SEED),
    (["solve", "models/lock.puz", "--seed=-1"], None, BAD_SEED),
    (["compare", "models/lock.puz", "--seed", "99999999999999999999"], None, BAD_SEED),
    (["solve", "models/lock.puz", "--seed", "1.5"], None, "error: argument --seed: '1.5' is not a whole number"),
    *[(["solve", "models/lock.puz", "--max-memory", megabytes], None,
       "error: argument --max-memory: must be at least 256 (megabytes)") for megabytes in ("100", "1", "0", "-5")],
    (["check", "models/lock.puz", "--max-cells", "0"], None, "error: argument --max-cells: must be at least 1"),
    (["compare", "models/lock.puz", "--max-combinations", "1e6"], None,
     "error: argument --max-combinations: '1e6' is not a whole number"),
    (["solve", "models/lock.puz", "-O", "max_clauses=0"], None,
     "error: option max_clauses of backend 'sat' must be at least 1, not 0"),
    (["solve", "models/lock.puz", "--backend", "anneal", "-O", "temperature=inf"], None,
     "error: option temperature of backend 'anneal': 'inf' is not a finite number"),
    (["solve", "models/lock.puz", "--backend", "anneal", "-O", "min_temperature=nan"], None,
     "error: option min_temperature of backend 'anneal': 'nan' is not a finite number"),
    (["solve", "models/lock.puz", "--backend", "genetic", "-O", "crossover=-inf"], None,
     "error: option crossover of backend 'genetic': '-inf' is not a finite number"),
    (["compare", "models/lock.puz", "--plot", "no-such-folder/times.svg"], None,
     "error: --plot no-such-folder/times.svg: the folder 'no-such-folder' does not exist"),
    (["solve", "-"], CLOSED, "error: cannot read the model from standard input: it is closed"),
    (["batch", "models/sudoku.puz", "no-such-file.txt"], None,
     "error: cannot read data file 'no-such-file.txt': No such file or directory"),
    (["batch", "models/sudoku.puz", "-", "--workers", "0"], None, "error: argument --workers: must be at least 1"),
    (["batch", "models/sudoku.puz", "-"], b"\xff\n", "error: cannot read the data from standard input: it is not "
     "UTF-8 text"),
    (["solve", "models/sudoku.puz", "--data", "no-such-file.json"], None,
     "error: cannot read data file 'no-such-file.json': No such file or directory"),
    (["check", "-"], b"var x in 1..3\n# \xff\xfe\nx == 1\n",
     "error: cannot read the model from standard input: it is not UTF-8 text"),
]


def run_with_streams(args: list[str], stdin: bytes | None = None, stdout: object = subprocess.PIPE):
    """`python -m cspdsl ARGS` with standard input given as bytes, or closed (CLOSED), and standard
    output where `stdout` says (a file object such as /dev/full)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CSPDSL_DEBUG", None)
    closed = stdin is CLOSED
    return subprocess.run([sys.executable, "-m", "cspdsl", *args], cwd=ROOT, env=env, timeout=300,
                          input=None if closed else stdin, stdout=stdout, stderr=subprocess.PIPE,
                          preexec_fn=(lambda: os.close(0)) if closed else None)


@pytest.mark.parametrize(("args", "stdin", "message"), BAD_FLAGS)
def test_bad_flags_and_streams_exit_2_with_one_clear_line(args, stdin, message):
    result = run_with_streams(args, stdin)
    errors = result.stderr.decode()
    assert "Traceback" not in errors
    assert (result.returncode, result.stdout, errors.splitlines()[-1]) == (2, b"", message)


# The ends of the ranges, which every backend takes: no time limit, the longest one, the seeds.
GOOD_LIMITS = [
    *[(b, "inf", "0") for b in sorted(REGISTRY)],
    *[(b, "1e300", "2147483647") for b in sorted(REGISTRY)],
]


@pytest.mark.parametrize(("backend", "timeout", "seed"), GOOD_LIMITS)
def test_every_backend_takes_the_ends_of_the_ranges(backend, timeout, seed):
    model = "models/pegs.puz" if backend_class(backend).CAPABILITIES.sequential_only else "models/lock.puz"
    result = run_cli("solve", model, "--backend", backend, "--timeout", timeout, "--seed", seed, "--json")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout)["status"] == "solved"


@pytest.mark.parametrize(("timeout", "shown"), [("inf", None), ("1e300", 1000000.0)])
def test_compare_takes_no_time_limit_and_the_longest(timeout, shown):
    result = run_cli("compare", "models/lock.puz", "--backends", "sat,csp,cpsat", "--timeout", timeout, "--json")
    assert (result.returncode, result.stderr) == (0, "")
    figures = json.loads(result.stdout)
    assert figures["timeout"] == shown and {row["status"] for row in figures["backends"]} == {"solved"}


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [["solve", "models/einstein.puz"], ["compile", "models/tiles.puz", "--to", "dimacs"]])
def test_output_that_cannot_be_written_is_said_in_one_line(args):
    """A full disk is neither a bad model nor a bug: one line, and exit code 74 (EX_IOERR)."""
    with open("/dev/full", "w") as full:
        result = run_with_streams(args, stdout=full)
    message = "error: cannot write the output: No space left on device\n"
    assert (result.returncode, result.stderr.decode()) == (74, message)


PIGEONS = "var p[1..12] in 1..11\nalldifferent(p)\n"  # twelve pigeons, eleven holes: no SAT engine proves it soon
KILLED = ("error: {what} was killed by SIGKILL (signal 9) before it finished\nhint: the system's out-of-memory killer "
          "sends SIGKILL: --max-memory MB stops cspdsl at its own ceiling first (exit code 5)\n")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads a process's children from /proc (Linux)")
@pytest.mark.parametrize(("command", "what"), [
    (["solve", "{model}", "--timeout", "600"], "the solver process"),
    (["batch", "{model}", "{data}", "--workers", "2", "--timeout", "600"], "a worker process"),
])
def test_a_process_killed_from_outside_is_said_with_its_signal_not_as_a_bug(tmp_path, command, what):
    """The out-of-memory killer ends a search's child or a batch's worker with SIGKILL: one message
    and exit 137 (128 + 9, as a shell says of a killed process), not exit 4 (a bug)."""
    model, data = tmp_path / "pigeons.puz", tmp_path / "three.jsonl"
    model.write_text(PIGEONS)
    data.write_text("{}\n{}\n{}\n")
    args = [part.format(model=model, data=data) for part in command]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CSPDSL_DEBUG", None)
    run = subprocess.Popen([sys.executable, "-m", "cspdsl", *args], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
    try:
        waited_until = time.monotonic() + 120  # the search's child starts within moments; this only bounds a hang
        while not children_of(run.pid) and run.poll() is None and time.monotonic() < waited_until:
            time.sleep(0.02)
        os.kill(min(children_of(run.pid)), signal.SIGKILL)
        errors = run.communicate(timeout=120)[1].decode()
    finally:
        run.kill()
        run.wait()
    assert (run.returncode, errors) == (137, KILLED.format(what=what))


# (arguments, standard input, what the output holds, what it must not); the small things a user meets.
SMALL_THINGS = [
    (["compile", "models/lock.puz", "--backend", "cpsat", "--to", "dimacs"], None,
     "usage: cspdsl compile [-h]", "{compile}"),
    (["check", "-"], "var x in 1..3\nx == 2\n", "-: ok (1 variable, 1 constraint)", "1 constraints"),
    (["solve", "models/einstein.puz", "--stats", "--backend", "cpsat"], None, "search:\n", "OPTIMAL"),
    (["solve", "models/einstein.puz", "--stats"], None, "  engine: minisat22\n", "forked"),
    (["examples"], None, "einstein         Einstein's riddle, as told in article 000", "No such"),
    (["solve", "einstein"], None, "The German owns the fish, in house 4.", "error"),
    (["solve", "einsteen"], None, "hint: 'cspdsl examples' lists the models that come with cspdsl", "Traceback"),
    (["solve", "agatha", "--all", "--json"], None, '"values": {"killer": 1}, "answers": ["Agatha killed Agatha."]',
     "hates"),
    (["solve", "-", "--all"], HIDDEN, "Solution 3:\nx = ", "_d"),
    (["solve", "-", "--all", "--json"], 'pieces p = [I, domino]\nplace p on """\n  .....\n  ..###\n"""\n',
     '"answers": [], "tilings": {"p": ["IIIII", "DD###"]}}', "I I I"),
    (["solve", "--help"], None, "the solver (default: chosen by the model and the task",
     "--backend {anneal,cpsat,csp,genetic,sat}\n  --all"),
    (["solve", "-"], "var g[1..2, 1..3] in bool\nruns(g[1, ..]) == [1, 1]\nruns(g[2, ..]) == [2]\ng[2, 1] == 0\n",
     "g:\n  # . #\n  . # #\n", "1 0 1"),
    (["solve", "-"], "var q[1..4] in bool\nforall p in q.adjacent: sum(p) == 1\nq[1] == 1\n", "q = #.#.", "1010"),
]


@pytest.mark.parametrize(("args", "stdin", "holds", "not_there"), SMALL_THINGS)
def test_the_small_things_read_right(args, stdin, holds, not_there):
    result = run_cli(*args, stdin=stdin)
    out = result.stdout + result.stderr
    assert holds in out and not_there not in out, out


QUEENS_13 = ("param n = 13\nvar q[1..n] in 1..n\nalldifferent(q)\n"
          "forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i\n")


@pytest.mark.parametrize("json_lines", [False, True])
@pytest.mark.parametrize("backend", EXACT)
def test_all_streams_each_solution_as_it_is_found_and_ctrl_c_keeps_them(tmp_path, backend, json_lines):
    """The first of 73,712 solutions is on standard output while the search goes on (drawn, or with
    --json as a JSON line); Ctrl-C then ends it with what was printed, and says how many on standard
    error (tests/test_interrupt_solve.py reads the rest)."""
    path = tmp_path / "queens.puz"
    path.write_text(QUEENS_13)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CSPDSL_DEBUG", None)
    command = [sys.executable, "-m", "cspdsl", "solve", str(path), "--all", "--backend", backend,
               *(["--json"] if json_lines else [])]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                          preexec_fn=_sigint_as_at_a_terminal) as process:
        assert process.stdout is not None
        first = [process.stdout.readline(), process.stdout.readline()]  # before the search has ended
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=60)
    if json_lines:
        assert [json.loads(line)["solution"] for line in first] == [1, 2]
        assert len(json.loads(first[0])["values"]["q"]) == 13
    else:
        assert first[0] == "Solution 1:\n" and first[1].startswith("q = ")
    assert process.returncode == 130
    found = re.fullmatch(r"interrupted: at least ([\d,]+) solutions? in \d+\.\d s\n", errors)
    assert found is not None and int(found.group(1).replace(",", "")) >= (2 if json_lines else 1), errors


def test_the_version_is_the_same_everywhere():
    """`cspdsl --version`, the package's metadata and the CHANGELOG's newest release agree."""
    version = re.search(r'^version = "(.+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    released = re.search(r"^## (\d+\.\d+\.\d+) \(", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert version and released
    assert run_cli("--version").stdout == f"cspdsl {version.group(1)}\n"
    assert released.group(1) == version.group(1)


def test_the_project_urls_name_the_repository_and_files_it_has():
    import tomllib

    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Changelog", "Issues"}
    home = urls["Homepage"]
    assert home.startswith("https://github.com/") and all(url.startswith(home) for url in urls.values())
    for key in ("Documentation", "Changelog"):
        assert (ROOT / urls[key].removeprefix(f"{home}/blob/main/")).is_file()


def test_the_progress_line_is_on_a_terminal_only_and_wiped_at_the_end(tmp_path):
    import pty

    from cspdsl.cli.progress import WIPE

    path = tmp_path / "queens.puz"
    path.write_text(QUEENS_13.replace("n = 13", "n = 9"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("CSPDSL_DEBUG", None)
    leader, follower = pty.openpty()
    command = [sys.executable, "-m", "cspdsl", "solve", str(path), "--count"]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=follower, env=env, text=True) as process:
        os.close(follower)
        out, _ = process.communicate(timeout=300)
        seen = read_to_the_end(leader)
    os.close(leader)
    assert out.startswith("352 solutions.")
    drawn = seen.decode()
    line = r"[\d,]+ solutions? found, \d+\.\d s \(Ctrl-C stops and keeps them\)"
    assert re.fullmatch(rf"((\r\x1b\[K){line})*(\r\x1b\[K)?", drawn), drawn
    assert not drawn or drawn.endswith(WIPE)
    plain = run_cli("solve", str(path), "--count")
    assert (plain.stdout.startswith("352 solutions."), plain.stderr) == (True, "")


@pytest.mark.parametrize(("entry", "frozen", "collects_after"),
                         [("from cspdsl.entry import run; run()", True, COLLECT_AFTER),
                          ("from cspdsl.cli import main; raise SystemExit(main())", False, 700)])
def test_the_command_freezes_its_modules_out_of_the_collectors_way_and_a_program_that_imports_it_does_not(
    entry: str, frozen: bool, collects_after: int
) -> None:
    """The console script pauses the cycle collector while the command's modules load, freezes them
    and collects less often (`entry.run`); importing `cspdsl.cli.main` leaves a program's collector as
    it was."""
    script = ("import atexit, gc, sys\nsys.argv = ['cspdsl', 'solve', 'models/lock.puz', '-n', '1']\n"
              "atexit.register(lambda: print(gc.isenabled(), gc.get_freeze_count() > 0, gc.get_threshold()[0]))\n"
              + entry)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, f"True {frozen} {collects_after}")


# Modules a run does without (docs/performance.md, Start-up): a few ms each of every run, or for cpsat
# (pandas and numpy, which OR-Tools' cp_model imports) most of a second. locale: gettext's, which
# argparse would ask for a translation of each of its words.
NOT_IMPORTED = {"typing", "pathlib", "json", "difflib", "random", "rich", "pickle", "dataclasses", "inspect",
                "shutil", "lark", "numpy", "pandas", "locale"}


@pytest.mark.parametrize("args, needed", [
    (["models/einstein.puz"], set()),
    (["models/golomb.puz", "--backend", "cpsat"], {"ortools", "logging"}),  # ortools' __init__ imports logging
    (["models/golomb.puz", "--backend", "cp"], {"ortools", "logging"}),  # the CP solver: neither numpy nor pandas
])
def test_a_solve_imports_only_what_it_uses(args: list[str], needed: set[str]) -> None:
    script = (
        "import sys\nfrom cspdsl import cli\ncode = cli.main(['solve', *sys.argv[1:]])\n"
        "print(code, *sorted({name.split('.')[0] for name in sys.modules}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    code, *modules = done.stdout.splitlines()[-1].split()
    assert (code, set(modules) & (NOT_IMPORTED | {"ortools", "logging"})) == ("0", needed)


def test_examples_describe_each_model_in_a_whole_sentence():
    """`cspdsl examples` gives each model's first sentence whole, however many comment lines it takes,
    not its first line cut where the line ends."""
    from cspdsl.core.examples import examples, first_sentence

    listed = dict(examples())
    assert listed["hitori"] == "Hitori: the example puzzle of Wikipedia's article \"Hitori\"."
    assert listed["golf"].endswith("Summer 2000, puzzle 9 (one star).")
    assert all(what.endswith((".", "?", "!", ")")) for what in listed.values()), listed
    assert first_sentence(["# Short? Yes, a question that opens a longer sentence does not end it.\n",
                           "# Second sentence.\n"]) == (
        "Short? Yes, a question that opens a longer sentence does not end it.")
    assert first_sentence(["# By J. Smith, in his book about the puzzles of the time. More.\n"]) == (
        "By J. Smith, in his book about the puzzles of the time.")
