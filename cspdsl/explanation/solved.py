"""The words for a model that has solutions: for one that is not unique, two solutions side by side
with their differences marked and the clues that would each leave one; for a unique one, its
redundant clues, a minimal set of clues, the facts each clue forces, and the steps."""

from __future__ import annotations

import re

from ..backends import Assignment
from ..core.static_types import TYPE_CHECKING
from ..render.solution import render_solution
from .clues import Clue
from .facts import Fact, Namer
from .steps import Step

if TYPE_CHECKING:
    from . import Explanation

# Between the two solutions shown side by side.
GAP = "    "
# A step or a clue's forced facts list at most this many exclusions by name, then their number.
EXCLUSIONS_NAMED = 12


def solved_lines(explanation: Explanation) -> list[str]:
    if explanation.status == "not_unique":
        return _not_unique_lines(explanation)
    return _unique_lines(explanation)


def _not_unique_lines(explanation: Explanation) -> list[str]:
    return [*not_unique_head(explanation), "", *_suggestion_lines(explanation)]


def not_unique_head(explanation: Explanation) -> list[str]:
    """How many solutions, and two of them side by side."""
    many = f"{explanation.found}" if explanation.complete else f"at least {explanation.found}"
    first, second = explanation.solutions
    return [f"The clues hold together, but the model is not unique: it has {many} solutions.",
            "Two of them side by side, their differences marked:", "",
            *side_by_side(explanation, first, second)]


def _suggestion_lines(explanation: Explanation) -> list[str]:
    lines: list[str] = []
    if explanation.suggestions:
        lines.append("Each of these clues, added alone, leaves the first of them the only solution (checked):")
        lines += [f"  {text}" for text in explanation.suggestions]
    elif explanation.layout is not None and explanation.cut_short:
        lines.append("No single clue was proved to leave only one solution before the time limit.")
    elif explanation.layout is not None:
        lines.append("No single clue of those tried (same, next_to, one value) leaves only one solution.")
    return lines


def side_by_side(explanation: Explanation, first: Assignment, second: Assignment) -> list[str]:
    """The two solutions drawn as `solve` draws them, side by side, a line of `^` under each line
    whose words differ, under the words that do."""
    left, right = (_drawn(explanation, s).splitlines() for s in (first, second))
    height = max(len(left), len(right))
    left += [""] * (height - len(left))
    right += [""] * (height - len(right))
    width = max(map(len, left))
    lines = []
    for one, other in zip(left, right, strict=True):
        lines.append(f"{one.ljust(width)}{GAP}{other}".rstrip())
        marks = _marks(one, other)
        if marks.strip():
            lines.append(marks[: len(one)].ljust(width) + GAP + _marks(other, one).rstrip())
    return lines


def _drawn(explanation: Explanation, solution: Assignment) -> str:
    if explanation.layout is not None:
        return render_solution(explanation.layout, solution)
    return "\n".join(f"{name} = {value}" for name, value in solution.items())


def _marks(line: str, other: str) -> str:
    """`^` under each word of `line` that differs from the same word of `other`."""
    words, others = list(re.finditer(r"\S+", line)), re.findall(r"\S+", other)
    marks = [" "] * len(line)
    for i, word in enumerate(words):
        if i >= len(others) or others[i] != word.group():
            marks[word.start():word.end()] = "^" * (word.end() - word.start())
    return "".join(marks)


def _unique_lines(explanation: Explanation) -> list[str]:
    namer = Namer(explanation.layout)
    minimal = minimal_lines(explanation)
    lines = [*unique_head(explanation), *redundant_lines(explanation), *(["", *minimal] if minimal else []),
             "", *forced_lines(explanation, namer)]
    if explanation.difficulty is not None:
        lines += ["", *_steps_lines(explanation, namer)]
    return lines


def unique_head(explanation: Explanation) -> list[str]:
    return [f"The clues hold together and the solution is unique ({len(explanation.clues)} clues).", ""]


def redundant_lines(explanation: Explanation) -> list[str]:
    """The clues that all the others imply."""
    if not explanation.redundant:
        return ["No clue is implied by the others: each one is needed."]
    return ["Each of these clues is implied by all the others (without it the solution is still unique):",
            *_clue_list(explanation.redundant)]


