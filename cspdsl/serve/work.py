"""What a worker process does with one task of the page: load the model sent as text, then check,
solve, enumerate, count, explain or compare it, and send what it finds to the server as events (plain dicts
over a pipe) as it finds them.

It runs in a process of its own (`jobs.py`) so that a model past its limits (time, memory: the
ceiling the server was started under, `--max-memory`, is inherited) ends there and not in the server.
Its first act is to lead a process group of its own: the server stops it, and any search process it
started, with one signal to the group. Every way a task can end is an event, never a traceback: a
model's error with its place and hint (`errors.py`), the memory ceiling, a bug in cspdsl.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from ..core.errors import CspdslError
from ..core.record import Record, field
from ..core.static_types import TYPE_CHECKING, Any
from .errors import error_json, internal_error_json, memory_error_json

if TYPE_CHECKING:
    from ..driver.result import PlanResult, Result
    from ..lower import Lowered
    from ..lower.sizes import SizeLimits

# The server imports this module (to name `main` to its workers) but runs none of it: what a task
# needs is imported by the task, and loaded once, before any task, in the fork server the workers
# come from (`jobs.py`), so that neither the server's start nor a task pays for it.
PRELOADED = ("cspdsl.lower.load", "cspdsl.driver.solve", "cspdsl.driver.result", "cspdsl.render.svg")

# The first solutions of a task are sent drawn, with their answers; past them only how many were
# found, at most every PROGRESS_SECONDS, so that the page shows a count, not tens of thousands of pictures.
DRAWN = 24
PROGRESS_SECONDS = 0.2
# What a task may send at most, pictures and words together (bytes); past it, solutions are counted only.
MAX_OUTPUT = 8 * 1024 * 1024


class Task(Record):
    """One request of the page, checked (`app.py`): what to do with which model text."""

    action: str  # check, solve, all, count, explain, steps, compare
    model: str
    name: str = "model.puz"
    params: dict[str, int | str] = field(default_factory=dict)
    backend: str | None = None
    timeout: float = 10.0


class Sender:
    """The pipe to the server, and what has been sent on it: the output's budget."""

    def __init__(self, send: Callable[[dict[str, Any]], None]) -> None:
        self.send = send
        self.sent = 0
        self.found = 0
        self.last_progress = 0.0

    def solution(self, draw: Callable[[], tuple[str, list[str]]]) -> None:
        """One more solution: drawn while there is room, else counted (a progress event now and then)."""
        self.found += 1
        if self.found <= DRAWN and self.sent < MAX_OUTPUT:
            svg, words = draw()
            self.sent += len(svg) + sum(len(word) for word in words)
            self.send({"type": "solution", "index": self.found, "svg": svg, "answers": words})
            return
        now = time.monotonic()
        if now - self.last_progress >= PROGRESS_SECONDS:
            self.last_progress = now
            self.send({"type": "progress", "found": self.found})


def run(task: Task, limits: SizeLimits, send: Callable[[dict[str, Any]], None]) -> None:
    """Do `task` under the model size `limits`, each event handed to `send`; the last one is `done`
    or `error`."""
    from ..lower.load import loads
    from ..lower.sizes import held_to

    try:
        with held_to(limits):
            model = loads(task.model, task.name, task.params)
            ACTIONS[task.action](model, task, Sender(send))
    except CspdslError as error:
        send({"type": "error", "error": error_json(error)})
    except RecursionError:
        send({"type": "error", "error": {"message": "this model is nested too deeply to read"}})
    except MemoryError:
        send({"type": "error", "error": memory_error_json()})
    except Exception as error:  # a bug in cspdsl: said on the page, and the server serves on
        send({"type": "error", "error": internal_error_json(error)})


def in_own_group() -> None:
    """Lead a process group of its own, so that the server stops this worker and its searches at once."""
    if hasattr(os, "setsid"):
        os.setsid()


def _check(model: Lowered, task: Task, out: Sender) -> None:
    size = model.problem.size()
    warnings = [{"message": f.message, "line": f.span.line, "column": f.span.column, "end_line": f.span.end_line,
                 "end_column": f.span.end_column, "text": f.render()} for f in model.folded]
    out.send({"type": "done", "status": "ok", "size": size, "warnings": warnings})


