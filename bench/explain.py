"""`cspdsl explain` timed on the seed models, unsatisfiable variants of them, and generated zebras
of 5 to 12 positions: the explanation without steps and with `--steps` (in this process, from the
lowered model; the checks of every claim included), medians of the repeats.

    python bench/explain.py            # 3 repeats
    python bench/explain.py -n 5

Run from the repository root (the package is imported from there when it is not installed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--repeats", type=int, default=3)
    args = parser.parse_args()
    print("| model | status | explain (s) | with --steps (s) | steps | hardest step | sum of steps |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, text in cases():
        print(row(name, text, args.repeats), flush=True)


if __name__ == "__main__":
    main()
