"""`cspdsl generate MODEL [-n N] [--seed S] [-o DIR] [--picture FILE] [--difficulty LEVEL] [--symmetry S]
[--workers N] [--ray ADDRESS] [--timeout S]`: N new puzzles of
the model, each written as the model's text with new givens (or, for a logic grid, new clues; for
number clue lines, new numbers, from the solution FILE draws when it is given). With `-o DIR`, each is
the file DIR/STEM-SEED.puz (the folder made when missing) and a line on standard error says so;
without it, the one puzzle (-n 1) goes to standard output, and more than one is refused. No --seed:
one is drawn, and each file records its own. `--timeout` covers the whole run, counted from the
command's start as every command's (`core.deadline.command_deadline`: reading the model and the compile
come out of it): the generator looks at it between two questions to its solver, and a run it ends
exits 3."""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import sys
from collections.abc import Callable

from ..core.deadline import TimeLimitReached, check_deadline, command_deadline, time_limited
from ..core.errors import CspdslError
from ..core.exit_codes import EXIT_INTERRUPTED, EXIT_TIMEOUT
from ..core.limits import MAX_SEED
from ..core.processes import ctrl_c_held_back
from ..core.static_types import TYPE_CHECKING
from .puzzle import generate

if TYPE_CHECKING:
    from typing import TextIO

OutputFile = Callable[[str | None], contextlib.AbstractContextManager["TextIO"]]


def run_generate(args: argparse.Namespace, output_file: OutputFile) -> int:
    """The puzzles, each written through `output_file` (the command line's guarded output) as soon
    as it is made; exit 0, or 3 when the time limit ends the run first, or 130 when Ctrl-C does (the
    puzzles written by then stay, and the command says how many)."""
    timeout = getattr(args, "timeout", None)
    try:
        with time_limited(command_deadline(timeout)):
            return _written(args, output_file)
    except TimeLimitReached:
        print(f"No puzzle made within the time limit of {timeout:g} s.")
        return EXIT_TIMEOUT


def _written(args: argparse.Namespace, output_file: OutputFile) -> int:
    from ..lower.load import load

    if args.output is None and args.count > 1:
        raise CspdslError(f"-n {args.count} makes {args.count} files: name the folder for them with -o DIR")
    model = load(args.model)
    check_deadline()  # reading and lowering the model may have taken the whole limit
    seed = args.seed if args.seed is not None else secrets.randbelow(MAX_SEED + 1)
    if args.output is not None:
        _make_folder(args.output)
    picture = None if args.picture is None else _read_picture(args.picture)
    written = 0
    try:
        for puzzle in generate(model, args.count, seed, picture, getattr(args, "difficulty", None),
                               getattr(args, "symmetry", "none"), getattr(args, "workers", None),
                               getattr(args, "ray", None)):
            path = None if args.output is None else os.path.join(args.output, file_name(model.name, puzzle.seed))
            with ctrl_c_held_back(), output_file(path) as out:  # a puzzle written is a puzzle counted
                out.write(puzzle.text)
                written += 1
                if path is not None:
                    print(f"wrote {path} ({puzzle.summary})", file=sys.stderr)
    except KeyboardInterrupt:
        if not written:  # nothing made: the command's one word, as every command ends so
            raise
        print(f"interrupted: {written} of {args.count} puzzles written", file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0


def file_name(model_name: str, seed: int) -> str:
    """STEM-SEED.puz: the model's file name without its extension (`puzzle` for standard input)."""
    stem = os.path.splitext(os.path.basename(model_name))[0]
    return f"{stem if model_name != '<stdin>' and stem else 'puzzle'}-{seed}.puz"


def _read_picture(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise CspdslError(f"cannot read the picture '{path}': {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CspdslError(f"cannot read the picture '{path}': it is not UTF-8 text") from None


def _make_folder(path: str) -> None:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise CspdslError(f"cannot make the folder '{path}': {error.strerror or error}") from None
