"""The facts a person writes into a puzzle's grid while solving it: a value placed (`Dane at 2`,
`cell[1,3] = 5`) or a value excluded (`Dane not at 3`), one per model variable and value. The
step-wise explanation derives them, the forced facts list them, and a non-unique puzzle's
distinguishing clues are written from them in the model's own language."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.record import Record
from ..ir import InSet, Problem
from ..lower.layout import Layout

# Exclusions are facts only of variables with at most this many values (a sum's total with 200
# values is placed, never excluded value by value).
EXCLUDED_UP_TO = 32


class Fact(Record):
    """`var == value` when `holds`, else `var != value`."""

    var: str
    value: int
    holds: bool

    def constraint(self, problem: Problem) -> InSet:
        """The fact as a constraint of the IR (to check it by other means than found it)."""
        if self.holds:
            return InSet(self.var, (self.value,))
        return InSet(self.var, tuple(v for v in problem.variables[self.var].domain if v != self.value))


def solution_facts(problem: Problem, solution: dict[str, int]) -> list[Fact]:
    """Every fact the solution makes true, in the order of the model's variables: each variable's
    value placed, and each other value excluded where the domain is small enough."""
    facts = []
    for name in problem.outputs:
        domain = problem.variables[name].domain
        if len(domain) < 2:
            continue
        facts.append(Fact(name, solution[name], True))
        if len(domain) <= EXCLUDED_UP_TO:
            facts += [Fact(name, v, False) for v in domain if v != solution[name]]
    return facts


class Namer:
    """Names a model variable as the model's text does: an entity by its own name (`Dane`,
    `"Pall Mall"`), anything else by the variable (`cell[1,3]`, `x`); a position by its key's name in a
    puzzle keyed by names; a number of an attribute of numbers as `Dov.age == 3`."""

    def __init__(self, layout: Layout | None) -> None:
        self.entity: dict[str, str] = {}
        self.number: dict[str, tuple[str, str]] = {}  # var -> (attribute, its number) of an attribute of numbers
        entities = layout.entities if layout is not None else None
        self.labels = entities.labels if entities is not None else None
        self.layout = layout  # a variable of names shows its value as the name (`WA = red`)
        for attribute, values in (entities.attributes.items() if entities is not None else []):
            numeric = all(name.lstrip("-").isdigit() for name in values)
            for name, var in values.items():
                if numeric:
                    self.number[var] = (attribute, name)
                else:
                    self.entity[var] = _quoted(name)

    def name(self, var: str) -> str:
        if var in self.number:
            attribute, number = self.number[var]
            return f"{attribute} {number}"
        return self.entity.get(var, var)

    def is_entity(self, var: str) -> bool:
        return var in self.entity

    def position(self, value: int) -> str:
        """A position as a clue writes it: its number, or its key's name."""
        return _quoted(self.labels[value - 1]) if self.labels is not None else str(value)

    def fact(self, fact: Fact) -> str:
        """One fact in words: `Dane at 2`, `Dane not at 3`, `x = 4`, `x not 4`, `Dov.age == 3`."""
        return self.grouped([fact])[0]

    def grouped(self, facts: Iterable[Fact]) -> list[str]:
        """Facts in words, a variable's exclusions together (`Dane not at 1, 3`) and left out where the
        same facts place it."""
        placed = {f.var: f.value for f in facts if f.holds}
        excluded: dict[str, list[int]] = {}
        for f in facts:
            if not f.holds and f.var not in placed:
                excluded.setdefault(f.var, []).append(f.value)
        return [
            *(self._placed(var, value) for var, value in placed.items()),
            *(self._excluded(var, values) for var, values in excluded.items()),
        ]

    def _placed(self, var: str, value: int) -> str:
        if var in self.number:
            attribute, number = self.number[var]
            return f"{self.position(value)}.{attribute} == {number}"
        if self.is_entity(var):
            return f"{self.name(var)} at {self.position(value)}"
        return f"{var} = {self.value(var, value)}"

    def _excluded(self, var: str, values: list[int]) -> str:
        if var in self.number:
            attribute, number = self.number[var]
            return "; ".join(f"{self.position(value)}.{attribute} != {number}" for value in sorted(values))
        if self.is_entity(var):
            return f"{self.name(var)} not at {', '.join(self.position(v) for v in sorted(values))}"
        return f"{var} not {', '.join(self.value(var, v) for v in sorted(values))}"

    def value(self, var: str, value: int) -> str:
        """A value as the model writes it: a number, or a name of a domain of names."""
        return self.layout.shown(var, value) if self.layout is not None else str(value)


def _quoted(name: str) -> str:
    """A value's name as the text must write it: in quotes unless it is a plain word."""
    return name if name.replace("_", "a").isalnum() and not name[0].isdigit() else f'"{name}"'