def _solve(model: Lowered, task: Task, out: Sender) -> None:
    _solutions(model, task, out, limit=2)


def _all(model: Lowered, task: Task, out: Sender) -> None:
    _solutions(model, task, out, limit=None)


def _solutions(model: Lowered, task: Task, out: Sender, limit: int | None) -> None:
    """Solutions, each sent once it is checked; a sequential puzzle's plans when the search ends."""
    if model.problem.sequential is not None:
        _plans(model, task, out, limit)
        return
    from ..driver.result import Result
    from ..driver.solve import solve

    def drawn(solution: dict[str, int]) -> None:
        one = Result(model, "", [solution], complete=False, timed_out=False, limit=None)
        out.solution(lambda: (one.to_svg(), one.answers()))

    result = solve(model, task.backend, limit=limit, timeout=task.timeout, on_solution=drawn)
    out.send(_done(result, out))


def _plans(model: Lowered, task: Task, out: Sender, limit: int | None) -> None:
    from ..driver.plans import solve_plans

    result = solve_plans(model, task.backend or "search", limit=limit, timeout=task.timeout)
    for index in range(result.found):
        out.solution(_plan_drawing(result, index))
    out.send(_done(result, out))


def _plan_drawing(result: PlanResult, index: int) -> Callable[[], tuple[str, list[str]]]:
    return lambda: (result.to_svg(index), result.words(index))


def _count(model: Lowered, task: Task, out: Sender) -> None:
    if model.problem.sequential is not None:
        from ..driver.plans import solve_plans

        out.send(_done(solve_plans(model, task.backend or "search", limit=None, timeout=task.timeout,
                                   count_only=True), out))
        return
    from ..driver.counting import count

    out.send(_done(count(model, task.backend, timeout=task.timeout), out))


def _done(result: Result | PlanResult, out: Sender) -> dict[str, Any]:
    """The last event of a search: how it ended and how many it found."""
    from ..driver.result import Result

    data: dict[str, Any] = {"type": "done", "status": result.status, "found": max(result.found, out.found),
                            "count": result.count, "complete": result.complete, "timed_out": result.timed_out,
                            "backend": result.backend}
    if isinstance(result, Result):
        data |= {"unique": result.unique, "chosen_because": result.chosen_because, "objective": result.objective}
    return data


def _explain(model: Lowered, task: Task, out: Sender, steps: bool = False) -> None:
    from ..explanation import explain
    from ..explanation.report import as_json, text

    if model.problem.sequential is not None:
        raise CspdslError("explain takes a model solved as a whole, not a sequential puzzle (a start, moves "
                          "and a goal)", hint="solve it with Solve")
    explanation = explain(model, timeout=task.timeout, steps=steps)
    out.send({"type": "explanation", "text": text(explanation), "data": as_json(explanation)})
    if explanation.steps:
        from .steps import step_events

        for event in step_events(model, explanation, lambda: out.sent < MAX_OUTPUT):
            out.sent += len(event["svg"] or "")
            out.send(event)
    out.send({"type": "done", "status": explanation.status})


def _steps(model: Lowered, task: Task, out: Sender) -> None:
    _explain(model, task, out, steps=True)


def _compare(model: Lowered, task: Task, out: Sender) -> None:
    from .comparison import comparison

    event = comparison(model, task.backend, task.timeout, lambda words: out.send({"type": "progress", "text": words}))
    out.send(event)
    disagree = event["disagree"]
    if disagree:
        out.send({"type": "error", "error": {
            "message": f"the backends disagree ({', '.join(disagree)} against the others): this is a bug in cspdsl",
            "hint": "please report it with the model"}})
        return
    out.send({"type": "done", "status": "ok"})


# What each action of the page does (app.py accepts exactly these names).
ACTIONS: dict[str, Callable[[Lowered, Task, Sender], None]] = {
    "check": _check, "solve": _solve, "all": _all, "count": _count, "explain": _explain, "steps": _steps,
    "compare": _compare,
}


def main(task: Task, limits: SizeLimits, connection: Any) -> None:
    """A worker process's body (`jobs.py` starts it): `run`, its events sent down `connection`."""
    in_own_group()
    try:
        run(task, limits, connection.send)
    except OSError:  # the server closed its end (the page stopped the task): nothing is left to tell
        pass
    finally:
        connection.close()
