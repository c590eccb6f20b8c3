"""The benchmark entry point: every model and scale family on every backend, whole-process start-up,
and our backends against the hand-written reference models. Writes one markdown report.

    python bench/run.py                 # the full run (tens of minutes on 2 cores)
    python bench/run.py --quick         # fewer repeats, smaller families, short time limits
    python bench/run.py --out docs/bench-results.md
    python bench/run.py --backends sat,csp --skip models,families,references --startup-repeat 21

Figures are medians over repeats that run every backend in turn (`cspdsl.compare.runs`), so that the
machine's drift touches all alike; quote ratios from one run, not bare seconds across runs.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

from generators import HARD_SUDOKUS, sudoku_grid, sudoku_model, zebra  # noqa: E402

from cspdsl.api import load, loads  # noqa: E402
from cspdsl.backends import REGISTRY, backend_class  # noqa: E402
from cspdsl.compare import Row, compare_backends, seconds  # noqa: E402
from cspdsl.lower import Lowered  # noqa: E402


def markdown(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def cell(row: Row) -> str:
    """A backend's result on one model: time to all solutions (or the first), and the count."""
    if row.status not in ("solved", "unsatisfiable"):
        return row.status
    best = row.median("all_seconds") or row.median("first_seconds")
    return f"{seconds(best)} ({row.solutions})"


def model_paths() -> list[Path]:
    """Every model in models/, in name order: the models and whole-process sections measure them all."""
    return sorted((ROOT / "models").glob("*.puz"))


def takes(backend: str, model: Lowered) -> bool:
    """Whether `backend` takes the model: a sequential puzzle the exact backends (`search` among
    them), any other model every backend but `search`."""
    cls = backend_class(backend)
    if model.problem.sequential is not None:
        return bool(cls.CAPABILITIES.exact)
    return not getattr(cls, "sequential_only", False)


def models_section(backends: list[str], repeat: int, timeout: float, log: Callable[[str], None]) -> str:
    """Every model in models/: exact backends enumerate all solutions (or plans), local searches find
    one; "-" where a backend does not take the model."""
    rows = []
    for path in model_paths():
        log(f"models: {path.stem}")
        model = load(path)
        chosen = [name for name in backends if takes(name, model)]
        results = compare_backends(model, chosen, all_solutions=True, repeat=repeat, timeout=timeout, seed=1)
        by_name = {row.backend: row for row in results}
        rows.append([path.stem, *(cell(by_name[name]) if name in by_name else "-" for name in backends)])
    return (
        "### Every model, every backend\n\n"
        "Median time to all solutions on the exact backends (to one solution on the local searches), "
        "and the number of solutions found.\n\n" + markdown(["model", *backends], rows)
    )


def families(quick: bool) -> list[tuple[str, str, int, Callable[[], Lowered]]]:
    """(family, instance, size, loader) for the scale families."""
    out: list[tuple[str, str, int, Callable[[], Lowered]]] = []
    for n in (5, 8) if quick else (5, 8, 10, 12):
        out.append(("zebra", f"{n} positions", n, lambda n=n: loads(zebra(n, seed=1), f"zebra{n}.puz")))
    for name, grid in HARD_SUDOKUS.items():
        out.append(("sudoku", f"9x9 {name}", 9, lambda g=grid, t=name: loads(sudoku_model(g, t), "s.puz")))
    for box in (4,) if quick else (4, 5):
        n = box * box
        out.append(("sudoku", f"{n}x{n} (seed 1)", n,
                    lambda b=box: loads(sudoku_model(sudoku_grid(b, seed=1), f"{b * b}x{b * b}"), "s.puz")))
    return out


def families_section(backends: list[str], repeat: int, timeout: float, quick: bool, log: Callable[[str], None]) -> str:
    """First solution (with the compile) on each family member: how time grows with size."""
    rows = []
    base: dict[tuple[str, str], float] = {}
    for family, instance, _, make in families(quick):
        log(f"families: {family} {instance}")
        results = compare_backends(make(), backends, all_solutions=False, repeat=repeat, timeout=timeout, seed=1)
        cells = []
        for row in results:
            first, built = row.median("first_seconds"), row.median("compile_seconds")
            if first is None or built is None:
                cells.append(row.status)
                continue
            total = first + built
            growth = base.setdefault((family, row.backend), total)
            cells.append(f"{seconds(total)} (x{total / growth:.1f})")
        rows.append([family, instance, *cells])
    return (
        "### Scale families\n\n"
        "Median compile + first solution, and in brackets the growth against the family's smallest "
        "member on the same backend.\n\n" + markdown(["family", "instance", *backends], rows)
    )


def cspdsl_command() -> list[str]:
    """The `cspdsl` console script beside this Python, as a user runs it; `python -m cspdsl` if none."""
    script = Path(sys.executable).parent / "cspdsl"
    return [str(script)] if script.exists() else [sys.executable, "-m", "cspdsl"]


