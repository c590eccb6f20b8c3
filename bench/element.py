"""Indices over variables (`q[i]`, `g[r, c]` with i, r, c variables): three lowerings of an element
side by side on every exact backend, all solutions counted; the CNF's size for the sat backend.

- implication (what cspdsl does): for each index value i, `index != i or result == item_i`;
- direct: for each index value i and each value v, `index != i or item_i != v or result == v`, and
  `index != i or result != v or item_i == v`: the clauses of the element encoding of the SAT
  literature, which is what a native element kind would give the sat backend;
- table: for each index value i, a table over (the index variables, item_i, result).

    python bench/element.py            # 3 repeats
    python bench/element.py -n 5

Run from the repository root (the package is imported from there when it is not installed).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cspdsl import ir
from cspdsl.api import loads
from cspdsl.backends import exact_backends, get_backend
from cspdsl.core.errors import Span
from cspdsl.lower.build import Lin, any_of, linear, negate
from cspdsl.lower.indexing import Choices, Indexing

INVERSE = """
param n = 6
var q[1..n] in 1..n
var p[1..n] in 1..n
alldifferent(q)
forall i in 1..n: p[q[i]] == i
"""

TOUR = """
param n = 6
var dist[1..n, 1..n] in 0..9
given dist = \"\"\"
0 3 4 2 7 5
3 0 4 6 3 2
4 4 0 5 8 4
2 6 5 0 6 3
7 3 8 6 0 6
5 2 4 3 6 0
\"\"\"
var stop[1..n] in 1..n
alldifferent(stop)
stop[1] == 1
sum([dist[stop[t], stop[t + 1]] for t in 1..n-1]) + dist[stop[n], stop[1]] <= 22
"""

LOOKUP = """
let price = [3, 5, 8, 9, 12, 14, 15, 17, 20, 22]
var pick[1..5] in 1..10
forall i in 1..4: pick[i] < pick[i + 1]
sum([price[pick[i]] for i in 1..5]) == 50
"""

MODELS = {"inverse 6": INVERSE, "tour 6": TOUR, "lookup 10": LOOKUP}


def _aux(lowering: Indexing, choices: Choices, span: Span) -> Lin | tuple[Lin, str]:
    """The element's result variable (or the one item, when all choices are the same)."""
    items = {item for _, item in choices}
    if len(items) == 1:
        return items.pop()
    domain = sorted(set().union(*(lowering.values_of(item, span) for item in items)))
    name = lowering.new_aux_name("element")
    lowering.problem.add_var(name, tuple(domain), output=False)
    return Lin(((1, name),)), name


def direct(lowering: Indexing, choices: Choices, span: Span) -> Lin:
    made = _aux(lowering, choices, span)
    if isinstance(made, Lin):
        return made
    result, name = made
    for conditions, item in choices:
        off = [negate(c) for c in conditions]
        if not item.terms:
            lowering.problem.post(any_of([*off, linear(result, "==", item.const)]), span)
            continue
        for v in sorted(lowering.values_of(item, span) | set(lowering.problem.variables[name].domain)):
            lowering.problem.post(any_of([*off, negate(linear(item, "==", v)), linear(result, "==", v)]), span)
            lowering.problem.post(any_of([*off, negate(linear(result, "==", v)), linear(item, "==", v)]), span)
    return result


def table(lowering: Indexing, choices: Choices, span: Span) -> Lin:
    made = _aux(lowering, choices, span)
    if isinstance(made, Lin):
        return made
    result, name = made
    domains = lowering.problem.domains()
    for conditions, item in choices:
        chosen = {c.var: c.values[0] for c in conditions if isinstance(c, ir.InSet)}
        names = [*chosen, *(n for _, n in item.terms), name]
        rows = []
        for row in itertools.product(*(domains[n] for n in names)):
            values = dict(zip(names, row, strict=True))
            here = all(values[n] == v for n, v in chosen.items())
            value = item.const + sum(c * values[n] for c, n in item.terms)
            if not here or value == values[name]:
                rows.append(row)
        lowering.problem.post(ir.Table(tuple(names), tuple(rows)), span)
    return result


VARIANTS: dict[str, Callable[[Indexing, Choices, Span], Lin] | None] = {
    "implication": None,
    "direct": direct,
    "table": table,
}


def measure(text: str, variant: str, backend: str, repeats: int) -> tuple[int, float, float, str]:
    """(solutions, median seconds to lower, median seconds to compile and search, the CNF size for sat)."""
    original = Indexing.element
    encoder = VARIANTS[variant]
    if encoder is not None:
        Indexing.element = encoder  # type: ignore[method-assign, assignment]
    try:
        lower_times, solve_times, count = [], [], 0
        for _ in range(repeats):
            started = time.perf_counter()
            problem = loads(text, "bench.puz").problem
            lowered = time.perf_counter()
            solver = get_backend(backend)
            count = len(solver.solve(solver.compile(problem), limit=None, timeout=None, seed=None).solutions)
            lower_times.append(lowered - started)
            solve_times.append(time.perf_counter() - lowered)
        size = ""
        if backend == "sat":
            cnf = get_backend("sat").compile(problem).size
            size = f"{cnf['variables']} vars, {cnf['clauses']} clauses"
        return count, statistics.median(lower_times), statistics.median(solve_times), size
    finally:
        Indexing.element = original  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=3, help="repeats (the median is shown)")
    args = parser.parse_args()
    print("| model | backend | lowering | solutions | lower s | compile + search s | CNF |")
    print("|---|---|---|---|---|---|---|")
    for name, text in MODELS.items():
        for backend in exact_backends():
            for variant in VARIANTS:
                count, lower, search, size = measure(text, variant, backend, args.n)
                print(f"| {name} | {backend} | {variant} | {count} | {lower:.3f} | {search:.3f} | {size} |", flush=True)


if __name__ == "__main__":
    main()
