"""`cspdsl batch MODEL DATA...` and `cspdsl solve MODEL --data FILE`: the command line over instances.

The batch writes one JSON line an instance, in input order, to standard output or `--out`, as each
is solved; a bad instance's line is its error (its located message also goes to standard error) and
the batch goes on; the summary goes to standard error at the end, and a progress bar while it runs
when standard error is a terminal.

Exit code of a batch: 2 when any instance was bad, else 3 when any ran out of time (or a local search
gave up), else 1 when any was unsatisfiable, else 0. Ctrl-C keeps the rows written by then, prints
the summary of them and "interrupted: N of M instances done", and exits 130.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Callable, Iterator, Mapping

from ..core.deadline import TimeLimitReached, command_deadline, command_started, left_of_command, time_limited
from ..core.errors import CspdslError
from ..core.exit_codes import EXIT_INTERRUPTED
from ..core.processes import ctrl_c_held_back
from ..core.static_types import TYPE_CHECKING, Any
from ..driver.result import Result
from .batch import Job, batch_written
from .compiled import CompiledModel
from .read import RawInstance, instances_of
from .rows import Summary, Written, result_row, written

if TYPE_CHECKING:
    from typing import TextIO

    from ..lower import Lowered


# The command line's output: standard output or the file named, a write that fails said as such.
OutputFile = Callable[[str | None], contextlib.AbstractContextManager["TextIO"]]


def solve_data(args: argparse.Namespace, limit: int | None) -> Result:
    """`solve --data FILE`: the one instance of the file, on the model compiled for it."""
    from ..lower.load import load

    model = load(args.model, dict(args.params))
    instances = instances_of([args.data])
    if len(instances) != 1:
        raise CspdslError(f"data file '{args.data}' has {len(instances)} instances; solve --data takes one",
                          hint=f"cspdsl batch {args.model} {args.data} solves each")
    compiled = compiled_within(lambda: CompiledModel(model.text, model.name, args.backend, dict(args.params),
                                                     dict(args.options)), args.timeout)
    if compiled is None:
        return timed_out(model, args.backend, limit, args.timeout)
    instance = compiled.instance(instances[0])
    result = compiled.solve(instance, limit=limit, timeout=left_of_command(args.timeout), seed=args.seed)
    if result.time_limit is not None:  # given what was left of it: said as asked
        result.time_limit = args.timeout
    return result


def compiled_within(compile_it: Callable[[], CompiledModel], timeout: float | None) -> CompiledModel | None:
    """The model compiled once for its instances, within the command's time limit (counted from its
    start: `core.deadline.command_deadline`); None when the limit passed during the compile's steps that
    look at the time."""
    try:
        with time_limited(command_deadline(timeout)):
            return compile_it()
    except TimeLimitReached:
        return None


def timed_out(model: Lowered, backend: str, limit: int | None, timeout: float | None) -> Result:
    """An instance's result when the time limit passed before its search began (during the compile)."""
    seconds = time.monotonic() - command_started()
    stats = {"compile_seconds": seconds, "total_seconds": seconds}
    return Result(model, backend, [], False, True, limit, {}, stats, timeout)


def run_batch(args: argparse.Namespace, output_file: OutputFile, words: Mapping[str, str]) -> int:
    """The batch, its rows streamed to `output_file(args.out)` (the command line's guarded output,
    opened once the model and the data are read), its errors' hints in the command line's `words`,
    its summary at the end; the exit code (module docstring)."""
    from ..lower.load import load

    model = load(args.model, dict(args.params))  # a bad model: refused before any instance is read
    instances = instances_of(args.data)
    job = Job(model.text, model.name, args.backend, dict(args.params), dict(args.options),
              timeout=args.timeout, words=dict(words))
    compiled = compiled_within(job.compiled, args.timeout)  # a bad option or backend: refused here, once
    chunks = (batch_written(job, instances, args.workers, args.ray, compiled) if compiled is not None
              else iter([_all_timed_out(model, job, instances)]))
    summary = Summary()
    with output_file(args.out) as out, _progress(len(instances)) as (advance, say):
        try:
            for rows in chunks:
                with ctrl_c_held_back():  # a row written is a row counted, and the other way round
                    for message in rows.messages:
                        say(message)
                    out.write(rows.text)
                    if args.out is None:
                        out.flush()  # the rows as they come, to a reader of the pipe too
                    summary.add(rows)
                advance(rows.rows)
        except KeyboardInterrupt:  # Ctrl-C: the rows written so far stay, and the summary says how far
            print(summary.text(), file=sys.stderr)
            print(f"interrupted: {summary.total:,} of {len(instances):,} instances done", file=sys.stderr)
            return EXIT_INTERRUPTED
    print(summary.text(), file=sys.stderr)
    return _exit_code(summary.counts)


def _all_timed_out(model: Lowered, job: Job, instances: list[RawInstance]) -> Written:
    """Every instance's row when the time limit passed while the model was compiled for them: an
    instance's limit counts that compile, which its search needs, as `solve` counts its own."""
    result = timed_out(model, job.backend, job.limit, job.timeout)
    seconds = result.stats["total_seconds"]
    return written(result_row(number, raw, result, seconds) for number, raw in enumerate(instances, start=1))


def _exit_code(counts: dict[str, int]) -> int:
    if counts["error"]:
        return 2
    if counts["timeout"] or counts["gave_up"]:
        return 3
    return 1 if counts["unsatisfiable"] else 0


@contextlib.contextmanager
def _progress(total: int) -> Iterator[tuple[Callable[[int], None], Callable[[str], None]]]:
    """(advance by so many rows, say a message on standard error): a rich progress bar on a terminal."""
    if not sys.stderr.isatty():
        yield (lambda rows: None), (lambda text: print(text, file=sys.stderr))
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    columns: list[Any] = [TextColumn("solving"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn()]
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("solving", total=total)
        say = lambda text: console.print(text, markup=False, highlight=False, soft_wrap=True)  # noqa: E731
        yield (lambda rows: progress.advance(task, rows)), say
