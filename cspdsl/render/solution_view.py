"""A solution read the way its puzzle reads (`Result.solution`): `solution["Brit"]` is the Brit's
row of the entity table (`{"house": 3, "colour": "red", ...}`), `solution["cell"][2][5]` a grid's
cell by the model's own indices, `solution["x"]` a variable; the flat names (`"nationality[Dane]"`)
still work, as scripts use them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from ..core.static_types import Any
from ..lower.layout import AttributeAt, Entities, Grid, Layout, Named, Placeholder
from .solution import value_at


class SolutionView(Mapping[str, Any]):
    """One solution, keyed by what the model names: entities, grids and arrays, variables."""

    def __init__(self, layout: Layout, values: Mapping[str, int]) -> None:
        self.layout, self.flat = layout, values
        self.grids = {grid.name: grid for grid in layout.grids}

    def __getitem__(self, key: str) -> Any:
        if key in self.grids:
            return _Indexed(self.grids[key], self.flat, (), self.shown)
        entities = self.layout.entities
        if entities is not None:
            for values in entities.attributes.values():
                if key in values:
                    return _row(entities, self.flat, self.flat[values[key]])
        if key in self.layout.scalars:
            return self.shown(self.layout.scalars[key])
        return self.shown(key)

    def shown(self, var: str) -> Any:
        """A variable's value: a number, or the name a variable of names holds."""
        value = self.flat[var]
        return self.layout.symbols[value - 1] if var in self.layout.symbolic else value

    def __iter__(self) -> Iterator[str]:
        return iter(self.flat)

    def __len__(self) -> int:
        return len(self.flat)

    def __repr__(self) -> str:
        return f"SolutionView({dict(self.flat)!r})"

    def plain(self, key: str) -> Any:
        """`self[key]` as plain data: a grid as nested lists (None at a black cell)."""
        found = self[key]
        return _listed(found) if isinstance(found, _Indexed) else found

    def placeholder(self, placeholder: Placeholder) -> Any:
        """What a question's placeholder stands for in this solution, as a value rather than words:
        `{nationality[fish]}` the attribute's value there, `{band[South]}` a key value, `{WA}` a name,
        `{fish}` a number, `{code}` a list."""
        return placeholder_value(self.layout, placeholder, dict(self.flat))


def placeholder_value(layout: Layout, placeholder: Placeholder, solution: dict[str, int]) -> Any:
    """A placeholder's value (`SolutionView.placeholder`); None where an attribute has no value."""
    if isinstance(placeholder, AttributeAt):
        position = placeholder.position.evaluate(solution)
        entities = layout.entities
        assert entities is not None
        if placeholder.attribute == entities.name:
            return entities.label(position) if entities.labels is not None else position
        return value_at(entities.attributes[placeholder.attribute], position, solution, None)
    if isinstance(placeholder, Named):
        return layout.symbols[placeholder.term.evaluate(solution) - 1]
    if isinstance(placeholder, tuple):
        return [placeholder_value(layout, term, solution) for term in placeholder]
    return placeholder.evaluate(solution)


def _listed(indexed: _Indexed) -> list[Any]:
    """A grid or one of its rows as lists; a black cell None."""
    def cell(index: int) -> Any:
        try:
            found = indexed[index]
        except IndexError:
            return None
        return _listed(found) if isinstance(found, _Indexed) else found

    return [cell(i) for i in indexed.grid.index_ranges[len(indexed.prefix)]]


def _row(entities: Entities, values: Mapping[str, int], position: int) -> dict[str, Any]:
    """The entity table's row at a position: the position (its name in a keyed puzzle), and each
    attribute's value there (None where none is)."""
    row: dict[str, Any] = {entities.name: entities.label(position) if entities.labels else position}
    for attribute, names in entities.attributes.items():
        row[attribute] = value_at(names, position, values, None)
    return row


class _Indexed:
    """A grid or array indexed as the model indexes it: `cell[2][5]` is the model's `cell[2, 5]`."""

    def __init__(self, grid: Grid, values: Mapping[str, int], prefix: tuple[int, ...],
                 shown: Callable[[str], Any]) -> None:
        self.grid, self.values, self.prefix, self.shown = grid, values, prefix, shown

    def __getitem__(self, index: int) -> Any:
        chosen = (*self.prefix, index)
        if len(chosen) == len(self.grid.index_ranges):
            if chosen not in self.grid.cells:
                raise IndexError(f"{self.grid.name} has no cell {list(chosen)}")
            return self.shown(self.grid.cells[chosen])
        if index not in self.grid.index_ranges[len(self.prefix)]:
            raise IndexError(f"{self.grid.name} has no row {index}")
        return _Indexed(self.grid, self.values, chosen, self.shown)

    def __len__(self) -> int:
        return len(self.grid.index_ranges[len(self.prefix)])

    def __iter__(self) -> Iterator[Any]:
        return (self[i] for i in self.grid.index_ranges[len(self.prefix)])

    def __repr__(self) -> str:
        return repr(list(self))
