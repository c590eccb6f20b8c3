"""What `explain` had found when Ctrl-C stopped it: `Partial` hears each part as it is found
(`explanation.Tell`: the status, the redundant clues, the minimal set, the forced facts, each step,
the conflict), in this process or sent from the child that a time limit uses, and keeps it; Ctrl-C
then prints those parts in words or as JSON marked `"interrupted": true`, says which search it
stopped and how far it got ("interrupted after 12 of ? steps: 31 of 81 values placed"), and the
command exits 130. The parts shown were found by the clue oracle, as always, but not yet checked by
other means (`verify` runs once everything is found): the words say so."""

from __future__ import annotations

import time

from ..core.static_types import Any
from ..lower.layout import Layout
from . import Explanation
from .facts import Fact, Namer
from .report import as_json, conflict_lines
from .solved import forced_lines, minimal_lines, not_unique_head, numbered_steps, redundant_lines, unique_head
from .steps import Step, difficulty

# Each search that `explain` runs, as the words about an interrupted one name it.
SEARCHES = {
    "start": "whether the clues hold together",
    "conflict": "the smallest set of clues that cannot hold together",
    "repairs": "the clues whose removal alone gives solutions",
    "suggestions": "the clues that would leave one solution",
    "redundant": "the clues that the others imply",
    "minimal": "a minimal set of clues",
    "forced": "the facts each clue forces",
    "steps": "the steps",
    "check": "the check of the explanation by other means",
}
# A part of the explanation, and the keys of its JSON that are left out until it is found.
JSON_KEYS = {"conflict": ("conflict", "smallest"), "repairs": ("repairs",), "suggestions": ("differing", "suggestions"),
             "redundant": ("redundant",), "minimal": ("minimal",), "forced": ("forced",)}


class Partial:
    """The parts of an explanation found so far, and the search under way."""

    def __init__(self, layout: Layout | None = None, outputs: list[str] | None = None) -> None:
        self.explanation = Explanation("interrupted", [], layout=layout, outputs=list(outputs or []))
        self.known: set[str] = set()  # the fields of the explanation found
        self.search = "start"
        self.stepping = False  # the steps were asked for
        self.facts_of: dict[str, set[Fact]] = {}  # each variable's facts that the steps are to derive
        self.derived: set[Fact] = set()
        self.placed = 0  # variables all of whose facts the steps derived
        self.started = time.perf_counter()

    def tell(self, kind: str, value: Any) -> None:
        """One part found, or the next search begun (`explanation.Tell`)."""
        if kind == "stage":
            self.search = value
        elif kind == "targets":
            self._aim(value)
        elif kind == "step":
            self._took(value)
        else:
            setattr(self.explanation, kind, value)
            self.known.add(kind)

    def _aim(self, targets: list[Fact]) -> None:
        self.stepping = True
        for fact in targets:
            self.facts_of.setdefault(fact.var, set()).add(fact)

    def _took(self, step: Step) -> None:
        self.explanation.steps.append(step)
        self.derived.update(step.derived)
        self.placed = sum(facts <= self.derived for facts in self.facts_of.values())

    @property
    def steps_taken(self) -> int:
        """The steps taken, the givens' step not counted (as the difficulty counts them)."""
        return sum(not step.givens for step in self.explanation.steps)

    def progress(self) -> str:
        """What the progress line says: the steps so far, or the search under way."""
        if self.search == "steps":
            return f"explain: {self._steps_so_far(self.steps_taken)}, {self._placed()}"
        return f"explain: finding {SEARCHES[self.search]}"

    def stopped(self) -> str:
        """The line on standard error: how far the interrupted explanation got."""
        seconds = time.perf_counter() - self.started
        if self.search == "steps":
            return f"interrupted after {self.steps_taken} of ? steps: {self._placed()}, {seconds:.1f} s"
        if self.explanation.status == "interrupted":
            return "interrupted"
        return f"interrupted while finding {SEARCHES[self.search]}, {seconds:.1f} s"

    def _placed(self) -> str:
        return f"{self.placed} of {len(self.facts_of)} values placed"

    @staticmethod
    def _steps_so_far(n: int) -> str:
        return f"{n} step" if n == 1 else f"{n} steps"

    def text(self) -> str:
        """The parts found, in the words of a whole explanation, and a note of what stopped it."""
        explanation = self.explanation
        lines = {"unique": self._unique_lines, "not_unique": lambda: not_unique_head(explanation),
                 "unsatisfiable": self._conflict_lines}.get(explanation.status, list)()
        what = "checking the explanation" if self.search == "check" else f"finding {SEARCHES[self.search]}"
        note = (f"(Ctrl-C stopped explain while it was {what}: what it had found is shown, as the clue solver "
                "found it, not yet checked by other means.)")
        return "\n".join([*lines, *([""] if lines else []), note])

    def _unique_lines(self) -> list[str]:
        explanation, namer = self.explanation, Namer(self.explanation.layout)
        lines = unique_head(self.explanation)
        parts = [("redundant", redundant_lines), ("minimal", minimal_lines),
                 ("forced", lambda e: forced_lines(e, namer))]
        for name, part in parts:
            if name in self.known and (found := part(explanation)):
                lines += [*found, ""]
        if self.stepping:
            lines += self._steps_lines(namer)
        return lines

    def _steps_lines(self, namer: Namer) -> list[str]:
        steps = self.explanation.steps
        hardness = difficulty(steps)
        return [f"Step by step, the first {self._steps_so_far(hardness.steps)} ({self._placed()}; the hardest "
                f"uses {hardness.hardest} clues and facts together, all of them {hardness.total}):",
                *numbered_steps(steps, namer)]

    def _conflict_lines(self) -> list[str]:
        if "conflict" in self.known:
            return conflict_lines(self.explanation)
        return ["No solution: the clues cannot hold together with the declarations."]

    def as_json(self) -> dict[str, Any]:
        """The parts found as `explain --json` gives them, the others left out, marked
        `"interrupted": true` with the search it stopped (`docs/schema/result.schema.json`)."""
        explanation = self.explanation
        explanation.seconds = time.perf_counter() - self.started
        if self.stepping:
            explanation.difficulty = difficulty(explanation.steps)
        data = as_json(explanation)
        for part, keys in JSON_KEYS.items():
            if part not in self.known:
                for key in keys:
                    data.pop(key, None)
        return {**data, "interrupted": True, "stopped_in": self.search}
