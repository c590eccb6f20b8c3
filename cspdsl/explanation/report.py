"""An explanation in words for a person (`text`) and as data for a program (`as_json`): each clue
shown as an error message shows its fault, file:line:col, the line, and a caret under the clue; each
fact as the model would say it (`Dane at 2`, `cell[1,3] = 5`)."""

from __future__ import annotations

from ..core.errors import caret_lines
from ..core.static_types import Any
from . import Explanation, Repair
from .clues import Clue
from .facts import Fact, Namer
from .solved import solved_lines
from .steps import Step


def text(explanation: Explanation) -> str:
    """The explanation as `cspdsl explain` prints it."""
    if explanation.status == "declarations":
        return ("No solution, before any clue: the declarations (domains, attributes, placements) "
                "contradict each other, so no set of clues is to blame.")
    if explanation.status == "timeout":
        return (f"No explanation found within the time limit of {explanation.limit:g} s: whether the clues hold "
                "together, and what each one does, was not settled and checked in time.")
    if explanation.status in ("unique", "not_unique"):
        lines = solved_lines(explanation)
    else:
        lines = [*conflict_lines(explanation), *_repair_lines(explanation.repairs)]
    return "\n".join([*lines, *_cut_short_lines(explanation)])


def _cut_short_lines(explanation: Explanation) -> list[str]:
    if not explanation.cut_short:
        return []
    of = f" of {explanation.limit:g} s" if explanation.limit is not None else ""
    return ["", f"(Cut short by the time limit{of}: the searches marked above stopped early; what they "
                "found is shown, and checked.)"]


def conflict_lines(explanation: Explanation) -> list[str]:
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
    """The explanation as plain data (what `cspdsl explain --json` prints; `docs/schema/result.schema.json`
    describes it, `format` its version): the fields of its status, each solution in the shape `solve
    --json` gives one (`values` by the model's names, `answers`), and the table of the model's clues
    that conflicts, steps and redundant clues name by number."""
    from ..render.named_values import FORMAT

    namer = Namer(explanation.layout)
    data: dict[str, Any] = {"format": FORMAT, "status": explanation.status,
                            "clues": [_clue_json(clue) for clue in explanation.clues]}
    if explanation.status == "unsatisfiable":
        data |= {
            "conflict": [_clue_json(clue) for clue in explanation.conflict],
            "smallest": explanation.smallest,
            "repairs": [
                {"clue": _clue_json(r.clue), "solutions": r.solutions if r.complete else None,
                 "found": r.solutions, "complete": r.complete}
                for r in explanation.repairs
            ],
        }
    elif explanation.status == "not_unique":
        data |= {
            "solutions": [_solution_json(explanation, solution) for solution in explanation.solutions],
            "found": explanation.found, "count": explanation.found if explanation.complete else None,
            "differing": explanation.differing, "suggestions": explanation.suggestions,
        }
    elif explanation.status == "unique":
        data |= _unique_json(explanation, namer)
    if explanation.limit is not None:
        data |= {"limit": explanation.limit, "cut_short": explanation.cut_short}
    return {**data, "seconds": round(explanation.seconds, 6)}


def _unique_json(explanation: Explanation, namer: Namer) -> dict[str, Any]:
    data: dict[str, Any] = {
        "solution": _solution_json(explanation, explanation.solutions[0]),
        "redundant": [_clue_json(clue) for clue in explanation.redundant],
        "minimal": [_clue_json(clue) for clue in explanation.minimal],
        "forced": [{"clue": forced.number, "facts": _facts_json(forced.facts, namer)}
                   for forced in explanation.forced],
    }
    if explanation.difficulty is not None:
        data["steps"] = [step_json(step, namer) for step in explanation.steps]
        data["difficulty"] = {"hardest": explanation.difficulty.hardest, "total": explanation.difficulty.total,
                              "steps": explanation.difficulty.steps}
    return data


def _solution_json(explanation: Explanation, solution: dict[str, int]) -> dict[str, Any]:
    """A solution as `solve --json` writes one; by the IR's names where the model's layout is not known."""
    from ..render.named_values import solution_document

    if explanation.layout is None:
        return {"values": {name: solution[name] for name in explanation.outputs or sorted(solution)}, "answers": []}
    return solution_document(explanation.layout, explanation.outputs, solution)


def step_json(step: Step, namer: Namer) -> dict[str, Any]:
    """A step as data: its clues by number, the facts it used and derived, its size."""
    return {"clues": [clue.number for clue in step.clues], "used": _facts_json(step.used, namer),
            "derived": _facts_json(step.derived, namer), "size": step.size, "givens": step.givens,
            "rest": step.rest}


def _facts_json(facts: list[Fact], namer: Namer) -> list[dict[str, Any]]:
    return [{"var": f.var, "value": f.value, "holds": f.holds, "text": namer.fact(f)} for f in facts]


def _clue_json(clue: Clue) -> dict[str, Any]:
    span = clue.span
    place = {"file": span.source.name, "line": span.line, "column": span.column,
             "end_line": span.end_line, "end_column": span.end_column} if span else {}
    return {"number": clue.number, **place, "text": clue.text, "instance": dict(clue.instance)}
