"""The pentominoes against MiniZinc with Gecode, side by side in one run: a first tiling of the 6x10
rectangle, and the 1,472 tilings of the 4x15 rectangle counted.

Both sides place the same 0/1 variables, one a placement of a piece (each distinct orientation at
each place it fits), each cell covered once and each piece placed once: ours is models/pentominoes.puz
and models/pentominoes4x15.puz; Gecode's is bench/minizinc/pentominoes.mzn, written by hand. Each
case runs `cspdsl solve` on each backend and `minizinc --solver gecode` in turn, `--repeat` times,
and prints medians of the whole process's wall time and of the solver's own time (ours: compile +
search as `--json` reports it; MiniZinc's flatTime + solveTime) with the ratio ours / Gecode.

    python bench/pentominoes.py          # sat and cpsat, once each (the count: cpsat; sat is too slow)
    python bench/pentominoes.py --backends cpsat --repeat 3 --only count

Needs `minizinc` with Gecode on the PATH; without it, says so and exits 0.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import time

# run.py is the bench entry point: it puts the checkout on sys.path and runs the installed script.
from run import ROOT, cspdsl_command, user_environment
from vs_minizinc import run_gecode

from cspdsl.compare import seconds

MZN = "../minizinc/pentominoes.mzn"  # beside bench/reference/, where run_gecode looks
# name, model, cspdsl flags, MiniZinc flags, solutions each side reports, backends left out (too slow:
# sat does not count the 4x15 tilings within 14 minutes, csp finds no first 6x10 tiling in minutes)
CASES = [
    ("6x10, a first tiling", "pentominoes", ["-n", "1"], ["-D", "rows=6;cols=10"], 1, {"csp"}),
    ("4x15, all 1,472 counted", "pentominoes4x15", ["--count"], ["-a", "-D", "rows=4;cols=15"], 1472, {"sat", "csp"}),
]


def run_ours(model: str, flags: list[str], backend: str) -> tuple[float, float, int]:
    """(whole-process wall, compile + search as cspdsl reports it, solutions found)."""
    command = [*cspdsl_command(), "solve", str(ROOT / "models" / f"{model}.puz"), "--backend", backend,
               "--json", *flags]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=user_environment(), cwd=ROOT)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
    report = json.loads(done.stdout)
    return wall, float(report["stats"]["total_seconds"]), int(report["found"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="sat,cpsat", help="comma-separated cspdsl backends (default: sat,cpsat)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each command (default 1)")
    parser.add_argument("--only", metavar="TEXT", help="only the cases whose name contains TEXT")
    args = parser.parse_args()
    if shutil.which("minizinc") is None:
        print("minizinc is not on the PATH: nothing to compare (Debian: apt-get install minizinc)")
        return
    version = subprocess.run(["minizinc", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    backends = args.backends.split(",")
    print(f"{version}; medians of {args.repeat} runs, interleaved; ratio = ours / Gecode\n")
    print("| case | backend | whole process ours | whole process Gecode | ratio | solver time ours "
          "| solver time Gecode | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for name, model, flags, mzn_flags, expected, too_slow in CASES:
        if not args.only or args.only in name:
            chosen = [b for b in backends if b not in too_slow]
            compare_case(name, model, flags, mzn_flags, expected, chosen, args.repeat)


def compare_case(name: str, model: str, flags: list[str], mzn_flags: list[str], expected: int,
                 backends: list[str], repeat: int) -> None:
    """One case's rows: each backend against Gecode, the runs interleaved, every count checked."""
    runs: dict[str, list[tuple[float, float, int]]] = {b: [] for b in [*backends, "gecode"]}
    for _ in range(repeat):
        for backend in backends:
            runs[backend].append(run_ours(model, flags, backend))
        runs["gecode"].append(run_gecode(MZN, mzn_flags))
    for who, found in runs.items():
        if {count for _, _, count in found} != {expected}:
            raise SystemExit(f"{name}: {who} found {sorted({c for _, _, c in found})} solutions, not {expected}")
    gecode_wall = statistics.median(r[0] for r in runs["gecode"])
    gecode_solver = statistics.median(r[1] for r in runs["gecode"])
    for backend in backends:
        wall = statistics.median(r[0] for r in runs[backend])
        solver = statistics.median(r[1] for r in runs[backend])
        print(f"| {name} | {backend} | {seconds(wall)} | {seconds(gecode_wall)} | {wall / gecode_wall:.2f} | "
              f"{seconds(solver)} | {seconds(gecode_solver)} | {solver / gecode_solver:.2f} |", flush=True)


if __name__ == "__main__":
    main()
