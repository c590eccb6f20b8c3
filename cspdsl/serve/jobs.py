"""The page's tasks run in worker processes, a few at a time, each stopped at its time limit.

A task runs in a process of its own (`work.py`), started from a fork server that has cspdsl loaded
already (a fork costs milliseconds, not the 0.3 s of a fresh interpreter; where there is no fork
server, a spawned interpreter). Its events come back over a pipe, read by a thread that hands them to
the event loop. The worker leads its own process group, so one signal ends it and any search process
it started: at the user's stop, when the page goes away, at the server's end, and when it runs
`GRACE` seconds past its time limit (a search that does not come back in time, a long lowering).
At most `workers` tasks run at once; the others wait their turn, up to `MAX_WAITING` of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import uuid
from collections.abc import AsyncIterator

from ..core.static_types import TYPE_CHECKING, Any
from . import work
from .work import Task

if TYPE_CHECKING:
    from ..lower.sizes import SizeLimits

GRACE = 3.0  # seconds a worker is given past its task's own time limit before it is killed
MAX_WAITING = 256  # tasks waiting for a worker; past them the server answers that it is busy


class Busy(Exception):
    """Too many tasks are waiting for a worker."""


def _context() -> Any:
    """multiprocessing's fork server with the worker's modules loaded, else spawning."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["cspdsl.serve.work", *work.PRELOADED])
        return context
    return multiprocessing.get_context("spawn")


class Job:
    """One task: waiting, running in its worker, or ended; `stop` ends it from any of them."""

    def __init__(self, task: Task) -> None:
        self.id = uuid.uuid4().hex
        self.task = task
        self.stopped = False
        self.found = 0
        self._process: Any = None

    def stop(self) -> None:
        """End the task (the user's stop): its worker and the worker's searches are killed."""
        self.stopped = True
        self._kill()

    def _kill(self) -> None:
        process = self._process
        if process is None or process.pid is None:
            return
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, AttributeError):  # not yet its group's leader, or gone
            with contextlib.suppress(OSError, ValueError):
                process.kill()

    async def events(self, context: Any, limits: SizeLimits, grace: float) -> AsyncIterator[dict[str, Any]]:
        """The worker's events as they come, ending with `done` or `error`; the worker is gone after."""
        if self.stopped:
            yield self._stopped_event()
            return
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        reader, writer = context.Pipe(duplex=False)
        self._process = context.Process(target=work.main, args=(self.task, limits, writer), daemon=False)
        try:
            try:
                self._process.start()
            except OSError as error:  # no process to be had (too many open, no memory left)
                yield {"type": "error", "error": {"message": f"could not start a worker process: {error}"}}
                return
            finally:
                writer.close()
            threading.Thread(target=_read, args=(reader, loop, queue), name=f"job-{self.id[:8]}", daemon=True).start()
            async for event in self._until_done(queue, loop.time() + self.task.timeout + grace):
                yield event
        finally:
            self._kill()
            if self._process.pid is not None:
                await asyncio.to_thread(self._process.join, 5)

    async def _until_done(self, queue: asyncio.Queue[dict[str, Any] | None],
                          deadline: float) -> AsyncIterator[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        while True:
            try:
                event = await asyncio.wait_for(queue.get(), max(deadline - loop.time(), 0.0))
            except TimeoutError:
                yield {"type": "done", "status": "timeout", "found": self.found,
                       "message": "stopped at its time limit"}
                return
            if event is None:  # the worker ended without its last word: stopped, or killed from outside
                yield await self._ended()
                return
            if event["type"] in ("solution", "progress"):
                self.found = event.get("found", event.get("index", self.found))
            yield event
            if event["type"] in ("done", "error"):
                return

    async def _ended(self) -> dict[str, Any]:
        if self.stopped:
            return self._stopped_event()
        await asyncio.to_thread(self._process.join, 5)
        code = self._process.exitcode
        why = f"by signal {-code}" if code is not None and code < 0 else f"with exit code {code}"
        hint = ("the system's out-of-memory killer sends SIGKILL: start the server with a lower --max-memory MB"
                if code == -signal.SIGKILL else None)
        return {"type": "error", "error": {"message": f"the worker process ended {why} before it finished",
                                           "hint": hint}}

    def _stopped_event(self) -> dict[str, Any]:
        return {"type": "done", "status": "stopped", "found": self.found}


def _read(connection: Any, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
    """The worker's events into the loop's queue, then None at the pipe's end (in a thread of its own)."""
    try:
        while True:
            event = connection.recv()
            loop.call_soon_threadsafe(queue.put_nowait, event)
    except (EOFError, OSError):
        pass
    finally:
        connection.close()
        with contextlib.suppress(RuntimeError):  # the loop closed first: the server is ending
            loop.call_soon_threadsafe(queue.put_nowait, None)


class Runner:
    """The server's tasks: at most `workers` running at once, each findable by its id to stop it."""

    def __init__(self, limits: SizeLimits, workers: int | None = None, grace: float = GRACE) -> None:
        self.limits = limits
        self.grace = grace
        self.slots = asyncio.Semaphore(workers or max(2, os.cpu_count() or 2))
        self.jobs: dict[str, Job] = {}
        self.context = _context()

    def job(self, task: Task) -> Job:
        """A new job for `task`, waiting its turn; Busy when too many wait already."""
        if len(self.jobs) >= MAX_WAITING:
            raise Busy
        job = Job(task)
        self.jobs[job.id] = job
        return job

    async def run(self, job: Job) -> AsyncIterator[dict[str, Any]]:
        """The job's events once a worker is free; the job is forgotten when they end."""
        try:
            async with self.slots:
                async for event in job.events(self.context, self.limits, self.grace):
                    yield event
        finally:
            job.stop()
            self.jobs.pop(job.id, None)

    def stop(self, job_id: str) -> bool:
        job = self.jobs.get(job_id)
        if job is None:
            return False
        job.stop()
        return True

    def stop_all(self) -> None:
        """At the server's end: no worker outlives it."""
        for job in list(self.jobs.values()):
            job.stop()
