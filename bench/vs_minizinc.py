"""cspdsl against MiniZinc with Gecode on the same puzzles, whole process, side by side.

The issues' targets quote `minizinc --solver gecode`: Einstein as a whole process (start-up included),
and the hexagon's 12 solutions and the tile square's 1152 enumerated to the end. Each case runs
`cspdsl solve` (the installed script beside this Python when there is one) and `minizinc` in turn,
`--repeat` times, and reports medians of the wall time of the whole process, the solver's own time
(our `total_seconds`: compile + search; MiniZinc's flatTime + solveTime) and the ratio ours / Gecode.
Both sides must report the same number of solutions.

    python bench/vs_minizinc.py                     # every case, 5 repeats, on sat
    python bench/vs_minizinc.py --backends sat,cpsat --repeat 3

Needs `minizinc` with Gecode on the PATH (Debian: `apt-get install minizinc`); without it, says so and
exits 0. The MiniZinc models are bench/reference/mzn_*.mzn, and for the nonogram and the Slitherlink
the ones beside the published models' (bench/minizinc/nonogram.mzn, a `regular` constraint a line;
bench/minizinc/slitherlink.mzn, a subcircuit of the grid's corners). Larger ones, not of models/:
bench/data/dragonfly.puz against bench/reference/mzn_dragonfly.mzn, and bench/data/slitherlink10.puz
against bench/reference/mzn_slitherlink10.mzn (Gecode does not prove it unique within minutes, so
there it stops at its first solution). The pentominoes have their own, bench/pentominoes.py (the 4x15
count takes sat longer than 14 minutes, so it is run on the backends that count it).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import time

# run.py is the bench entry point: its helpers run the installed script as a user does, and it puts
# the checkout on sys.path.
from run import BENCH, ROOT, cspdsl_command, user_environment

from cspdsl.compare import seconds

REFERENCE = BENCH / "reference"

# name, model, cspdsl flags, MiniZinc model, MiniZinc flags, solutions expected
CASES = [
    ("Einstein (unique)", "einstein", [], "mzn_einstein.mzn", [], 1),
    ("hexagon, all", "aristotle", ["--all"], "mzn_hexagon.mzn", ["-a"], 12),
    ("tile square, all", "tiles", ["--all"], "mzn_tiles.mzn", ["-a"], 1152),
    ("nonogram 12x10 (unique)", "nonogram", [], "../minizinc/nonogram.mzn", [], 1),
    ("nonogram 20x20 (unique)", "bench/data/dragonfly.puz", [], "mzn_dragonfly.mzn", [], 1),
    ("Slitherlink 5x5, all", "slitherlink", ["--all"], "../minizinc/slitherlink.mzn", ["-a"], 1),
    ("Slitherlink 10x10 (unique; Gecode: first)", "bench/data/slitherlink10.puz", [], "mzn_slitherlink10.mzn", [], 1),
]


def run_ours(model: str, flags: list[str], backend: str) -> tuple[float, float, int]:
    """(whole-process wall, compile + search as cspdsl reports it, solutions)."""
    path = ROOT / model if model.endswith(".puz") else ROOT / "models" / f"{model}.puz"
    command = [*cspdsl_command(), "solve", str(path), "--backend", backend,
               "--json", *flags]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=user_environment(), cwd=ROOT)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
    report = json.loads(done.stdout.splitlines()[-1] if "--all" in flags else done.stdout)  # --all: JSON lines
    return wall, float(report["stats"]["total_seconds"]), int(report["count"])


def run_gecode(model: str, flags: list[str]) -> tuple[float, float, int]:
    """(whole-process wall, flatTime + solveTime as MiniZinc reports them, solutions)."""
    command = ["minizinc", "--solver", "gecode", "-s", *flags, str(REFERENCE / model)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
    stats = dict(re.findall(r"%%%mzn-stat: (\w+)=(\S+)", done.stdout + done.stderr))
    return wall, float(stats.get("flatTime", 0)) + float(stats.get("solveTime", 0)), int(stats["nSolutions"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="sat", help="comma-separated cspdsl backends (default: sat)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each command (default 5)")
    parser.add_argument("--only", metavar="TEXT", help="only the cases whose name contains TEXT")
    args = parser.parse_args()
    if shutil.which("minizinc") is None:
        print("minizinc is not on the PATH: nothing to compare (Debian: apt-get install minizinc)")
        return
    version = subprocess.run(["minizinc", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    backends = args.backends.split(",")
    print(f"{version}; medians of {args.repeat} runs, interleaved; ratio = ours / Gecode\n")
    print("| puzzle | backend | solutions | whole process ours | whole process Gecode | ratio "
          "| solver time ours | solver time Gecode | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, model, flags, mzn, mzn_flags, expected in CASES:
        if args.only and args.only not in name:
            continue
        runs: dict[str, list[tuple[float, float, int]]] = {b: [] for b in [*backends, "gecode"]}
        for backend in backends:  # once untimed: caches (bytecode, Lark's grammar, the disk) warm for all
            run_ours(model, flags, backend)
        run_gecode(mzn, mzn_flags)
        for _ in range(args.repeat):
            for backend in backends:
                runs[backend].append(run_ours(model, flags, backend))
            runs["gecode"].append(run_gecode(mzn, mzn_flags))
        for who, found in runs.items():
            counts = {count for _, _, count in found}
            if counts != {expected}:
                raise SystemExit(f"{name}: {who} found {sorted(counts)} solutions, not {expected}")
        gecode_wall = statistics.median(r[0] for r in runs["gecode"])
        gecode_solver = statistics.median(r[1] for r in runs["gecode"])
        for backend in backends:
            wall = statistics.median(r[0] for r in runs[backend])
            solver = statistics.median(r[1] for r in runs[backend])
            print(f"| {name} | {backend} | {expected} | {seconds(wall)} | {seconds(gecode_wall)} | "
                  f"{wall / gecode_wall:.2f} | {seconds(solver)} | {seconds(gecode_solver)} | "
                  f"{solver / gecode_solver:.2f} |", flush=True)


if __name__ == "__main__":
    main()
