"""Counting by components against counting by enumeration, on models of independent boards with up to
tens of millions of solutions, in one run.

For each model (k separate n-queens boards, each count 92 at n = 8, so 92^k in all; k separate 3x3
latin squares, 12^k):

- `--count`: `cspdsl solve - --count --json` as a user runs it, whole process; its count must be the
  one proved by hand and its `count_method` "components";
- `count()`: the same count in this process (`cspdsl.count`), without the start-up;
- enumeration: `solve(model, limit=None)` in this process, what `--count` did before, stopped at
  `--cap` seconds: the solutions it found (each checked) and its rate, and from the rate the time it
  would take to count them all (its real time where it finished within the cap);
- Ganak, where `pyganak` imports (`pip install pyganak`; not a dependency of cspdsl): the exact
  projected count of the model's CNF (the sat backend's, projected on the shown variables' value
  literals), in this process.

    python bench/count_components.py                     # sat
    python bench/count_components.py --backend cpsat --cap 30
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time

# run.py is the bench entry point: its helpers run the installed script as a user does, and it puts
# the checkout on sys.path.
from run import ROOT, cspdsl_command, markdown, user_environment

from cspdsl import count, loads, solve

BOARDS = """
param k = 3
param n = 8
var q[1..k, 1..n] in 1..n
forall b in 1..k: alldifferent(q[b, ..])
forall b in 1..k, i in 1..n, j in i+1..n: abs(q[b, i] - q[b, j]) != j - i
"""
LATIN = """
param k = 6
var s[1..3*k, 1..3] in 1..3
forall r in 1..3*k: alldifferent(s[r, ..])
forall b in 1..k, c in 1..3: alldifferent([s[3*b-2, c], s[3*b-1, c], s[3*b, c]])
"""
# (name, model, params, the count proved by hand)
MODELS = [
    ("2 boards of 8 queens", BOARDS, {"k": 2}, 92**2),
    ("3 boards of 8 queens", BOARDS, {"k": 3}, 92**3),
    ("4 boards of 8 queens", BOARDS, {"k": 4}, 92**4),
    ("6 latin squares 3x3", LATIN, {"k": 6}, 12**6),
]


def whole_process(text: str, params: dict[str, int], backend: str) -> tuple[float, dict[str, object]]:
    """`cspdsl solve - --count --json`: (seconds, its JSON)."""
    defines = [arg for name, value in params.items() for arg in ("-D", f"{name}={value}")]
    command = [*cspdsl_command(), "solve", "-", "--count", "--json", "--backend", backend, *defines]
    started = time.perf_counter()
    done = subprocess.run(command, input=text, capture_output=True, text=True, check=True, cwd=ROOT,
                          env=user_environment())
    return time.perf_counter() - started, json.loads(done.stdout)


def enumeration(text: str, params: dict[str, int], backend: str, cap: float) -> tuple[int, float, bool]:
    """The enumeration `--count` ran before: (solutions found, seconds, whether it finished)."""
    model = loads(text, params=params)
    started = time.perf_counter()
    result = solve(model, backend, limit=None, timeout=cap)
    return result.found, time.perf_counter() - started, result.complete


def ganak(text: str, params: dict[str, int]) -> tuple[int, float] | None:
    """Ganak's count of the model's CNF, projected on the shown variables' values: (count, seconds), or
    None where pyganak is not installed."""
    try:
        import pyganak  # type: ignore[import-not-found]
    except ImportError:
        return None
    from cspdsl.backends.sat.cnf import TRUE
    from cspdsl.backends.sat.encoder import compile_cnf

    model = loads(text, params=params)
    native = compile_cnf(model.problem)
    shown = set(model.problem.outputs)
    values = {abs(lit) for name, pairs in native.values.items() if name in shown for _, lit in pairs if lit != TRUE}
    started = time.perf_counter()
    counter = pyganak.Counter()
    counter.new_vars(native.cnf.num_vars)
    counter.add_clauses([list(clause) for clause in native.cnf.clauses])
    counter.set_sampling_set(sorted(values))
    return int(counter.count()), time.perf_counter() - started


def row(name: str, text: str, params: dict[str, int], total: int, backend: str, cap: float) -> list[str]:
    seconds, data = whole_process(text, params, backend)
    if (data["count"], data["count_method"]) != (total, "components"):
        raise SystemExit(f"{name}: counted {data['count']} by {data['count_method']}, not {total} by components")
    started = time.perf_counter()
    in_process = count(loads(text, params=params), backend)
    counted = time.perf_counter() - started
    assert in_process.count == total
    found, enumerated, finished = enumeration(text, params, backend, cap)
    rate = found / enumerated
    would_take = enumerated if finished else total / rate
    took = f"{enumerated:.1f} s (all)" if finished else f"{found:,} in {enumerated:.0f} s"
    cells = [name, f"{total:,}", f"{seconds:.2f} s", f"{counted:.3f} s", took, f"{rate:,.0f}/s",
             f"{would_take:,.0f} s" + ("" if finished else " (projected)"), f"{would_take / counted:,.0f}x"]
    by_ganak = ganak(text, params)
    if by_ganak is not None:
        if by_ganak[0] != total:
            raise SystemExit(f"{name}: Ganak counted {by_ganak[0]}, not {total}")
        cells.append(f"{by_ganak[1]:.1f} s")
    return cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", default="sat")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds each enumeration may run")
    args = parser.parse_args()
    headers = ["model", "solutions", "--count (whole process)", "count() in process", "enumeration",
               "enumeration rate", "enumeration, all", "enumeration / count()"]
    rows = [row(name, text, params, total, args.backend, args.cap) for name, text, params, total in MODELS]
    if len(rows[0]) > len(headers):
        headers.append("Ganak")
    print(f"backend {args.backend}, enumeration capped at {args.cap:g} s")
    print(markdown(headers, rows))


if __name__ == "__main__":
    main()
