"""Where a run's puzzles are made: in this process, on local worker processes (`--workers N`, on
`instances.pool`, the pool `batch` runs on), or on a Ray cluster (`--ray ADDRESS`, joined as `batch`
joins it). A task is one seed; its result is that seed's puzzle (and, when a difficulty is asked for
on workers, its rating, so that the explanations run there too), given back in the seeds' order.

A seed's puzzle is a fact of the model and the seed alone (`puzzle.py`), so the same seeds give the
same puzzles on any number of workers, and the run that picks among them (`puzzle.generate`) writes
the same files. A forked worker starts with this process's generator, its live solver copied with
it; a spawned worker or a Ray actor compiles the model itself from the `Spec`."""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..core.errors import CspdslError
from ..core.record import Record
from ..core.static_types import Any, Protocol
from .difficulty import Rated, rated

Made = tuple[Any, Rated | None]  # a seed's puzzle (`puzzle.Generated`), and its rating when a worker rated it


class Maker(Protocol):
    """A model's generator (`puzzle.generator_for`): the puzzle of each seed."""

    def puzzle(self, seed: int) -> Any: ...

    def close(self) -> None: ...


# How a worker without a generator makes one: `puzzle.generator_for` (the model, a picture, a symmetry).
MakerFor = Callable[[Any, str | None, str], Maker]


class Spec(Record):
    """What a worker needs to make the puzzles of a run: the model's text and the run's flags. Small
    and picklable: it travels to each worker once."""

    text: str
    name: str
    picture: str | None = None
    symmetry: str = "none"
    rate: bool = False  # a difficulty is asked for: rate each puzzle where it is made


def made(spec: Spec, generator: Maker, maker_for: MakerFor, seeds: list[int], workers: int | None = None,
         ray_address: str | None = None) -> Generator[Made, None, None]:
    """Each seed's puzzle, in the seeds' order, made where asked (a worker that starts without
    `generator` makes its own with `maker_for`); here, lazily, unrated (the run rates only the
    candidates it looks at)."""
    if ray_address is not None:
        return _on_ray(spec, maker_for, seeds, workers, ray_address)
    if workers is not None and workers > 1 and len(seeds) > 1:
        return _on_pool(spec, generator, maker_for, seeds, workers)
    return ((generator.puzzle(seed), None) for seed in seeds)


def _on_pool(spec: Spec, generator: Maker, maker_for: MakerFor, seeds: list[int],
             workers: int) -> Generator[Made, None, None]:
    """Each seed on `workers` local processes (`instances.pool.in_order`); closing this ends them."""
    from ..instances.pool import FORKS, in_order

    yield from in_order(seeds, _make, workers, _start, (spec, maker_for, generator if FORKS else None))


# A worker's spec and generator.
_worker: tuple[Spec, Maker] | None = None


def _start(spec: Spec, maker_for: MakerFor, generator: Maker | None = None) -> None:
    """A worker's state: the generator it was forked with or, given none, one made now."""
    global _worker
    if generator is None:
        from ..lower.load import loads

        generator = maker_for(loads(spec.text, spec.name), spec.picture, spec.symmetry)
    _worker = (spec, generator)


def _make(seed: int) -> Made:
    assert _worker is not None, "a worker runs _start first"
    spec, generator = _worker
    puzzle = generator.puzzle(seed)
    return puzzle, rated(puzzle.text, spec.name) if spec.rate else None


class RayMaker:
    """A Ray actor: the model's generator made once, then a puzzle a seed."""

    def __init__(self, spec: Spec, maker_for: MakerFor) -> None:
        _start(spec, maker_for)

    def make(self, seed: int) -> Made:
        return _make(seed)


def _on_ray(spec: Spec, maker_for: MakerFor, seeds: list[int], workers: int | None,
            address: str) -> Generator[Made, None, None]:
    """Each seed through the Ray actors, in order, on the cluster at `address`, one actor per CPU of
    the cluster unless `workers`."""
    from ..instances.batch import RAY_MISSING, joined_cluster

    try:
        import ray
        from ray.util import ActorPool
    except ImportError:
        raise CspdslError(RAY_MISSING) from None
    cpus = joined_cluster(ray, address)
    actor: Any = ray.remote(num_cpus=1)(RayMaker)
    pool = ActorPool([actor.remote(spec, maker_for) for _ in range(workers or cpus)])
    yield from pool.map(lambda maker, seed: maker.make.remote(seed), seeds)
