"""Ctrl-C during a search, with what it had found: `Interrupted` is a KeyboardInterrupt that carries
a partial `Result` (never complete), so that `cspdsl solve --all` or `--count` stopped by Ctrl-C can
still say "at least 17,691 solutions", and an optimisation the best solution found by then;
`PlansInterrupted` carries a sequential puzzle's partial `PlanResult` (the best plan found, or how
many states the search had taken).

Code that stops at Ctrl-C stops here too (it is a KeyboardInterrupt); code that wants what was found
catches `Interrupted` and reads `partial`."""

from __future__ import annotations

from .result import PlanResult, Result


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped the search; `partial` holds the solutions checked by then (of a model with an
    objective: the best found, or the optimal ones found once the optimum was proved)."""

    def __init__(self, partial: Result) -> None:
        super().__init__("interrupted")
        self.partial = partial


class PlansInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a plan search; `partial` holds the plans checked by then (never complete) and,
    in its stats, `expanded`: the states the search over states had taken."""

    def __init__(self, partial: PlanResult) -> None:
        super().__init__("interrupted")
        self.partial = partial
