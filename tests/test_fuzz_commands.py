"""The fuzzer's cases (tests/fuzz_text.py) through every command of the CLI: with a time limit where the
command takes one, and with standard output on a full disk (/dev/full) or closed.

Each case runs one command twice: as a user would, then with its output going nowhere. The first must
end with an exit code that is not a bug's (0 to 3) and no traceback; the second must end the same way
where the command wrote nothing on standard output, and with exit 74 and one line on standard error
where it did: an answer that cannot be written is never lost silently (exit 0) nor an internal error.
The command and the kind of output come from the seed, so that a run covers every pair.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from fuzz_text import generated, mutated, seed_texts
from helpers import ROOT

TIMEOUT = "0.5"
GENEROUS_TIMEOUT = "60"  # a second try where the two runs of a case end differently (see `fault`)
CLEAN_EXITS = {0, 1, 2, 3}
EXIT_OUTPUT_FAILED = 74
# Each command's arguments after the model's file ({data}: a batch's instances).
COMMANDS: list[list[str]] = [
    ["solve", "{model}", "--timeout", TIMEOUT],
    ["solve", "{model}", "--count", "--timeout", TIMEOUT],
    ["solve", "{model}", "--backend", "cpsat", "--all", "--timeout", TIMEOUT],
    ["check", "{model}"],
    ["compare", "{model}", "--backends", "sat,csp", "--timeout", TIMEOUT],
    ["explain", "{model}", "--timeout", TIMEOUT],
    ["batch", "{model}", "{data}", "--timeout", TIMEOUT],
    ["generate", "{model}", "-n", "1", "--timeout", TIMEOUT, "-o", "{folder}"],
    ["compile", "{model}", "--to", "dimacs"],
]
OUTPUTS = ["/dev/full", "closed"]
MUTATION_TEXTS = seed_texts()


def case_text(seed: int) -> str:
    """Generated and damaged models by turns."""
    return generated(seed) if seed % 2 else mutated(seed, MUTATION_TEXTS)


def run(argv: list[str], output: str | None) -> subprocess.CompletedProcess[str]:
    """`python -m cspdsl ARGV` with standard output captured, on /dev/full, or closed."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("CSPDSL_DEBUG", None)
    command = [sys.executable, "-m", "cspdsl", *argv]
    if output == "closed":
        command = ["sh", "-c", 'exec "$@" >&-', "sh", *command]
    if output == "/dev/full":
        with open("/dev/full", "w") as full:
            return subprocess.run(command, cwd=ROOT, stdout=full, stderr=subprocess.PIPE, text=True, env=env,
                                  timeout=300)
    stdout = subprocess.PIPE if output is None else None
    return subprocess.run(command, cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE, text=True, env=env, timeout=300)


def fault(seed: int) -> str | None:
    """What is wrong with case `seed` (None: nothing). Where the two runs end differently, the pair is
    run again under a generous time limit: on a loaded machine one run may reach the short limit while
    it is still starting and the other not, which says nothing of how the command treats its output."""
    found = fault_within(seed, TIMEOUT)
    return found if found is None or found.startswith("bug:") else fault_within(seed, GENEROUS_TIMEOUT)


def fault_within(seed: int, limit: str) -> str | None:
    argv_form = [limit if arg == TIMEOUT else arg for arg in COMMANDS[seed % len(COMMANDS)]]
    output = OUTPUTS[seed // len(COMMANDS) % len(OUTPUTS)]
    with tempfile.TemporaryDirectory() as folder:
        model, data = Path(folder, "fuzz.puz"), Path(folder, "data.jsonl")
        model.write_text(case_text(seed), encoding="utf-8")
        data.write_text("{}\n", encoding="utf-8")
        argv = [arg.format(model=model, data=data, folder=folder) for arg in argv_form]
        plain = run(argv, None)
        if plain.returncode not in CLEAN_EXITS or "Traceback" in plain.stderr:
            return f"bug: {' '.join(argv_form)}: exit {plain.returncode}\n{plain.stderr}"
        lost = run(argv, output)
    expected = EXIT_OUTPUT_FAILED if plain.stdout else plain.returncode
    if "Traceback" in lost.stderr or lost.returncode not in CLEAN_EXITS | {EXIT_OUTPUT_FAILED}:
        return f"bug: {' '.join(argv_form)} > {output}: exit {lost.returncode}\n{lost.stderr}"
    if lost.returncode != expected:
        return f"{' '.join(argv_form)} > {output}: exit {lost.returncode}, not {expected}\n{lost.stderr}"
    if expected == EXIT_OUTPUT_FAILED and "cannot write the output" not in lost.stderr:
        return f"bug: {' '.join(argv_form)} > {output}: exit 74 without its line\n{lost.stderr}"
    return None


def run_command_cases(seeds: range) -> None:
    failures = []
    for seed in seeds:
        found = fault(seed)
        if found is not None:
            failures.append(f"seed {seed}: {found}\n{case_text(seed)}")
    assert not failures, f"{len(failures)} of {len(seeds)} cases broke:\n\n" + "\n\n".join(failures[:5])


PAIRS = len(COMMANDS) * len(OUTPUTS)  # cases that cover every command with every output once


@pytest.mark.parametrize("seeds", [range(0, PAIRS // 2), range(PAIRS // 2, PAIRS)], ids=["first", "second"])
def test_every_command_ends_cleanly_on_fuzzed_models(seeds: range) -> None:
    run_command_cases(seeds)


@pytest.mark.slow
@pytest.mark.parametrize("start", range(1_000_000, 1_000_000 + 10 * PAIRS, PAIRS))
def test_every_command_ends_cleanly_on_many_fuzzed_models(start: int) -> None:
    run_command_cases(range(start, start + PAIRS))
