"""Local worker processes that take tasks and give their results back in the tasks' order, with no
thread in this process.

`multiprocessing.Pool` runs three threads beside the caller, and one of them (the one that keeps the
workers alive) wakes each time a result is waiting to be read, and again until another thread has
read it: on a batch of small tasks that cost this process as much CPU as writing the rows. On two
cores this process competes with the workers, so here it only sends a task, waits on the workers'
pipes, and reads a result: each worker is a process of its own with a pipe each way, kept `AHEAD`
tasks ahead so that it never waits for this process.

Where processes can be forked (`FORKS`: Linux, macOS), a worker is this process forked (`os.fork`),
and starts with what `setup` is given (a live solver, the whole list of instances) as this process
has it; the messages are pickles behind their length, and importing `multiprocessing` (tens of
milliseconds, as long as a hundred Sudokus) is not needed. Elsewhere a worker is a
`multiprocessing` process started by spawning, `setup`'s arguments pickled to it once. A worker
ignores Ctrl-C: this process ends them all when it stops.

Under a time limit (`core.deadline.time_limited`: `generate --workers N --timeout S`) this process
waits on the workers no later than the deadline, then raises `TimeLimitReached` and ends them: a
worker busy with one long task would otherwise hold the run past its limit.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import struct
import time
from collections.abc import Callable, Iterator

from ..core import lifeline
from ..core.deadline import TimeLimitReached, current_deadline
from ..core.errors import ended_by
from ..core.static_types import Any

FORKS = hasattr(os, "fork")
# Tasks a worker holds at once: one it works on, the next waiting in its pipe.
AHEAD = 2
HEADER = struct.Struct("!Q")  # a message's length, before its pickle
Setup = Callable[..., None]
Work = Callable[[Any], Any]


class WorkerDied(RuntimeError):
    """A worker process exited by itself without giving its results back (one a signal ended is
    `ProcessKilled`, which the command reports as such)."""


def worker_died(exit_code: int | None) -> Exception:
    """What to raise for a worker that ended before giving its results back."""
    return ended_by("a worker process", exit_code) or WorkerDied(
        f"a worker process ended with exit code {exit_code} before giving its results back")


def in_order(tasks: list[Any], work: Work, workers: int, setup: Setup, setup_args: tuple[Any, ...]) -> Iterator[Any]:
    """`work(task)` of each task on `workers` processes (each running `setup(*setup_args)` first),
    the results in the tasks' order, each as soon as it and those before it are done."""
    started: list[Any] = []
    finished = False
    try:
        for _ in range(max(1, min(workers, len(tasks)))):
            if FORKS:
                started.append(ForkedWorker(setup, setup_args, work))
            else:
                started.append(SpawnedWorker(setup, setup_args, work))
        yield from _results(tasks, started)
        finished = True
    finally:
        for worker in started:
            worker.stop(finished)


def _results(tasks: list[Any], workers: list[Any]) -> Iterator[Any]:
    """The results in order: each worker kept AHEAD tasks ahead, the results that come early held."""
    sent = 0
    for _ in range(AHEAD):
        for worker in workers:
            if sent < len(tasks):
                worker.send((sent, tasks[sent]))
                sent += 1
    held: dict[int, Any] = {}
    wanted = 0
    ready = _ready_forked if FORKS else _ready_spawned
    while wanted < len(tasks):
        for worker in ready(workers):
            number, result, error = worker.receive()
            if error is not None:
                raise error
            held[number] = result
            if sent < len(tasks):
                worker.send((sent, tasks[sent]))
                sent += 1
        while wanted in held:
            yield held.pop(wanted)
            wanted += 1


def serve(setup: Setup, setup_args: tuple[Any, ...], work: Work, pipe: Any) -> None:
    """A worker's life: `setup`, then each task received done and its result sent back, until None
    (or this process's end of the pipe closed). An exception in `work` is sent back to be raised in
    this process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    setup(*setup_args)
    while True:
        try:
            received = pipe.recv()
        except EOFError:
            return
        if received is None:
            return
        number, task = received
        try:
            pipe.send((number, work(task), None))
        except Exception as error:
            _send_error(pipe, number, error)


def _send_error(pipe: Any, number: int, error: Exception) -> None:
    try:
        pipe.send((number, None, error))
    except Exception:  # an error that does not pickle: its type and text
        pipe.send((number, None, RuntimeError(f"{type(error).__name__}: {error}")))


# -- forked workers ---------------------------------------------------------------------------------------


class FdPipe:
    """Two file descriptors, one read and one written, carrying pickles behind their length."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.read_fd, self.write_fd = read_fd, write_fd

    def send(self, value: Any) -> None:
        data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        _write_all(self.write_fd, HEADER.pack(len(data)) + data)

    def recv(self) -> Any:
        (size,) = HEADER.unpack(_read_exactly(self.read_fd, HEADER.size))
        return pickle.loads(_read_exactly(self.read_fd, size))

    def close(self) -> None:
        for fd in (self.read_fd, self.write_fd):
            os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _read_exactly(fd: int, size: int) -> bytes:
    """`size` bytes from `fd`; EOFError when the other end is closed first."""
    parts, left = [], size
    while left:
        part = os.read(fd, min(left, 1 << 20))
        if not part:
            raise EOFError
        parts.append(part)
        left -= len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)


