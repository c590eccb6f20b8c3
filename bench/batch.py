"""Many instances of one model: 200 minimal 9x9 Sudokus solved in one process, each with its
uniqueness told (a second solution searched), on a model compiled once, against hand-written CNF.

    python bench/batch.py                   # the table of docs/performance.md, "Batches of instances"
    python bench/batch.py --generate        # write bench/data/sudoku-minimal-200.txt again (same seed)

Rows:
- `cspdsl.compile(model, backend).solve(line)` for each line (read, checked, solved, solution checked),
  on each exact backend and SAT engine;
- the hand-written CNF of `reference/sat_sudoku.py`: pycosat given the base clauses again with the
  givens as unit clauses for each puzzle, and PySAT's CaDiCaL with the base clauses once and the givens
  as assumptions (each blocks its first model under an activation literal to look for a second);
- a batch of the puzzles 5 and 20 times over, as `cspdsl batch` makes and writes its rows, with
  --workers 1 and 2 (the model compiled once, here: forked workers start with it), with the
  CPU-seconds of this process and of its workers (`os.times`), and `cspdsl batch` as a whole
  process (start-up and compile included). `--workers-only`: that table alone.
Each row's rate is its best, wall-clock and per CPU-second of this process: the CPU rate of a row
that runs in this process alone is the steadier figure on a machine that other jobs share.
The puzzles are minimal: a solved grid shuffled from the standard pattern (seeded), its givens
removed in a seeded order while the puzzle stays unique, so no given is left that could go.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH), str(BENCH / "reference")]

from generators import sudoku_grid  # noqa: E402

import cspdsl  # noqa: E402

DATA = BENCH / "data" / "sudoku-minimal-200.txt"
MODEL = ROOT / "models" / "sudoku.puz"


def minimal_sudoku(seed: int, compiled: cspdsl.CompiledModel) -> str:
    """A minimal puzzle: each given of a shuffled solved grid, in a seeded order, removed unless the
    puzzle would then have more than one solution."""
    grid = list(sudoku_grid(3, seed, keep=1.0))
    for cell in random.Random(seed).sample(range(81), 81):
        digit, grid[cell] = grid[cell], "."
        if compiled.solve("".join(grid)).unique is not True:
            grid[cell] = digit
    return "".join(grid)


def generate(count: int = 200) -> None:
    compiled = cspdsl.compile(str(MODEL), "sat")
    lines = [minimal_sudoku(seed, compiled) for seed in range(count)]
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    givens = [81 - line.count(".") for line in lines]
    print(f"wrote {DATA.relative_to(ROOT)}: {count} puzzles, {min(givens)}-{max(givens)} givens")


def puzzles() -> list[str]:
    return DATA.read_text(encoding="utf-8").split()


def timed(run: callable, lines: list[str]) -> tuple[float, float, int]:  # type: ignore[valid-type]
    """(wall seconds, CPU seconds of this process, how many were unique) of one pass over the lines."""
    wall, cpu = time.perf_counter(), time.process_time()
    unique = sum(1 for line in lines if run(line))
    return time.perf_counter() - wall, time.process_time() - cpu, unique


def rates(rows: list[tuple[str, callable, int]], lines: list[str], repeat: int) -> dict[str, list[float]]:  # type: ignore[valid-type]
    """Each row's best (instances/s wall, instances per CPU-second, unique). The rows take turns,
    one pass each a round (a row run once if it is not on every puzzle), so that a change in the
    machine's load falls on all of them alike."""
    best: dict[str, list[float]] = {name: [0.0, 0.0, 0] for name, _, _ in rows}
    for round_ in range(repeat):
        for name, run, count in rows:
            if count != len(lines) and round_ > 0:
                continue
            wall, cpu, unique = timed(run, lines[:count])
            kept = best[name]
            kept[:] = [max(kept[0], count / wall), max(kept[1], count / max(cpu, 1e-9)), unique]
    return best


def cspdsl_runner(backend: str, options: dict[str, str]) -> callable:  # type: ignore[valid-type]
    compiled = cspdsl.compile(str(MODEL), backend, options=options)

    def run(line: str) -> bool:
        result = compiled.solve(line)
        if result.status != "solved":
            raise SystemExit(f"{backend} {options}: {line}: {result.status}")
        return result.unique is True

    return run


