"""Benchmark of the local search backends against the figures of articles 000, 001 and 002.

Runs `anneal` and `genetic` on each model with seeds 0..N-1 (default 20) under the backends' default
settings and budgets (and a 30 s limit per run, which only the hexagon can reach), and prints a
markdown table: success rate, median iterations (or generations and evaluated members) and median
seconds, with the articles' figures and the ratio to them.

    python bench/bench_local_search.py            # 20 seeds per model and method, 30 s limit per run
    python bench/bench_local_search.py --quick    # 5 seeds, a 20 s limit per run
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cspdsl.api import load, solve  # noqa: E402

MODELS = ("einstein", "lock", "tiles", "aristotle", "sudoku")

# The articles' own runs (one seed each): (iterations or generations, evaluated members, seconds).
ARTICLES = {
    ("einstein", "anneal"): ("000", 9_870, None, None),
    ("aristotle", "anneal"): ("002", 496_207, None, 41.3),
    ("tiles", "genetic"): ("001", 423, 423_000, 3.04),
}


def run(model: str, backend: str, seeds: int, timeout: float | None) -> dict[str, float]:
    lowered = load(ROOT / "models" / f"{model}.puz")
    steps, evaluations, seconds, solved = [], [], [], 0
    key = "iterations" if backend == "anneal" else "generations"
    for seed in range(seeds):
        started = time.perf_counter()
        result = solve(lowered, backend, seed=seed, timeout=timeout)
        seconds.append(time.perf_counter() - started)
        solved += result.status == "solved"
        steps.append(result.stats.get(key, 0))
        evaluations.append(result.stats.get("evaluations", 0))
    return {
        "solved": solved,
        "steps": statistics.median(steps),
        "evaluations": statistics.median(evaluations),
        "seconds": statistics.median(seconds),
        "worst": max(seconds),
    }


def ratio(article: float | None, ours: float, better: str) -> str:
    if article is None:
        return ""
    return f"{article / ours:.0f}x {better}" if ours else "-"


def row(model: str, backend: str, seeds: int, figures: dict[str, float]) -> str:
    source, art_steps, art_evals, art_seconds = ARTICLES.get((model, backend), ("", None, None, None))
    unit = "it" if backend == "anneal" else "gen"
    evaluations = f" ({figures['evaluations']:,.0f} members)" if backend == "genetic" else ""
    article = ""
    if source:
        article = f"{source}: {art_steps:,} {unit}" + (f" ({art_evals:,} members)" if art_evals else "")
        article += f", {art_seconds} s" if art_seconds else ""
    cells = [
        model,
        backend,
        f"{figures['solved']}/{seeds}",
        f"{figures['steps']:,.0f} {unit}{evaluations}",
        f"{figures['seconds']:.2f} s (worst {figures['worst']:.1f} s)",
        article,
        ratio(art_steps, figures["steps"], "fewer"),
        ratio(art_seconds, figures["seconds"], "faster"),
    ]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 seeds and a 20 s limit per run")
    parser.add_argument("--seeds", type=int, default=None, help="seeds per model and method (default 20)")
    parser.add_argument("--models", nargs="*", default=list(MODELS), help="models to run")
    args = parser.parse_args()
    seeds = args.seeds or (5 if args.quick else 20)
    timeout = 20.0 if args.quick else 30.0
    print(f"Seeds 0..{seeds - 1}, default settings, {timeout:g} s limit per run.\n")
    print("| model | method | solved | median iterations | median time | article | iterations vs article "
          "| time vs article |")
    print("|---|---|---|---|---|---|---|---|")
    for model in args.models:
        for backend in ("anneal", "genetic"):
            print(row(model, backend, seeds, run(model, backend, seeds, timeout)), flush=True)


if __name__ == "__main__":
    main()
