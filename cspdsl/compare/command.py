"""`cspdsl compare MODEL`: the comparison run, its table or JSON printed, the chart written, and the
exit code.

While it runs, a status line on standard error shows which run is going, on a terminal only: where
standard error is a file or a pipe, what a program reads there stays the messages. Ctrl-C keeps what
was measured: the table of the runs done by then, its title saying that the comparison was
interrupted and how far it got, then exit code 130.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator

from ..core.deadline import command_deadline
from ..core.exit_codes import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_SOLVED, EXIT_TIMEOUT
from ..core.static_types import Any
from ..lower import Lowered
from .rows import Row
from .runs import ComparisonInterrupted, compare_backends, disagreement
from .table import render_table, runs_said


def run_compare(args: argparse.Namespace) -> int:
    """The comparison `args` ask for, printed; its exit code."""
    from ..backends import exact_backends
    from ..lower.load import load
    from . import chart

    if args.plot:
        chart.check_plot_path(args.plot)  # before the comparison spends its time
    model = load(args.model, dict(args.params))
    sequential = model.problem.sequential is not None  # plans: `search` beside the unrolled backends
    backends = args.backends or (["search", *exact_backends()] if sequential else exact_backends())
    interrupted: ComparisonInterrupted | None = None
    with _progress(quiet=args.json) as progress:
        try:
            rows = compare_backends(model, backends, all_solutions=args.all, repeat=args.repeat, timeout=args.timeout,
                                    seed=args.seed, progress=progress, deadline=command_deadline(args.timeout))
        except ComparisonInterrupted as stopped:
            rows, interrupted = stopped.rows, stopped
    if rows or interrupted is None:  # Ctrl-C before any run ended: no table of nothing
        _print_rows(args, model, rows, interrupted)
    if interrupted is not None:
        print(f"interrupted: {interrupted.done} of {interrupted.total} runs done", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.plot:
        chart.plot(rows, args.plot, _title(args, model), all_solutions=args.all,
                   objective=model.problem.objective is not None)
        print(f"wrote {args.plot}", file=sys.stderr)
    broken = disagreement(rows)
    if broken:
        print(f"error: the backends disagree ({', '.join(broken)} against the others): this is a bug in cspdsl",
              file=sys.stderr)
        return EXIT_INTERNAL
    if rows and all(row.status == "timeout" and row.solutions == 0 for row in rows):
        if not args.json:  # JSON says it in each backend's status
            print(f"No solution found within the time limit of {args.timeout:g} s on any backend.")
        return EXIT_TIMEOUT
    return EXIT_SOLVED


def _title(args: argparse.Namespace, model: Lowered) -> str:
    return model.layout.title or args.model


def _print_rows(args: argparse.Namespace, model: Lowered, rows: list[Row],
                interrupted: ComparisonInterrupted | None) -> None:
    """The table, or with --json the figures, of the rows measured."""
    if args.json:
        timeout = None if args.timeout == float("inf") else args.timeout  # JSON has no infinity: null, none
        figures: dict[str, Any] = {"model": args.model, "all": args.all, "repeat": args.repeat, "timeout": timeout,
                                   "backends": [row.as_json() for row in rows]}
        if interrupted is not None:
            figures["interrupted"] = {"runs_done": interrupted.done, "runs": interrupted.total}
        import json  # only --json pays for its import

        print(json.dumps(figures, indent=2))
        return
    optimum = model.problem.objective is not None
    sequential = model.problem.sequential is not None
    what = ("all optimal solutions" if args.all else "optimum") if optimum else (
        "all solutions" if args.all else "first solution")
    what = what.replace("solution", "plan") if sequential else what
    repeats = max((len(row.runs) for row in rows), default=0)
    title = f"{_title(args, model)}: {what}, {runs_said(repeats)}"
    if interrupted is not None:
        title += f" (interrupted: {interrupted.done} of {interrupted.total} runs done)"
    print(render_table(rows, title, objective=optimum, plans=sequential))


@contextlib.contextmanager
def _progress(quiet: bool) -> Iterator[Callable[[str], None]]:
    """What a run starting is told to: a status line on a terminal; nothing elsewhere, or with
    `quiet` (--json, read by a program)."""
    if quiet or not sys.stderr.isatty():
        yield lambda text: None
        return
    from rich.console import Console

    with Console(stderr=True).status("comparing") as status:
        yield lambda text: status.update(f"comparing: {text}")
