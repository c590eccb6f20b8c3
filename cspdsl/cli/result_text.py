"""A solve's result as `cspdsl solve` shows it: the solutions drawn, the count, the stats line, and
the JSON of --json. Imported only by a solve, after the search."""

from __future__ import annotations

import argparse

from ..backends import headline_size
from ..core.static_types import Any


class SolutionStream:
    """`--all`'s solutions printed as the search finds them, each once it is checked (the title
    before the first), so a long enumeration shows its first solution at once."""

    def __init__(self, model: Any) -> None:
        self.layout = model.layout
        self.shown = 0

    def __call__(self, solution: Any) -> None:
        if not self.shown and self.layout.title:
            print(self.layout.title)
            print()
        self.shown += 1
        print(f"Solution {self.shown}:")
        print(_drawn(self.layout, solution))
        print(flush=True)


class JsonLines:
    """`--json --all`: one JSON object a line, each solution once it is checked (`{"format": 1,
    "solution": N, "values": ..., "answers": ...}`, the values by the model's names) as the search
    finds it, and the result without its solutions last (`print_json`), so that a program reads a
    long enumeration as it goes."""

    def __init__(self, model: Any) -> None:
        self.layout, self.outputs = model.layout, model.problem.outputs
        self.shown = 0

    def __call__(self, solution: Any) -> None:
        import json

        from ..render.named_values import FORMAT, solution_document

        self.shown += 1
        shown = solution_document(self.layout, self.outputs, solution)
        print(json.dumps({"format": FORMAT, "solution": self.shown, **shown}), flush=True)


def solution_stream(model: Any, args: argparse.Namespace) -> SolutionStream | JsonLines | None:
    """What prints `--all`'s solutions as they are found: drawn, or as JSON lines with --json."""
    if not args.all:
        return None
    return JsonLines(model) if args.json else SolutionStream(model)


def print_json(result: Any, args: argparse.Namespace, interrupted: bool = False) -> None:
    """--json: the result as one JSON document, or after `--all`'s JSON lines, as the last line;
    `interrupted`: Ctrl-C stopped the search, and the document says so."""
    import json

    if args.all:
        print(json.dumps(result_json(result, args, solutions=False, interrupted=interrupted)), flush=True)
    else:
        print(json.dumps(result_json(result, args, interrupted=interrupted), indent=2), flush=True)


def print_result(result: Any, args: argparse.Namespace, stream: SolutionStream | None = None,
                 interrupted: bool = False) -> None:
    """The result in words; `stream`: the solutions were printed already, as they came;
    `interrupted`: Ctrl-C stopped the search, and what it had found is a lower bound."""
    layout = result.model.layout
    streamed = stream is not None and stream.shown > 0
    if layout.title and not streamed:
        print(layout.title)
        print()
    never = [folded for folded in result.model.folded if folded.never]
    if result.status == "unsatisfiable" and never:
        print(f"No solution: the clue at line {never[0].span.line} can never hold (the warning above).")
    elif result.status == "unsatisfiable":
        print("No solution: the clues contradict each other (the model is unsatisfiable).")
    elif result.status == "timeout":
        print(_timeout_line(result, args))
    elif result.status == "gave_up":
        print(f"No solution found: backend {result.backend} is a local search and gave up; "
              "that does not prove there is none.")
    elif args.count:
        print(count_line(result, interrupted))
        if result.count_method == "components" and not interrupted:
            print(method_line(result))
        _print_objective(result, interrupted)
    elif args.all or getattr(args, "limit", None):
        shown = stream.shown if stream is not None else 0  # printed already, as they came
        for number, solution in enumerate(result.solutions[shown:], shown + 1):
            print(f"Solution {number}:")
            print(_drawn(layout, solution))
            print()
        print(count_line(result, interrupted))
        _print_objective(result, interrupted)
    else:
        print(_drawn(layout, result.solutions[0]))
        _print_objective(result, interrupted)
        if result.unique is False:
            print()
            print(_NOT_UNIQUE[result.model.problem.objective is not None])
    print()
    print(stats_line(result))
    if args.stats:
        print(stats_block(result))


