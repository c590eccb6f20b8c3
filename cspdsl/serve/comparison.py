"""The page's Compare: the model on several backends side by side, as `cspdsl compare` runs it
(`compare.compare_backends`, its rows and its agreement), sent as a table of words.

The backends are those the command compares by default (the exact ones; a sequential puzzle's
`search` beside them), or the one the page names. The page's time limit bounds the whole task (the
worker is stopped at it), so each backend gets an equal share of it as its own limit.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.static_types import Any
from ..lower import Lowered


def backends_to_compare(model: Lowered, chosen: str | None) -> list[str]:
    from ..backends import exact_backends

    if chosen is not None:
        return [chosen]
    return ["search", *exact_backends()] if model.problem.sequential is not None else exact_backends()


def comparison(model: Lowered, chosen: str | None, timeout: float,
               progress: Callable[[str], None]) -> dict[str, Any]:
    """The `comparison` event: the table's title, headers and rows (one a backend), and the backends
    that disagree with the others (a bug in cspdsl, said on the page as the command says it)."""
    from .. import compare
    from ..compare.optimum import optimum_cell
    from ..compare.table import HEADERS, OPTIMUM_HEADERS

    backends = backends_to_compare(model, chosen)
    rows = compare.compare_backends(model, backends, all_solutions=False, repeat=1,
                                    timeout=timeout / len(backends), progress=progress)
    objective = model.problem.objective is not None
    sequential = model.problem.sequential is not None
    headers = list(OPTIMUM_HEADERS if objective else HEADERS)
    cells = compare.table_rows(rows)
    if objective:
        for row, line in zip(rows, cells, strict=True):
            line.insert(2, optimum_cell(row))
    if sequential:
        headers = [header.replace("solution", "plan") for header in headers]
    what = "optimum" if objective else ("first plan" if sequential else "first solution")
    return {"type": "comparison", "title": f"{model.layout.title or 'the model'}: {what}", "headers": headers,
            "rows": cells, "disagree": compare.disagreement(rows)}
