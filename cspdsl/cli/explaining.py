"""`cspdsl explain` without --hint or --intended: the explanation in words or as JSON, a progress
line on a terminal meanwhile (the search under way, or the steps so far), and on Ctrl-C what was
found by then (`explanation.partial`), with the line that says how far it got, and exit 130."""

from __future__ import annotations

import argparse
import json
import sys

from ..core.deadline import left_of_command
from ..core.exit_codes import EXIT_INTERRUPTED, EXIT_SOLVED, EXIT_TIMEOUT
from ..core.static_types import Any
from .progress import Progress


class ExplainProgress(Progress):
    """The progress line of `explain`: what it is looking for, or the steps and values found so far."""

    def __init__(self, stream: Any, said: Any) -> None:
        super().__init__(stream)
        self.said = said  # the Partial told each part found

    def line(self, now: float) -> str:
        return f"{self.said.progress()}, {now - self.started:.1f} s (Ctrl-C stops and keeps what was found)"


def run_explain(model: Any, args: argparse.Namespace) -> int:
    """Explain the model; Ctrl-C prints what was found (standard output) and how far it got
    (standard error), and gives 130."""
    from ..explanation import explain
    from ..explanation.partial import Partial
    from ..explanation.report import as_json, text

    partial = Partial(model.layout, list(model.problem.outputs))
    progress = ExplainProgress(sys.stderr, partial) if Progress.on_terminal() is not None else None
    try:
        if progress is not None:
            progress.start()
        explanation = explain(model, timeout=left_of_command(args.timeout), steps=args.steps, tell=partial.tell,
                              cheapest=args.cheapest)
        if explanation.limit is not None:  # given what was left once the model was read: said as asked
            explanation.limit = args.timeout
    except KeyboardInterrupt:
        if progress is not None:
            progress.close()
        return interrupted_explain(partial, args)
    finally:
        if progress is not None:
            progress.close()
    if args.json:
        print(json.dumps({"model": args.model, **as_json(explanation)}, indent=2))
    else:
        print(text(explanation))
    return EXIT_TIMEOUT if explanation.status == "timeout" else EXIT_SOLVED


def interrupted_explain(partial: Any, args: argparse.Namespace) -> int:
    """What was found (None: not even the model was read), and the line that says how far the
    explanation got."""
    from ..explanation.partial import Partial

    partial = partial or Partial()
    if args.json:
        print(json.dumps({"model": args.model, **partial.as_json()}, indent=2), flush=True)
    elif partial.explanation.status != "interrupted":
        print(partial.text(), flush=True)
    print(partial.stopped(), file=sys.stderr)
    return EXIT_INTERRUPTED
