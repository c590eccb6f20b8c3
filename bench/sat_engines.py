"""The sat backend's SAT engines side by side: the same compiled CNF searched by each, on the models
and on generated zebras and a 16x16 Sudoku, to one solution and the uniqueness check (2) and to all.

Only the search is timed (the compile is the same for every engine); the repeats are interleaved
(engine A, B, C, A, B, C, ...) so that load on the machine hits each alike, and the table gives medians
and each engine's ratio to the first one named. This is the measurement that chose the default engine.

    python bench/sat_engines.py                                   # PySAT's engines, 5 repeats
    python bench/sat_engines.py --engines minisat22,pycosat -n 9  # pycosat where it is installed

Run from the repository root (the package is imported from there when it is not installed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import generators  # noqa: E402

from cspdsl.api import load, loads  # noqa: E402
from cspdsl.backends import get_backend  # noqa: E402
from cspdsl.backends.sat.engines import ENGINE_NAMES, PysatEngine  # noqa: E402
from cspdsl.lower import Lowered as Model  # noqa: E402

MODELS = ("einstein", "lock", "sendmore", "sudoku", "tiles", "aristotle")


def cases() -> list[tuple[str, Model, tuple[int | None, ...]]]:
    """(name, model, the limits to search it with)."""
    found = [(name, load(HERE.parent / "models" / f"{name}.puz"), (2, None)) for name in MODELS]
    found += [(f"zebra, {n} positions", loads(generators.zebra(n, seed=1)), (2, None)) for n in (8, 10, 12)]
    sudoku16 = generators.sudoku_model(generators.sudoku_grid(4, seed=1, keep=0.45), "16x16")
    found.append(("sudoku 16x16 (seed 1)", loads(sudoku16), (2,)))
    return found


def search_seconds(engine: str, model: Model, limit: int | None) -> tuple[float, int]:
    """(seconds of the search alone, solutions found) on one engine."""
    backend = get_backend("sat", {"solver": engine})
    compiled = backend.compile(model.problem)
    start = time.perf_counter()
    outcome = backend.solve(compiled, limit=limit, timeout=None, seed=None)
    return time.perf_counter() - start, len(outcome.solutions)


def row(name: str, model: Model, limit: int | None, engines: list[str], repeats: int) -> tuple[str, list[float]]:
    times: dict[str, list[float]] = {engine: [] for engine in engines}
    counts: dict[str, int] = {}
    for _ in range(repeats):
        for engine in engines:
            seconds, counts[engine] = search_seconds(engine, model, limit)
            times[engine].append(seconds)
    if len(set(counts.values())) != 1:
        raise SystemExit(f"{name}: the engines disagree on the number of solutions: {counts}")
    medians = [statistics.median(times[engine]) for engine in engines]
    cells = [f"{m * 1000:.1f} ms ({m / medians[0]:.2f})" for m in medians]
    goal = "2" if limit == 2 else "all"
    return f"| {name} | {goal} ({counts[engines[0]]}) | " + " | ".join(cells) + " |", medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default=",".join(PysatEngine.SOLVERS), help="comma-separated engine names")
    parser.add_argument("-n", "--repeats", type=int, default=5)
    args = parser.parse_args()
    engines = args.engines.split(",")
    unknown = [engine for engine in engines if engine not in ENGINE_NAMES]
    if unknown:
        raise SystemExit(f"unknown engines {unknown}; known: {', '.join(ENGINE_NAMES)}")
    print(f"search time, medians of {args.repeats} interleaved repeats; (ratio to {engines[0]})\n")
    print("| model | asked (found) | " + " | ".join(engines) + " |")
    print("|---|---|" + "---:|" * len(engines))
    totals = [0.0] * len(engines)
    for name, model, limits in cases():
        for limit in limits:
            line, medians = row(name, model, limit, engines, args.repeats)
            totals = [t + m for t, m in zip(totals, medians, strict=True)]
            print(line, flush=True)
    cells = [f"**{t * 1000:.1f} ms ({t / totals[0]:.2f})**" for t in totals]
    print("| **sum** | | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
