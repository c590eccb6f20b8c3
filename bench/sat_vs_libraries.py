"""Our cardinality and sum encodings against the libraries', on the tile square and the hexagon.

Each variant is our whole compiled CNF with one family of constraints swapped for a library's
encoding of it, over the same direct-encoding literals (`native.values`):
(a) cardinality, PySAT's `pysat.card.CardEnc`: the tile square's per-kind counts (`exactly 2` of the
    32 face literals of a two-copy kind, `exactly 1` of a single tile's 16) against our MDD counts,
    and the hexagon's all-different at-most-ones (19 literals per value, with its at-least-one)
    against our pairwise at-most-one;
(b) linear sums, `pindakaas`: the line sums (hexagon: 15 lines = 38; tile square: 10 lines = 264),
    each cell an integer variable on its exactly-one direct literals, against our MDDs.
For each: CNF size, median time to the first solution (interleaved repeats) and, in full mode, the
time to enumerate all solutions. The library encodings do not define their auxiliary variables
(they are implied one way only), so blocking whole assignments, as `pycosat.itersolve` does,
can return one solution several times; all solutions are counted distinct on the model's own
variables, and the duplicates are reported: they are part of the finding.

    python bench/sat_vs_libraries.py            # first solution and full enumerations (several minutes)
    python bench/sat_vs_libraries.py --quick    # first solution only, fewer repeats

Needs the bench-only dependencies `python-sat` and `pindakaas` (not dependencies of cspdsl).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pindakaas as pk
import pycosat
from pysat.card import CardEnc, EncType

from cspdsl.api import load
from cspdsl.backends.sat import SatModel, compile_cnf
from cspdsl.ir import AllDifferent, Count, Linear, Problem

Clauses = list[list[int]]


@dataclass
class Variant:
    name: str
    num_vars: int
    clauses: Clauses
    project: list[int]  # the model's own variables' literals, for telling solutions apart
    part_clauses: int  # clauses of the swapped family alone
    part_vars: int  # auxiliary variables of the swapped family alone


def without(problem: Problem, kind: type) -> Problem:
    """The problem with its top-level constraints of `kind` left out."""
    rest = Problem(outputs=list(problem.outputs))
    rest.variables = dict(problem.variables)
    rest.constraints = [p for p in problem.constraints if not isinstance(p.constraint, kind)]
    return rest


def project_of(native: SatModel) -> list[int]:
    return sorted({abs(lit) for pairs in native.values.values() for _, lit in pairs if abs(lit) != 1})


def ours(problem: Problem, kind: type) -> Variant:
    native = compile_cnf(problem)
    base = compile_cnf(without(problem, kind))
    cnf = native.cnf
    return Variant("ours", cnf.num_vars, cnf.clauses, project_of(native),
                   len(cnf.clauses) - len(base.cnf.clauses), cnf.num_vars - base.cnf.num_vars)


def with_extra(name: str, base: SatModel, extra: Clauses, num_vars: int) -> Variant:
    clauses = base.cnf.clauses + extra
    return Variant(name, max(num_vars, base.cnf.num_vars), clauses, project_of(base), len(extra),
                   max(num_vars, base.cnf.num_vars) - base.cnf.num_vars)


def literal(native: SatModel, name: str, value: int) -> int:
    return next(lit for v, lit in native.values[name] if v == value)


# -- (a) cardinality: PySAT ------------------------------------------------------------------------

CARD_EQUALS = ["seqcounter", "totalizer", "mtotalizer", "kmtotalizer", "sortnetwrk", "cardnetwrk"]
CARD_AMO = ["seqcounter", "ladder", "bitwise", "totalizer", "sortnetwrk", "cardnetwrk"]


def pysat_counts(problem: Problem, encoding: str) -> Variant:
    """Every top-level Count(InSet(cell, faces) ...) == k as CardEnc.equals over the face literals."""
    base = compile_cnf(without(problem, Count))
    top = base.cnf.num_vars
    extra: Clauses = []
    for posted in problem.constraints:
        c = posted.constraint
        if not isinstance(c, Count):
            continue
        assert c.op == "==", c
        lits = [literal(base, sub.var, v) for sub in c.conds for v in sub.values]
        enc = CardEnc.equals(lits=lits, bound=c.k, top_id=top, encoding=getattr(EncType, encoding))
        extra += enc.clauses
        top = max(top, enc.nv)
    return with_extra(f"pysat {encoding}", base, extra, top)


def pysat_all_different(problem: Problem, encoding: str) -> Variant:
    """The permutation all-different as, per value, one at-least-one clause and CardEnc.atmost(1)."""
    base = compile_cnf(without(problem, AllDifferent))
    top = base.cnf.num_vars
    extra: Clauses = []
    for posted in problem.constraints:
        c = posted.constraint
        if not isinstance(c, AllDifferent):
            continue
        values = sorted({v for name in c.vars for v, _ in base.values[name]})
        for value in values:
            lits = [literal(base, name, value) for name in c.vars]
            extra.append(lits)
            enc = CardEnc.atmost(lits=lits, bound=1, top_id=top, encoding=getattr(EncType, encoding))
            extra += enc.clauses
            top = max(top, enc.nv)
    return with_extra(f"pysat {encoding}", base, extra, top)


# -- (b) linear sums: pindakaas --------------------------------------------------------------------

SUM_ENCODERS = ["DECISION_DIAGRAM", "TOTALIZER", "SEQUENTIAL_COUNTER", "SORTING_NETWORK", "ADDER"]
# The binary adder is left out on the hexagon: its first solution took 148 s (ours: 0.27 s).
HEXAGON_SUM_ENCODERS = SUM_ENCODERS[:-1]
# --quick keeps the two strongest of each family, so that it runs in about a minute.
QUICK = {"seqcounter", "totalizer", "mtotalizer", "DECISION_DIAGRAM", "TOTALIZER"}


def pindakaas_sums(problem: Problem, encoder: str, **options: object) -> Variant:
    """Every top-level Linear as a pindakaas linear constraint over IntVars on the direct literals."""
    base = compile_cnf(without(problem, Linear))
    db = pk.CNF()
    lits = list(db.new_vars(base.cnf.num_vars))  # the same numbers as ours: 1..num_vars
    assert [int(x) for x in lits[:2]] == [1, 2]

    def lit(n: int) -> pk.Lit:
        return lits[n - 1] if n > 0 else ~lits[-n - 1]

    ints = {}
    for name, pairs in base.values.items():
        ints[name] = db.int_var_from_direct_literals([v for v, _ in pairs], [lit(x) for _, x in pairs])
    for posted in problem.constraints:
        c = posted.constraint
        if not isinstance(c, Linear):
            continue
        total = None
        for coef, name in c.terms:
            term = ints[name] if coef == 1 else coef * ints[name]
            total = term if total is None else total + term
        assert c.op == "==", c
        db.add_encoding(total == c.rhs, getattr(pk.Encoder, encoder), **options)
    extra = [[int(x) for x in clause] for clause in db.clauses()]
    num_vars = max([base.cnf.num_vars, *(abs(x) for clause in extra for x in clause)])
    label = f"pindakaas {encoder.lower()}" + "".join(f" {k}={v}" for k, v in options.items())
    return with_extra(label, base, extra, num_vars)


# -- measuring ------------------------------------------------------------------------------------


def enumerate_distinct(v: Variant, limit: int | None, budget: float) -> tuple[int, int, float, bool]:
    """(distinct solutions, duplicates, seconds, finished within the budget)."""
    seen: set[tuple[bool, ...]] = set()
    duplicates = 0
    start = time.perf_counter()
    finished = True
    for model in pycosat.itersolve(v.clauses, vars=v.num_vars):
        key = tuple(model[x - 1] > 0 for x in v.project)
        if key in seen:
            duplicates += 1
        else:
            seen.add(key)
            if limit is not None and len(seen) >= limit:
                break
        if time.perf_counter() - start > budget:
            finished = False
            break
    return len(seen), duplicates, time.perf_counter() - start, finished


def measure(title: str, builders: list[tuple[str, Callable[[], Variant]]], expected: int, repeats: int,
            full: bool, budget: float) -> str:
    print(f"{title}: building {len(builders)} variants...", file=sys.stderr, flush=True)
    variants = []
    for _, build in builders:
        start = time.perf_counter()
        variant = build()
        variants.append((variant, time.perf_counter() - start))
    firsts: dict[str, list[float]] = {v.name: [] for v, _ in variants}
    for _ in range(repeats):  # interleaved
        for v, _ in variants:
            found, _, seconds, _ = enumerate_distinct(v, 1, budget)
            assert found == 1, (v.name, found)
            firsts[v.name].append(seconds)
    ref = statistics.median(firsts[variants[0][0].name])
    rows = [
        f"#### {title}\n",
        "| encoding | family: clauses / aux vars | total vars | total clauses | literals | build | first (median) "
        "| first / ours |" + (" all: distinct, duplicates | all: time |" if full else ""),
        "|---|---|---|---|---|---|---|---|" + ("---|---|" if full else ""),
    ]
    for v, build_s in variants:
        first = statistics.median(firsts[v.name])
        row = (f"| {v.name} | {v.part_clauses} / {v.part_vars} | {v.num_vars} | {len(v.clauses)} "
               f"| {sum(map(len, v.clauses))} | {build_s * 1000:.0f} ms | {first * 1000:.1f} ms | {first / ref:.2f} |")
        if full:
            print(f"  enumerating {v.name}...", file=sys.stderr, flush=True)
            found, dups, seconds, finished = enumerate_distinct(v, None, budget)
            if finished:
                assert found == expected, (v.name, found)
                row += f" {found}, {dups} | {seconds:.2f} s |"
            else:
                row += f" {found} (stopped), {dups} | > {budget:.0f} s |"
        rows.append(row)
    return "\n".join(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="first solution only, fewer repeats")
    parser.add_argument("--only", choices=["tiles-count", "hexagon-amo", "hexagon-sum", "tiles-sum"], action="append")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds allowed to one enumeration")
    args = parser.parse_args()
    repeats = 3 if args.quick else 5
    full = not args.quick

    def keep(names: list[str]) -> list[str]:
        return [n for n in names if n in QUICK] if args.quick else names

    tiles = load("models/tiles.puz").problem
    hexagon = load("models/aristotle.puz").problem
    studies = {
        "tiles-count": ("(a) tile square: the 10 per-kind counts (6 x exactly 2 of 32, 4 x exactly 1 of 16)",
                        [("ours", lambda: ours(tiles, Count))]
                        + [(e, lambda e=e: pysat_counts(tiles, e)) for e in keep(CARD_EQUALS)], 1152),
        "hexagon-amo": ("(a) hexagon: the all-different's 19 at-most-ones of 19 literals (with at-least-ones)",
                        [("ours", lambda: ours(hexagon, AllDifferent))]
                        + [(e, lambda e=e: pysat_all_different(hexagon, e)) for e in keep(CARD_AMO)], 12),
        "tiles-sum": ("(b) tile square: the 10 line sums (== 264)",
                      [("ours", lambda: ours(tiles, Linear))]
                      + [(e, lambda e=e: pindakaas_sums(tiles, e)) for e in keep(SUM_ENCODERS)], 1152),
        "hexagon-sum": ("(b) hexagon: the 15 line sums (== 38)",
                        [("ours", lambda: ours(hexagon, Linear))]
                        + [(e, lambda e=e: pindakaas_sums(hexagon, e)) for e in keep(HEXAGON_SUM_ENCODERS)], 12),
    }
    print(f"pycosat {pycosat.__version__}, pindakaas (python), python-sat; medians of {repeats} interleaved repeats\n")
    for key, (title, builders, expected) in studies.items():
        if args.only and key not in args.only:
            continue
        print(measure(title, builders, expected, repeats, full, args.budget), flush=True)


if __name__ == "__main__":
    main()
