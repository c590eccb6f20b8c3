"""The `cspdsl` command: a thin face over `cspdsl.api`.

Exit codes: 0 solved (or checked), 1 no solution (unsatisfiable), 2 bad model or bad arguments,
3 no answer (the time limit hit, or a local search gave up), 4 internal error (a bug in cspdsl: please
report it), 5 the run reached its memory ceiling (--max-memory), 74 the output could not be written
(a full disk), 130 interrupted (Ctrl-C), 141 the reader of the output stopped reading.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from . import __version__
from .backends import DEFAULT_BACKEND, EXPORTS, LOCAL_SEARCH_TIMEOUT, REGISTRY, backend_class, export
from .backends.limits import MAX_SEED, MAX_TIMEOUT, seconds_flag, seed_flag
from .errors import CspdslError
from .run_limits import DEFAULT_MAX_MEMORY_MB, EXIT_OUT_OF_MEMORY, add_limit_flags, out_of_memory_message, run_limits
from .static_types import Any, NoReturn
from .stdout_guard import OutputFailed, guarded_stdout

EXIT_SOLVED, EXIT_UNSAT, EXIT_BAD_INPUT, EXIT_TIMEOUT, EXIT_INTERNAL = 0, 1, 2, 3, 4
EXIT_INTERRUPTED = 130  # 128 + SIGINT: what a shell reports for a command stopped by Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a Unix filter reports when its reader stops reading
EXIT_OUTPUT_FAILED = 74  # EX_IOERR of sysexits.h: standard output could not be written (a full disk)


# How a user of this command reads a lower layer's suggestion: in its flags.
COMMAND_LINE_WORDS = {
    "use_backend": "solve this model with --backend {first}",
    "use_exact_backend": "use an exact backend for --all and --count: {all}",
}


def _help_formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's own formatter, told the terminal's width: left to find it, it imports shutil on
    every run (2 ms of start-up), only to draw help that most runs never print."""
    try:
        columns = int(os.environ.get("COLUMNS", "0")) or os.get_terminal_size(1).columns  # 1: standard output
    except (ValueError, OSError):
        columns = 80
    return argparse.HelpFormatter(prog, width=max(columns - 2, 20))


class _ArgumentParser(argparse.ArgumentParser):
    """argparse that exits with code 2 and one clear line, as every bad input does."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _help_formatter)  # the sub-commands' parsers too
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


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


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. When `argv` names its command first (`cspdsl solve ...`), only that
    command's parser is built: each costs about 0.4 ms, mostly argparse asking gettext for
    translations of its words. Otherwise (`cspdsl --help`, a typo) every command's is."""
    chosen = argv[0] if argv and argv[0] in _COMMANDS else None
    parser = _ArgumentParser(prog="cspdsl", description="Model and solve logic and number puzzles.")
    parser.add_argument("--version", action="version", version=f"cspdsl {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_ArgumentParser)
    for name, (help_text, add_arguments) in _COMMANDS.items():
        if chosen in (None, name):
            add_arguments(commands.add_parser(name, help=help_text, description=help_text))
    return parser


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
    _model_arguments(solve)
    solve.add_argument("--backend", default=DEFAULT_BACKEND, choices=sorted(REGISTRY),
                       help=f"the solver (default {DEFAULT_BACKEND}; `cspdsl backends` lists them and "
                            "their -O options)")
    how_many = solve.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="show every solution and count them")
    how_many.add_argument("-n", "--limit", type=_at_least_one, metavar="N",
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


def _compare_arguments(comparison: argparse.ArgumentParser) -> None:
    _model_arguments(comparison)
    comparison.add_argument(
        "--backends", type=_backend_list, metavar="A,B,...",
        help="the backends to compare (default: the exact ones, sat, cpsat and csp; the local searches "
             "anneal and genetic run only when named here)",
    )
    comparison.add_argument("--all", action="store_true", help="enumerate all solutions on the exact backends")
    comparison.add_argument("--repeat", type=_at_least_one, default=1, metavar="N",
                            help="run each backend N times, in turn, and show medians (default 1)")
    comparison.add_argument("--timeout", type=seconds_flag, default=60.0, metavar="S",
                            help=f"time limit per solve in seconds (default 60); {_SECONDS_RANGE}")
    comparison.add_argument("--seed", type=seed_flag, metavar="N", help=_SEED_HELP.format(s="s"))
    comparison.add_argument("--json", action="store_true", help="print the figures as JSON")
    comparison.add_argument("--plot", metavar="FILE",
                            help="write a chart of the times on a log scale (.svg, or .png with matplotlib: "
                                 "pip install 'cspdsl[plot]')")


def _compile_arguments(compile_: argparse.ArgumentParser) -> None:
    _model_arguments(compile_)
    compile_.add_argument("--to", required=True, choices=sorted(EXPORTS), help="the output format")
    compile_.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def _explain_arguments(explanation: argparse.ArgumentParser) -> None:
    _model_arguments(explanation)
    explanation.add_argument("--steps", action="store_true",
                             help="for a unique puzzle, also a step-by-step solution a person can follow, "
                                  "and its difficulty")
    explanation.add_argument("--timeout", type=seconds_flag, metavar="S",
                             help="time for the smallest conflict and the cheapest steps; past it, what was found "
                                  f"is shown (a minimal conflict; the rest of the steps in one) ({_SECONDS_RANGE})")
    explanation.add_argument("--json", action="store_true", help="print the explanation as JSON")


def _batch_arguments(batch: argparse.ArgumentParser) -> None:
    _model_arguments(batch)
    batch.add_argument("data", nargs="+", metavar="DATA",
                       help="data files of instances: .json, .jsonl, .csv, or a line of grid characters an "
                            "instance (a Sudoku: 81 digits, '.' or '0' for blanks); - for standard input")
    batch.add_argument("--backend", default=DEFAULT_BACKEND, choices=sorted(REGISTRY),
                       help=f"the solver (default {DEFAULT_BACKEND})")
    batch.add_argument("--workers", type=_at_least_one, metavar="N",
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


def _no_arguments(command: argparse.ArgumentParser) -> None:
    pass


# The sub-commands, in the order help lists them: their help and what adds their arguments.
_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "solve": ("Solve a model and show its solution and answers.", _solve_arguments),
    "check": ("Parse and check a model without solving it.", _model_arguments),
    "compare": ("Solve a model on several backends and compare them side by side.", _compare_arguments),
    "explain": ("Explain a model: why it has no solution, why not one, or what each clue does (--steps).",
                _explain_arguments),
    "batch": ("Solve many instances of a model from data files: one JSON line each, then a summary.",
              _batch_arguments),
    "compile": ("Compile a model to a solver's input format and write it out.", _compile_arguments),
    "backends": ("List the backends and their options.", _no_arguments),
    "examples": ("List the example models that come with cspdsl (cspdsl solve NAME runs one).", _no_arguments),
}


def _backend_list(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in REGISTRY]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown backend '{unknown[0] if unknown else text}' (available: {', '.join(sorted(REGISTRY))})"
        )
    return list(dict.fromkeys(names))