_NOT_UNIQUE = {
    False: "Note: the puzzle is not unique: it has more than one solution (--all shows them, --count counts them).",
    True: "Note: the optimum is not unique: more than one solution reaches it (--all shows them, --count "
          "counts them).",
}


def _print_objective(result: Any, interrupted: bool = False) -> None:
    if result.model.problem.objective is not None:
        print(objective_line(result, interrupted))


def objective_line(result: Any, interrupted: bool = False) -> str:
    """The value of the objective: the optimum, proved, or the best found and the best bound proved
    (`interrupted`: Ctrl-C stopped the search that would have proved it)."""
    from ..driver.lexicographic import text_of

    objective = result.model.problem.objective
    word = "Minimum" if objective.sense == "minimize" else "Maximum"
    if result.optimal:
        return f"{word} of {objective.text}: {text_of(result.objective)} (proved optimal)."
    from ..backends import backend_class

    if interrupted:
        why = "Ctrl-C stopped the search before it proved a value optimal"
    elif not backend_class(result.backend).CAPABILITIES.exact:
        why = f"backend {result.backend} is a local search: it does not prove a value optimal"
    else:
        why = "the time limit stopped the search before it proved a value optimal"
    bound = "" if result.bound is None else f"; best bound proved: {text_of(result.bound)}"
    return f"Best found, {objective.text}: {text_of(result.objective)} ({why}{bound})."


def _drawn(layout: Any, solution: Any) -> str:
    from ..render.solution import render_solution

    return render_solution(layout, solution) or "The clues hold; the model has no variables to show."


def _timeout_line(result: Any, args: argparse.Namespace) -> str:
    """What a search stopped by its time limit before any solution says: the limit, and when the user
    gave none, that it was a local search's default."""
    if result.time_limit is None:
        return "No solution found within the time limit."
    default = "" if args.timeout else " (the default of a local search; --timeout S sets another)"
    return f"No solution found within the time limit of {result.time_limit:g} s{default}."


def _many(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n:,} {noun}s"


def _solutions(n: int, optimal: bool = False) -> str:
    """`24,883,200,000 solutions`: thousands separated, as the progress line writes them."""
    return f"{n:,} {'optimal ' if optimal else ''}solution{'s' if n != 1 else ''}"


def count_line(result: Any, interrupted: bool = False) -> str:
    """The last line of --count and --all: the number of solutions when the search was complete, else
    how many it found, as a lower bound (of a model with an objective: its optimal solutions)."""
    n = result.found
    optimal = result.status == "optimal"
    if result.count is None:
        why = ("Ctrl-C stopped the search" if interrupted else
               "the time limit stopped the search" if result.timed_out else "the search stopped early")
        return f"At least {_solutions(n, optimal)} ({why}; there may be more)."
    if n == 1:
        return "1 optimal solution: no other reaches the optimum." if optimal else "1 solution: the puzzle is unique."
    return f"{_solutions(n, optimal)}."


def method_line(result: Any) -> str:
    """How a count by components was made, in one line (`counting.py`)."""
    free = result.stats.get("free_variables", 0)
    alike = result.components - result.distinct_components - free
    searched = result.distinct_components
    pieces = [f"{searched:,} searched on {result.backend}" if searched else "",
              f"{alike:,} the same as {'one of those' if searched > 1 else 'that one'} up to renaming" if alike else "",
              f"{_many(free, 'unconstrained variable')} counted by {'its' if free == 1 else 'their'} values"
              if free else ""]
    end = ("each part's solutions checked, the count is their product" if result.complete else
           "the time limit stopped it: the product of the parts' solutions checked by then is a lower bound")
    said = ", ".join(piece for piece in pieces if piece)
    return f"Counted by components: {result.components:,} independent parts ({said}); {end}."


