"""What cpsat's own model (`cspdsl/backends/cpsat_model.py`) saves and costs against OR-Tools' `cp_model`.

Three measurements, each interleaved so that the machine's load touches both sides alike:

- import: a fresh process that imports `cp_model` and builds one CpModel, against one that imports
  `cpsat_model` and builds one (`cp_model` loads pandas and numpy; so does its CpModel's native base);
- compile: in one process, compiling each model with the backend on `cpsat_model` and on `cp_model`
  (the backend's module `cp_model` swapped), the fastest of the repeats;
- whole process (with `--before DIR`, another checkout): `cspdsl solve MODEL --backend cpsat -n 1` as
  the optimisation bench runs it, this checkout against DIR's.

    python bench/cpsat_start.py --repeat 7
    python bench/cpsat_start.py --repeat 7 --before ../cspdsl-main --models coins,golomb
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import time

from run import ROOT, cspdsl_command, user_environment

from cspdsl.api import load
from cspdsl.backends import cpsat, cpsat_connected, cpsat_projected, get_backend
from cspdsl.compare import seconds

IMPORTS = {
    "python -c pass": "pass",
    "cp_model": "from ortools.sat.python import cp_model; cp_model.CpModel()",
    "cpsat_model": "from cspdsl.backends import cpsat_model; cpsat_model.CpModel()",
}


def wall(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - started


def imports(repeat: int) -> None:
    times: dict[str, list[float]] = {name: [] for name in IMPORTS}
    for _ in range(repeat):
        for name, code in IMPORTS.items():
            times[name].append(wall([sys.executable, "-c", code], user_environment()))
    for name, runs in times.items():
        print(f"import {name:15} median {seconds(statistics.median(runs))}, fastest {seconds(min(runs))}")


def compiles(models: list[str], repeat: int) -> None:
    from ortools.sat.python import cp_model

    ours, backend = cpsat.cp_model, get_backend("cpsat")
    for model in models:
        problem = load(ROOT / "models" / f"{model}.puz").problem
        times: dict[str, list[float]] = {"cpsat_model": [], "cp_model": []}
        for _ in range(repeat):
            for name, module in (("cpsat_model", ours), ("cp_model", cp_model)):
                for user in (cpsat, cpsat_connected, cpsat_projected):
                    user.cp_model = module
                gc.collect()
                times[name].append(backend.compile(problem).compile_seconds)
        mine, theirs = min(times["cpsat_model"]), min(times["cp_model"])
        print(f"compile {model:12} cpsat_model {seconds(mine)}, cp_model {seconds(theirs)}, ratio {mine / theirs:.2f}")
    for user in (cpsat, cpsat_connected, cpsat_projected):
        user.cp_model = ours


def whole(models: list[str], before: str, repeat: int) -> None:
    checkouts = {"before": before, "after": str(ROOT)}
    for model in models:
        times: dict[str, list[float]] = {name: [] for name in checkouts}
        for _ in range(repeat):
            for name, root in checkouts.items():
                env = {**user_environment(), "PYTHONPATH": root}
                command = [*cspdsl_command(), "solve", f"{root}/models/{model}.puz", "--backend", "cpsat", "-n", "1",
                           "--timeout", "30", "--json"]
                times[name].append(wall(command, env))
        old, new = (statistics.median(times[name]) for name in checkouts)
        print(f"whole process {model:12} before {seconds(old)}, after {seconds(new)}, after / before {new / old:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--models", default="golomb,coins,lockmax,einstein,sudoku,hitori,slitherlink,stars,pentominoes")
    parser.add_argument("--before", metavar="DIR", help="another checkout, for the whole-process comparison")
    args = parser.parse_args()
    models = args.models.split(",")
    imports(args.repeat)
    compiles(models, args.repeat)
    if args.before:
        whole([m for m in models if m in ("golomb", "coins", "lockmax")], args.before, args.repeat)


if __name__ == "__main__":
    main()
