"""`cspdsl compile MODEL --to minizinc`: the model as a MiniZinc user writes one.

A model with its source (a `Lowered`) is written from two places: the AST, for what MiniZinc says
the same way (params as parameters whose values go in the data, lets, `forall`, comprehensions,
`all_different`, sums and counts, a grid's rows, columns, boxes and regions: `clues.py`), and the IR
for the rest, statement by statement (a clue whose constructs have no MiniZinc form here is written
as the IR constraints it lowered to, over the arrays' cells, with "(flattened)" in its comment).
The variables are declared from the IR and the layout (`arrays.py`): a grid an array over its
ranges (as the model writes them, `1..n`, where they are ranges over params), an attribute or a
board an array over 1..k with its keys' names beside it. Where a part was written from the IR and
the model has params, an `assert` says the values it was written for: the model never answers
wrongly for other data, it refuses. A problem without its source, and a sequential puzzle (unrolled
over its bound), are written flat (`flat.py`).

The data: `minizinc_files` gives the model and its data apart (`-o model.mzn` writes `model.dzn`
beside it); `to_minizinc` gives one text, the data after the model as assignments under a comment
(MiniZinc takes an assignment in a model as in a .dzn), so that standard output solves as it is."""

from __future__ import annotations

from ...ir import Problem
from ...lower import Lowered
from .flat import flat_minizinc

DATA_HEADER = "% ---- data: the params' values (-D or the model's); `-o FILE.mzn` writes them to FILE.dzn"


def minizinc_files(model: Lowered | Problem, source: str = "") -> tuple[str, str]:
    """The MiniZinc model and its data (.dzn text, empty for a model without params)."""
    if isinstance(model, Problem):
        return flat_minizinc(model, source), ""
    if model.problem.sequential is not None or not model.text:
        return flat_minizinc(model.problem, source), ""
    from .readable import Readable

    return Readable(model).write()


def to_minizinc(model: Lowered | Problem, source: str = "") -> str:
    """The model, then its data under a comment: solve with `minizinc --solver gecode -a FILE`."""
    text, data = minizinc_files(model, source)
    return f"{text}\n{DATA_HEADER}\n{data}" if data else text