def _found_text(result: Any) -> str:
    """The solutions on the stats line: a count only when the search was complete ('3 solutions'), else
    a lower bound ('at least 2 solutions') or 'no solution found'; and, when the plain solve looked for
    a second solution, whether the puzzle is unique."""
    optimal = result.status == "optimal"
    if result.status == "feasible":
        return "best solution found, not proved optimal"
    if result.count is not None:
        text = _solutions(result.count, optimal)
    elif result.found:
        text = f"at least {_solutions(result.found, optimal)}"
    else:
        return "no solution found"
    if result.found and result.limit == 2:
        text += f" ({_UNIQUE_WORDS[result.unique]})"
    return text


# Whether the puzzle is unique, in the stats line's words (None: the search stopped before it could tell).
_UNIQUE_WORDS = {True: "unique", False: "not unique", None: "uniqueness unknown"}


def stats_line(result: Any) -> str:
    seconds = result.stats.get("total_seconds", 0.0)
    parts = [
        f"backend {result.backend}",
        _found_text(result),
        *headline_size(result.size),
        f"{seconds * 1000:.1f} ms",
    ]
    for key in _SEARCH_COUNTERS:
        if key in result.stats:
            parts.append(f"{_figure(result.stats[key])} {key.replace('_', ' ')}")
    return "stats: " + ", ".join(parts)


def _figure(value: Any) -> str:
    """A counter of the stats line: a whole number with its thousands separated, as the counts."""
    return f"{value:,}" if isinstance(value, int) else str(value)


# The search counters that the stats line shows when a backend reports them.
_SEARCH_COUNTERS = ("branches", "conflicts", "iterations", "generations", "restarts", "final_cost")


# How a search ran, not what it did: left out of --stats (JSON keeps every figure). `status` is the
# engine's own word (CP-SAT's OPTIMAL on a puzzle with nothing to optimise), `forked` whether a child ran.
_INTERNAL_STATS = {"forked", "status"}


def stats_block(result: Any) -> str:
    """Every size and statistic the backend reported, one per line (--stats)."""
    lines = [f"backend: {result.backend}, chosen by {result.chosen_because}"] if result.chosen_because else []
    lines.append(f"model size on {result.backend}:")
    lines += [f"  {key}: {value}" for key, value in result.size.items()]
    lines.append("search:")
    for key, value in sorted(result.stats.items()):
        if key in _INTERNAL_STATS or (key == "duplicates" and not value):
            continue
        if isinstance(value, float):
            lines.append(f"  {key}: {value:.6f}")
        elif isinstance(value, (int, str)):
            lines.append(f"  {key}: {value}")
    return "\n".join(lines)


def result_json(result: Any, args: argparse.Namespace, solutions: bool = True,
                interrupted: bool = False) -> dict[str, Any]:
    """The result as JSON: `found` always, `count` only when the search was complete (else null), and
    the solutions unless --count asked for their number alone (`Result.to_dict`, its format's version
    first, then the model's path). Stopped by Ctrl-C: `"interrupted": true`, `found` a lower bound,
    and the status "interrupted" when nothing was found (not "gave_up": nothing was proved)."""
    data = result.to_dict(solutions=solutions and not args.count)
    if interrupted:
        data["interrupted"] = True
        if not result.solutions:
            data["status"] = "interrupted"
    return {"format": data.pop("format"), "model": args.model, **data}


def interrupted_line(result: Any) -> str:
    """What Ctrl-C leaves on standard error: `interrupted: at least 17,691 solutions in 3.2 s`, or the
    best value found of a model with an objective; the one word of any Ctrl-C when nothing was found."""
    seconds = float(result.stats.get("total_seconds", 0.0))
    if not result.found:
        return "interrupted"
    objective = result.model.problem.objective
    if objective is not None and not result.optimal:
        from ..driver.lexicographic import text_of

        return (f"interrupted: best found in {seconds:.1f} s, {objective.text}: {text_of(result.objective)} "
                "(not proved optimal)")
    return f"interrupted: at least {_solutions(result.found, result.optimal)} in {seconds:.1f} s"
