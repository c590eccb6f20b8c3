"""Many instances of one model, each solved on the model compiled once: in this process, on a pool of
local processes (`workers`), or on a Ray cluster (`ray`). Each instance gives one row, a plain dict
that JSON takes, in input order; a bad instance's row is its error, and the others go on.

Each worker has the model compiled once: a forked worker starts with this process's compile, any
other compiles it when it starts (`Job.compiled`); it then takes instances in chunks, handed out by
`pool.in_order` (no threads in this process, unlike `multiprocessing.Pool`). Ray is the
engine across machines: its actors are the workers, its `ActorPool` hands out the chunks in order;
nothing here schedules.

The command's rows come as `Written` chunks (`batch_written`): on a pool each worker makes its rows'
JSON lines and their tally itself, and a forked worker starts with the instances too, so that this
process sends two numbers a chunk and writes each chunk with one call. On two cores this process
competes with the workers for CPU: what it does a row is what keeps a pool from near-linear speed-up.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator

from ..core.deadline import left_of_command
from ..core.errors import PYTHON_WORDS, CspdslError
from ..core.record import Record, field
from ..core.static_types import Any
from .compiled import CompiledModel
from .read import RawInstance
from .rows import Written, error_row, result_row, written

Numbered = tuple[int, RawInstance]  # an instance and its number in the batch, from 1
Row = dict[str, Any]
# A pool's task: the instances of a chunk, or where they stand in the list a forked worker started with.
Task = list[Numbered] | tuple[int, int]


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
    # How an error's suggestion is worded in its row: the words of the face that started the batch.
    words: dict[str, str] = field(default_factory=lambda: dict(PYTHON_WORDS))

    def compiled(self) -> CompiledModel:
        return CompiledModel(self.text, self.name, self.backend, self.params, self.options)


def solve_row(compiled: CompiledModel, job: Job, number: int, raw: RawInstance, first: bool = False) -> Row:
    """One instance's row: its result, or its error (the batch goes on). The `first` instance of a
    process is given what is left of its limit counted from the command's start (the reading and the
    shared compile came out of it: `core.deadline.left_of_command`), the others their whole limit."""
    started = time.perf_counter()
    try:
        instance = compiled.instance(raw)
        timeout = left_of_command(job.timeout) if first else job.timeout
        result = compiled.solve(instance, limit=job.limit, timeout=timeout)
    except CspdslError as error:
        return error_row(number, raw, error, time.perf_counter() - started, job.words)
    return result_row(number, raw, result, time.perf_counter() - started)


def rows_here(job: Job, instances: Iterable[Numbered], compiled: CompiledModel | None = None) -> Iterator[Row]:
    """The rows, solved in this process (on `compiled`, the job's model compiled already, if given)."""
    compiled = compiled or job.compiled()
    for i, (number, raw) in enumerate(instances):
        yield solve_row(compiled, job, number, raw, first=i == 0)


# -- a pool of local processes -------------------------------------------------------------------------

# A worker's job, its model compiled, and the instances it was forked with (none when it was not).
_worker: tuple[Job, CompiledModel, list[Numbered]] | None = None


def _start_worker(job: Job, compiled: CompiledModel | None = None, instances: list[Numbered] | None = None) -> None:
    """A worker's state: the model it was forked with (its live solver) or, given none, compiled now,
    and the instances it was forked or sent with."""
    global _worker
    _worker = (job, compiled or job.compiled(), instances or [])


def _solve_chunk(task: Task) -> list[Row]:
    assert _worker is not None, "a worker runs _start_worker first"
    job, compiled, instances = _worker
    chunk = instances[task[0]:task[1]] if isinstance(task, tuple) else task
    first = task[0] == 0 if isinstance(task, tuple) else chunk[:1] == instances[:1]  # the batch's first chunk
    return [solve_row(compiled, job, number, raw, first=first and i == 0) for i, (number, raw) in enumerate(chunk)]


def _write_chunk(task: Task) -> Written:
    return written(_solve_chunk(task))


def chunk_sizes(count: int, workers: int, largest: int = 64) -> list[int]:
    """Guided chunks: each an eighth of a worker's share of what is left, at most `largest` (rows
    stream out a chunk at a time, and a chunk of slow instances is long to wait for), so that the
    chunks shrink towards the end and no worker is left alone on a long last chunk while the others
    wait. A chunk costs this process a message each way: some 30 microseconds of CPU."""
    sizes = []
    while count > 0:
        size = max(1, min(largest, count // (workers * 8)))
        sizes.append(size)
        count -= size
    return sizes


def chunk_bounds(count: int, workers: int) -> list[tuple[int, int]]:
    """Where each chunk of `chunk_sizes` starts and stops in the list of instances."""
    bounds, start = [], 0
    for size in chunk_sizes(count, workers):
        bounds.append((start, start + size))
        start += size
    return bounds


def chunked(instances: list[Numbered], workers: int) -> list[list[Numbered]]:
    """The instances in chunks of `chunk_sizes`."""
    return [instances[start:stop] for start, stop in chunk_bounds(len(instances), workers)]


def on_pool(job: Job, instances: list[Numbered], workers: int, work: Callable[[Task], Any],
            compiled: CompiledModel | None = None) -> Iterator[Any]:
    """`work` of each chunk, in order, on `workers` local processes (`pool.in_order`). Where processes
    are forked, each starts with the model this process compiled (`compiled`, or compiled here once),
    its live solver copied with it, and with the instances, so that a chunk is sent as where it
    stands; elsewhere each is sent the job and the instances once, and compiles the model itself."""
    from .pool import FORKS, in_order

    bounds = chunk_bounds(len(instances), workers)
    start = (job, (compiled or job.compiled()) if FORKS else None, instances)
    return in_order(bounds, work, workers, _start_worker, start)


# -- a Ray cluster ----------------------------------------------------------------------------------------

RAY_MISSING = "Ray is not installed: pip install 'cspdsl[ray]' (on every machine of the cluster)"
RAY_HINT = ("check that the cluster runs ('ray status' on its head), that the address and port are its own, "
            "that a ray:// address has Ray Client (pip install 'cspdsl[ray]', which installs ray[client]), and "
            "that a cluster with token authentication has its token set here (RAY_AUTH_TOKEN)")


class RayWorker:
    """A Ray actor: the model compiled once, then chunks of instances solved."""

    def __init__(self, job: Job) -> None:
        _start_worker(job)

    def solve(self, chunk: list[Numbered]) -> list[Row]:
        return _solve_chunk(chunk)

    def write(self, chunk: list[Numbered]) -> Written:
        return _write_chunk(chunk)


def on_ray(job: Job, instances: list[Numbered], workers: int | None, address: str, method: str) -> Iterator[Any]:
    """Each chunk through the Ray actors' `method`, in order, on the cluster at `address` (`auto`: the
    one this machine is part of; `local`: a new one on this machine), one actor per CPU of the cluster
    unless `workers`."""
    try:
        import ray
        from ray.util import ActorPool
    except ImportError:
        raise CspdslError(RAY_MISSING) from None
    count = workers or joined_cluster(ray, address)
    actor = ray.remote(num_cpus=1)(RayWorker)
    pool = ActorPool([actor.remote(job) for _ in range(count)])
    yield from pool.map(lambda worker, chunk: getattr(worker, method).remote(chunk), chunked(instances, count))


def joined_cluster(ray: Any, address: str) -> int:
    """Join the cluster at `address` (unless this process has), and count its CPUs. A cluster that
    cannot be reached or refuses (nothing listens there, a token it wants, a `ray://` address without
    Ray Client) is a bad `--ray` argument, said in words, not a bug of cspdsl."""
    try:
        if not ray.is_initialized():
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        return max(1, int(ray.cluster_resources().get("CPU", 1)))
    except Exception as error:  # Ray's own errors vary by version and by what went wrong: said as they are
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise CspdslError(f"--ray {address}: cannot use the Ray cluster there: {reason}",
                          hint=RAY_HINT) from None


# -- the batch, where it is asked to run --------------------------------------------------------------------


def batch_rows(job: Job, instances: list[RawInstance], workers: int | None = None,
               ray_address: str | None = None, compiled: CompiledModel | None = None) -> Iterator[Row]:
    """Every instance's row, in input order, solved where asked (`workers`: processes here, or Ray
    actors; None: one process here, or one actor per CPU of the cluster)."""
    numbered = list(enumerate(instances, start=1))
    if ray_address is not None:
        return (row for rows in on_ray(job, numbered, workers, ray_address, "solve") for row in rows)
    if workers is not None and workers > 1 and len(numbered) > 1:
        return (row for rows in on_pool(job, numbered, workers, _solve_chunk, compiled) for row in rows)
    return rows_here(job, numbered, compiled)


def batch_written(job: Job, instances: list[RawInstance], workers: int | None = None,
                  ray_address: str | None = None, compiled: CompiledModel | None = None) -> Iterator[Written]:
    """The rows of `batch_rows` as the command writes them, a chunk at a time: made by the workers
    on a pool or a cluster, one row at a time here (each written as soon as it is solved)."""
    numbered = list(enumerate(instances, start=1))
    if ray_address is not None:
        return on_ray(job, numbered, workers, ray_address, "write")
    if workers is not None and workers > 1 and len(numbered) > 1:
        return on_pool(job, numbered, workers, _write_chunk, compiled)
    return (written([row]) for row in rows_here(job, numbered, compiled))