def minimal_lines(explanation: Explanation) -> list[str]:
    """The clues that can go at once, leaving a minimal set."""
    left_out = [clue for clue in explanation.clues if clue not in explanation.minimal]
    if len(left_out) > 1:
        return [f"These {len(left_out)} clues can all go at once and the solution stays unique "
                f"(the other {len(explanation.minimal)} are a minimal set: none of them can go):",
                *_clue_list(left_out)]
    if left_out:
        return [f"Without it, the other {len(explanation.minimal)} clues are a minimal set: none of them can go."]
    return []


def forced_lines(explanation: Explanation, namer: Namer) -> list[str]:
    """The facts each clue forces, in the model's order."""
    clues = {clue.number: clue for clue in explanation.clues}
    return ["What the clues force, read in the model's order:",
            *(f"  {clues[f.number].name}: {facts_text(namer, f.facts)}" for f in explanation.forced)]


def _clue_list(clues: list[Clue]) -> list[str]:
    """One line a clue; the instances of one `forall` on one line (how many, the first few), and
    the givens of one line of a picture on one line."""
    groups: dict[tuple[int, bool], list[Clue]] = {}
    for clue in clues:
        line = clue.span.line if clue.span is not None else -clue.number
        groups.setdefault((line, clue.is_given), []).append(clue)
    rows = []
    for (line, given), members in groups.items():
        where = f"line {line}" if line > 0 else members[0].name
        if given:
            rows.append((where, ", ".join(clue.text for clue in members)))
        elif len(members) > 1 and members[0].instance:
            shown = "; ".join(_instance(clue) for clue in members[:2])
            more = "; ..." if len(members) > 2 else ""
            rows.append((where, f"{members[0].text}  ({len(members)} instances: {shown}{more})"))
        else:
            rows += [(clue.name, clue.text) for clue in members]
    named = max(len(where) for where, _ in rows)
    return [f"  {where:<{named}}  {text}" for where, text in rows]


def _instance(clue: Clue) -> str:
    return ", ".join(f"{name}={value}" for name, value in clue.instance)


def clue_label(clue: Clue) -> str:
    """A clue as a step names it: `line 21 (milk at middle)`; a `forall` instance by its values."""
    return clue.name if clue.instance else f"{clue.name} ({clue.text})"


def facts_text(namer: Namer, facts: list[Fact]) -> str:
    """Facts in words, placements first; past EXCLUSIONS_NAMED exclusions, their number."""
    placed = [f for f in facts if f.holds]
    excluded = [f for f in facts if not f.holds and f.var not in {p.var for p in placed}]
    if len(excluded) > EXCLUSIONS_NAMED:
        shown = namer.grouped(placed)
        return "; ".join([*shown, f"and {len(excluded)} values excluded"]) if shown else \
            f"{len(excluded)} values excluded"
    return "; ".join(namer.grouped(placed + excluded))


def _steps_lines(explanation: Explanation, namer: Namer) -> list[str]:
    difficulty = explanation.difficulty
    assert difficulty is not None
    return [f"Step by step ({difficulty.steps} steps; the hardest uses {difficulty.hardest} clues and facts "
            f"together, all of them {difficulty.total}):", *numbered_steps(explanation.steps, namer)]


def numbered_steps(steps: list[Step], namer: Namer) -> list[str]:
    return [f"{number:>4}. {step_text(step, namer)}" for number, step in enumerate(steps, 1)]


def step_text(step: Step, namer: Namer) -> str:
    derived = "; ".join(namer.grouped(step.derived))
    if step.givens:
        return f"The {len(step.clues)} givens: {facts_text(namer, step.derived)}."
    if step.rest:
        return f"From all the clues together (the time limit stopped the search for smaller steps): {derived}."
    sources = [clue_label(clue) for clue in step.clues] or ["the declarations alone"]
    used = namer.grouped(step.used)
    known = f", knowing {'; '.join(used)}" if used else ""
    return f"From {' and '.join(sources)}{known}: {derived}."