def user_environment() -> dict[str, str]:
    """The environment without PYTHONDONTWRITEBYTECODE: a user's Python keeps its bytecode cache, and
    recompiling every module on every run would measure the compiler, not cspdsl. This checkout comes
    first on PYTHONPATH, so the script runs the code the other sections measure, not whatever copy
    of the package its environment has installed (an editable install may point at another tree)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    others = [path for path in env.get("PYTHONPATH", "").split(os.pathsep) if path and path != str(ROOT)]
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *others])
    return env


def timed_run(command: list[str]) -> float:
    """Wall time of one run; a run that fails (not solved, not unsatisfiable) stops the bench."""
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False, env=user_environment())
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-500:]}")
    return elapsed


def startup_section(backends: list[str], repeat: int, log: Callable[[str], None]) -> str:
    """Whole-process `cspdsl solve MODEL --backend B`, as a user runs it: this picks the default.

    Each command runs once untimed first (it writes the bytecode caches), then `repeat` times in turn;
    the floor rows are the same Python doing nothing and importing the package with its parser."""
    paths = {path.stem: path for path in model_paths()}
    models = [name for name, path in paths.items() if load(path).problem.sequential is None]  # bench/sequential.py
    commands = {
        (model, backend): [*cspdsl_command(), "solve", str(paths[model]), "--backend", backend,
                           "--seed", "1", "--timeout", "60"]
        for model in models for backend in backends
    }
    floors = {"python -c pass": [sys.executable, "-c", "pass"],
              "python -c 'import cspdsl.syntax.parser'": [sys.executable, "-c", "import cspdsl.syntax.parser"]}
    for command in [*commands.values(), *floors.values()]:
        timed_run(command)
    times: dict[object, list[float]] = {}
    for _ in range(repeat):
        for key, command in [*commands.items(), *floors.items()]:
            log(f"start-up: {key}")
            times.setdefault(key, []).append(timed_run(command))
    rows = [[m, *(seconds(statistics.median(times[(m, b)])) for b in backends)] for m in models]
    totals = {b: sum(statistics.median(times[(m, b)]) for m in models) for b in backends}
    rows.append(["**sum**", *(f"**{seconds(totals[b])}**" for b in backends)])
    fastest = min(totals, key=lambda b: totals[b])
    floor = ", ".join(f"`{name}` {seconds(statistics.median(times[name]))}" for name in floors)
    return (
        "### Whole process, as a user runs it\n\n"
        f"`{' '.join(Path(c).name for c in cspdsl_command())} solve models/MODEL.puz --backend B` (one solution "
        f"and the uniqueness check), median wall time of {repeat} runs, start-up and imports included; for "
        f"scale, {floor}. Fastest over all models: **{fastest}**.\n\n"
        + markdown(["model", *backends], rows)
    )


def references_section(quick: bool, log: Callable[[str], None]) -> str:
    """Our backends against hand-written models in the same solver (the per-backend bench scripts)."""
    parts = []
    for script in ("bench_sat", "bench_csp", "bench_local_search"):
        if not (BENCH / f"{script}.py").exists():
            continue
        log(f"references: {script}")
        command = [sys.executable, str(BENCH / f"{script}.py"), *(["--quick"] if quick else [])]
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        body = done.stdout.strip() if done.returncode == 0 else f"failed: {done.stderr.strip()[-500:]}"
        parts.append(f"#### `python bench/{script}.py{' --quick' if quick else ''}`\n\n{body}")
    return "### Against hand-written models in the same solver\n\n" + "\n\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, smaller families, shorter limits")
    parser.add_argument("--backends", help="comma-separated backends (default: all registered)")
    parser.add_argument("--out", help="write the report to this file as well")
    parser.add_argument("--skip", default="", help="sections to skip: models,families,startup,references")
    parser.add_argument("--startup-repeat", type=int, metavar="N",
                        help="timed runs of each whole-process command (default 5, 3 with --quick): more for "
                             "backends that come close on a model")
    args = parser.parse_args()
    backends = args.backends.split(",") if args.backends else sorted(REGISTRY)
    whole = [name for name in backends if not getattr(backend_class(name), "sequential_only", False)]
    exact = [b for b in whole if backend_class(b).CAPABILITIES.exact]
    repeat, timeout = (1, 20.0) if args.quick else (3, 60.0)
    skip = set(args.skip.split(","))

    def log(text: str) -> None:
        print(f"... {text}", file=sys.stderr, flush=True)

    report = [
        f"## Benchmarks ({'quick' if args.quick else 'full'} run)\n",
        f"Command: `{shlex.join(['python', 'bench/run.py', *sys.argv[1:]])}`; Python {platform.python_version()}, "
        f"{platform.machine()}, backends {', '.join(backends)}.\n",
    ]
    if "models" not in skip:
        report.append(models_section(backends, repeat, timeout, log))
    if "families" not in skip:
        report.append(families_section(whole, repeat, timeout, args.quick, log))
    if "startup" not in skip:
        report.append(startup_section(exact, args.startup_repeat or (3 if args.quick else 5), log))
    if "references" not in skip:
        report.append(references_section(args.quick, log))
    text = "\n\n".join(report) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
