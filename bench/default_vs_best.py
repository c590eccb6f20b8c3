"""The default engine against the fastest exact backend, whole process: for each model and task,
`cspdsl solve` with no `--backend` and with each exact backend, interleaved in one loop
(`side_by_side.run_once`), CPU-time medians and the default's ratio to the fastest (issue 42: within
1.5x). CPU time is the one to read on a shared machine: other people's load moves the wall clock far
more than a process's own user and system time.

The tasks of a model, found by one plain solve of the default (`--json`): its optimum when it has an
objective (a plain solve, as a user runs it); else its first solution (`-n 1`) and, when it has two or
more, their number (`--count`). Sequential puzzles keep their own default (`search`) and are left out,
but for the pegs' first plan. Each run is capped (`--timeout`, `--cap` seconds): a capped run counts as
"over the cap" and is not run again; nor is a backend whose first run took more than `--slow` times the
fastest first run and over a second (it cannot be the fastest: its one run is shown, marked `~`). Each
command's first run (not timed, `--json`) gives its answer, and every backend's must agree.

    python bench/default_vs_best.py                      # every model of models/ and models/genres/
    python bench/default_vs_best.py --families           # the scale families after them
    python bench/default_vs_best.py --only queens golomb --rounds 5 --cap 60
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from run import ROOT, cspdsl_command, user_environment  # puts the checkout on sys.path
from side_by_side import run_once

BACKENDS = ("sat", "cpsat", "cp", "csp")
MODELS = ROOT / "models"
SEQUENTIAL_KEPT = {"pegs"}  # the one sequential puzzle whose first plan is measured
FLAG = {"first": ["-n", "1"], "count": ["--count"], "optimum": [], "all": ["--all"]}


class Row:
    """One model and task: the command's arguments and what its runs gave."""

    def __init__(self, name: str, task: str, arguments: list[str]) -> None:
        self.name, self.task, self.arguments = name, task, arguments
        self.cpu: dict[str, list[float]] = {}
        self.wall: dict[str, list[float]] = {}
        self.capped: set[str] = set()
        self.once: set[str] = set()  # run once only (slow, or capped)
        self.answers: dict[str, object] = {}
        self.chosen = ""


def command(row: Row, backend: str | None, cap: float, extra: tuple[str, ...] = ()) -> list[str]:
    chosen = ["--backend", backend] if backend else []
    return [*cspdsl_command(), "solve", *row.arguments, *FLAG[row.task], *chosen, "--timeout", str(cap), *extra]


def answer_of(output: dict[str, object]) -> object:
    """What every backend must agree on: the status, the count (null unless counted) and the optimum."""
    return output.get("status"), output.get("count"), output.get("objective")


def first_run(row: Row, backend: str | None, cap: float, cwd: str) -> tuple[float, float, dict[str, object]]:
    """The untimed first run (caches warm, bytecode written), its answer read from `--json`."""
    started = time.perf_counter()
    before = os.times()
    try:
        done = subprocess.run(command(row, backend, cap, ("--json",)), cwd=cwd, capture_output=True, text=True,
                              timeout=cap + 30)
        output = json.loads(done.stdout) if done.stdout.strip().startswith("{") else {"status": "error"}
    except subprocess.TimeoutExpired:
        output = {"status": "timeout"}
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return time.perf_counter() - started, cpu, output


def measure(row: Row, cap: float, rounds: int, slow: float, budget: float, cwd: str) -> None:
    """The row's runs: a first run of each command, then rounds of the commands still in, interleaved."""
    names: list[str] = ["default", *BACKENDS]
    for name in names:
        wall, cpu, output = first_run(row, None if name == "default" else name, cap, cwd)
        row.cpu[name], row.wall[name] = [cpu], [wall]
        row.answers[name] = answer_of(output)
        if output.get("status") in ("timeout", "error") or wall >= cap * 0.97:
            row.capped.add(name)
        if name == "default":
            row.chosen = str(output.get("backend", "?"))
    finished = [n for n in names if n not in row.capped]
    fastest = min((row.cpu[n][0] for n in finished), default=0.0)
    for name in finished:
        if row.cpu[name][0] > max(slow * fastest, 1.0) and name != "default":
            row.once.add(name)
    row.once |= row.capped
    timed = [n for n in names if n not in row.once]
    for name in timed:
        row.cpu[name], row.wall[name] = [], []
    started = time.perf_counter()
    for done in range(rounds):
        if done >= 3 and time.perf_counter() - started > budget:
            break
        for name in timed:
            wall, cpu = run_once(command(row, None if name == "default" else name, cap), cwd)
            row.cpu[name].append(cpu)
            row.wall[name].append(wall)


def cell(row: Row, name: str, cap: float) -> str:
    if name in row.capped:
        return f">{cap:.0f} s"
    value = statistics.median(row.cpu[name]) * 1000
    return f"{'~' if name in row.once else ''}{value:.0f}"


def verdict(row: Row) -> tuple[str, str]:
    """The default's ratio to the fastest backend, and the flag of a row over 1.5x."""
    if "default" in row.capped:
        finished = [b for b in BACKENDS if b not in row.capped]
        return "capped", "OVER" if finished else "all capped"
    best = min((statistics.median(row.cpu[b]) for b in BACKENDS if b not in row.capped), default=None)
    if best is None:  # the default finished where every backend named was capped
        return "<1 (the others capped)", ""
    ratio = statistics.median(row.cpu["default"]) / best
    return f"{ratio:.2f}", "OVER" if ratio > 1.5 else ""


