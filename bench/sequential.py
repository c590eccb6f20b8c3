"""Triangle peg solitaire (models/pegs.puz) against hand-written Python, as ratios in one run.

Three pairs, each timed in this process, median of `--repeat` runs after one warm-up run of each,
the runs of the two sides of a pair taking turns (so that a change in the machine's load falls on
both):

- a first plan: `search` (depth first) against article 004's own depth-first search
  (`bench/reference/pegs_article004.py`: its Puzzle and TriangleSolitaire classes);
- all 14,880 plans counted: `search --count` against a memoised depth-first count over bit masks;
- a first plan on `sat`: the model unrolled over its 13 steps, compiled to CNF and solved, against
  a CNF of the same bounded plan written by hand, solved by the same engine (MiniSat 2.2, PySAT);
  the two CNFs' sizes follow the table.

Ours is `cspdsl.driver.plans.solve_plans` on the model already read (the parse and lowering are shown apart,
once): compiling, searching and checking every plan it returns. The baselines check nothing.

    python bench/sequential.py
    python bench/sequential.py --repeat 11 --orders 31
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from run import BENCH, ROOT  # puts the checkout and bench/ on sys.path

from cspdsl.api import load
from cspdsl.driver.plans import solve_plans

PEGS = ROOT / "models" / "pegs.puz"
PLANS = 14880


def median_seconds(works: tuple[Callable[[], object], Callable[[], object]], repeat: int) -> tuple[float, float]:
    """The median times of `repeat` runs of each of two works, after one run of each to warm it up,
    their runs interleaved."""
    times: tuple[list[float], list[float]] = ([], [])
    for work in works:
        work()
    for _ in range(repeat):
        for work, taken in zip(works, times, strict=True):
            started = time.perf_counter()
            work()
            taken.append(time.perf_counter() - started)
    return statistics.median(times[0]), statistics.median(times[1])


def article_first_plan() -> int:
    from reference.pegs_article004 import TriangleSolitaire

    positions = TriangleSolitaire().solve(depthFirst=True)
    assert len(positions) == 14, "the article's plan is 13 jumps"
    return len(positions) - 1


def hand_cnf_first_plan() -> int:
    from pysat.solvers import Minisat22
    from reference.pegs_article004 import bounded_cnf

    clauses, jumps = bounded_cnf()
    with Minisat22(bootstrap_with=clauses) as solver:
        assert solver.solve()
        true = {lit for lit in solver.get_model() or [] if lit > 0}
    made = [sum(1 for j in step if j in true) for step in jumps]
    assert made == [1] * 13, "one jump a step"
    return len(made)


def memoised_count() -> int:
    from reference.pegs_article004 import count_plans

    return count_plans()


def ours(model: object, backend: str, **asked: object) -> Callable[[], object]:
    def run() -> object:
        result = solve_plans(model, backend, **asked)  # type: ignore[arg-type]
        assert result.plans or result.count == PLANS, result
        return result

    return run


def pairs(repeat: int) -> list[tuple[str, float, str, float]]:
    model = load(PEGS)
    assert memoised_count() == PLANS and solve_plans(model, count_only=True).count == PLANS
    compared = [
        ("search, first plan", ours(model, "search", limit=1), "article 004's depth-first search", article_first_plan),
        ("search --count (14,880 plans)", ours(model, "search", count_only=True), "memoised depth-first count",
         memoised_count),
        ("sat, unrolled over 13 steps, first plan", ours(model, "sat", limit=1),
         "hand-written bounded CNF on MiniSat", hand_cnf_first_plan),
    ]
    timed = []
    for name, mine, baseline, theirs in compared:
        seconds = median_seconds((mine, theirs), repeat)
        timed.append((name, seconds[0], baseline, seconds[1]))
    return timed


def cnf_sizes(model: object) -> list[tuple[str, int, int, int]]:
    """(which, variables, clauses, literals) of the two CNFs of the 13-jump plan: ours as the sat
    backend writes the unrolled model, and the hand-written one."""
    from reference.pegs_article004 import bounded_cnf

    size = solve_plans(model, "sat", limit=1).size  # type: ignore[arg-type]
    clauses, _ = bounded_cnf()
    hand = ("hand-written", max(abs(lit) for clause in clauses for lit in clause), len(clauses),
            sum(map(len, clauses)))
    return [("ours (sat, unrolled)", size["variables"], size["clauses"], size["literals"]), hand]


def search_effort(model: object, orders: int) -> list[tuple[str, int, int, float]]:
    """(which, MiniSat's conflicts in the CNF's own order, their median over `orders` shuffled clause
    orders, the median CPU seconds of bootstrap and search) for both CNFs: a CDCL search's luck
    depends much on the order of its input, so one order alone says little about an encoding."""
    import random

    from pysat.solvers import Minisat22
    from reference.pegs_article004 import bounded_cnf

    from cspdsl.backends.sat.copies import unrolled_cnf
    from cspdsl.backends.sat.unrolled import templates

    problem = model.problem  # type: ignore[attr-defined]
    ours = [list(clause) for clause in unrolled_cnf(problem.sequential, templates(problem), 13).clauses]
    found = []
    for which, clauses in (("ours (sat, unrolled)", ours), ("hand-written", bounded_cnf()[0])):
        runs = []
        for seed in range(orders + 1):
            shuffled = random.Random(seed).sample(clauses, len(clauses)) if seed else clauses
            started = time.process_time()
            with Minisat22(bootstrap_with=shuffled) as solver:
                assert solver.solve()
                runs.append((solver.accum_stats()["conflicts"], time.process_time() - started))
        found.append((which, runs[0][0], int(statistics.median(c for c, _ in runs[1:])),
                      statistics.median(t for _, t in runs[1:])))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each (default 5)")
    parser.add_argument("--orders", type=int, default=0,
                        help="also solve both CNFs under this many shuffled clause orders (default 0: not)")
    args = parser.parse_args()
    started = time.perf_counter()
    load(PEGS)
    print(f"reading models/pegs.puz (parse and lowering, once): {(time.perf_counter() - started) * 1000:.1f} ms")
    print(f"median of {args.repeat} runs each, interleaved, in one process ({BENCH.name}/sequential.py)\n")
    print("| ours | seconds | hand-written | seconds | ratio ours / hand-written |")
    print("|---|---|---|---|---|")
    for name, mine, baseline, theirs in pairs(args.repeat):
        print(f"| {name} | {mine * 1000:.1f} ms | {baseline} | {theirs * 1000:.1f} ms | {mine / theirs:.2f}x |")
    print("\n| CNF of the 13-jump plan | variables | clauses | literals |")
    print("|---|---|---|---|")
    for which, variables, clauses, literals in cnf_sizes(load(PEGS)):
        print(f"| {which} | {variables:,} | {clauses:,} | {literals:,} |")
    if args.orders:
        print(f"\n| MiniSat on | conflicts, own order | median conflicts, {args.orders} orders | median CPU |")
        print("|---|---|---|---|")
        for which, own, conflicts, seconds in search_effort(load(PEGS), args.orders):
            print(f"| {which} | {own:,} | {conflicts:,} | {seconds * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
