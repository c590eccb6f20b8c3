"""Products of variables (`x * y`, `product(list)`): the encodings side by side on every exact backend,
all solutions counted; the CNF's size for the sat backend.

Lowering makes each product of two variables an auxiliary `z` defined by an IR `Product(z, (x, y))`.
What each backend then posts for it:
- shipped: CP-SAT's own multiplication equality; the table of supports (every pair of values with
  its product) on sat, as a decision diagram; on csp the product itself as a function constraint,
  checked on partial assignments;
- table: the table of supports on cpsat (its `AddAllowedAssignments`) and csp (a function over the table);
- split: no Product kind at all, the way sums are written: for each value a of x,
  `x != a or z - a * y == 0`, an or of an equality and a sum of two terms.

    python bench/products.py            # 3 repeats
    python bench/products.py -n 1

Run from the repository root (the package is imported from there when it is not installed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cspdsl import ir
from cspdsl.api import load, loads
from cspdsl.backends import exact_backends, get_backend
from cspdsl.backends.base import Translator
from cspdsl.backends.cpsat import CpSatTranslator
from cspdsl.backends.csp.post import Poster

ROOT = Path(__file__).resolve().parent.parent


def random_products(n: int, values: range, clues: int, seed: int) -> str:
    """`n` different variables over `values` and `clues` clues `x * y + z == k` (or `product` of three
    `== k`), whose constants come from a hidden assignment, so that the model has a solution."""
    rng = random.Random(seed)
    hidden = rng.sample(list(values), n)
    lines = [f"var x[1..{n}] in {values.start}..{values.stop - 1}", "alldifferent(x)"]
    for _ in range(clues):
        i, j, k = rng.sample(range(n), 3)
        if rng.random() < 0.5:
            lines.append(f"x[{i + 1}] * x[{j + 1}] + x[{k + 1}] == {hidden[i] * hidden[j] + hidden[k]}")
        else:
            lines.append(f"product([x[{i + 1}], x[{j + 1}], x[{k + 1}]]) == {hidden[i] * hidden[j] * hidden[k]}")
    return "\n".join(lines) + "\n"


MODELS: dict[str, Callable[[], ir.Problem]] = {
    "KenKen 6x6 (models/kenken.puz)": lambda: load(ROOT / "models" / "kenken.puz").problem,
    "random, 8 of 1..9, 6 clues": lambda: loads(random_products(8, range(1, 10), 6, seed=1), "r.puz").problem,
    "random, 8 of -6..6, 6 clues": lambda: loads(random_products(8, range(-6, 7), 6, seed=2), "r.puz").problem,
    "random, 10 of -9..9, 8 clues": lambda: loads(random_products(10, range(-9, 10), 8, seed=3), "r.puz").problem,
}


def split(problem: ir.Problem) -> ir.Problem:
    """The problem with each Product of two factors written as ors of sums (see the module docstring)."""
    constraints = []
    for posted in problem.constraints:
        c = posted.constraint
        if isinstance(c, ir.Product) and len(c.factors) == 2:
            x, y = c.factors
            for a in problem.variables[x].domain:
                same = ((1, c.var), (-a, y)) if x != y else ((1, c.var),)
                rhs = 0 if x != y else a * a
                constraints.append(ir.Posted(ir.Or((ir.Not(ir.InSet(x, (a,))), ir.Linear(same, "==", rhs)))))
        else:
            constraints.append(posted)
    return ir.Problem(dict(problem.variables), constraints, list(problem.outputs))


@contextmanager
def variant(name: str) -> Iterator[None]:
    """The translators' product methods as the variant has them, restored after."""
    saved = (CpSatTranslator.post_product, Poster.post_product)
    if name == "table":
        CpSatTranslator.post_product = Translator.post_product  # type: ignore[method-assign]
        Poster.post_product = Translator.post_product  # type: ignore[method-assign]
    try:
        yield
    finally:
        CpSatTranslator.post_product, Poster.post_product = saved  # type: ignore[method-assign]


def measure(make: Callable[[], ir.Problem], name: str, backend: str, repeats: int) -> tuple[int, float, str]:
    """(solutions, median seconds to compile and search, the CNF's size for sat)."""
    times, count, size = [], 0, ""
    with variant(name):
        for _ in range(repeats):
            problem = split(make()) if name == "split" else make()
            started = time.perf_counter()
            solver = get_backend(backend)
            compiled = solver.compile(problem)
            count = len(solver.solve(compiled, limit=None, timeout=None, seed=None).solutions)
            times.append(time.perf_counter() - started)
            if backend == "sat":
                cnf = compiled.size
                size = f"{cnf['variables']} vars, {cnf['clauses']} clauses"
    return count, statistics.median(times), size


VARIANTS = {"sat": ["shipped", "split"], "cpsat": ["shipped", "table", "split"], "csp": ["shipped", "table", "split"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=3, help="repeats (the median is shown)")
    args = parser.parse_args()
    print("| model | backend | encoding | solutions | compile + search s | CNF |")
    print("|---|---|---|---|---|---|")
    for model, make in MODELS.items():
        for backend in exact_backends():
            for name in VARIANTS.get(backend, ["shipped"]):
                count, seconds, size = measure(make, name, backend, args.n)
                print(f"| {model} | {backend} | {name} | {count} | {seconds:.3f} | {size} |", flush=True)


if __name__ == "__main__":
    main()
