"""Ctrl-C during a search that runs outside Python's reach.

A search in native code (CP-SAT) does not come back to the interpreter until it ends, so Python's
own Ctrl-C (KeyboardInterrupt, raised between two bytecodes) would wait for the time limit. Here
SIGINT, while the search runs, wakes a thread (through the signal's wakeup fd, written by the
interpreter's C handler the moment the signal comes) that records it and asks the search to stop;
when the search has returned, KeyboardInterrupt is raised as for any other Ctrl-C. Nothing is
guessed from how long the search took.

The waking thread is started once a process, by its first watched search; a forked child starts its
own. Only the main thread gets signals, so only there is SIGINT taken over; where it is ignored (a
batch's worker) it stays so.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator


class CtrlC:
    """A search's watch: whether Ctrl-C was pressed while it ran, and how to stop it."""

    def __init__(self, stop: Callable[[], None]) -> None:
        self.pressed = False
        self.stop = stop

    def press(self, *_: object) -> None:
        self.pressed = True
        self.stop()


class _Waker:
    """The thread that SIGINT wakes: one a process, started by its first watched search (a thread
    started for each search would cost more than a small search), blocked on the wakeup pipe."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.write_fd, False)  # as set_wakeup_fd wants it
        self.watch: CtrlC | None = None  # the search under way
        threading.Thread(target=self._run, name="ctrl-c", daemon=True).start()

    def _run(self) -> None:
        while True:  # each byte is a signal's number
            if signal.SIGINT in os.read(self.read_fd, 64):
                watch = self.watch
                if watch is not None:
                    watch.press()

    def close(self) -> None:
        """In a forked child, which has the pipe but not the thread."""
        os.close(self.read_fd)
        os.close(self.write_fd)


_waker: _Waker | None = None


def _this_process_waker() -> _Waker:
    global _waker
    if _waker is None or _waker.pid != os.getpid():
        if _waker is not None:
            _waker.close()
        _waker = _Waker()
    return _waker


def can_watch_ctrl_c() -> bool:
    """Whether this thread can take SIGINT over: the main thread (the only one Python gives
    signals to), where SIGINT has a Python handler (not a worker that ignores it)."""
    return threading.current_thread() is threading.main_thread() and callable(signal.getsignal(signal.SIGINT))


@contextlib.contextmanager
def ctrl_c_stops(stop: Callable[[], None]) -> Iterator[CtrlC]:
    """The body's search stopped by `stop` (called from another thread) at Ctrl-C, and
    KeyboardInterrupt raised when it has returned. Where this thread cannot take SIGINT over
    (`can_watch_ctrl_c`), nothing is changed."""
    watch = CtrlC(stop)
    if not can_watch_ctrl_c():
        yield watch
        return
    waker = _this_process_waker()
    outer, waker.watch = waker.watch, watch
    previous_fd = signal.set_wakeup_fd(waker.write_fd, warn_on_full_buffer=False)
    previous = signal.signal(signal.SIGINT, watch.press)  # no KeyboardInterrupt inside a callback
    try:
        yield watch
    finally:
        waker.watch = outer
        signal.set_wakeup_fd(previous_fd)
        signal.signal(signal.SIGINT, previous)
    if watch.pressed:
        raise KeyboardInterrupt


@contextlib.contextmanager
def ctrl_c_held_back() -> Iterator[None]:
    """Ctrl-C held back until the block ends (where signals can be blocked), so that what an
    interrupted command says it wrote (a batch's rows, the puzzles of `generate`) is what it wrote."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
