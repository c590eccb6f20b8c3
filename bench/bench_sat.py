"""Our compiled CNF against hand-written CNF of the same puzzles, side by side, on one SAT engine.

For each puzzle: variables, clauses and literals of both CNFs, and the median time of enumerating
on the sat backend's engine (its default, or `--engine`; each model blocked on the puzzle's own
variables) up to the solutions asked (Einstein: 2, i.e. first solution and uniqueness;
Sudoku: 1; the hexagon: all 12; the tile square: all 1152), the repeats interleaved (ours,
hand-written, ours, ...) so that load on the machine hits both alike. For ours also the median
compile time (IR -> CNF) and compile + solve. Ratios are ours / hand-written: below 1 is better.

    python bench/bench_sat.py            # every case, full repeats (a few minutes)
    python bench/bench_sat.py --quick    # fewer repeats; hexagon and tiles to the first solution only
    python bench/bench_sat.py --engine pycosat   # another engine (pycosat: where installed)

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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "reference"))
sys.path.insert(0, str(HERE.parent))

import sat_einstein  # noqa: E402
import sat_hexagon  # noqa: E402
import sat_sudoku  # noqa: E402
import sat_tiles  # noqa: E402

from cspdsl.api import load  # noqa: E402
from cspdsl.backends.sat import SatModel, compile_cnf  # noqa: E402
from cspdsl.backends.sat.engines import DEFAULT_ENGINE, ENGINE_NAMES, engine  # noqa: E402
from cspdsl.ir import Problem  # noqa: E402

Clauses = list[list[int]]


@dataclass
class Case:
    name: str
    problem: Callable[[], Problem]  # our side, loaded from a model
    reference: Callable[[], tuple[int, Clauses]]  # the hand-written CNF
    limit: int | None  # solutions asked (None: all)
    expected: int  # solutions found up to the limit
    repeats: int


ENGINE = DEFAULT_ENGINE


def count_solutions(clauses: Clauses, num_vars: int, project: list[int], limit: int | None) -> tuple[int, int]:
    """(distinct solutions on the `project` variables, duplicates), up to `limit` distinct ones."""
    seen: set[tuple[bool, ...]] = set()
    duplicates = 0

    def block(model: list[int]) -> list[int]:
        return [-model[v - 1] for v in project]

    for model in engine(ENGINE, num_vars).models(clauses, block):
        key = tuple(model[v - 1] > 0 for v in project)
        if key in seen:
            duplicates += 1
            continue
        seen.add(key)
        if limit is not None and len(seen) >= limit:
            break
    return len(seen), duplicates


def model_vars(native: SatModel) -> list[int]:
    return sorted({abs(lit) for pairs in native.values.values() for _, lit in pairs if abs(lit) != 1})


def check_hexagon_lines(problem: Problem) -> None:
    """The reference's hand-drawn lines are the model's lines."""
    ours = {frozenset(name.removeprefix("hex.") for _, name in c.constraint.terms)
            for c in problem.constraints if type(c.constraint).__name__ == "Linear"}
    theirs = {frozenset(line) for line in sat_hexagon.LINES}
    if ours != theirs:
        raise SystemExit(f"the hexagon's lines differ: {sorted(map(sorted, ours ^ theirs))}")


def sudoku_case(name: str, repeats: int) -> Case:
    return Case(f"Sudoku {name}", lambda: sat_sudoku.load_model(name).problem,
                lambda: sat_sudoku.cnf(sat_sudoku.GRIDS[name]), 1, 1, repeats)


def cases(quick: bool) -> list[Case]:
    few = quick
    hexagon = Case("hexagon, all", lambda: load("models/aristotle.puz").problem, sat_hexagon.cnf, None, 12,
                   1 if few else 3)
    tiles = Case("tile square, all", lambda: load("models/tiles.puz").problem, sat_tiles.cnf, None, 1152,
                 1 if few else 3)
    if quick:  # the enumerations take seconds each: only the first solution
        hexagon = Case("hexagon, first", hexagon.problem, hexagon.reference, 1, 1, 5)
        tiles = Case("tile square, first", tiles.problem, tiles.reference, 1, 1, 5)
    return [
        Case("Einstein (2: unique)", lambda: load("models/einstein.puz").problem, sat_einstein.cnf, 2, 1,
             15 if few else 51),
        *(sudoku_case(name, 5 if few else 21) for name in sat_sudoku.GRIDS),
        hexagon,
        tiles,
    ]


def run(case: Case) -> dict[str, object]:
    problem = case.problem()
    if case.name.startswith("hexagon"):
        check_hexagon_lines(problem)
    native = compile_cnf(problem)
    ours_vars, ours = native.cnf.num_vars, native.cnf.clauses
    ours_project = model_vars(native)
    ref_vars, ref = case.reference()
    ref_project = list(range(1, ref_vars + 1))
    compile_times, ours_times, ref_times = [], [], []
    ours_dups = ref_dups = 0
    for _ in range(case.repeats):
        start = time.perf_counter()
        compile_cnf(problem)
        compile_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        found, ours_dups = count_solutions(ours, ours_vars, ours_project, case.limit)
        ours_times.append(time.perf_counter() - start)
        if found != case.expected:
            raise SystemExit(f"{case.name}: ours found {found} solutions, not {case.expected}")
        start = time.perf_counter()
        found, ref_dups = count_solutions(ref, ref_vars, ref_project, case.limit)
        ref_times.append(time.perf_counter() - start)
        if found != case.expected:
            raise SystemExit(f"{case.name}: hand-written found {found} solutions, not {case.expected}")
    compile_s = statistics.median(compile_times)
    ours_s = statistics.median(ours_times)
    ref_s = statistics.median(ref_times)
    return {
        "case": case.name,
        "repeats": case.repeats,
        "ours": (ours_vars, len(ours), sum(map(len, ours))),
        "ref": (ref_vars, len(ref), sum(map(len, ref))),
        "compile": compile_s,
        "ours_s": ours_s,
        "ref_s": ref_s,
        "dups": ours_dups + ref_dups,
    }


def seconds(s: float) -> str:
    return f"{s * 1000:.2f} ms" if s < 1 else f"{s:.2f} s"


def table(rows: list[dict[str, object]]) -> str:
    head = ("| puzzle | n | vars ours / hand | clauses ours / hand (ratio) | literals ours / hand (ratio) "
            "| solve ours | solve hand | ratio | compile ours | compile+solve ours |")
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    for r in rows:
        (ov, oc, ol), (rv, rc, rl) = r["ours"], r["ref"]  # type: ignore[misc]
        lines.append(
            f"| {r['case']} | {r['repeats']} | {ov} / {rv} | {oc} / {rc} ({oc / rc:.2f}) | {ol} / {rl} ({ol / rl:.2f}) "
            f"| {seconds(r['ours_s'])} | {seconds(r['ref_s'])} | {r['ours_s'] / r['ref_s']:.2f} "  # type: ignore[operator]
            f"| {seconds(r['compile'])} | {seconds(r['compile'] + r['ours_s'])} |"  # type: ignore[operator]
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats; no full enumerations")
    parser.add_argument("--only", metavar="TEXT", help="only the cases whose name contains TEXT")
    parser.add_argument("--engine", choices=ENGINE_NAMES, default=DEFAULT_ENGINE, help="the SAT engine of both sides")
    args = parser.parse_args()
    global ENGINE
    ENGINE = args.engine
    rows = []
    for case in cases(args.quick):
        if args.only and args.only.lower() not in case.name.lower():
            continue
        print(f"running {case.name} ({case.repeats} repeats)...", file=sys.stderr, flush=True)
        rows.append(run(case))
    print(f"engine {ENGINE}; medians of n interleaved repeats; ratio = ours / hand-written\n")
    print(table(rows))
    if any(r["dups"] for r in rows):
        print("\nduplicate solutions (aux variables not defined):", {r["case"]: r["dups"] for r in rows if r["dups"]})


if __name__ == "__main__":
    main()
