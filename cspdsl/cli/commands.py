"""The `cspdsl` command: a thin face over `cspdsl.api`.

Exit codes: 0 solved (or checked), 1 no solution (unsatisfiable), 2 bad model or bad arguments,
3 no answer (the time limit hit, or a local search gave up), 4 internal error (a bug in cspdsl: please
report it), 5 the run reached its memory ceiling (--max-memory), 74 the output could not be written
(a full disk), 130 interrupted (Ctrl-C), 141 the reader of the output stopped reading, 128 + N a solver
or worker process that cspdsl started was killed by signal N (137: SIGKILL, the out-of-memory killer's).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys

from ..core.collector import no_cycle_collection
from ..core.deadline import left_of_command, start_command
from ..core.errors import COMMAND_LINE_WORDS, CspdslError, OutputFailed, ProcessKilled
from ..core.exit_codes import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OUT_OF_MEMORY,
    EXIT_OUTPUT_FAILED,
    EXIT_SOLVED,
    EXIT_TIMEOUT,
    EXIT_UNSAT,
)
from ..core.static_types import TYPE_CHECKING, Any
from .arguments import _parsed, build_parser
from .run_limits import DEFAULT_MAX_MEMORY_MB, out_of_memory_message, run_limits
from .stdout_guard import guarded_stdout, output_file

if TYPE_CHECKING:
    from ..lower import Lowered


def main(argv: list[str] | None = None, with_the_process: bool = False) -> int:
    """Run one command; `with_the_process`: it is the process's own (the console script), whose
    --timeout then counts from the process's start, not from this call."""
    start_command(with_the_process)  # a --timeout counts from here
    argv = sys.argv[1:] if argv is None else argv
    try:
        with no_cycle_collection():  # the model's flags load the lowering and the parser: all kept
            args = _parsed(build_parser(argv), argv)
            if with_the_process:  # and kept to the process's end: out of the way of every collection
                gc.freeze()
    except KeyboardInterrupt:  # Ctrl-C ends a command the same way from its first moment
        return _interrupted()
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
            if args.command == "lsp":
                from ..lsp import serve

                return serve()
            if args.command == "serve":
                from ..serve import serve as serve_page

                return serve_page(args.host, args.port)
            if args.command == "generate":
                from ..generate.command import run_generate

                return run_generate(args, output_file)
            if args.command == "batch":
                from ..instances.command import run_batch

                return run_batch(args, output_file, COMMAND_LINE_WORDS)
            return _solve(args)
    except CspdslError as error:
        print(error.render(COMMAND_LINE_WORDS), file=sys.stderr)
        if args.command == "explain" and args.json:  # a program reading the explanation reads the error too
            _print_error_json(error)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return _interrupted()
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
    except ProcessKilled as killed:  # a solver or worker process ended from outside: not a bug
        print(killed.render(), file=sys.stderr)
        return killed.exit_code
    except Exception as error:  # a bug: say so plainly, traceback only on request
        if _raised_by_ctrl_c(error):
            return _interrupted()
        if os.environ.get("CSPDSL_DEBUG"):
            raise
        print(f"internal error: {type(error).__name__}: {error}", file=sys.stderr)
        print("This is a bug in cspdsl; set CSPDSL_DEBUG=1 to see where.", file=sys.stderr)
        return EXIT_INTERNAL


def _print_error_json(error: CspdslError) -> None:
    import json

    from ..render.named_values import FORMAT

    print(json.dumps({"format": FORMAT, "status": "error", "error": error.to_dict(COMMAND_LINE_WORDS)}, indent=2))


