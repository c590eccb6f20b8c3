"""An instance's own model and its `Result`, both made only as far as they are read.

An instance's model is the template's base with one clue posted for each given. A batch reads the
status, the uniqueness and the solutions of each result, and never that model: building it (a new
problem with the base's constraints and the givens' clues) costs as much as checking the solution.
So `InstanceModel` makes it on first call, and `InstanceResult.model` calls it on first read; what
the status needs of it (whether it has an objective) is known without making it.
"""

from __future__ import annotations

from ..core.static_types import Any
from ..driver.result import Result, status_of
from ..ir import Objective, Problem
from ..lower import Lowered
from ..lower.layout import Layout
from .template import Template


class InstanceModel:
    """The instance's own model, made when first asked for (`model()`): the template's base with the
    instance's givens posted."""

    def __init__(self, template: Template, givens: dict[str, int]) -> None:
        self.template, self.givens = template, givens
        self.made: Lowered | None = None
        self.objective: Objective | None = template.base.problem.objective  # the base's, which it keeps

    def __call__(self) -> Lowered:
        if self.made is None:
            self.made = instance_model(self.template, self.givens)
        return self.made


def instance_model(template: Template, givens: dict[str, int]) -> Lowered:
    """The instance's own model: the base with each given posted, as a `given` picture posts it."""
    base = template.base
    if not givens:
        return base
    problem = base.problem
    constraints = [*problem.constraints, *map(template.given_posted.__getitem__, givens.items())]
    return Lowered(Problem(problem.variables, constraints, problem.outputs, problem.objective, problem.projected,
                           None),
                   base.layout, base.text, base.name, base.params, base.folded)


class InstanceResult(Result, frozen=False):
    """A `Result` whose `model` field holds the `InstanceModel` until the model is first read. It
    pickles as a plain `Result`, its model made."""

    @property  # type: ignore[misc]  # a field read through a property: made on first read
    def model(self) -> Lowered:
        held = self.__dict__["model"]
        if isinstance(held, InstanceModel):
            held = self.__dict__["model"] = held()
        made: Lowered = held
        return made

    @model.setter
    def model(self, value: Lowered) -> None:
        self.__dict__["model"] = value

    @property
    def status(self) -> str:
        held = self.__dict__["model"]
        objective = held.objective if isinstance(held, InstanceModel) else held.problem.objective
        return status_of(bool(self.solutions), self.complete, self.timed_out,
                         self.optimal if objective is not None else None)

    def shown(self) -> tuple[Layout, list[str]]:
        """The model's layout and its outputs, as a row shows a solution (the base's: the same for
        every instance), without making the model."""
        held = self.__dict__["model"]
        base = held.template.base if isinstance(held, InstanceModel) else held
        return base.layout, base.problem.outputs

    def __reduce__(self) -> tuple[Any, ...]:
        return Result, tuple(getattr(self, name) for name in Result._fields)
