"""A solve's result as `cspdsl solve` shows it: the solutions drawn, the count, the stats line, and
the JSON of --json. Imported only by a solve, after the search."""

from __future__ import annotations

import argparse

from .backends import headline_size
from .static_types import Any


def print_result(result: Any, args: argparse.Namespace) -> None:
    layout = result.model.layout
    if layout.title:
        print(layout.title)
        print()
    if result.status == "unsatisfiable":
        print("No solution: the clues contradict each other (the model is unsatisfiable).")
    elif result.status == "timeout":
        limit = f" of {args.timeout:g} s" if args.timeout else ""
        print(f"No solution found within the time limit{limit}.")
    elif result.status == "gave_up":
        print(f"No solution found: backend {result.backend} is a local search and gave up; "
              "that does not prove there is none.")
    elif args.count:
        print(count_line(result))
    elif args.all:
        for number, solution in enumerate(result.solutions, 1):
            print(f"Solution {number}:")
            print(_drawn(layout, solution))
            print()
        print(count_line(result))
    else:
        print(_drawn(layout, result.solutions[0]))
        if result.unique is False:
            print()
            print("Note: the puzzle is not unique: it has more than one solution "
                  "(--all shows them, --count counts them).")
    print()
    print(stats_line(result))
    if args.stats:
        print(stats_block(result))


def _drawn(layout: Any, solution: Any) -> str:
    from .render import render_solution

    return render_solution(layout, solution) or "The clues hold; the model has no variables to show."


def count_line(result: Any) -> str:
    n = len(result.solutions)
    noun = "solution" if n == 1 else "solutions"
    if result.timed_out:
        return f"At least {n} {noun} (the time limit stopped the search; there may be more)."
    if n == 1:
        return "1 solution: the puzzle is unique."
    return f"{n} {noun}."


def stats_line(result: Any) -> str:
    seconds = result.stats.get("total_seconds", 0.0)
    unique = {True: "unique", False: "not unique", None: "uniqueness not checked"}[result.unique]
    found = len(result.solutions)
    parts = [
        f"backend {result.backend}",
        f"{found} solution{'s' if found != 1 else ''}" + (f" ({unique})" if found and result.limit == 2 else ""),
        *headline_size(result.size),
        f"{seconds * 1000:.1f} ms",
    ]
    for key in _SEARCH_COUNTERS:
        if key in result.stats:
            parts.append(f"{result.stats[key]} {key.replace('_', ' ')}")
    return "stats: " + ", ".join(parts)


# The search counters that the stats line shows when a backend reports them.
_SEARCH_COUNTERS = ("branches", "conflicts", "iterations", "generations", "restarts", "final_cost")


def stats_block(result: Any) -> str:
    """Every size and statistic the backend reported, one per line (--stats)."""
    lines = [f"model size on {result.backend}:"]
    lines += [f"  {key}: {value}" for key, value in result.size.items()]
    lines.append("search:")
    for key, value in sorted(result.stats.items()):
        if isinstance(value, float):
            lines.append(f"  {key}: {value:.6f}")
        elif isinstance(value, (int, str)):
            lines.append(f"  {key}: {value}")
    return "\n".join(lines)


def result_json(result: Any, args: argparse.Namespace) -> dict[str, Any]:
    from .render import solution_json

    layout, problem = result.model.layout, result.model.problem
    return {
        "model": args.model,
        "backend": result.backend,
        "status": result.status,
        "complete": result.complete,
        "unique": result.unique,
        "count": len(result.solutions),
        "solutions": [solution_json(layout, problem.outputs, s) for s in result.solutions],
        "size": result.size,
        "stats": {k: v for k, v in result.stats.items() if isinstance(v, (int, float, str))},
    }
