"""`cspdsl explain` timed on the seed models, unsatisfiable variants of them, and generated zebras
of 5 to 12 positions: the explanation without steps and with `--steps` (in this process, from the
lowered model; the checks of every claim included), medians of the repeats.

    python bench/explain.py            # 3 repeats
    python bench/explain.py -n 5
    python bench/explain.py --cheapest einstein sudoku nonogram stars

`--cheapest` times instead, side by side in one run, the default steps and the cheapest steps
(`explain --steps --cheapest`) of the named models of `models/`, in CPU seconds of this process (the
checks of every claim included), with each one's steps, hardest and summed cost under the cost model
(`explanation/costs.py`), the most clues a step cites and how many steps were proved cheapest; a model
not done within `--limit` seconds of wall time is said so.

Run from the repository root (the package is imported from there when it is not installed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, TimeoutError
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import generators  # noqa: E402

from cspdsl.api import loads  # noqa: E402
from cspdsl.explanation import Explanation, explain  # noqa: E402

MODELS = HERE.parent / "models"


def cases() -> list[tuple[str, str]]:
    """(name, model text): the seed models, their unsatisfiable variants, generated zebras."""
    einstein = (MODELS / "einstein.puz").read_text()
    sudoku = (MODELS / "sudoku.puz").read_text()
    lock = (MODELS / "lock.puz").read_text()
    found = [(name, (MODELS / f"{name}.puz").read_text()) for name in ("einstein", "zebra", "lock", "sudoku")]
    found += [
        ("einstein, the Dane drinks milk", einstein.replace("Dane same tea ", "Dane same milk")),
        ("sudoku, a clashing given", sudoku.replace("  . . 5 | 3 . 7 | 8 . .", "  5 . 5 | 3 . 7 | 8 . .")),
        ("lock, an impossible hint", lock.replace("exactly 1 of [code[i] == well_placed[i]",
                                                  "exactly 3 of [code[i] == well_placed[i]")),
    ]
    found += [(f"zebra, {n} positions", generators.zebra(n, seed=1)) for n in (5, 8, 10, 12)]
    return found


def timed(text: str, steps: bool, repeats: int) -> tuple[float, Explanation]:
    """The median time of `explain` on the lowered model, and the last explanation."""
    model = loads(text, "bench.puz")
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        explanation = explain(model, steps=steps)
        times.append(time.perf_counter() - started)
    return statistics.median(times), explanation


def row(name: str, text: str, repeats: int) -> str:
    seconds, explanation = timed(text, False, repeats)
    cells = [name, explanation.status, f"{seconds:.3f}"]
    if explanation.status == "unique":
        with_steps, stepped = timed(text, True, repeats)
        assert stepped.difficulty is not None
        d = stepped.difficulty
        cells += [f"{with_steps:.3f}", str(d.steps), str(d.hardest), str(d.total)]
    else:
        cells += ["-", "-", "-", "-"]
    return "| " + " | ".join(cells) + " |"


def side_by_side(name: str, limit: float) -> str:
    """One model's default and cheapest steps, each timed in CPU seconds of a child process."""
    cells = [name]
    for cheapest in (False, True):
        found = run_in_child(_steps_of, (name, cheapest), limit)
        cells += found if found is not None else [f"not done in {limit:.0f} s of wall time", "-", "-", "-"]
    return "| " + " | ".join(cells) + " |"


def run_in_child(work: Any, args: tuple[Any, ...], limit: float) -> list[str] | None:
    """`work(*args)` in a child process, or None when it is not done within `limit` seconds."""
    with ProcessPoolExecutor(max_workers=1) as pool:
        future = pool.submit(work, *args)
        try:
            return future.result(timeout=limit)  # type: ignore[no-any-return]
        except TimeoutError:
            for process in list(pool._processes.values()):  # the child this pool started
                process.kill()
            return None


def _steps_of(name: str, cheapest: bool) -> list[str]:
    from cspdsl.api import load
    from cspdsl.explanation.cheapest import weighed

    model = load(MODELS / f"{name}.puz")
    started = time.process_time()
    explanation = explain(model, steps=True, cheapest=cheapest)
    seconds = time.process_time() - started
    steps = [step for step in explanation.steps if not step.givens]
    costs = [weighed(step) for step in steps]
    proved = sum(step.cheapest for step in steps)
    return [f"{seconds:.2f}", f"{len(steps)} / {max(costs)} / {sum(costs)}",
            str(max(len(step.clues) for step in steps)), f"{proved} of {len(steps)}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--repeats", type=int, default=3)
    parser.add_argument("--cheapest", nargs="+", metavar="MODEL", help="the default and cheapest steps side by side")
    parser.add_argument("--limit", type=float, default=900.0, help="wall seconds for each run of --cheapest")
    args = parser.parse_args()
    if args.cheapest:
        print("| model | default: CPU (s) | steps / hardest / sum (costs) | most clues | proved cheapest "
              "| cheapest: CPU (s) | steps / hardest / sum (costs) | most clues | proved cheapest |")
        print("|---|---:|---|---:|---|---:|---|---:|---|")
        for name in args.cheapest:
            print(side_by_side(name, args.limit), flush=True)
        return
    print("| model | status | explain (s) | with --steps (s) | steps | hardest step | sum of steps |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, text in cases():
        print(row(name, text, args.repeats), flush=True)


if __name__ == "__main__":
    main()