class ForkedWorker:
    """A worker forked from this process, with a pipe for its tasks and one for its results. It
    closes every other descriptor it inherited (this process's ends, the other workers' pipes), so
    that each worker's pipes are held by it and this process alone, and it dies with this process
    (`core/lifeline`)."""

    pipe: FdPipe

    def __init__(self, setup: Setup, setup_args: tuple[Any, ...], work: Work) -> None:
        lifeline.prepare()
        parent = os.getpid()
        task_read, task_write = os.pipe()
        result_read, result_write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the worker: it never returns into the caller's code
            code = 1
            try:
                lifeline.bind_to_parent(parent, keep=(task_read, result_write))
                serve(setup, setup_args, work, FdPipe(task_read, result_write))
                code = 0
            finally:
                os._exit(code)
        os.close(task_read)
        os.close(result_write)
        self.pipe = FdPipe(result_read, task_write)
        self.exit_code: int | None = None

    def fileno(self) -> int:
        return self.pipe.read_fd

    def send(self, value: Any) -> None:
        try:
            self.pipe.send(value)
        except BrokenPipeError:  # not this process's reader gone: the worker
            raise self._died() from None

    def receive(self) -> Any:
        try:
            return self.pipe.recv()
        except EOFError:
            raise self._died() from None

    def _died(self) -> Exception:
        self._reap()
        return worker_died(self.exit_code)

    def stop(self, finished: bool) -> None:
        """Told to end when all is done, else ended at once (an error, Ctrl-C, a reader that stopped
        reading); waited for, so that its CPU time is counted as this process's children's."""
        if self.exit_code is None:
            if finished:
                with contextlib.suppress(OSError):  # it died: reaped below
                    self.pipe.send(None)
            else:
                os.kill(self.pid, signal.SIGTERM)
        self.pipe.close()
        self._reap()

    def _reap(self) -> None:
        if self.exit_code is None:
            self.exit_code = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])


def _ready_forked(workers: list[ForkedWorker]) -> list[ForkedWorker]:
    ready: list[ForkedWorker] = select.select(workers, [], [], _wait_left())[0]
    return _in_time(ready)


def _wait_left() -> float | None:
    """How long to wait on the workers: up to the deadline `time_limited` set (None: as long as it takes)."""
    deadline = current_deadline()
    return None if deadline is None else max(deadline - time.monotonic(), 0.0)


def _in_time(ready: list[Any]) -> list[Any]:
    """The workers ready; none when a wait returned empty: the deadline passed (TimeLimitReached)."""
    if not ready:
        raise TimeLimitReached
    return ready


# -- spawned workers (no fork) ------------------------------------------------------------------------------


class SpawnedWorker:
    """A worker started by `multiprocessing` by spawning a new interpreter, with one pipe."""

    def __init__(self, setup: Setup, setup_args: tuple[Any, ...], work: Work) -> None:
        import multiprocessing

        context: Any = multiprocessing.get_context("spawn")
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=serve, args=(setup, setup_args, work, theirs), daemon=True)
        self.process.start()
        theirs.close()

    def send(self, value: Any) -> None:
        try:
            self.connection.send(value)
        except OSError:
            raise self._died() from None

    def receive(self) -> Any:
        try:
            return self.connection.recv()
        except (EOFError, OSError):
            raise self._died() from None

    def _died(self) -> Exception:
        self.process.join()
        return worker_died(self.process.exitcode)

    def stop(self, finished: bool) -> None:
        if finished and self.process.is_alive():
            with contextlib.suppress(OSError):
                self.connection.send(None)
        else:
            self.process.terminate()
        self.connection.close()
        self.process.join()


def _ready_spawned(workers: list[SpawnedWorker]) -> list[SpawnedWorker]:
    from multiprocessing.connection import wait

    by_connection = {worker.connection: worker for worker in workers}
    return _in_time([by_connection[connection] for connection in wait(list(by_connection), _wait_left())])
