"""Run a search with a time limit that the solver itself does not have (pycosat, python-constraint).

The search runs in a child process and sends each solution back as soon as it finds it; when the
time runs out, the parent stops the child and keeps what arrived. Nothing is left running: the child
is terminated (then killed) and joined before this returns, also on an exception or Ctrl-C; and a
forked child dies with this process if this one is killed (`core/lifeline`).
Without a time limit the search runs in this process, with no start-up cost.

`on_item`, if given, sees each item in this process as it arrives, before it is kept (`api.solve`
checks each solution there while the child searches on); the time limit covers it: past the deadline
no further item is taken, however many have arrived.

Where the platform can fork (Linux, macOS) the child is a bare `os.fork` talking over a pipe, which
starts in a few milliseconds, and `work` and its arguments need not be picklable; elsewhere it is a
spawned multiprocessing process, and they must be. What `work` emits must be picklable. The modules
only a child needs (pickle, select, signal, struct: 3 ms) are imported when one starts, not by every
run that imports this module.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator

from ..core.errors import ended_by
from ..core.record import Record, field
from ..core.static_types import Any

# Where a child is a bare fork: it then starts with this process's memory as it is (a live solver too).
FORKS = hasattr(os, "fork")
Emit = Callable[[Any], None]
Work = Callable[..., Any]  # work(emit, *args) -> summary
OnItem = Callable[[Any], None]


class ChildRun(Record, frozen=False):
    """What a search sent back: its items in order, its summary (None if it did not finish)."""

    items: list[Any] = field(default_factory=list)
    summary: Any = None
    timed_out: bool = False


def run_with_time_limit(
    work: Work, args: tuple[Any, ...], timeout: float | None, on_item: OnItem | None = None
) -> ChildRun:
    """Run `work(emit, *args)`, in a child process if `timeout` is set, and collect what it emits."""
    if timeout is None:
        run = ChildRun()
        run.summary = work(keeper(run.items, on_item), *args)
        return run
    if FORKS:
        return _run_in_fork(work, args, timeout, on_item)
    return _run_in_spawned(work, args, timeout, on_item)


def keeper(items: list[Any], on_item: OnItem | None) -> Emit:
    """What keeps an item in `items`, shown to `on_item` first (which may raise: then it is not kept)."""
    if on_item is None:
        return items.append

    def keep(item: Any) -> None:
        on_item(item)
        items.append(item)

    return keep


# -- POSIX: a bare fork and a pipe (a few ms, where multiprocessing takes 10 to 20) ---------------


def _run_in_fork(work: Work, args: tuple[Any, ...], timeout: float, on_item: OnItem | None = None) -> ChildRun:
    # Both sides need these: imported once, before the fork, not twice. A module imported in the child
    # costs it several times what it costs here (its first writes copy the pages it shares with this
    # process), and the parent waits for the child.
    import pickle  # noqa: F401
    import struct  # noqa: F401

    from ..core import lifeline  # here, like pickle: signal is for a child only

    lifeline.prepare()
    parent = os.getpid()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: search, send, and leave without running the parent's exit handlers
        code = 0
        try:
            lifeline.bind_to_parent(parent, keep=(write_end,))
            _child_search(write_end, work, args)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    run = ChildRun()
    reaped = False
    try:
        _receive(read_end, run, time.monotonic() + timeout, keeper(run.items, on_item))
    except _ChildGone:
        status, reaped = os.waitpid(pid, 0)[1], True  # reaped here: never signalled after, its pid may be reused
        raise _gone(os.waitstatus_to_exitcode(status)) from None
    finally:
        os.close(read_end)
        if not reaped:
            _stop_pid(pid)
    return run


class _ChildGone(Exception):
    """The child's pipe closed before its summary came."""


def _gone(exit_code: int | None) -> Exception:
    """What to raise for a child that ended before its summary: killed from outside, or a crash."""
    return ended_by("the solver process", exit_code) or RuntimeError(
        f"the solver process ended unexpectedly (exit code {exit_code})")


def _child_search(fd: int, work: Work, args: tuple[Any, ...]) -> None:
    import pickle
    import struct

    def send(message: tuple[str, Any]) -> None:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        _write_all(fd, struct.pack("!Q", len(data)) + data)

    try:
        summary = work(lambda item: send(("item", item)), *args)
        send(("done", summary))
    except MemoryError:  # the run's memory ceiling (`run_limits`): the parent says so as it would
        send(("memory", ""))
    except BaseException as error:  # report it; the parent re-raises
        send(("error", f"{type(error).__name__}: {error}"))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _receive(fd: int, run: ChildRun, deadline: float, keep: Emit) -> None:
    """Take the child's messages until its summary comes or the deadline passes, which is looked at
    before each message: a burst of items ends there, not after all of them have been kept."""
    import select

    buffer = bytearray()
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            run.timed_out = True
            return
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            raise _ChildGone
        buffer += chunk
        for kind, payload in _whole_messages(buffer):
            if time.monotonic() >= deadline:
                run.timed_out = True
                return
            if _take(run, kind, payload, keep):
                return


def _whole_messages(buffer: bytearray) -> Iterator[tuple[str, Any]]:
    """The whole messages (a length, then a pickle) at the start of `buffer`, each removed as it is given."""
    import pickle
    import struct

    while len(buffer) >= 8:
        size = struct.unpack("!Q", buffer[:8])[0]
        if len(buffer) < 8 + size:
            return
        message = pickle.loads(bytes(buffer[8 : 8 + size]))
        del buffer[: 8 + size]
        yield message


def _take(run: ChildRun, kind: str, payload: Any, keep: Emit) -> bool:
    """Record one message; True when the search has ended."""
    if kind == "item":
        keep(payload)
        return False
    if kind == "done":
        run.summary = payload
        return True
    if kind == "memory":
        raise MemoryError("the search reached the memory ceiling")
    raise RuntimeError(f"the solver process failed: {payload}")


def _stop_pid(pid: int) -> None:
    """Kill the child (it holds nothing that needs cleaning up) and reap it, so no zombie is left."""
    import signal

    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


# -- elsewhere (Windows): multiprocessing with spawn; work and args must be picklable ------------


def _spawned_main(conn: Any, work: Work, args: tuple[Any, ...]) -> None:
    try:
        summary = work(lambda item: conn.send(("item", item)), *args)
        conn.send(("done", summary))
    except MemoryError:
        conn.send(("memory", ""))
    except BaseException as error:
        conn.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        conn.close()


def _run_in_spawned(work: Work, args: tuple[Any, ...], timeout: float, on_item: OnItem | None = None) -> ChildRun:
    import multiprocessing  # only here: importing it costs start-up time on every platform

    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_spawned_main, args=(sender, work, args), daemon=True)
    run = ChildRun()
    keep = keeper(run.items, on_item)
    deadline = time.monotonic() + timeout
    process.start()
    sender.close()
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not receiver.poll(remaining):
                run.timed_out = True
                break
            try:
                kind, payload = receiver.recv()
            except EOFError:
                process.join()
                raise _gone(process.exitcode) from None
            if _take(run, kind, payload, keep):
                break
    finally:
        if process.is_alive():
            process.terminate()
            process.join(1.0)
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()
    return run
