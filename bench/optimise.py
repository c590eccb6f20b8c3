"""cspdsl's optimisation against MiniZinc with Gecode (`solve minimize`), whole process and solver time.

Each case is a model of models/ with an objective: the Golomb ruler for 6 to 9 marks, the fewest coins
and the largest code of the lock. The MiniZinc side solves the very same model, exported by `cspdsl
compile --to minizinc` (`solve minimize ...`). Both sides are asked for one optimal solution, proved:
`cspdsl solve MODEL -n 1` and `minizinc --solver gecode`. Each command runs `--repeat` times, in turn,
under a time limit of `--cap` seconds; the table gives medians of the whole process's wall time and of
the solver's own time (ours: `total_seconds`, compile and search; MiniZinc's flatTime + solveTime), the
ratio ours / Gecode of each, and the optimum each side proved (both must agree). A run stopped by the
cap shows as `> CAP` with the best value found.

    python bench/optimise.py                                  # sat, sat/maxsat, cpsat, csp; 3 repeats
    python bench/optimise.py --backends cpsat --only golomb --cap 120

`sat/maxsat` is the sat backend with `-O optimise=maxsat` (PySAT's RC2), measured beside the default
bound tightening; `NAME:OPTION=VALUE` gives a backend an option (`sat:rulers=false`: the Golomb
ruler's differences encoded one by one). Needs `minizinc` with Gecode on the PATH; without it, says so
and exits 0.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

# run.py is the bench entry point: it puts the checkout on sys.path and runs the installed script.
from run import ROOT, cspdsl_command, user_environment

from cspdsl.api import load
from cspdsl.backends import export
from cspdsl.compare import seconds
from cspdsl.ir import Objective

# name, model, params, the optimum known
CASES = [
    *[(f"Golomb ruler, {n} marks", "golomb", {"n": n}, length) for n, length in ((6, 17), (7, 25), (8, 34), (9, 44))],
    ("fewest coins", "coins", {}, 3),
    ("largest lock code", "lockmax", {}, 780),
]

Run = tuple[float, float | None, int | None, bool]  # wall, solver time, value, proved


def run_ours(model: str, params: dict[str, int], backend: str, cap: float) -> Run:
    """(whole-process wall, compile + search as cspdsl reports it, the value, whether proved optimal)."""
    backend, _, option = backend.partition(":")
    name, _, method = backend.partition("/")
    options = ["-O", f"optimise={method}"] if method else []
    options += ["-O", option] if option else []
    defines = [flag for key, value in params.items() for flag in ("-D", f"{key}={value}")]
    command = [*cspdsl_command(), "solve", str(ROOT / "models" / f"{model}.puz"), "--backend", name, *options,
               *defines, "-n", "1", "--timeout", str(cap), "--json"]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=user_environment(), cwd=ROOT)
    wall = time.perf_counter() - started
    if done.returncode not in (0, 3):
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
    report = json.loads(done.stdout)
    return wall, float(report["stats"]["total_seconds"]), report.get("objective"), report["status"] == "optimal"


def run_gecode(path: Path, objective: Objective, cap: float) -> Run:
    """(whole-process wall, flatTime + solveTime as MiniZinc reports them, the value of its last solution,
    whether proved): the value is worked out from the solution's printed variables (`name = value`)."""
    command = ["minizinc", "--solver", "gecode", "-s", "--time-limit", str(int(cap * 1000)), str(path)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
    stats = dict(re.findall(r"%%%mzn-stat: (\w+)=(\S+)", done.stdout + done.stderr))
    solutions = done.stdout.split("----------")[:-1]
    value = None
    if solutions:
        printed = {name: int(v) for name, v in re.findall(r"^(.+?) = (-?\d+)$", solutions[-1], re.M)}
        value = objective.constant + sum(coef * printed[name] for coef, name in objective.terms)
    solver = float(stats.get("flatTime", 0)) + float(stats.get("solveTime", 0))
    return wall, solver, value, "==========" in done.stdout


def exported(model: str, params: dict[str, int], folder: Path) -> tuple[Path, Objective]:
    """The model written as MiniZinc, with its params given, and its objective (over its own variables)."""
    path = folder / f"{model}{''.join(f'_{k}{v}' for k, v in params.items())}.mzn"
    problem = load(ROOT / "models" / f"{model}.puz", params).problem
    assert problem.objective is not None and all(name in problem.outputs for _, name in problem.objective.terms)
    path.write_text(export("minizinc", problem, model))
    return path, problem.objective


def cell(runs: list[Run], cap: float, what: int) -> str:
    """A median time, or `> CAP` when a run was stopped by the cap."""
    if not all(proved for *_, proved in runs):
        return f"> {cap:g} s"
    return seconds(statistics.median(run[what] or 0.0 for run in runs))


def value_of(runs: list[Run]) -> str:
    """The optimum proved, `best V` for the best value found by a run the cap stopped, or `none found`."""
    values = sorted({value for _, _, value, _ in runs if value is not None})
    if not values:
        return "none found"
    shown = "/".join(map(str, values))
    return shown if all(run[3] for run in runs) else f"best {shown}"


def ratio(ours: list[Run], theirs: list[Run], what: int) -> str:
    if not all(run[3] for run in ours + theirs):
        return "-"
    mine, gecode = (statistics.median(run[what] or 0.0 for run in runs) for runs in (ours, theirs))
    return f"{mine / gecode:.2f}" if gecode > 0 else "-"


def bench_case(case: tuple[str, str, dict[str, int], int], backends: list[str], repeat: int, cap: float,
               folder: Path) -> None:
    name, model, params, known = case
    mzn, objective = exported(model, params, folder)
    runs: dict[str, list[Run]] = {b: [] for b in [*backends, "gecode"]}
    for _ in range(repeat):
        for backend in backends:
            runs[backend].append(run_ours(model, params, backend, cap))
        runs["gecode"].append(run_gecode(mzn, objective, cap))
    for who, found in runs.items():
        wrong = [value for _, _, value, proved in found if proved and value != known]
        if wrong:
            raise SystemExit(f"{name}: {who} proved {wrong[0]}, not the known optimum {known}")
    gecode = runs["gecode"]
    for backend in backends:
        ours = runs[backend]
        print(f"| {name} | {backend} | {value_of(ours)} | {value_of(gecode)} | {cell(ours, cap, 0)} | "
              f"{cell(gecode, cap, 0)} | {ratio(ours, gecode, 0)} | {cell(ours, cap, 1)} | {cell(gecode, cap, 1)} | "
              f"{ratio(ours, gecode, 1)} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="sat,sat/maxsat,cpsat,csp",
                        help="comma-separated backends; sat/maxsat is sat with -O optimise=maxsat, "
                             "sat:rulers=false sat with -O rulers=false")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command (default 3)")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit of each run in seconds (default 60)")
    parser.add_argument("--only", metavar="TEXT", help="only the cases whose name or model contains TEXT")
    args = parser.parse_args()
    if shutil.which("minizinc") is None:
        print("minizinc is not on the PATH: nothing to compare (Debian: apt-get install minizinc)")
        return
    version = subprocess.run(["minizinc", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    print(f"{version}; medians of {args.repeat} runs, interleaved; cap {args.cap:g} s; ratio = ours / Gecode\n")
    print("| case | backend | optimum ours | optimum Gecode | whole process ours | whole process Gecode | ratio "
          "| solver time ours | solver time Gecode | ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for case in CASES:
            if args.only and args.only not in case[0] and args.only not in case[1]:
                continue
            bench_case(case, args.backends.split(","), args.repeat, args.cap, Path(folder))


if __name__ == "__main__":
    main()