def agreement(row: Row) -> str:
    seen = {str(answer) for name, answer in row.answers.items() if name not in row.capped}
    return "" if len(seen) <= 1 else " ANSWERS DIFFER: " + "; ".join(f"{k}={v}" for k, v in row.answers.items())


def report(row: Row, cap: float) -> str:
    ratio, flag = verdict(row)
    best = min((b for b in BACKENDS if b not in row.capped), key=lambda b: statistics.median(row.cpu[b]),
               default="-")
    cells = " | ".join(cell(row, name, cap) for name in ("default", *BACKENDS))
    return f"| {row.name} | {row.task} | {row.chosen} | {cells} | {best} | {ratio} {flag}{agreement(row)} |"


HEADER = ("| model | task | default's engine | default | sat | cpsat | cp | csp | fastest | default/fastest |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


def probe(path: Path, cap: float, cwd: str) -> dict[str, object]:
    """One plain solve of the default, `--json`: its backend, whether it has an objective, its solutions."""
    done = subprocess.run([*cspdsl_command(), "solve", str(path), "--json", "--timeout", str(cap)], cwd=cwd,
                          capture_output=True, text=True, timeout=cap + 30)
    return json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}


def model_rows(only: list[str], cap: float, cwd: str) -> Iterator[Row]:
    """The tasks of each model of models/, then of models/genres/ (see the module's docstring)."""
    for path in sorted(MODELS.glob("*.puz")) + sorted(MODELS.glob("genres/*.puz")):
        name = path.relative_to(MODELS).with_suffix("").as_posix()  # `stars`, `genres/fillomino`
        if only and path.stem not in only and name not in only:
            continue
        output = probe(path, cap, cwd)
        if output.get("backend") == "search" or "plans" in output:
            if path.stem in SEQUENTIAL_KEPT:
                yield Row(name, "first", [str(path)])
            continue
        if output.get("status") == "optimal":
            yield Row(name, "optimum", [str(path)])
            continue
        yield Row(name, "first", [str(path)])
        if output.get("found", 0) >= 2:  # type: ignore[operator]
            yield Row(name, "count", [str(path)])


def family_rows(workdir: Path) -> Iterator[Row]:
    """The scale families: queens, Golomb rulers, generated zebras and Sudokus, pentominoes on the
    rectangles that models/ does not hold (5x12, 3x20)."""
    from generators import sudoku_grid, sudoku_model, zebra

    queens, golomb = str(MODELS / "queens.puz"), str(MODELS / "golomb.puz")
    for n in (8, 10, 12, 50, 200):
        yield Row(f"queens n={n}", "first", [queens, "-D", f"n={n}"])
    for n in (10, 12):
        yield Row(f"queens n={n}", "count", [queens, "-D", f"n={n}"])
    for n in (6, 7, 8):
        yield Row(f"golomb n={n}", "optimum", [golomb, "-D", f"n={n}"])
    for n in (8, 11, 14):
        path = workdir / f"zebra{n}.puz"
        path.write_text(zebra(n, seed=1))
        yield Row(f"zebra of {n} (seed 1)", "first", [str(path)])
    for rows, columns in ((5, 12), (3, 20)):
        path = workdir / f"pentominoes{rows}x{columns}.puz"
        path.write_text(f"pieces p = [pentominoes]\nplace p on rectangle({rows}, {columns})\n")
        yield Row(f"pentominoes {rows}x{columns}", "first", [str(path)])
        yield Row(f"pentominoes {rows}x{columns}", "count", [str(path)])
    for box in (4, 5):
        path = workdir / f"sudoku{box * box}.puz"
        path.write_text(sudoku_model(sudoku_grid(box, seed=1), f"{box * box}x{box * box}"))
        yield Row(f"sudoku {box * box}x{box * box} (seed 1)", "first", [str(path)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cap", type=float, default=60.0, help="seconds a run may take (its --timeout)")
    parser.add_argument("--slow", type=float, default=4.0, help="a first run this many times the fastest: run once")
    parser.add_argument("--budget", type=float, default=20.0, help="seconds of a row's rounds past the third")
    parser.add_argument("--families", action="store_true", help="the scale families after the models")
    parser.add_argument("--families-only", action="store_true", help="the scale families alone")
    parser.add_argument("--tasks", nargs="*", default=[], help="these tasks alone (first, count, optimum)")
    parser.add_argument("--only", nargs="*", default=[], help="these models of models/ (their file's stem)")
    args = parser.parse_args()
    os.environ.clear()
    os.environ.update(user_environment())  # run_once's children run this checkout, bytecode kept
    cwd = tempfile.mkdtemp()
    print(HEADER, flush=True)
    rows: Iterator[Row] = iter(())
    if not args.families_only:
        rows = model_rows(args.only, args.cap, cwd)
    for row in rows:
        if args.tasks and row.task not in args.tasks:
            continue
        measure(row, args.cap, args.rounds, args.slow, args.budget, cwd)
        print(report(row, args.cap), flush=True)
    if args.families or args.families_only:
        for row in family_rows(Path(cwd)):
            measure(row, args.cap, args.rounds, args.slow, args.budget, cwd)
            print(report(row, args.cap), flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end", file=sys.stderr)


if __name__ == "__main__":
    main()
