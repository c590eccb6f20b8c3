"""Run a search with a time limit that the solver itself does not have (pycosat, python-constraint).

The search runs in a child process and sends each solution back as soon as it finds it; when the
time runs out, the parent stops the child and keeps what arrived. Nothing is left running: the child
is terminated (then killed) and joined before this returns, also on an exception or Ctrl-C.
Without a time limit the search runs in this process, with no start-up cost.

The child is forked where the platform can fork (Linux, macOS), so `work` and its arguments need
not be picklable there; elsewhere they must be.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

Emit = Callable[[Any], None]
Work = Callable[..., Any]  # work(emit, *args) -> summary


@dataclass
class ChildRun:
    """What a search sent back: its items in order, its summary (None if it did not finish)."""

    items: list[Any] = field(default_factory=list)
    summary: Any = None
    timed_out: bool = False


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _child_main(conn: Connection, work: Work, args: tuple[Any, ...]) -> None:
    try:
        summary = work(lambda item: conn.send(("item", item)), *args)
        conn.send(("done", summary))
    except BaseException as error:  # report it; the parent re-raises
        conn.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        conn.close()


def run_with_time_limit(work: Work, args: tuple[Any, ...], timeout: float | None) -> ChildRun:
    """Run `work(emit, *args)`, in a child process if `timeout` is set, and collect what it emits."""
    if timeout is None:
        run = ChildRun()
        run.summary = work(run.items.append, *args)
        return run
    return _run_in_child(work, args, timeout)


def _run_in_child(work: Work, args: tuple[Any, ...], timeout: float) -> ChildRun:
    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child_main, args=(sender, work, args), daemon=True)
    run = ChildRun()
    deadline = time.monotonic() + timeout
    process.start()
    sender.close()  # only the child writes
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not receiver.poll(remaining):
                run.timed_out = True
                break
            try:
                kind, payload = receiver.recv()
            except EOFError:  # the child died without a word (killed, out of memory)
                raise RuntimeError(f"the solver process ended unexpectedly (exit code {process.exitcode})") from None
            if kind == "item":
                run.items.append(payload)
            elif kind == "done":
                run.summary = payload
                break
            else:
                raise RuntimeError(f"the solver process failed: {payload}")
    finally:
        _stop(process)
        receiver.close()
    return run


def _stop(process: Any) -> None:
    if process.is_alive():
        process.terminate()
        process.join(1.0)
    if process.is_alive():
        process.kill()
    process.join()
