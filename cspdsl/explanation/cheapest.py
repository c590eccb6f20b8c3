"""`explain --steps --cheapest`: at each point a cheapest step under the cost model of `costs.py`
(each clue by its kind, each known fact it cites 1), found by OCUS (`ocus.py`), in place of the
default steps' rounds of no clue, one clue, then the fewest clues near a cell (`steps.StepSearch`).

The default's round gives the first step in hand, at once; the OCUS search then looks only for a
cheaper one, and proves none is (the step is marked `cheapest`). Past its budget of questions
(`ocus.STEP_CALLS`), the cheapest step found stands, not marked. Everything else is the default's:
the givens' step, what a step derives (everything its clues and facts imply), the time limit's rest
step, and each step told as it is taken (Ctrl-C keeps them).
"""

from __future__ import annotations

from collections.abc import Callable

from .costs import FACT_COST, clue_cost, step_cost
from .facts import Fact
from .ocus import StepFinder
from .oracle import ClueOracle
from .steps import PastDeadline, Step, StepSearch


class CheapestSearch(StepSearch):
    """The step-wise explanation with a cheapest step at each point."""

    def __init__(self, oracle: ClueOracle, targets: list[Fact], deadline: float | None,
                 on_step: Callable[[Step], None] | None = None) -> None:
        super().__init__(oracle, targets, deadline, on_step)
        costs = {clue.number: clue_cost(clue) for clue in oracle.clues if not clue.is_given}
        self.finder = StepFinder(oracle, costs, list(targets), FACT_COST)

    def next_steps(self) -> list[Step]:
        """The cheapest next step (one), from the facts known; past the search's budget, the cheaper
        of the best it found and the default's round's."""
        found = self.finder.cheapest(self.known, self.remaining, self.deadline)
        if self._late():
            raise PastDeadline
        if found is None or not found.proved:
            rounds = min(super().next_steps(), key=weighed)
            if found is None or weighed(rounds) < found.cost:
                return [rounds]
        assert found is not None
        derived = self.oracle.implied(found.clues, found.facts, self.remaining)
        return [Step([self.by_number[n] for n in found.clues], found.facts, derived, cheapest=found.proved)]


def weighed(step: Step) -> int:
    """What a step costs a person under the cost model (`costs.py`)."""
    return step_cost(step.clues, len(step.used))
