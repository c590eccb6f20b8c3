"""`--timeout T` ends every command on every backend with exit 3 and says that nothing was found in time,
on models that take far longer than T, the compile included (golomb24's compile alone takes longer
than T on some backends). The time is held to a generous bound only, so that the test does not depend
on the machine's speed: how close to T each run ends is measured by bench/timeouts.py, whose table
docs/guarantees.md quotes.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import NO_RULER_OF_11_MARKS_AND_71 as GOLOMB
from helpers import ROOT

T = 1.0
GENEROUS = T + 10  # seconds a run may take on a loaded machine; a limit that does not hold takes far more
EXIT_TIMEOUT = 3
# golomb: an 11-mark ruler of length 71, which does not exist (the shortest is 72) and no backend
# settles in seconds; golomb24: 24 marks up to 300, a compile of seconds; queens600: an all-different
# of 600 variables, seconds to set up for a local search; hanoi: 14 discs, millions of states;
# sudoku25: a blank 25x25 Sudoku to generate a puzzle of.
MODELS = {
    "golomb": GOLOMB,
    "golomb24": GOLOMB.replace("n = 11", "n = 24").replace("length = 71", "length = 300"),
    "queens600": (ROOT / "models" / "queens.puz").read_text().replace("param n = 8", "param n = 600"),
    "hanoi": (ROOT / "models" / "hanoi.puz").read_text().replace("param discs = 3", "param discs = 14"),
    "sudoku25": "var g[1..25, 1..25] in 1..25\nforall group in g.rows + g.columns + g.boxes: alldifferent(group)\n"
                'given g = """\n' + "\n".join([" ".join("." * 25)] * 25) + '\n"""\n',
}
BACKENDS = ["sat", "cpsat", "cp", "csp", "anneal", "genetic"]
NOTHING_IN_TIME = "No solution found within the time limit of 1 s."

# (model, the arguments after the model's file ({data}: one instance), what standard output holds)
RUNS = [
    *[("golomb", ["solve", "--backend", b], NOTHING_IN_TIME) for b in BACKENDS],
    *[("golomb24", ["solve", "--backend", b], NOTHING_IN_TIME) for b in BACKENDS],
    *[("queens600", ["solve", "--backend", b], NOTHING_IN_TIME) for b in ("anneal", "genetic")],
    *[("golomb", ["batch", "{data}", "--backend", b], '"status": "timeout"') for b in BACKENDS],
    *[("golomb", ["compare", "--backends", b], "No solution found within the time limit of 1 s on any backend.")
      for b in BACKENDS],
    ("hanoi", ["solve", "--backend", "search"], "No plan found within the time limit"),
    ("hanoi", ["compare", "--backends", "search"], "No solution found within the time limit of 1 s on any backend."),
    ("golomb", ["explain"], "within the time limit"),
    ("sudoku25", ["generate"], "No puzzle made within the time limit of 1 s."),
    ("sudoku25", ["generate", "--workers", "2"], "No puzzle made within the time limit of 1 s."),
    ("golomb", ["compare", "--backends", "sat,cpsat,cp,csp"],
     "No solution found within the time limit of 1 s on any backend."),
]


def run_id(run: tuple[str, list[str], str]) -> str:
    model, args, _ = run
    return "-".join([args[0], model, *(arg for arg in args[1:] if not arg.startswith(("-", "{")))])


@pytest.mark.slow
@pytest.mark.parametrize(("model", "args", "words"), RUNS, ids=[run_id(run) for run in RUNS])
def test_a_time_limit_ends_every_command_with_exit_3(tmp_path: Path, model: str, args: list[str], words: str) -> None:
    path, data = tmp_path / f"{model}.puz", tmp_path / "one.jsonl"
    path.write_text(MODELS[model])
    data.write_text("{}\n")
    command, rest = args[0], [arg.format(data=data) for arg in args[1:]]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("CSPDSL_DEBUG", None)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "cspdsl", command, str(path), *rest, "--timeout", str(T)], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=300)
    took = time.monotonic() - started
    assert (done.returncode, words in done.stdout) == (EXIT_TIMEOUT, True), done.stdout[-2000:] + done.stderr
    assert took < GENEROUS, f"{took:.1f} s for a limit of {T} s"


def pigeons(holes: int) -> list[list[int]]:
    """`holes` pigeons in `holes` holes, each in one and no two in one: satisfiable, but only by search."""
    var = {(p, h): p * holes + h + 1 for p in range(holes) for h in range(holes)}
    clauses = [[var[p, h] for h in range(holes)] for p in range(holes)]
    clauses += [[-var[p, h], -var[q, h]] for h in range(holes) for p in range(holes) for q in range(p + 1, holes)]
    return clauses


@pytest.mark.parametrize("run", range(20))
def test_an_interrupt_at_the_deadline_leaves_the_sat_solver_usable(run: int) -> None:
    """A limited solve at a deadline that has passed is interrupted during its search or after its
    answer (the timer's thread races it); either way the solver's next solve, with no limit, answers."""
    from cspdsl.backends.sat.engines import OutOfBudget, Solver
    from cspdsl.core.deadline import time_limited

    with Solver("minisat22") as solver:
        assert solver.add_all(pigeons(6))
        with time_limited(time.monotonic()), contextlib.suppress(OutOfBudget):
            solver.solve(conflicts=1000)
        assert solver.solve() is True
