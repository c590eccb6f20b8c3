"""The step-wise explanation's smallest sets (of clues, of known facts) found two ways on the same
questions, in one run: our own candidates (`premises._by_hand`: each subset in turn where they are
few, else a branch and bound) and PySAT's `Hitman` on RC2 (`premises._by_hitman`). Each question is
asked of both, each timed with the solver calls it makes, and the two smallest sets must have the
same size (asserted); the explanation goes on with the answer of the engine in use
(`premises.HITTING_SETS`), so that both see the same steps. Prints, per step and in all, the seconds
each engine spent and their ratio.

    python bench/hitting_sets.py                     # einstein, stars, nonogram
    python bench/hitting_sets.py models/stars.puz -v # one model, every step's figures
    python bench/hitting_sets.py --whole models/einstein.puz models/sudoku.puz
                                                     # the whole explain --steps with each engine in turn

Run from the repository root (the package is imported from there when it is not installed).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from cspdsl.api import load  # noqa: E402
from cspdsl.explanation import explain, premises, steps  # noqa: E402

MODELS = ["models/einstein.puz", "models/stars.puz", "models/nonogram.puz"]
ENGINES = ("by hand", "hitman")


class SideBySide:
    """Every `smallest_set` asked of each engine in turn; the seconds of each, step by step."""

    def __init__(self) -> None:
        self.seconds = dict.fromkeys(ENGINES, 0.0)
        self.per_step: list[dict[str, float]] = []
        self.questions = 0

    def smallest_set(self, original: Callable[..., Any]) -> Callable[..., Any]:
        def both(universe: Sequence[Any], enough: Callable[..., bool], satisfied: Callable[..., Any], bound: int,
                 calls: int, hitting: str | None = None) -> Any:
            found = {}
            for engine in ENGINES:
                started = time.process_time()  # the solvers run in this process: CPU seconds, steadier
                found[engine] = original(universe, enough, satisfied, bound, calls, engine)
                self.seconds[engine] += time.process_time() - started
            sizes = {engine: None if result is None else len(result) for engine, result in found.items()}
            assert len(set(sizes.values())) == 1, f"the smallest sets differ in size: {sizes}"
            self.questions += 1
            return found[premises.HITTING_SETS]
        return both

    def step_taken(self) -> None:
        """A step was taken: the seconds since the last one are its own."""
        done = {engine: sum(step[engine] for step in self.per_step) for engine in ENGINES}
        self.per_step.append({engine: self.seconds[engine] - done[engine] for engine in ENGINES})


def measured(path: str) -> tuple[SideBySide, Any, float]:
    """(the engines' seconds, the explanation, its whole time) of one model's steps."""
    side = SideBySide()
    original_smallest, original_take = premises.smallest_set, steps.StepSearch._take
    premises.smallest_set = steps.smallest_set = side.smallest_set(original_smallest)  # type: ignore[assignment]

    def take(self: steps.StepSearch, step: steps.Step) -> None:
        original_take(self, step)
        side.step_taken()

    steps.StepSearch._take = take  # type: ignore[method-assign]
    try:
        started = time.perf_counter()
        explanation = explain(load(path), steps=True)
        return side, explanation, time.perf_counter() - started
    finally:
        premises.smallest_set = steps.smallest_set = original_smallest  # type: ignore[assignment]
        steps.StepSearch._take = original_take  # type: ignore[method-assign]


def report(path: str, verbose: bool) -> str:
    side, explanation, seconds = measured(path)
    hand, hitman = (side.seconds[engine] for engine in ENGINES)
    d = explanation.difficulty
    if verbose:
        for number, step in enumerate(side.per_step, 1):
            if step["by hand"] + step["hitman"] > 0.005:
                print(f"  step {number}: by hand {step['by hand']:.3f} s, hitman {step['hitman']:.3f} s")
    slowest = max(side.per_step, key=lambda step: step["by hand"], default={"by hand": 0.0, "hitman": 0.0})
    return (f"| {Path(path).stem} | {d.steps} / {d.hardest} / {d.total} | {side.questions} | {hand:.2f} | "
            f"{hitman:.2f} | {hitman / hand if hand else 0:.2f} | {slowest['by hand']:.2f} / {slowest['hitman']:.2f} | "
            f"{seconds:.1f} |")


def whole(path: str) -> str:
    """The whole `explain --steps` (checks included) with each engine in turn: CPU seconds of this
    process (the solvers run in it), which a shared machine disturbs less than the wall clock."""
    cells = [Path(path).stem]
    seconds = {}
    kept = premises.HITTING_SETS
    try:
        for engine in ENGINES:
            premises.HITTING_SETS = engine
            model = load(path)
            started = time.process_time()
            d = explain(model, steps=True).difficulty
            seconds[engine] = time.process_time() - started
            cells += [f"{seconds[engine]:.2f}", f"{d.steps} / {d.hardest} / {d.total}"]
    finally:
        premises.HITTING_SETS = kept
    ratio = seconds["hitman"] / seconds["by hand"]
    return "| " + " | ".join([*cells, f"{ratio:.2f}"]) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*", default=MODELS)
    parser.add_argument("-v", "--verbose", action="store_true", help="every step's seconds")
    parser.add_argument("--whole", action="store_true", help="the whole explanation with each engine in turn")
    args = parser.parse_args()
    if args.whole:
        print("| model | by hand (CPU s) | steps / hardest / sum | hitman (CPU s) | steps / hardest / sum | "
              "hitman / by hand |")
        print("|---|---:|---|---:|---|---:|")
        for path in args.models:
            print(whole(path), flush=True)
        return
    print("| model | steps / hardest / sum | smallest sets | by hand (CPU s) | hitman (CPU s) | hitman / by hand | "
          "slowest step, by hand / hitman (s) | whole run (s) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for path in args.models:
        print(report(path, args.verbose), flush=True)


if __name__ == "__main__":
    main()
