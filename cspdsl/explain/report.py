"""An explanation in words for a person (`text`) and as data for a program (`as_json`): each clue
shown as an error message shows its fault, file:line:col, the line, and a caret under the clue."""

from __future__ import annotations

from ..errors import caret_lines
from ..static_types import Any
from . import Explanation, Repair
from .clues import Clue

NOT_YET = ("Explaining a model that has solutions (its redundant clues, the clues that would make it "
           "unique, a step-by-step solution) is not supported yet.")


def text(explanation: Explanation) -> str:
    """The explanation as `cspdsl explain` prints it."""
    if explanation.status == "declarations":
        return ("No solution, before any clue: the declarations (domains, attributes, placements) "
                "contradict each other, so no set of clues is to blame.")
    if explanation.status == "satisfiable":
        unique = "it is unique" if explanation.solutions == 1 else "it is not unique"
        return f"The clues hold together: the model has a solution, and {unique}.\n{NOT_YET}"
    return "\n".join([*_conflict_lines(explanation), *_repair_lines(explanation.repairs)])


def _conflict_lines(explanation: Explanation) -> list[str]:
    n = len(explanation.conflict)
    clues = "this clue cannot hold" if n == 1 else f"these {n} clues cannot hold together"
    kind = ("and no fewer clues of the model fail together" if explanation.smallest
            else "and none of them can be left out (a minimal set; a smallest one was not proved within the budget)")
    lines = [f"No solution: {clues} with the declarations, {kind}:", ""]
    for clue in explanation.conflict:
        lines += [_heading(clue), *(caret_lines(clue.span) if clue.span else []), ""]
    return lines


def _heading(clue: Clue) -> str:
    where = f"{clue.span.location()}: " if clue.span else ""
    instance = f" with {', '.join(f'{k}={v}' for k, v in clue.instance)}" if clue.instance else ""
    return f"{where}clue{instance}"


def _repair_lines(repairs: list[Repair]) -> list[str]:
    if not repairs:
        return ["No single clue's removal gives the model a solution: it has more than one conflict."]
    lines = ["Each of these clues, removed alone, gives the model solutions:"]
    width = max(len(repair.clue.text) for repair in repairs)
    named = max(len(repair.clue.name) for repair in repairs)
    for repair in repairs:
        count = f"{repair.solutions}" if repair.complete else f"more than {repair.solutions}"
        noun = "solution" if repair.solutions == 1 and repair.complete else "solutions"
        lines.append(f"  {repair.clue.name:<{named}}  {repair.clue.text:<{width}}  -> {count} {noun}")
    return lines


def as_json(explanation: Explanation) -> dict[str, Any]:
    """The explanation as plain data (what `cspdsl explain --json` prints)."""
    return {
        "status": explanation.status,
        "conflict": [_clue_json(clue) for clue in explanation.conflict],
        "smallest": explanation.smallest,
        "repairs": [
            {"clue": _clue_json(r.clue), "solutions": r.solutions if r.complete else None, "found": r.solutions,
             "complete": r.complete}
            for r in explanation.repairs
        ],
        "solutions_found": explanation.solutions if explanation.status == "satisfiable" else 0,
        "seconds": round(explanation.seconds, 6),
    }


def _clue_json(clue: Clue) -> dict[str, Any]:
    span = clue.span
    place = {"file": span.source.name, "line": span.line, "column": span.column,
             "end_line": span.end_line, "end_column": span.end_column} if span else {}
    return {"number": clue.number, **place, "text": clue.text, "instance": dict(clue.instance)}
