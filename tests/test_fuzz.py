"""The fuzzer: thousands of generated and damaged models, each of which must end in a solution, a
proof that there is none, a located error or a clean time limit; never another exception and never a
hang. Through the command line, the same as exit codes 0 to 3 and no traceback.

The cases come from tests/fuzz_text.py: models generated from the grammar, and the shipped models and
the examples of the language reference (docs/language/) with faults put in. Every case is drawn from
a fixed seed, so a run draws the same cases on every machine, and a failure names the seeds (and
shows the text) that reproduce it. The default run is a few thousand cases; `pytest -m slow
tests/test_fuzz.py` runs 100,000.
Nothing here asserts a time except the generous guard against a hang.
"""

from __future__ import annotations

import signal
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

import pytest
from fuzz_text import generated, mutated, seed_texts
from helpers import run_cli

from cspdsl import count
from cspdsl.api import loads, solve
from cspdsl.core.errors import CspdslError

SOLVE_SECONDS = 0.5  # the time limit of each solve: a clean time limit is an outcome like any other
HANG_SECONDS = 60  # a case that runs this long has hung (the solve's own limit is far below it)
OTHER_BACKENDS = ("cpsat", "csp")  # every OTHER_EVERY-th case that lowers is solved on one of these too
OTHER_EVERY = 10
COUNT_EVERY = 3  # every COUNT_EVERY-th case that lowers is counted too (by parts where it falls apart)
BATCH = 250  # cases a test runs: a failure names its batch, and the report its seeds
MUTATION_TEXTS = seed_texts()
CLEAN_EXITS = {0, 1, 2, 3}  # solved, unsatisfiable, bad input, time limit


class CaseHung(Exception):
    """A case ran past HANG_SECONDS."""


@contextmanager
def hang_guard(seconds: float) -> Iterator[None]:
    """Raises CaseHung in the case when it runs past `seconds` of wall-clock time."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise CaseHung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome(text: str, seed: int) -> str:
    """How one case ends: solved, unsatisfiable, timeout (the solve's limit), error (a CspdslError
    located in the model) or refused (a backend's CspdslError about the whole model, such as one too
    large for it). Anything else propagates to the caller as the bug it is."""
    try:
        model = loads(text, "fuzz.puz")
    except CspdslError as error:
        assert error.span is not None, f"an error about the model's text names no place: {error}"
        return "error"
    backends = ["sat"] + ([OTHER_BACKENDS[seed // OTHER_EVERY % 2]] if seed % OTHER_EVERY == 0 else [])
    status = ""
    for backend in backends:
        try:
            status = solve(model, backend, limit=2, timeout=SOLVE_SECONDS).status
            if seed % COUNT_EVERY == 0:
                count(model, backend, timeout=SOLVE_SECONDS)
        except CspdslError:
            status = "refused"
    return status


def run_cases(make: Callable[[int], str], seeds: range) -> Counter[str]:
    """The outcomes of the cases `make(seed)`; a failure lists every case that broke, with its text."""
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    for seed in seeds:
        text = make(seed)
        try:
            with hang_guard(HANG_SECONDS):
                outcomes[outcome(text, seed)] += 1
        except Exception:  # the finding: reported with the text that reproduces it
            failures.append(f"seed {seed}:\n{text}\n{traceback.format_exc()}")
    assert not failures, f"{len(failures)} of {len(seeds)} cases broke:\n\n" + "\n\n".join(failures[:5])
    assert sum(outcomes.values()) == len(seeds)
    return outcomes


def mutated_text(seed: int) -> str:
    return mutated(seed, MUTATION_TEXTS)


def batches(cases: int) -> list[range]:
    return [range(start, min(start + BATCH, cases)) for start in range(0, cases, BATCH)]


@pytest.mark.parametrize("seeds", batches(1500), ids=lambda seeds: f"seeds-{seeds.start}")
def test_generated_models_end_cleanly(seeds: range) -> None:
    outcomes = run_cases(generated, seeds)
    assert outcomes["solved"] + outcomes["unsatisfiable"] > len(seeds) // 3  # most get past the lowering


@pytest.mark.parametrize("seeds", batches(1000), ids=lambda seeds: f"seeds-{seeds.start}")
def test_damaged_models_end_cleanly(seeds: range) -> None:
    run_cases(mutated_text, seeds)


def cli_case(seed: int) -> str:
    """The CLI's cases: generated and damaged models by turns."""
    return generated(seed) if seed % 2 else mutated_text(seed)


def run_cli_cases(seeds: range) -> None:
    """Each case through `cspdsl solve -`: an exit code that is not a bug's, and no traceback."""
    failures = []
    for seed in seeds:
        text = cli_case(seed)
        result = run_cli("solve", "-", "--timeout", str(SOLVE_SECONDS), stdin=text)
        if result.returncode not in CLEAN_EXITS or "Traceback" in result.stderr:
            failures.append(f"seed {seed}: exit {result.returncode}\n{text}\n{result.stderr}")
        elif result.returncode == 2:
            assert "error" in result.stderr, result.stderr
    assert not failures, f"{len(failures)} of {len(seeds)} cases broke:\n\n" + "\n\n".join(failures[:5])


CLI_BATCHES = [range(start, start + 20) for start in range(0, 80, 20)]  # in turns across the test workers


@pytest.mark.parametrize("seeds", CLI_BATCHES, ids=lambda seeds: f"seeds-{seeds.start}")
def test_the_cli_ends_cleanly_on_fuzzed_models(seeds: range) -> None:
    run_cli_cases(seeds)


# -- the long run: pytest -m slow tests/test_fuzz.py --------------------------------------------------

SLOW_BATCH = 5000


@pytest.mark.slow
@pytest.mark.parametrize("start", range(1_000_000, 1_050_000, SLOW_BATCH))
def test_many_generated_models_end_cleanly(start: int) -> None:
    run_cases(generated, range(start, start + SLOW_BATCH))


@pytest.mark.slow
@pytest.mark.parametrize("start", range(1_000_000, 1_050_000, SLOW_BATCH))
def test_many_damaged_models_end_cleanly(start: int) -> None:
    run_cases(mutated_text, range(start, start + SLOW_BATCH))


@pytest.mark.slow
def test_the_cli_ends_cleanly_on_many_fuzzed_models() -> None:
    run_cli_cases(range(1_000_000, 1_000_500))
