"""What a solve costs in one process next to a hand-written CNF, and how compile time grows with size.

In-process ratios: for Einstein, the hard 9x9 Sudokus and generated zebras, the median time of
`api.solve(model, "sat", limit=2)` (compile, search to the second solution or the proof that there is
none, the checks of the solutions and the Result; the model loaded once beforehand) against the
hand-written CNF of `bench/reference` built in Python and searched to the same point by the same
engine, the repeats interleaved: the median wall time and, beside it, the median CPU time of this
process (the steadier figure when other jobs share the cores: a run that is preempted waits, and a
longer run is preempted more often). The load (parse and lower) is reported beside it, not in the ratio.

Curves: per family (N-queens, the model of docs/language/basics.md; n^2 x n^2 Sudokus; zebras), for each
size, the load (parse, lower, validate), the compile (IR -> CNF), the CNF's literals, the compile per
thousand literals, and the first solution (compile, search and check); and the growth of the load and
of the compile as the slope of log(seconds) against log(literals), fitted over the sizes but the
smallest (1: linear in the CNF; the smallest is left out, being mostly fixed costs).

Backends: the N-queens' first solution on each backend named by `--backends` (a backend, or
`backend:option=value`), at the sizes of `--queens`, in each of its two forms (`--forms`): the pairwise
differences above, and three all-differents (models/queens.puz); the load apart, then the backend's
compile and the whole solve (compile, search to a first solution, the check), medians.

    python bench/compile_speed.py            # every case
    python bench/compile_speed.py --quick    # fewer repeats, smaller sizes
    python bench/compile_speed.py --skip ratios,queens,sudoku,zebra --queens 100,200 \
        --backends sat,csp:order=smallest,cpsat,cp

Run from the repository root.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "reference"))
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import generators  # noqa: E402
import sat_einstein  # noqa: E402
import sat_sudoku  # noqa: E402
import sat_zebra  # noqa: E402

from cspdsl.api import Lowered, load, loads, solve  # noqa: E402
from cspdsl.backends import get_backend  # noqa: E402
from cspdsl.backends.sat.engines import DEFAULT_ENGINE, engine  # noqa: E402

QUEENS = """param n = 8
var q[1..n] in 1..n
alldifferent(q)
forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i
"""
# The same board as three all-differents (models/queens.puz): the form a CP solver propagates whole.
QUEENS_ALLDIFFERENT = """param n = 8
var q[1..n] in 1..n
alldifferent(q)
alldifferent([q[i] + i for i in 1..n])
alldifferent([q[i] - i for i in 1..n])
"""
FORMS = {"pairwise": QUEENS, "alldifferent": QUEENS_ALLDIFFERENT}
Clauses = list[list[int]]


def hand_solve(build: Callable[[], tuple[int, Clauses]], limit: int) -> int:
    """The hand-written CNF built and searched to `limit` models, each blocked on all its variables."""
    num_vars, clauses = build()
    found = 0
    for _ in engine(DEFAULT_ENGINE, num_vars).models(clauses, lambda model: [-lit for lit in model]):
        found += 1
        if found >= limit:
            break
    return found


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def timed_both(action: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of one run: the CPU time is the steadier figure
    when other jobs share the cores (a run preempted waits, and the wait is no part of its cost)."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu


def ratio_cases() -> list[tuple[str, str, Callable[[], tuple[int, Clauses]]]]:
    """(name, model text, hand-written CNF) of the in-process comparisons."""
    einstein = (HERE.parent / "models" / "einstein.puz").read_text(encoding="utf-8")
    cases = [("Einstein", einstein, sat_einstein.cnf)]
    for name in ("inkala", "escargot"):
        grid = generators.HARD_SUDOKUS[name]
        cases.append((f"Sudoku {name}", generators.sudoku_model(grid, name),
                      lambda grid=grid: sat_sudoku.cnf(grid)))
    for positions in (8, 10, 12):
        text = generators.zebra(positions)
        cases.append((f"zebra, {positions} positions", text, lambda text=text: sat_zebra.cnf(text)))
    return cases


def ratios_section(repeats: int) -> str:
    rows = ["| model | load | ours: solve | hand-written: build + search | ratio | ours, CPU | hand-written, CPU "
            "| ratio, CPU |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, text, build in ratio_cases():
        model = loads(text, "model.puz")
        loads_s, ours, hand = [], [], []
        for _ in range(repeats):
            loads_s.append(timed(lambda text=text: loads(text, "model.puz")))
            ours.append(timed_both(lambda model=model: solve(model, "sat", limit=2)))
            hand.append(timed_both(lambda build=build: hand_solve(build, 2)))
        (o, oc), (h, hc) = medians(ours), medians(hand)
        rows.append(f"| {name} | {ms(statistics.median(loads_s))} | {ms(o)} | {ms(h)} | {o / h:.2f} "
                    f"| {ms(oc)} | {ms(hc)} | {oc / hc:.2f} |")
        print(f"  {rows[-1]}", file=sys.stderr, flush=True)
    return "\n".join(rows)


def medians(times: list[tuple[float, float]]) -> tuple[float, float]:
    """The median wall time and the median CPU time."""
    return statistics.median(wall for wall, _ in times), statistics.median(cpu for _, cpu in times)


def families(quick: bool) -> dict[str, list[tuple[str, Callable[[], Lowered]]]]:
    """Each family's sizes, each as a label and the load of its model (the texts made beforehand: a
    zebra's generation solves it many times)."""
    queens = (8, 16, 32, 64, 100) if quick else (8, 16, 32, 64, 100, 150, 200)
    boxes = (2, 3, 4) if quick else (2, 3, 4, 5)
    zebras = (5, 8, 10) if quick else (5, 8, 10, 12)
    sudokus = {b: generators.sudoku_model(generators.sudoku_grid(b, 1), "s") for b in boxes}
    zebra_texts = {p: generators.zebra(p) for p in zebras}
    return {
        "queens": [(f"n={n}", lambda n=n: loads(QUEENS, "queens.puz", {"n": n})) for n in queens],
        "sudoku": [(f"{b * b}x{b * b}", lambda b=b: loads(sudokus[b], "sudoku.puz")) for b in boxes],
        "zebra": [(f"{p} positions", lambda p=p: loads(zebra_texts[p], "zebra.puz")) for p in zebras],
    }


