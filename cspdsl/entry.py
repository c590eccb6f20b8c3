"""The `cspdsl` command's entry point (the console script and `python -m cspdsl`).

Loading the command's modules makes tens of thousands of objects (classes, functions, the parser's
tables) that live as long as the process. The cycle collector would walk them again and again while
they load and at each collection after, for nothing: it is paused while `cli` loads, and what is
loaded then is frozen out of its way (`gc.freeze`). Measured with callgrind on a small solve (the
lock with its objective, on sat), 0.91x the instructions of the run (docs/performance.md, Start-up).
Most of a command's modules load later, as it runs (the lowering, the parser, the backend): they are
frozen once it returns, so that the collection at the interpreter's exit does not walk them all to
free nothing (docs/performance.md, Start-up); and `cli` pauses the collector while a model's flags
load the lowering and the parser. Here, not in `cli`, so that a program that imports `cspdsl.cli`
keeps its own collector as it was.

A command also collects less often: after 10,000 new objects, not 700. Most of what it makes lives
until it ends (modules, the model, its IR, the solver's clauses), and each collection walks the young
ones again. A solve of Einstein then runs 2% fewer instructions (docs/performance.md, Start-up), and
longer runs take the same time. The cyclic garbage waiting for a collection stays under 10,000 objects.
"""

from __future__ import annotations

import gc

COLLECT_AFTER = 10_000  # new objects between two collections of the youngest (Python's default: 700)


def run() -> None:
    """Console-script entry point: `cli.main` with the collector kept off the modules it loads."""
    gc.set_threshold(COLLECT_AFTER, *gc.get_threshold()[1:])
    gc.disable()
    try:
        from .cli import main
    finally:
        gc.enable()
    gc.freeze()
    code = main(with_the_process=True)  # a --timeout counts Python's start and the imports too
    gc.freeze()  # what the command loaded and kept, out of the way of the collection at exit
    raise SystemExit(code)