def _interrupted() -> int:
    """Ctrl-C where nothing was found to keep: the one word, and 130."""
    print("interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def _raised_by_ctrl_c(error: BaseException) -> bool:
    """Whether a Ctrl-C caused `error`: a KeyboardInterrupt raised while a compiled extension loads
    (OR-Tools') comes out as "ImportError: initialization failed", the interrupt as its cause."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush does not hit the closed pipe."""
    if sys.stdout is None:  # closed before the command started: nothing is left to flush
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (a test's capture): nothing to flush
        pass


def _whole(model: Any, command: str) -> Any:
    """`model`, refused when it is a sequential puzzle, which `command` cannot take yet."""
    if model.problem.sequential is not None:
        raise CspdslError(f"'cspdsl {command}' takes a model solved as a whole, not a sequential puzzle "
                          "(a start, moves and a goal): solve it with 'cspdsl solve' or 'cspdsl compare'")
    return model


def _explain(args: argparse.Namespace) -> int:
    from ..lower.load import load
    from .explaining import interrupted_explain, run_explain

    try:
        model = _whole(load(args.model, dict(args.params)), "explain")
    except KeyboardInterrupt:  # nothing found yet; a program reading the JSON still gets a document
        return interrupted_explain(None, args)
    if args.hint is not None:
        from ..explanation.hint import run_hint

        return run_hint(model, args.hint, args.json)
    if args.intended is not None:
        from ..explanation.intended import run_intended

        return run_intended(model, args.intended, args.json)
    return run_explain(model, args)


def _many(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _warn(model: Any) -> None:
    """The clues lowering found constant, as warnings on standard error (`lower/folds.py`)."""
    for folded in model.folded:
        print(folded.render(), file=sys.stderr)


def _list_examples() -> int:
    from ..core.examples import examples

    found = examples()
    folders = {name.rpartition("/")[0] for name, _ in found}
    for folder in sorted(folders):  # the top folder first, then each folder of models under a blank line
        group = [(name, what) for name, what in found if name.rpartition("/")[0] == folder]
        width = max(len(name) for name, _ in group)
        print(f"\nin {folder}/:" if folder else "", end="\n" if folder else "")
        for name, what in group:
            print(f"{name:<{width}}  {what}")
    if not found:
        print("This installation has no example models.")
    return EXIT_SOLVED


def _check(args: argparse.Namespace) -> int:
    from ..lower.load import load

    model = load(args.model, dict(args.params))
    _warn(model)
    size = model.problem.size()
    print(f"{args.model}: ok ({_many(size['variables'], 'variable')}, {_many(size['constraints'], 'constraint')})")
    return EXIT_SOLVED


def _compile(args: argparse.Namespace) -> int:
    from ..export import export
    from ..lower.load import load

    model = load(args.model, dict(args.params))
    if args.to != "minizinc":  # MiniZinc takes a sequential puzzle unrolled over its bound
        _whole(model, "compile")
    if args.to == "minizinc" and args.output is not None:
        return _compile_minizinc(model, args)
    text = export(args.to, model, source=args.model)
    with output_file(args.output) as out:
        out.write(text)
    if args.output is not None:
        print(f"wrote {args.output} ({args.to})", file=sys.stderr)
    return EXIT_SOLVED


def _compile_minizinc(model: Lowered, args: argparse.Namespace) -> int:
    """The MiniZinc model to -o FILE.mzn and its data (the params' values) to FILE.dzn beside it."""
    from ..export.minizinc import minizinc_files

    text, data = minizinc_files(model, args.model)
    with output_file(args.output) as out:
        out.write(text)
    if not data:
        print(f"wrote {args.output} (minizinc)", file=sys.stderr)
        return EXIT_SOLVED
    dzn = os.path.splitext(args.output)[0] + ".dzn"
    with output_file(dzn) as out:
        out.write(data)
    print(f"wrote {args.output} and {dzn} (minizinc)", file=sys.stderr)
    return EXIT_SOLVED


def _compare(args: argparse.Namespace) -> int:
    from ..compare.command import run_compare

    return run_compare(args)


def _list_backends() -> int:
    """Each backend as it declares itself (`backends.DECLARED`): none is imported, nor its solver library."""
    from ..backends import DEFAULT_BACKEND, LOCAL_SEARCH_TIMEOUT, REGISTRY, declaration

    for name in sorted(REGISTRY):
        declared = declaration(name)
        kind = ("exact" if declared.capabilities.exact
                else f"local search, time limit {LOCAL_SEARCH_TIMEOUT:g} s unless --timeout")
        default = " (default)" if name == DEFAULT_BACKEND else ""
        print(f"{name}{default}: {declared.summary} [{kind}]")
        for option, (kind_of, help_text) in sorted(declared.options.items()):
            print(f"    -O {option}=<{kind_of.__name__}>  {help_text}")
    return EXIT_SOLVED


def _pictures_asked(args: argparse.Namespace) -> bool:
    """--svg or --png: only then is `pictures.py` loaded."""
    return bool(args.svg or args.png)


def _solve(args: argparse.Namespace) -> int:
    from ..backends import DEFAULT_BACKEND
    from ..lower.load import load
    from .result_text import SolutionStream, interrupted_line, print_json, print_result, solution_stream

    if _pictures_asked(args):
        from .pictures import check_picture_paths

        check_picture_paths(args)  # a picture that cannot be written is refused before the search
    limit = None if (args.all or args.count) else (args.limit or 2)
    chosen, args.backend = args.backend, args.backend or DEFAULT_BACKEND
    interrupted = False
    if args.data is not None:
        from ..instances.command import solve_data

        result = solve_data(args, limit)
        stream = solution_stream(result.model, args)
        if stream is not None:  # the instance's solutions were all found before printing starts
            for solution in result.solutions:
                stream(solution)
    else:
        model = load(args.model, dict(args.params))
        _warn(model)
        if model.problem.sequential is not None:  # a start, moves and a goal: plans, not solutions
            args.backend = chosen or "search"
            return _solve_sequential(model, args)
        stream = solution_stream(model, args)
        result, interrupted = _searched(model, chosen, limit, args, stream)
    if interrupted and not result.found and not args.json:  # nothing to keep: the one word of any Ctrl-C
        return _interrupted()
    if args.json:
        print_json(result, args, interrupted=interrupted)
    else:
        print_result(result, args, stream if isinstance(stream, SolutionStream) else None, interrupted=interrupted)
    if interrupted:
        print(interrupted_line(result), file=sys.stderr)
        return EXIT_INTERRUPTED
    if _pictures_asked(args):
        from .pictures import write_pictures

        write_pictures(result, args)
    if result.status in ("solved", "optimal", "feasible"):  # feasible: the best an objective found
        return EXIT_SOLVED
    return EXIT_UNSAT if result.status == "unsatisfiable" else EXIT_TIMEOUT


def _searched(model: Any, chosen: str | None, limit: int | None, args: argparse.Namespace,
              stream: Any) -> tuple[Any, bool]:
    """(the Result, whether Ctrl-C stopped the search): the solve or the count, each solution given to
    `stream` as it is checked, under the progress line of --all/--count on a terminal. Ctrl-C keeps
    what was found (`driver.result.Interrupted`)."""
    from ..driver.result import Interrupted
    from ..driver.solve import solve

    progress, on_solution = None, stream
    if limit is None:  # --all/--count: found/elapsed on a terminal (a plain solve loads no clock thread)
        from .progress import Progress, watching

        progress = Progress.on_terminal()
        on_solution = watching(progress, stream)
    how = solve if not args.count else _counting  # a count by components where the model falls apart
    try:
        if progress is not None:
            progress.start()
        return _as_asked(how(  # no --backend: the model and the task choose it (driver/choice.py)
            model, chosen, limit=limit, timeout=left_of_command(args.timeout), seed=args.seed,
            options=dict(args.options), on_solution=on_solution,
        ), args), False
    except Interrupted as stop:  # Ctrl-C: what was found is still shown, and the exit says 130
        return _as_asked(stop.partial, args), True
    finally:
        if progress is not None:
            progress.close()


def _as_asked(result: Any, args: argparse.Namespace) -> Any:
    """The result with the time limit the command was given: the search was given what was left of it
    once the model was read and lowered (`core.deadline.left_of_command`)."""
    if result.time_limit is not None and args.timeout is not None:
        result.time_limit = args.timeout
    return result


def _counting(model: Any, backend: str | None, limit: int | None, **solve_args: Any) -> Any:
    """`--count`: `cspdsl.count` (by components, or by enumeration), which takes no limit."""
    from ..driver.counting import count

    return count(model, backend, **solve_args)


def _solve_sequential(model: Any, args: argparse.Namespace) -> int:
    from .pictures import write_pictures
    from .plan_text import solve_sequential

    result = solve_sequential(model, args)
    if result.interrupted:  # Ctrl-C: what was found is printed, and the exit says 130
        return EXIT_INTERRUPTED
    write_pictures(result, args)
    status = result.status
    return EXIT_SOLVED if status == "solved" else EXIT_UNSAT if status == "unsatisfiable" else EXIT_TIMEOUT

