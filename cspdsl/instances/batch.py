"""Many instances of one model, each solved on the model compiled once: in this process, on a pool of
local processes (`workers`), or on a Ray cluster (`ray`). Each instance gives one row, a plain dict
that JSON takes, in input order; a bad instance's row is its error, and the others go on.

Each worker has the model compiled once: a forked worker starts with this process's compile, any
other compiles it when it starts (`Job.compiled`); it then takes instances in chunks. Ray is the
engine across machines: its actors are the workers, its `ActorPool` hands out the chunks in order;
nothing here schedules.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

from ..errors import CspdslError
from ..record import Record, field
from ..static_types import Any
from .compiled import CompiledModel
from .read import RawInstance
from .rows import error_row, result_row

Numbered = tuple[int, RawInstance]  # an instance and its number in the batch, from 1


class Job(Record):
    """What every worker needs to solve instances: the model's text, the backend, and the limits. Small
    and picklable: it travels to each worker once."""

    text: str = field(repr=False)
    name: str
    backend: str
    params: dict[str, object] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)
    limit: int | None = 2
    timeout: float | None = None

    def compiled(self) -> CompiledModel:
        return CompiledModel(self.text, self.name, self.backend, self.params, self.options)


def solve_row(compiled: CompiledModel, job: Job, number: int, raw: RawInstance) -> dict[str, Any]:
    """One instance's row: its result, or its error (the batch goes on)."""
    started = time.perf_counter()
    try:
        instance = compiled.instance(raw)
        result = compiled.solve(instance, limit=job.limit, timeout=job.timeout)
    except CspdslError as error:
        return error_row(number, raw, error, time.perf_counter() - started)
    return result_row(number, raw, result, time.perf_counter() - started)


def rows_here(job: Job, instances: Iterable[Numbered],
              compiled: CompiledModel | None = None) -> Iterator[dict[str, Any]]:
    """The rows, solved in this process (on `compiled`, the job's model compiled already, if given)."""
    compiled = compiled or job.compiled()
    for number, raw in instances:
        yield solve_row(compiled, job, number, raw)


# -- a pool of local processes -------------------------------------------------------------------------

_worker: tuple[Job, CompiledModel] | None = None


def _start_worker(job: Job) -> None:
    """A worker's model: the one it was forked with, if it is this job's, else compiled now."""
    global _worker
    if _worker is None or _worker[0] is not job:
        _worker = (job, job.compiled())


def _solve_chunk(chunk: list[Numbered]) -> list[dict[str, Any]]:
    assert _worker is not None, "a pool worker runs _start_worker first"
    job, compiled = _worker
    return [solve_row(compiled, job, number, raw) for number, raw in chunk]


def chunked(instances: list[Numbered], workers: int) -> list[list[Numbered]]:
    """Chunks small enough to keep every worker busy to the end, big enough to pay for the sending."""
    size = max(1, min(64, len(instances) // (workers * 8)))
    return [instances[start:start + size] for start in range(0, len(instances), size)]


def rows_on_pool(job: Job, instances: list[Numbered], workers: int,
                 compiled: CompiledModel | None = None) -> Iterator[dict[str, Any]]:
    """The rows, solved by `workers` local processes. Where processes are forked, each starts with
    the model this process compiled (`compiled`, or compiled here once), its live solver copied with
    it; elsewhere each compiles the model when it starts."""
    import multiprocessing

    global _worker
    if "fork" not in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context("spawn").Pool(workers, initializer=_start_worker, initargs=(job,)) as pool:
            yield from _pooled_rows(pool, instances, workers)
        return
    before, _worker = _worker, (job, compiled or job.compiled())
    try:
        with multiprocessing.get_context("fork").Pool(workers, initializer=_start_worker, initargs=(job,)) as pool:
            _worker = before  # the workers have their copy: this process keeps none
            yield from _pooled_rows(pool, instances, workers)
    finally:
        _worker = before


def _pooled_rows(pool: Any, instances: list[Numbered], workers: int) -> Iterator[dict[str, Any]]:
    for rows in pool.imap(_solve_chunk, chunked(instances, workers)):
        yield from rows


# -- a Ray cluster ----------------------------------------------------------------------------------------

RAY_MISSING = "Ray is not installed: pip install 'cspdsl[ray]' (on every machine of the cluster)"


class RayWorker:
    """A Ray actor: the model compiled once, then chunks of instances solved."""

    def __init__(self, job: Job) -> None:
        _start_worker(job)

    def solve(self, chunk: list[Numbered]) -> list[dict[str, Any]]:
        return _solve_chunk(chunk)


def rows_on_ray(job: Job, instances: list[Numbered], workers: int | None, address: str) -> Iterator[dict[str, Any]]:
    """The rows, solved by Ray actors on the cluster at `address` (`auto`: the one this machine is
    part of; `local`: a new one on this machine), one per CPU of the cluster unless `workers`."""
    try:
        import ray
        from ray.util import ActorPool
    except ImportError:
        raise CspdslError(RAY_MISSING) from None
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False, configure_logging=False)
    count = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call, unused-ignore]
    actor = ray.remote(num_cpus=1)(RayWorker)
    pool = ActorPool([actor.remote(job) for _ in range(count)])
    for rows in pool.map(lambda worker, chunk: worker.solve.remote(chunk), chunked(instances, count)):
        yield from rows


def batch_rows(job: Job, instances: list[RawInstance], workers: int | None = None,
               ray_address: str | None = None, compiled: CompiledModel | None = None) -> Iterator[dict[str, Any]]:
    """Every instance's row, in input order, solved where asked (`workers`: processes here, or Ray
    actors; None: one process here, or one actor per CPU of the cluster)."""
    numbered = list(enumerate(instances, start=1))
    if ray_address is not None:
        return rows_on_ray(job, numbered, workers, ray_address)
    if workers is not None and workers > 1 and len(numbered) > 1:
        return rows_on_pool(job, numbered, workers, compiled)
    return rows_here(job, numbered, compiled)
