"""The `cspdsl` command's arguments: each command's flags, their checks and their help text, so
that `cli` holds only what the commands do."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from .. import __version__
from ..core.errors import did_you_mean
from ..core.exit_codes import EXIT_BAD_INPUT
from ..core.limits import MAX_SEED, MAX_TIMEOUT, seconds_flag, seed_flag
from ..core.static_types import Any, NoReturn
from .run_limits import add_limit_flags, whole_number


class _Formatter(argparse.HelpFormatter):
    """argparse's own formatter, but the examples under a help are kept a command a line."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith(EXAMPLES_TITLE):
            return text
        return super()._fill_text(text, width, indent)


def _help_formatter(prog: str) -> argparse.HelpFormatter:
    """The formatter, told the terminal's width: left to find it, argparse imports shutil on every
    run (2 ms of start-up), only to draw help that most runs never print."""
    try:
        columns = int(os.environ.get("COLUMNS", "0")) or os.get_terminal_size(1).columns  # 1: standard output
    except (ValueError, OSError):
        columns = 80
    return _Formatter(prog, width=max(columns - 2, 20))


@contextmanager
def _in_english() -> Iterator[None]:
    """argparse's own words (`usage:`, `error:`, its messages) left in English within the block, as
    all of cspdsl's are: argparse asks gettext for a translation of each as it builds a parser, and
    gettext imports locale and looks for catalogues on disk each time (3 ms of every run), for a
    catalogue that Python does not ship."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = _same  # type: ignore[attr-defined]
    argparse.ngettext = _singular_or_plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def _same(message: str) -> str:
    return message


def _singular_or_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


class _ArgumentParser(argparse.ArgumentParser):
    """argparse that exits with code 2 and one clear line, as every bad input does."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _help_formatter)  # the sub-commands' parsers too
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"error: {_worded_choice(message)}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def _worded_choice(message: str) -> str:
    """argparse's "invalid choice: 'solv' (choose from 'solve', ...)" as a person says it, with the
    nearest choice as a hint (`cspdsl solv` -> did you mean 'solve'?); any other message as it is."""
    import re

    found = re.fullmatch(r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)", message, re.S)
    if found is None:
        return message
    what, given, listed = found.groups()
    choices = re.findall(r"'([^']*)'", listed)
    known = ", ".join(choices)
    noun = "command" if what == "command" else f"choice for {what}"
    hint = did_you_mean(given, choices)
    return f"'{given}' is not a {noun} (one of: {known})" + (f"\nhint: {hint}" if hint else "")


def _name_value(text: str, example: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"'{text}' is not NAME=VALUE (for example {example})")
    return name.strip(), value.strip()


def _param(text: str) -> tuple[str, int | str]:
    """-D NAME=VALUE: the value as a whole number when it is one, else as its text, which lowering
    refuses at the param's line in the model."""
    name, value = _name_value(text, "-D n=10")
    try:
        return name, int(value)
    except ValueError:
        return name, value


# The ranges of --timeout and --seed (cspdsl/backends/limits.py), as help states them.
_SECONDS_RANGE = f"inf for none; above {MAX_TIMEOUT:,.0f} is taken as {MAX_TIMEOUT:,.0f}"
_SEED_HELP = f"random seed of the solver{{s}}, from 0 to {MAX_SEED}"