def curve(family: str, sizes: list[tuple[str, Callable[[], Lowered]]], repeats: int) -> str:
    """The family's table, size by size, and the growth of its compile."""
    rows = [f"| {family} | load | compile | literals | compile per 1000 literals | first solution |",
            "|---|---:|---:|---:|---:|---:|"]
    points, load_points = [], []
    for size, make in sizes:
        model = make()
        load_s = statistics.median(timed(make) for _ in range(repeats))
        backend = get_backend("sat")
        compiles = [timed(lambda b=backend, m=model: b.compile(m.problem)) for _ in range(repeats)]
        literals = backend.compile(model.problem).size["literals"]
        first = statistics.median(timed(lambda m=model: solve(m, "sat", limit=1)) for _ in range(repeats))
        compile_s = statistics.median(compiles)
        points.append((literals, compile_s))
        load_points.append((literals, load_s))
        rows.append(f"| {size} | {ms(load_s)} | {ms(compile_s)} | {literals:,} | {ms(compile_s / literals * 1000)} "
                    f"| {ms(first)} |")
        print(f"  {rows[-1]}", file=sys.stderr, flush=True)
    slope = log_slope(points[1:])  # from the second size: the first is mostly fixed costs
    load_slope = log_slope(load_points[1:])
    return "\n".join(rows) + (f"\n\ngrowth from {sizes[1][0]} to {sizes[-1][0]}: compile literals^{slope:.2f}, "
                               f"load literals^{load_slope:.2f}")


def backends_section(sizes: list[int], backends: list[str], forms: list[str], repeats: int) -> str:
    """The N-queens' first solution, size by size and form by form (`FORMS`), on each backend (`name`
    or `name:option=value`)."""
    rows = ["| queens | form | load | backend | compile | first solution |", "|---|---|---:|---|---:|---:|"]
    for n in sizes:
        for form in forms:
            text = FORMS[form]
            load_s = statistics.median(timed(lambda text=text, n=n: loads(text, "queens.puz", {"n": n}))
                                       for _ in range(repeats))
            model = loads(text, "queens.puz", {"n": n})
            for spec in backends:
                compile_s, first = first_solution(model, spec, repeats)
                rows.append(f"| n={n} | {form} | {ms(load_s)} | {spec} | {ms(compile_s)} | {ms(first)} |")
                print(f"  {rows[-1]}", file=sys.stderr, flush=True)
    return "\n".join(rows)


def first_solution(model: Lowered, spec: str, repeats: int) -> tuple[float, float]:
    """The medians of the backend's compile and of its whole solve to a first solution."""
    name, _, option = spec.partition(":")
    options = dict([option.split("=", 1)]) if option else {}
    backend = get_backend(name, options)
    compile_s = statistics.median(timed(lambda: backend.compile(model.problem)) for _ in range(repeats))
    first = statistics.median(timed(lambda: solve(model, name, limit=1, options=options)) for _ in range(repeats))
    return compile_s, first


def log_slope(points: list[tuple[int, float]]) -> float:
    """The least-squares slope of log(seconds) against log(literals): 1 is linear growth."""
    xs = [math.log(literals) for literals, _ in points]
    ys = [math.log(seconds) for _, seconds in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, smaller sizes")
    parser.add_argument("--skip", default="",
                        help="comma-separated sections to skip: ratios, queens, sudoku, zebra, backends")
    parser.add_argument("--queens", default="50,100,200", help="the N-queens' sizes of the backends' section")
    parser.add_argument("--backends", default="sat,csp:order=smallest,cpsat,cp",
                        help="the backends of the N-queens' first solution, each name or name:option=value")
    parser.add_argument("--forms", default="pairwise,alldifferent",
                        help=f"the N-queens' forms of the backends' section: {', '.join(FORMS)}")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    load("einstein")  # the imports and the parser's first use, outside every measurement
    out = [f"engine {DEFAULT_ENGINE}; medians; ratio = ours / hand-written"]
    if "ratios" not in skip:
        out.append(ratios_section(5 if args.quick else 21))
    for family, sizes in families(args.quick).items():
        if family not in skip:
            out.append(curve(family, sizes, 1 if args.quick else 3))
    if "backends" not in skip:
        sizes = [int(n) for n in args.queens.split(",")]
        out.append(backends_section(sizes, args.backends.split(","), args.forms.split(","), 1 if args.quick else 3))
    print("\n\n".join(out))


if __name__ == "__main__":
    main()
