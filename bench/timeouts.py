"""How far past `--timeout T` each command ends, on every backend, on models that take far longer than T:
the wall time of the whole `cspdsl` process (start-up, reading, compile, search, output) less T, with
its exit code and whether it says the time limit stopped it.

    python bench/timeouts.py                # T = 1 s, every command x backend x model once
    python bench/timeouts.py -t 2 -n 3      # T = 2 s, the worst of 3 runs of each
    python bench/timeouts.py -k explain     # only the rows whose command line holds 'explain'

Run from the repository root. The promise (docs/guarantees.md) is an overshoot of at most 0.5 s, exit 3
and the words of `TIME_LIMIT_WORDS` (or exit 0: solved within the limit, on a quiet machine); a row
that breaks it is marked `!`. The machine's load average is printed before and after the table: on a
loaded machine each process gets a fraction of a core, and the start-up alone can outlast T.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# "No solution found within the time limit of T s.", a batch's JSON line, generate's "No puzzle made ...".
TIME_LIMIT_WORDS = ("within the time limit", '"status": "timeout"')
PROMISED_OVERSHOOT = 0.5
EXACT = ["sat", "cpsat", "cp", "csp"]
LOCAL = ["anneal", "genetic"]

# Models that take far longer than T. golomb: an 11-mark ruler of length 71, which does not exist (the
# shortest is 72), small to compile; golomb24: 24 marks up to 300, whose compile alone takes a second
# or more; pentominoes: the shipped tiling (slow generations for the genetic search); queens600: an
# all-different of 600 variables (seconds to set up for the local searches; refused by sat as too
# large, found at once by cp); queens60: the explanation of a model with many solutions; sudoku25: a
# blank 25x25 Sudoku for `generate` to fill and reduce; hanoi: 14 discs, millions of states for search.
GOLOMB = """param n = 11
param length = 71
var mark[1..n] in 0..length
mark[1] == 0
forall i in 1..n - 1: mark[i] < mark[i + 1]
alldifferent([mark[j] - mark[i] for i in 1..n, j in 1..n where i < j])
"""
QUEENS = (ROOT / "models" / "queens.puz").read_text()
HARD_MODELS = {
    "golomb": GOLOMB,
    "golomb24": GOLOMB.replace("n = 11", "n = 24").replace("length = 71", "length = 300"),
    "pentominoes": (ROOT / "models" / "pentominoes.puz").read_text(),
    "queens600": QUEENS.replace("param n = 8", "param n = 600"),
    "queens60": QUEENS.replace("param n = 8", "param n = 60"),
    "sudoku25": "var g[1..25, 1..25] in 1..25\nforall group in g.rows + g.columns + g.boxes: alldifferent(group)\n"
                'given g = """\n' + "\n".join([" ".join("." * 25)] * 25) + '\n"""\n',
    "hanoi": (ROOT / "models" / "hanoi.puz").read_text().replace("param discs = 3", "param discs = 14"),
}
# Beside golomb and golomb24 (hard for every backend): the models each backend finds no answer of in seconds.
ALSO_HARD = {"sat": ["pentominoes"], "cpsat": ["pentominoes", "queens600"], "cp": ["pentominoes"],
             "csp": [], "anneal": ["pentominoes", "queens600"], "genetic": ["pentominoes", "queens600"]}


def rows() -> list[tuple[str, list[str]]]:
    """(model, the command line after `cspdsl`, {model}, {data} and {folder} to fill in)."""
    found: list[tuple[str, list[str]]] = []
    for backend in EXACT + LOCAL:
        for model in ["golomb", "golomb24", *ALSO_HARD[backend]]:
            found.append((model, ["solve", "{model}", "--backend", backend]))
        if backend in EXACT:
            found.append(("golomb", ["solve", "{model}", "--backend", backend, "--count"]))
        found.append(("golomb", ["batch", "{model}", "{data}", "--backend", backend]))
        found.append(("golomb24", ["batch", "{model}", "{data}", "--backend", backend]))
        found.append(("golomb", ["compare", "{model}", "--backends", backend]))
    found.append(("hanoi", ["solve", "{model}", "--backend", "search"]))
    found.append(("hanoi", ["compare", "{model}", "--backends", "search"]))
    for model in ("golomb", "golomb24", "queens60", "pentominoes"):
        found.append((model, ["explain", "{model}"]))
    found.append(("sudoku25", ["generate", "{model}"]))
    found.append(("sudoku25", ["generate", "{model}", "--workers", "2"]))
    return found


def measure(argv: list[str], timeout: float) -> tuple[float, int, bool]:
    """(wall seconds, exit code, whether it says the time limit stopped it) of one run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "cspdsl", *argv, "--timeout", str(timeout)], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=timeout + 600)
    wall = time.monotonic() - started
    said = any(words in done.stdout for words in TIME_LIMIT_WORDS)
    return wall, done.returncode, said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-t", "--timeout", type=float, default=1.0)
    parser.add_argument("-n", "--repeat", type=int, default=1)
    parser.add_argument("-k", "--keyword", default="")
    args = parser.parse_args()
    print(_load_average())
    print("| command | model | overshoot (s) | exit | says so |\n|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder, "one.jsonl")
        data.write_text("{}\n")
        for model, argv in rows():
            shown = " ".join(argv).replace("{model}", model).replace(" {data}", " one.jsonl")
            if args.keyword not in shown:
                continue
            path = Path(folder, f"{model}.puz")
            path.write_text(HARD_MODELS[model])
            filled = [arg.format(model=path, data=data, folder=folder) for arg in argv]
            runs = [measure(filled, args.timeout) for _ in range(args.repeat)]
            wall, code, said = max(runs)
            kept = code == 0 or (code == 3 and said)  # solved in time, or stopped and saying so
            bad = wall - args.timeout > PROMISED_OVERSHOOT or not kept
            print(f"| {shown} | {model} | {wall - args.timeout:+.2f}{' !' if bad else ''} | {code} | "
                  f"{'yes' if said else 'solved' if code == 0 else 'no'} |", flush=True)
    print(_load_average())


def _load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as `uptime` says it ("" where unknown)."""
    try:
        return "load average: " + ", ".join(f"{load:.2f}" for load in os.getloadavg())
    except OSError:
        return ""


if __name__ == "__main__":
    main()
