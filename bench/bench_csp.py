"""The csp backend against hand-written python-constraint models of the same puzzles, side by side.

For each puzzle and goal (the first solution; all solutions) the median wall time of ours (compile the
IR + solve, in this process) and of the hand-written model (bench/reference/csp_*.py: build the
constraint.Problem + solve with the library's default solver), the repeats interleaved (ours,
hand-written, ours, ...) so that load on the machine hits both alike. The ratio is ours / hand-written:
below 1 is better. A hand-written run that does not end within the cap is stopped (it runs in a child
process) and reported as "> cap" with the solutions it found; the ratio is then an upper bound.

    python bench/bench_csp.py            # 5 repeats (1 for the long runs), cap 60 s (several minutes)
    python bench/bench_csp.py --quick    # 3 repeats (1 for the long runs), cap 10 s

Run from the repository root (the package is imported from there when it is not installed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "reference"))
sys.path.insert(0, str(HERE.parent))

import csp_einstein  # noqa: E402
import csp_hexagon  # noqa: E402
import csp_sudoku  # noqa: E402
import csp_tiles  # noqa: E402

from cspdsl.api import load  # noqa: E402
from cspdsl.backends import get_backend  # noqa: E402
from cspdsl.backends.child import Emit, run_with_time_limit  # noqa: E402


@dataclass
class Case:
    name: str
    model: str  # models/<model>.puz
    reference: Any  # module with build() -> constraint.Problem
    all_solutions: bool
    long: bool = False  # one repeat, the hand-written run capped


CASES = [
    Case("Einstein, first", "einstein", csp_einstein, False),
    Case("Einstein, all (1)", "einstein", csp_einstein, True),
    Case("Sudoku (004), first", "sudoku", csp_sudoku, False),
    Case("Sudoku (004), all (1)", "sudoku", csp_sudoku, True),
    Case("hexagon, first", "aristotle", csp_hexagon, False, long=True),
    Case("hexagon, all (12)", "aristotle", csp_hexagon, True, long=True),
    Case("tiles, first", "tiles", csp_tiles, False, long=True),
    Case("tiles, all (1152)", "tiles", csp_tiles, True, long=True),
]


def run_ours(problem: Any, all_solutions: bool) -> int:
    backend = get_backend("csp")
    compiled = backend.compile(problem)
    outcome = backend.solve(compiled, limit=None if all_solutions else 1, timeout=None, seed=None)
    return len(outcome.solutions)


def _reference_work(emit: Emit, module: Any, all_solutions: bool) -> None:
    for _ in module.build().getSolutionIter():
        emit(1)
        if not all_solutions:
            return


def run_reference(module: Any, all_solutions: bool, cap: float | None) -> tuple[int, bool]:
    """(solutions found, finished). With a cap the search runs in a child process and is stopped there."""
    run = run_with_time_limit(_reference_work, (module, all_solutions), cap)
    return len(run.items), not run.timed_out


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def bench(case: Case, repeats: int, cap: float) -> dict[str, Any]:
    problem = load(HERE.parent / "models" / f"{case.model}.puz").problem
    ours: list[float] = []
    theirs: list[float] = []
    found_ours = found_theirs = 0
    finished = True
    for _ in range(1 if case.long else repeats):
        seconds, found_ours = timed(lambda: run_ours(problem, case.all_solutions))
        ours.append(seconds)
        seconds, (found_theirs, done) = timed(
            lambda: run_reference(case.reference, case.all_solutions, cap if case.long else None)
        )
        theirs.append(seconds)
        finished = finished and done
    return {
        "ours": statistics.median(ours),
        "theirs": statistics.median(theirs),
        "found_ours": found_ours,
        "found_theirs": found_theirs,
        "finished": finished,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="3 repeats, hand-written runs capped at 10 s")
    parser.add_argument("--repeats", type=int, default=None, help="repeats of the short cases (default 5)")
    parser.add_argument("--cap", type=float, default=None, help="time cap of a long hand-written run (s)")
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 5)
    cap = args.cap or (10.0 if args.quick else 60.0)
    print(f"csp backend vs hand-written python-constraint; medians of {repeats} (long runs: 1), cap {cap:g} s")
    print()
    print("| puzzle, goal | ours | hand-written | ours / hand-written |")
    print("|---|---:|---:|---:|")
    for case in CASES:
        r = bench(case, repeats, cap)
        if r["finished"]:
            theirs = _fmt(r["theirs"])
            ratio = f"{r['ours'] / r['theirs']:.2f}"
        else:
            theirs = f"> {cap:g} s (found {r['found_theirs']})"
            ratio = f"< {r['ours'] / cap:.2f}" if r["ours"] < cap else "n/a"
        print(f"| {case.name} | {_fmt(r['ours'])} ({r['found_ours']}) | {theirs} | {ratio} |", flush=True)


def _fmt(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


if __name__ == "__main__":
    main()
