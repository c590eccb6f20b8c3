"""The pencil-puzzle genres of models/genres/ side by side with multi-puzzle-solver (`puzzle_solver`),
the peer that solves each genre with a hand-written CP-SAT model: on each of the peer's own example
instances that tests/genres/ holds, both find every solution, in this one process, and the CPU time
of each (`time.process_time`: every thread of the process; CP-SAT runs several) is timed.

    PYTHONPATH=.:tests python bench/genres.py              # the two tables of docs/genres.md
    PYTHONPATH=.:tests python bench/genres.py --repeat 5 light_up sudoku

Ours: the model read, lowered and solved for all its solutions (`solve(loads(text), limit=None)`,
or `solve_plans` for a sequential puzzle's plans), each checked, on the backend the model chooses.
The peer's: its Board built and `solve_and_print` run (all solutions; its printing kept quiet), or
the genre module's `peer_solutions` where the peer solves the genre otherwise. The median of `--repeat` runs each.
The genres table gives each model's length (lines that are neither blank nor comments, without the
instance's clues) against the peer's solver file's (the same count).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import genres

from cspdsl import loads, solve, solve_plans


def cpu_median(run: Callable[[], Any], repeat: int) -> float:
    """The median CPU seconds of `repeat` runs."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def timings(name: str, repeat: int) -> list[tuple[str, int, float, float]]:
    """(genre, instance, our seconds, the peer's seconds) for each of the genre's instances."""
    genre = genres.adapter(name)
    rows = []
    for index, _ in enumerate(genre.INSTANCES):
        text = genres.model_text(genre, index)
        answer = solve_plans if genres.is_plan(genre) else solve
        ours = cpu_median(lambda text=text, answer=answer: answer(loads(text, f"genres/{name}"), limit=None), repeat)
        theirs = cpu_median(lambda index=index: genres.peer_solutions(genre, index), repeat)
        rows.append((name, index, ours, theirs))
    return rows


def genre_table(names: list[str]) -> str:
    lines = ["| genre | model | lines (ours) | lines (peer's solver) | checked against the peer |",
             "|---|---|---:|---:|---|"]
    for name in names:
        genre = genres.adapter(name)
        link = f"[`genres/{name}`](https://github.com/cspdsl/cspdsl/blob/main/models/genres/{name}.puz)"
        instances = len(genre.INSTANCES)
        if not genres.in_peer(genre):
            lines.append(f"| {name.replace('_', ' ')} | {link} | {genres.rule_lines(genre)} | - | "
                         "no: not in multi-puzzle-solver |")
            continue
        lines.append(f"| {name.replace('_', ' ')} | {link} | {genres.rule_lines(genre)} | "
                     f"{genres.peer_lines(genre)} | yes, {instances} instance{'s' * (instances > 1)} |")
    return "\n".join(lines)


def time_table(rows: list[tuple[str, int, float, float]]) -> str:
    lines = ["| genre | instance | ours (CPU s) | peer (CPU s) | ours / peer |", "|---|---:|---:|---:|---:|"]
    for name, index, ours, theirs in rows:
        lines.append(f"| {name.replace('_', ' ')} | {index + 1} | {ours:.3f} | {theirs:.3f} | {ours / theirs:.1f}x |")
    ratios = [ours / theirs for _, _, ours, theirs in rows]
    lines.append(f"\nMedian ratio {statistics.median(ratios):.1f}x, from {min(ratios):.1f}x to {max(ratios):.1f}x, "
                 f"over {len(rows)} instances of {len({row[0] for row in rows})} genres.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genres", nargs="*", help="the genres to run (default: every one)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each solve; the median is kept")
    args = parser.parse_args()
    names = args.genres or genres.adapters()
    print(genre_table(names), end="\n\n")
    rows = [row for name in names if genres.in_peer(genres.adapter(name)) for row in timings(name, args.repeat)]
    print(time_table(rows))


if __name__ == "__main__":
    main()