def _at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _option(text: str) -> tuple[str, str]:
    return _name_value(text, "-O temperature=2.5")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = _parsed(build_parser(argv), argv)
    try:
        with guarded_stdout(), run_limits(args):
            if args.command == "check":
                return _check(args)
            if args.command == "compile":
                return _compile(args)
            if args.command == "backends":
                return _list_backends()
            if args.command == "examples":
                return _list_examples()
            if args.command == "compare":
                return _compare(args)
            if args.command == "explain":
                return _explain(args)
            if args.command == "batch":
                from .instances.command import run_batch

                return run_batch(args)
            return _solve(args)
    except CspdslError as error:
        print(error.render(COMMAND_LINE_WORDS), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`cspdsl solve m.puz | head -3`): stop quietly, as a Unix filter does.
        _drop_stdout()
        return EXIT_BROKEN_PIPE
    except OutputFailed as failure:
        _drop_stdout()  # what is left in its buffer would fail again at exit
        print(f"error: cannot write the output: {failure}", file=sys.stderr)
        return EXIT_OUTPUT_FAILED
    except MemoryError:
        print(out_of_memory_message(getattr(args, "max_memory", DEFAULT_MAX_MEMORY_MB)), file=sys.stderr)
        return EXIT_OUT_OF_MEMORY
    except Exception as error:  # a bug: say so plainly, traceback only on request
        if os.environ.get("CSPDSL_DEBUG"):
            raise
        print(f"internal error: {type(error).__name__}: {error}", file=sys.stderr)
        print("This is a bug in cspdsl; set CSPDSL_DEBUG=1 to see where.", file=sys.stderr)
        return EXIT_INTERNAL


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush does not hit the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (a test's capture): nothing to flush
        pass


def _explain(args: argparse.Namespace) -> int:
    from .api import load
    from .explain import explain
    from .explain.report import as_json, text

    explanation = explain(load(args.model, dict(args.params)), timeout=args.timeout, steps=args.steps)
    if args.json:
        import json

        print(json.dumps({"model": args.model, **as_json(explanation)}, indent=2))
    else:
        print(text(explanation))
    return EXIT_SOLVED


def _many(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _warn(model: Any) -> None:
    """The clues lowering found constant, as warnings on standard error (`lower/folds.py`)."""
    for folded in model.folded:
        print(folded.render(), file=sys.stderr)


def _list_examples() -> int:
    from .examples import examples

    found = examples()
    width = max((len(name) for name, _ in found), default=0)
    for name, what in found:
        print(f"{name:<{width}}  {what}")
    if not found:
        print("This installation has no example models.")
    return EXIT_SOLVED


def _check(args: argparse.Namespace) -> int:
    from .api import load

    model = load(args.model, dict(args.params))
    _warn(model)
    size = model.problem.size()
    print(f"{args.model}: ok ({_many(size['variables'], 'variable')}, {_many(size['constraints'], 'constraint')})")
    return EXIT_SOLVED


def _compile(args: argparse.Namespace) -> int:
    from .api import load

    model = load(args.model, dict(args.params))
    text = export(args.to, model.problem, source=args.model)
    if args.output is None:
        sys.stdout.write(text)
        return EXIT_SOLVED
    try:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as error:
        raise CspdslError(f"cannot write '{args.output}': {error.strerror or error}") from None
    print(f"wrote {args.output} ({args.to})", file=sys.stderr)
    return EXIT_SOLVED


def _compare(args: argparse.Namespace) -> int:
    from rich.console import Console

    from . import chart, compare
    from .api import load
    from .backends import exact_backends

    if args.plot:
        chart.check_plot_path(args.plot)  # before the comparison spends its time
    model = load(args.model, dict(args.params))
    backends = args.backends or exact_backends()
    title = model.layout.title or args.model
    errors = Console(stderr=True)
    with errors.status("comparing") as status:
        rows = compare.compare_backends(
            model, backends, all_solutions=args.all, repeat=args.repeat, timeout=args.timeout, seed=args.seed,
            progress=lambda text: status.update(f"comparing: {text}"),
        )
    if args.json:
        timeout = None if args.timeout == float("inf") else args.timeout  # JSON has no infinity: null, none
        figures = {"model": args.model, "all": args.all, "repeat": args.repeat, "timeout": timeout,
                   "backends": [row.as_json() for row in rows]}
        import json  # only --json pays for its import

        print(json.dumps(figures, indent=2))
    else:
        optimum = model.problem.objective is not None
        what = ("all optimal solutions" if args.all else "optimum") if optimum else (
            "all solutions" if args.all else "first solution")
        print(compare.render_table(rows, f"{title}: {what}, median of {args.repeat}", objective=optimum))
    if args.plot:
        chart.plot(rows, args.plot, title, all_solutions=args.all)
        print(f"wrote {args.plot}", file=sys.stderr)
    broken = compare.disagreement(rows)
    if broken:
        print(f"error: the backends disagree ({', '.join(broken)} against the others): this is a bug in cspdsl",
              file=sys.stderr)
        return EXIT_INTERNAL
    return EXIT_SOLVED


def _list_backends() -> int:
    for name in sorted(REGISTRY):
        cls = backend_class(name)
        kind = "exact" if cls.exact else f"local search, time limit {LOCAL_SEARCH_TIMEOUT:g} s unless --timeout"
        summary = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        default = " (default)" if name == DEFAULT_BACKEND else ""
        print(f"{name}{default}: {summary} [{kind}]")
        for option, (kind_of, help_text) in sorted(cls.OPTIONS.items()):
            print(f"    -O {option}=<{kind_of.__name__}>  {help_text}")
    return EXIT_SOLVED


def _solve(args: argparse.Namespace) -> int:
    from .api import load, solve
    from .progress import Progress, watching
    from .result_text import SolutionStream, print_json, print_result, solution_stream

    limit = None if (args.all or args.count) else (args.limit or 2)
    if args.data is not None:
        from .instances.command import solve_data

        result = solve_data(args, limit)
        stream = solution_stream(result.model, args)
        if stream is not None:  # the instance's solutions were all found before printing starts
            for solution in result.solutions:
                stream(solution)
    else:
        model = load(args.model, dict(args.params))
        _warn(model)
        stream = solution_stream(model, args)
        progress = Progress.on_terminal() if limit is None else None  # found/elapsed, on a terminal only
        try:
            result = solve(
                model, args.backend, limit=limit, timeout=args.timeout, seed=args.seed,
                options=dict(args.options), on_solution=watching(progress, stream),
            )
        finally:
            if progress is not None:
                progress.wipe()
    if args.json:
        print_json(result, args)
    else:
        print_result(result, args, stream if isinstance(stream, SolutionStream) else None)
    if result.status in ("solved", "optimal", "feasible"):  # feasible: the best an objective found
        return EXIT_SOLVED
    return EXIT_UNSAT if result.status == "unsatisfiable" else EXIT_TIMEOUT


def run() -> None:
    """Console-script entry point."""
    raise SystemExit(main())