def pycosat_runner() -> callable:  # type: ignore[valid-type]
    import pycosat
    from sat_sudoku import cnf, var

    _, base = cnf("0" * 81)

    def run(line: str) -> bool:
        units = [[var(i // 9 + 1, i % 9 + 1, int(ch))] for i, ch in enumerate(line) if ch != "."]
        models = pycosat.itersolve(base + units)
        return next(models, None) is not None and next(models, None) is None

    return run


def cadical_runner() -> callable:  # type: ignore[valid-type]
    from pysat.solvers import Solver
    from sat_sudoku import cnf, var

    _, base = cnf("0" * 81)
    solver = Solver(name="cadical195", bootstrap_with=base)
    switch = [729]

    def run(line: str) -> bool:
        assumptions = [var(i // 9 + 1, i % 9 + 1, int(ch)) for i, ch in enumerate(line) if ch != "."]
        if not solver.solve(assumptions=assumptions):
            return False
        switch[0] += 1
        solver.add_clause([-switch[0], *(-lit for lit in solver.get_model() if lit > 0)])
        unique = not solver.solve(assumptions=[*assumptions, switch[0]])
        solver.add_clause([-switch[0]])
        return unique

    return run


def workers_run(workers: int, lines: list[str], rounds: int) -> tuple[float, float, float]:
    """(instances per second, CPU-seconds of this process, of its workers) of a batch of the puzzles
    `rounds` times over on `workers` processes, its rows made as `cspdsl batch --workers N` makes and
    writes them (the model's compile, and the workers' start and end, included)."""
    from cspdsl.instances.batch import Job, batch_written
    from cspdsl.instances.read import RawInstance

    job = Job(MODEL.read_text(encoding="utf-8"), str(MODEL), "sat")
    raws = [RawInstance("puzzles", number, line, "line") for number, line in enumerate(lines * rounds, 1)]
    before, started = os.times(), time.perf_counter()
    with open(os.devnull, "w", encoding="utf-8") as out:
        chunks = list(batch_written(job, raws, workers=workers, compiled=job.compiled()))
        for chunk in chunks:
            out.write(chunk.text)
    seconds, after = time.perf_counter() - started, os.times()
    if sum(chunk.unique for chunk in chunks) != len(raws):
        raise SystemExit(f"--workers {workers}: not every puzzle was solved and unique")
    own = after.user + after.system - before.user - before.system
    theirs = after.children_user + after.children_system - before.children_user - before.children_system
    return len(raws) / seconds, own, theirs


def workers_rates(lines: list[str], rounds: int, repeat: int) -> tuple[float, float, tuple[float, float]]:
    """The best rates of --workers 1 and 2, taking turns, and the least CPU-seconds of this process
    and of the workers with --workers 2 (each the least of its runs)."""
    one = two = 0.0
    split = (float("inf"), float("inf"))
    for _ in range(repeat):
        one = max(one, workers_run(1, lines, rounds)[0])
        rate, own, theirs = workers_run(2, lines, rounds)
        two, split = max(two, rate), (min(split[0], own), min(split[1], theirs))
    return one, two, split


def whole_process(workers: int) -> float:
    """Seconds of `cspdsl batch` on the 200 puzzles as a command, start-up and compile included."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cspdsl", "batch", str(MODEL), str(DATA), "--workers", str(workers),
                    "--out", os.devnull], check=True, cwd=ROOT, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generate", action="store_true", help="write the data file again")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each row; the best is shown")
    parser.add_argument("--workers-only", action="store_true", help="only the table of --workers 1 and 2")
    args = parser.parse_args()
    if args.generate:
        generate()
        return
    lines = puzzles()
    if args.workers_only:
        workers_table(lines, args.repeat)
        return
    # (row, run, how many of the puzzles): python-constraint takes 3-20 s on a minimal puzzle.
    rows = [
        ("cspdsl sat (CaDiCaL 1.5.3, assumptions)", cspdsl_runner("sat", {}), len(lines)),
        ("cspdsl sat -O solver=cadical195", cspdsl_runner("sat", {"solver": "cadical195"}), len(lines)),
        ("cspdsl sat -O solver=minisat22", cspdsl_runner("sat", {"solver": "minisat22"}), len(lines)),
        ("cspdsl sat -O solver=pycosat (base clauses again)", cspdsl_runner("sat", {"solver": "pycosat"}), len(lines)),
        ("cspdsl cpsat (model cloned, givens fixed)", cspdsl_runner("cpsat", {}), len(lines)),
        ("cspdsl csp (domains narrowed), the first 2", cspdsl_runner("csp", {}), 2),
        ("hand-written CNF, pycosat, base clauses again", pycosat_runner(), len(lines)),
        ("hand-written CNF, PySAT CaDiCaL 1.9.5, givens as assumptions", cadical_runner(), len(lines)),
    ]
    print(f"{len(lines)} minimal 9x9 Sudokus, one process, uniqueness told for each (best of {args.repeat}, "
          f"the rows taking turns)\n")
    print("| run | instances/s | per CPU-second | unique |\n|---|---|---|---|")
    best = rates(rows, lines, args.repeat)
    for name, _, count in rows:
        rate, cpu, unique = best[name]
        print(f"| {name} | {shown(rate)} | {shown(cpu)} | {unique:.0f} of {count} |", flush=True)
    ours, reference = best[rows[0][0]], best[rows[-1][0]]
    print(f"\ncspdsl sat against the hand-written loop on CaDiCaL: x{ours[0] / reference[0]:.2f} (wall), "
          f"x{ours[1] / reference[1]:.2f} (CPU)\n")
    workers_table(lines, max(1, args.repeat - 1))
    print(f"\n`cspdsl batch` on the {len(lines)} as a command: {whole_process(1):.2f} s with --workers 1, "
          f"{whole_process(2):.2f} s with --workers 2 (start-up and compile included)")


def workers_table(lines: list[str], repeat: int) -> None:
    print("| batch, model compiled once (workers' start included) | --workers 1 | --workers 2 | "
          "--workers 2, CPU-s per 1,000: this process, the workers |\n|---|---|---|---|")
    for rounds in (5, 20):
        one, two, (own, theirs) = workers_rates(lines, rounds, repeat)
        per = 1000 / (rounds * len(lines))
        print(f"| {rounds * len(lines)} instances | {one:,.0f}/s | {two:,.0f}/s (x{two / one:.2f}) | "
              f"{own * per:.3f}, {theirs * per:.3f} |", flush=True)


def shown(rate: float) -> str:
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"


if __name__ == "__main__":
    main()
