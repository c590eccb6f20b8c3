"""Where the CPU time of `cspdsl batch --workers N` goes: the command's own process against its
workers, per 1,000 instances, on the 200 minimal Sudokus repeated (docs/performance.md, "Batches of
instances").

    python bench/batch_split.py                    # --workers 2 and 1, 1,000 and 4,000 instances
    python bench/batch_split.py --code OTHER_CHECKOUT --rounds 3

The command runs in this process (`cspdsl.cli.main`, rows to /dev/null) between two `os.times()`:
the command's CPU (everything but Python's own start: the model loaded and compiled, the data read,
the workers started, the rows written) and its workers' (counted once they have ended). What the
command spends a row is the difference between 4,000 and 1,000 instances over the 3,000 between.
CPU time, unlike the clock, can be read on a machine that other jobs share; `--code` runs another
checkout's cspdsl (the code before a change), and the checkouts take turns when both are given.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
DATA = BENCH / "data" / "sudoku-minimal-200.txt"
MODEL = ROOT / "models" / "sudoku.puz"


def one_run(workers: int, rounds: int) -> None:
    """Run in a fresh interpreter (the checkout first on sys.path): print the command's and the
    workers' CPU-seconds."""
    from cspdsl.cli import main

    lines = DATA.read_text(encoding="utf-8").split()
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as data:
        data.write("\n".join(lines * rounds) + "\n")
    try:
        before = os.times()
        with contextlib.redirect_stderr(io.StringIO()):
            code = main(["batch", str(MODEL), data.name, "--workers", str(workers), "--out", os.devnull])
        after = os.times()
    finally:
        os.unlink(data.name)
    own = after.user + after.system - before.user - before.system
    theirs = after.children_user + after.children_system - before.children_user - before.children_system
    print(code, own, theirs)


def measured(code: Path, workers: int, rounds: int) -> tuple[float, float]:
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run([sys.executable, __file__, "--one", str(workers), str(rounds)], env=env, cwd=code,
                          capture_output=True, text=True, check=True)
    status, own, theirs = done.stdout.split()
    if status != "0":
        raise SystemExit(f"{code}: the batch ended with exit code {status}")
    return float(own), float(theirs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", action="append", type=Path, help="a checkout of cspdsl (default: this one)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each; each run's figures are shown")
    parser.add_argument("--one", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one_run(*args.one)
        return
    print("| code | --workers | command, 1,000 | command, 4,000 | command a row (per 1,000) | workers per 1,000 |")
    print("|---|---|---|---|---|---|")
    for _ in range(args.rounds):
        for workers in (2, 1):
            for code in args.code or [ROOT]:
                small, large = measured(code, workers, 5), measured(code, workers, 20)
                per_row = (large[0] - small[0]) / 3
                print(f"| {code.name} | {workers} | {small[0]:.2f} | {large[0]:.2f} | {per_row:.3f} | "
                      f"{large[1] / 4:.3f} |", flush=True)


if __name__ == "__main__":
    main()
