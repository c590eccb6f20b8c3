"""The time of `cspdsl check` (parse, lower, the IR's checks) against the size of the model, for
generated models of several shapes, so that a step that grows faster than the text shows as a growth
above 1.

    python bench/check_scaling.py                  # sizes up to about 1 MB a shape
    python bench/check_scaling.py --up-to 10000000 # up to 10 MB
    python bench/check_scaling.py --shapes clues,grid
    python bench/check_scaling.py --model clues:235000 > big.puz   # one model (11 MB), for `cspdsl check`
    python bench/check_scaling.py --parser         # every line through the parser, as before plain lines

"parse" reads the text as `cspdsl.loads` does: its plain lines (`syntax/plain.py`) by a regular
expression, the rest by the parser; `--parser` parses every line, to compare the two. Each figure is
the CPU time of this process (`time.process_time`: the other jobs on a shared machine
slow it less than the wall clock), the best of `--repeat` runs. For each doubling of the text the
growth is log2(time ratio): 1.0 is linear, 2.0 quadratic. docs/performance.md quotes a run.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cspdsl.core.collector import no_cycle_collection  # noqa: E402
from cspdsl.ir import validate  # noqa: E402
from cspdsl.lower import lower  # noqa: E402
from cspdsl.syntax.ast import Model  # noqa: E402
from cspdsl.syntax.parser import parse  # noqa: E402
from cspdsl.syntax.plain import parse_model  # noqa: E402


def clues(n: int) -> str:
    """n variables, one a line, and n random clues on three of them."""
    rng = random.Random(n)
    lines = [f"var v{i} in 0..9" for i in range(n)]
    lines += [f"v{rng.randrange(n)} + v{rng.randrange(n)} != v{rng.randrange(n)}" for _ in range(n)]
    return "\n".join(lines) + "\n"


def long_list(n: int) -> str:
    """One array of n cells and one sum of a list of them all, written out over lines of 20."""
    items = [f"x[{i}]" for i in range(1, n + 1)]
    rows = ",\n  ".join(", ".join(items[i : i + 20]) for i in range(0, n, 20))
    return f"var x[1..{n}] in 0..9\nsum([\n  {rows}\n]) <= {5 * n}\n"


def grid(n: int) -> str:
    """A k x k grid (k*k near n) with its rows all different and a clue a cell."""
    k = max(2, math.isqrt(n))
    lines = [f"var g[1..{k}, 1..{k}] in 1..{k}", "forall r in g.rows: alldifferent(r)"]
    lines += [f"g[{i},{j}] != {(i * j) % k + 1}" for i in range(1, k + 1) for j in range(1, k + 1)]
    return "\n".join(lines) + "\n"


def lets(n: int) -> str:
    """n lets, each a list that names the one before (a model's tables of constants)."""
    lines = ["let t0 = [1, 2, 3]"] + [f"let t{i} = [t{i - 1}[1] + {i}, {i}, 3]" for i in range(1, n)]
    lines += ["var x in 0..9", f"x != t{n - 1}[2]"]
    return "\n".join(lines) + "\n"


SHAPES: dict[str, Callable[[int], str]] = {"clues": clues, "list": long_list, "grid": grid, "lets": lets}


def check_seconds(
    text: str, repeat: int, read: Callable[[str, str], Model] = parse_model
) -> tuple[float, float, float]:
    """The best CPU times of reading (`read`), of lowering and of the IR's checks, over `repeat` runs,
    each with the cycle collector paused as `cspdsl.loads` pauses it."""
    best = [math.inf] * 3
    for _ in range(repeat):
        with no_cycle_collection():
            start = time.process_time()
            model = read(text, "bench.puz")
            parsed = time.process_time()
            lowered = lower(model, {})
            done = time.process_time()
            validate(lowered.problem)
            checked = time.process_time()
        times = (parsed - start, done - parsed, checked - done)
        best = [min(b, t) for b, t in zip(best, times, strict=True)]
    return best[0], best[1], best[2]


def sizes_for(shape: Callable[[int], str], up_to: int) -> list[int]:
    """Counts n, doubling from 1,000, whose text stays within `up_to` characters."""
    counts = []
    n = 1000
    while len(shape(n)) <= up_to:
        counts.append(n)
        n *= 2
    return counts


def growth_of(before: tuple[int, float], after: tuple[int, float]) -> float:
    """The exponent k of time ~ size^k between two (size, time) points: 1 linear, 2 quadratic."""
    return math.log(after[1] / before[1]) / math.log(after[0] / before[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--up-to", type=int, default=1_000_000, help="the largest text, in characters")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="which shapes: " + ", ".join(SHAPES))
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--model", metavar="SHAPE:N", help="print the model of this shape and count, and stop")
    parser.add_argument("--parser", action="store_true", help="parse every line (no plain lines), to compare")
    args = parser.parse_args()
    if args.model:
        shape, count = args.model.split(":")
        sys.stdout.write(SHAPES[shape](int(count)))
        return
    print("| shape | n | text | parse | lower | checks | total | µs/byte | growth |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in args.shapes.split(","):
        previous: tuple[int, float] | None = None
        for n in sizes_for(SHAPES[name], args.up_to):
            text = SHAPES[name](n)
            parse_s, lower_s, check_s = check_seconds(text, args.repeat, parse if args.parser else parse_model)
            total = parse_s + lower_s + check_s
            growth = "" if previous is None else f"{growth_of(previous, (len(text), total)):.2f}"
            print(f"| {name} | {n} | {len(text) / 1e6:.2f} MB | {parse_s:.2f} s | {lower_s:.2f} s | {check_s:.2f} s "
                  f"| {total:.2f} s | {total / len(text) * 1e6:.1f} | {growth} |", flush=True)
            previous = (len(text), total)


if __name__ == "__main__":
    main()