@_in_english()
def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. When `argv` names its command first (`cspdsl solve ...`), only that
    command's parser is built: each costs about 0.4 ms, mostly argparse asking gettext for
    translations of its words. An `argv` that names none (`cspdsl --help`, a typo) never reaches a
    command's flags: the commands are listed without them (a model's flags would load `lower`, 20 ms
    and more). `argv` None builds every command's parser whole."""
    chosen = argv[0] if argv and argv[0] in _COMMANDS else None
    parser = _ArgumentParser(prog="cspdsl", description="Model and solve logic and number puzzles.",
                             epilog=examples_text([line for lines in EXAMPLES.values() for line in lines[:1]]))
    parser.add_argument("--version", action="version", version=f"cspdsl {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_ArgumentParser)
    for name, (help_text, add_arguments) in _COMMANDS.items():
        if chosen in (None, name):
            command = commands.add_parser(name, help=help_text, description=help_text,
                                          epilog=examples_text(EXAMPLES[name]))
            if argv is None or chosen == name:
                add_arguments(command)
    return parser


@_in_english()
def _parsed(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """The arguments; one a command does not know is refused under that command's own usage line
    (`cspdsl compile [-h] ... --to {dimacs}`), not the whole program's."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        command = _subparsers(parser).get(args.command, parser)
        command.error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse keeps the sub-commands' parsers only there
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _model_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("model", help="a .puz file, or - for standard input")
    command.add_argument(
        "-D", dest="params", action="append", type=_param, default=[], metavar="NAME=VALUE",
        help="override a param of the model with a whole number (repeatable)",
    )
    add_limit_flags(command)


def _solve_arguments(solve: argparse.ArgumentParser) -> None:
    from ..backends import LOCAL_SEARCH_TIMEOUT, REGISTRY  # here: `--help` and `check` need no backend

    _model_arguments(solve)
    solve.add_argument("--backend", default=None, choices=sorted(REGISTRY),
                       help="the solver (default: chosen by the model and the task, --stats says which and "
                            "why; search for a puzzle of moves; `cspdsl backends` lists them and their -O options)")
    how_many = solve.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="show every solution and count them")
    how_many.add_argument("-n", "--limit", type=whole_number, metavar="N",
                          help="show up to N solutions (the default looks for 2, to tell whether the puzzle is unique)")
    how_many.add_argument("--count", action="store_true",
                          help="only count the solutions (with --json too: --all --json streams them as JSON lines)")
    solve.add_argument(
        "--timeout", type=seconds_flag, metavar="S",
        help="time limit in seconds, compile and search (default: none on the exact backends, "
             f"{LOCAL_SEARCH_TIMEOUT:g} on the local searches); {_SECONDS_RANGE}",
    )
    solve.add_argument("--seed", type=seed_flag, metavar="N", help=_SEED_HELP.format(s=""))
    solve.add_argument(
        "-O", "--option", dest="options", action="append", type=_option, default=[], metavar="NAME=VALUE",
        help="set an option of the backend (repeatable; `cspdsl backends` lists them)",
    )
    solve.add_argument("--stats", action="store_true", help="also print the model's size and the search statistics")
    solve.add_argument("--data", metavar="FILE",
                       help="solve the instance in FILE (.json, or a line of grid characters): its params and "
                            "givens (docs/batch.md)")
    solve.add_argument(
        "--json", action="store_true",
        help="print a machine-readable result: the number of solutions 'found', their 'count' (null "
             "unless the search was complete), and the solutions unless --count",
    )
    solve.add_argument("--svg", metavar="FILE", help="also draw the first solution (or plan) as an SVG picture in FILE")
    solve.add_argument("--png", metavar="FILE",
                       help="also draw it as a PNG picture in FILE (needs the extra: pip install 'cspdsl[png]')")


def _compare_arguments(comparison: argparse.ArgumentParser) -> None:
    _model_arguments(comparison)
    comparison.add_argument(
        "--backends", type=_backend_list, metavar="A,B,...",
        help="the backends to compare (default: the exact ones, sat, cpsat and csp; the local searches "
             "anneal and genetic run only when named here)",
    )
    comparison.add_argument("--all", action="store_true", help="enumerate all solutions on the exact backends")
    comparison.add_argument("--repeat", type=whole_number, default=1, metavar="N",
                            help="run each backend N times, in turn, and show medians (default 1)")
    comparison.add_argument("--timeout", type=seconds_flag, default=60.0, metavar="S",
                            help="time limit of the whole comparison in seconds, counted from the command's start and "
                                 f"shared among its runs (default 60); {_SECONDS_RANGE}")
    comparison.add_argument("--seed", type=seed_flag, metavar="N", help=_SEED_HELP.format(s="s"))
    comparison.add_argument("--json", action="store_true", help="print the figures as JSON")
    comparison.add_argument("--plot", metavar="FILE",
                            help="write a chart of the times on a log scale (.svg, or .png with matplotlib: "
                                 "pip install 'cspdsl[plot]')")


def _compile_arguments(compile_: argparse.ArgumentParser) -> None:
    from ..export import EXPORTS

    _model_arguments(compile_)
    compile_.add_argument("--to", required=True, choices=sorted(EXPORTS), help="the output format")
    compile_.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def _explain_arguments(explanation: argparse.ArgumentParser) -> None:
    _model_arguments(explanation)
    explanation.add_argument("--steps", action="store_true",
                             help="for a unique puzzle, also a step-by-step solution a person can follow, "
                                  "and its difficulty")
    explanation.add_argument("--cheapest", action="store_true",
                             help="with the steps, a cheapest step at each point under the cost model of "
                                  "docs/explain.md (each clue by its kind, each fact cited 1), by OCUS; "
                                  "slower on grids")
    explanation.add_argument("--timeout", type=seconds_flag, metavar="S",
                             help="time limit for the whole explanation (exit 3 when nothing is found in time); "
                                  "the searches for the smallest conflict and the cheapest steps take half of it, "
                                  f"then show what they found, marked ({_SECONDS_RANGE})")
    explanation.add_argument("--json", action="store_true", help="print the explanation as JSON")
    explanation.add_argument("--hint", metavar="FILE",
                             help="the next step from the values entered so far (JSON as `solve --json` writes "
                                  "it, null where nothing is entered), or which entered values are wrong")
    explanation.add_argument("--intended", metavar="FILE",
                             help="the fewest clues that make the solution in FILE (JSON as `solve --json` "
                                  "writes it) the model's only one")


def _batch_arguments(batch: argparse.ArgumentParser) -> None:
    from ..backends import DEFAULT_BACKEND, REGISTRY

    _model_arguments(batch)
    batch.add_argument("data", nargs="+", metavar="DATA",
                       help="data files of instances: .json, .jsonl, .csv, or a line of grid characters an "
                            "instance (a Sudoku: 81 digits, '.' or '0' for blanks); - for standard input")
    batch.add_argument("--backend", default=DEFAULT_BACKEND, choices=sorted(REGISTRY),
                       help=f"the solver (default {DEFAULT_BACKEND})")
    batch.add_argument("--workers", type=whole_number, metavar="N",
                       help="solve on N processes, each compiling the model once (with --ray: N Ray workers; "
                            "default one per CPU of the cluster)")
    batch.add_argument("--ray", metavar="ADDRESS",
                       help="solve on the Ray cluster at ADDRESS (auto: the one this machine belongs to; "
                            "local: a new one here); pip install 'cspdsl[ray]'")
    batch.add_argument("--out", metavar="FILE", help="write the JSON lines to FILE instead of standard output")
    batch.add_argument("--timeout", type=seconds_flag, metavar="S",
                       help=f"time limit per instance in seconds; {_SECONDS_RANGE}")
    batch.add_argument("-O", "--option", dest="options", action="append", type=_option, default=[],
                       metavar="NAME=VALUE", help="set an option of the backend (repeatable)")


def _difficulty(text: str) -> object:
    from ..generate.difficulty import level  # only generate's flag reads it

    try:
        return level(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _symmetry(text: str) -> str:
    from ..generate.symmetry import symmetry  # only generate's flag reads it

    try:
        return symmetry(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _generate_arguments(generation: argparse.ArgumentParser) -> None:
    generation.add_argument("model", help="a .puz file (a `given` block, a logic grid, number clue lines), or - for "
                                          "standard input")
    generation.add_argument("-n", dest="count", type=whole_number, default=1, metavar="N",
                            help="make N distinct puzzles (default 1; more than 1 needs -o)")
    generation.add_argument("--seed", type=seed_flag, metavar="S",
                            help=f"the seed of the first puzzle, from 0 to {MAX_SEED}; the same seed makes the same "
                                 "files (default: drawn, and recorded in each file)")
    generation.add_argument("-o", "--output", metavar="DIR",
                            help="write each puzzle to DIR/MODEL-SEED.puz (default: the one puzzle to standard output)")
    generation.add_argument("--picture", metavar="FILE", help="the solution every puzzle has, drawn a row a line "
                                                              "(`#` shaded, `.` blank, or numbers): a nonogram's image")
    generation.add_argument("--difficulty", type=_difficulty, metavar="LEVEL",
                            help="easy, medium or hard (the easiest, middle or hardest of 5 candidates by `explain "
                                 "--steps`), or N..M (the size of the hardest step)")
    generation.add_argument("--symmetry", type=_symmetry, default="none", metavar="S",
                            help="lay the givens out symmetrically: none (default), rotational (or 180), 90, "
                                 "horizontal, vertical, diagonal, antidiagonal; for a model with a `given` block")
    generation.add_argument("--workers", type=whole_number, metavar="N",
                            help="make the puzzles on N processes (the same files as on one; with --ray: N Ray "
                                 "workers, default one per CPU of the cluster)")
    generation.add_argument("--ray", metavar="ADDRESS",
                            help="make the puzzles on the Ray cluster at ADDRESS (auto: the one this machine belongs "
                                 "to; local: a new one here); pip install 'cspdsl[ray]'")
    generation.add_argument("--timeout", type=seconds_flag, metavar="S",
                            help="time limit in seconds for all the puzzles (exit 3 when it ends the run; the "
                                 f"puzzles written by then stay); {_SECONDS_RANGE}")
    add_limit_flags(generation)


def _no_arguments(command: argparse.ArgumentParser) -> None:
    pass


def _serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--port", type=whole_number, default=8765, metavar="P",
                       help="the port to listen on (default 8765)")
    serve.add_argument("--host", default="127.0.0.1", metavar="H",
                       help="the address to listen on (default 127.0.0.1, this machine only; another is "
                            "reachable from the network, and the server says so)")
    add_limit_flags(serve)  # each model the page sends is held to them, each solve to --max-memory


# The sub-commands, in the order help lists them: their help and what adds their arguments.
_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "solve": ("Solve a model and show its solution and answers.", _solve_arguments),
    "check": ("Parse and check a model without solving it.", _model_arguments),
    "compare": ("Solve a model on several backends and compare them side by side.", _compare_arguments),
    "explain": ("Explain a model: why it has no solution, why not one, or what each clue does (--steps).",
                _explain_arguments),
    "batch": ("Solve many instances of a model from data files: one JSON line each, then a summary.",
              _batch_arguments),
    "generate": ("Generate new puzzles of a model: new givens for its `given` block, or new clues for a logic "
                 "grid; unique, minimal, reproducible from a seed.",
                 _generate_arguments),
    "compile": ("Compile a model to a solver's input format and write it out.", _compile_arguments),
    "backends": ("List the backends and their options.", _no_arguments),
    "examples": ("List the example models that come with cspdsl (cspdsl solve NAME runs one).", _no_arguments),
    "lsp": ("Run the language server of .puz models on standard input and output, for editors "
            "(pip install 'cspdsl[lsp]').", _no_arguments),
    "serve": ("Serve a local web page to write, solve and explain models (pip install 'cspdsl[serve]').",
              _serve_arguments),
}


def _backend_list(text: str) -> list[str]:
    from ..backends import REGISTRY

    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in REGISTRY]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown backend '{unknown[0] if unknown else text}' (available: {', '.join(sorted(REGISTRY))})"
        )
    return list(dict.fromkeys(names))


def _option(text: str) -> tuple[str, str]:
    return _name_value(text, "-O temperature=2.5")


EXAMPLES_TITLE = "examples:"
# Each command's examples under its --help (the first of each also under `cspdsl --help`), with the
# models that come with cspdsl, so that they run as they are anywhere (tests/test_help_examples.py).
EXAMPLES: dict[str, list[str]] = {
    "solve": ["cspdsl solve einstein", "cspdsl solve queens -D n=12 --count",
              "cspdsl solve sudoku --backend cpsat --json", "cspdsl solve hanoi"],
    "check": ["cspdsl check lock"],
    "compare": ["cspdsl compare lock --backends sat,cpsat", "cspdsl compare einstein --repeat 3"],
    "explain": ["cspdsl explain einstein", "cspdsl explain einstein --steps --json"],
    "batch": ["cspdsl batch sudoku puzzles.txt --out results.jsonl  (a line of 81 digits and dots each)"],
    "generate": ["cspdsl generate sudoku --seed 1 -n 3 -o puzzles",
                 "cspdsl generate einstein --seed 2 --difficulty easy -o puzzles"],
    "compile": ["cspdsl compile einstein --to dimacs -o einstein.cnf",
                "cspdsl compile queens --to minizinc -D n=10 -o queens.mzn"],
    "backends": ["cspdsl backends"],
    "examples": ["cspdsl examples"],
    "lsp": ["cspdsl lsp  (started by an editor: editors/vscode)"],
    "serve": ["cspdsl serve --port 8000"],
}


def examples_text(lines: list[str]) -> str:
    return "\n".join([EXAMPLES_TITLE, *(f"  {line}" for line in lines)])

