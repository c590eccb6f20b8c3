"""Local worker processes that take tasks and give their results back in the tasks' order, with no
thread in this process.

`multiprocessing.Pool` runs three threads beside the caller, and one of them (the one that keeps the
workers alive) wakes each time a result is waiting to be read, and again until another thread has
read it: on a batch of small tasks that costs this process as much CPU as writing the rows. On two
cores this process competes with the workers, so here it only sends a task, waits on the workers'
pipes (`multiprocessing.connection.wait`), and reads a result: each worker is a process of its own
with one pipe, kept `AHEAD` tasks ahead so that it never waits for this process.

Where processes are forked, a worker starts with what `setup` is given (a live solver, the whole
list of instances) as this process has it; elsewhere they are pickled to each worker once. A worker
ignores Ctrl-C: this process stops them all when it stops.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, wait

from ..static_types import Any

# Where a worker can start as a copy of this process (Linux, macOS), with what it is given as it is.
FORKS = "fork" in multiprocessing.get_all_start_methods()
# Tasks a worker holds at once: one it solves, the next waiting in its pipe.
AHEAD = 2


class WorkerDied(RuntimeError):
    """A worker process ended without giving its results back (killed, or out of memory)."""


def _serve(setup: Callable[..., None], setup_args: tuple[Any, ...], work: Callable[[Any], Any],
           pipe: Connection) -> None:
    """A worker's life: `setup`, then each task received done and its result sent back, until None.
    An exception in `work` is sent back to be raised in the caller."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    setup(*setup_args)
    while (received := pipe.recv()) is not None:
        number, task = received
        try:
            pipe.send((number, work(task), None))
        except Exception as error:
            _send_error(pipe, number, error)


def _send_error(pipe: Connection, number: int, error: Exception) -> None:
    try:
        pipe.send((number, None, error))
    except Exception:  # an error that does not pickle: its type and text
        pipe.send((number, None, RuntimeError(f"{type(error).__name__}: {error}")))


def in_order(tasks: list[Any], work: Callable[[Any], Any], workers: int, setup: Callable[..., None],
             setup_args: tuple[Any, ...]) -> Iterator[Any]:
    """`work(task)` of each task on `workers` processes (each running `setup(*setup_args)` first),
    the results in the tasks' order, each as soon as it and those before it are done."""
    context: Any = multiprocessing.get_context("fork" if FORKS else "spawn")
    processes: dict[Connection, Any] = {}
    finished = False
    try:
        for _ in range(max(1, min(workers, len(tasks)))):
            mine, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(setup, setup_args, work, theirs), daemon=True)
            process.start()
            theirs.close()
            processes[mine] = process
        yield from _results(tasks, processes)
        finished = True
    finally:
        _stop(processes, finished)


def _results(tasks: list[Any], processes: dict[Connection, Any]) -> Iterator[Any]:
    """The results in order: each pipe kept AHEAD tasks ahead, the results that come early held."""
    sent = 0
    for _ in range(AHEAD):
        for pipe in processes:
            if sent < len(tasks):
                pipe.send((sent, tasks[sent]))
                sent += 1
    held: dict[int, Any] = {}
    wanted = 0
    while wanted < len(tasks):
        ready: list[Any] = wait(list(processes))
        for pipe in ready:
            number, result, error = _received(pipe, processes)
            if error is not None:
                raise error
            held[number] = result
            if sent < len(tasks):
                pipe.send((sent, tasks[sent]))
                sent += 1
        while wanted in held:
            yield held.pop(wanted)
            wanted += 1


def _received(pipe: Connection, processes: dict[Connection, Any]) -> tuple[int, Any, BaseException | None]:
    try:
        received: tuple[int, Any, BaseException | None] = pipe.recv()
    except EOFError:
        process = processes[pipe]
        process.join(1)
        raise WorkerDied(f"a worker process ended with exit code {process.exitcode} "
                         "before giving its results back") from None
    return received


def _stop(processes: dict[Connection, Any], finished: bool) -> None:
    """Each worker told to end when all is done, else ended at once (an error, Ctrl-C, a reader that
    stopped reading), and waited for."""
    for pipe, process in processes.items():
        if finished:
            with contextlib.suppress(OSError):
                pipe.send(None)
        else:
            process.terminate()
        pipe.close()
    for process in processes.values():
        process.join()
