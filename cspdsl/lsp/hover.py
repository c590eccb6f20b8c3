"""Hover: what the name under the cursor is, its declaration and, when the model lowers, its values
(a variable's domain, an attribute's values and positions); on a clue, what lowering made of it."""

from __future__ import annotations

from ..core.errors import Span
from ..lower import Lowered
from ..lower.context import range_text
from ..lower.layout import Entities
from . import symbols
from .analysis import Analysis
from .completion import FUNCTIONS
from .symbols import Declared, Index


def hover_text(analysis: Analysis, line: int, column: int) -> tuple[str, Span] | None:
    """Markdown about what is at (line, column), and the span it is about; None over nothing known."""
    index = analysis.index
    found = index.name_at(line, column)
    if found is not None:
        name, span = found
        declared = index.declared.get(name)
        if declared is not None:
            return describe(declared, index, analysis.lowered), span
        if name in FUNCTIONS:
            return f"**function** `{name}`", span
    clue = index.clue_at(line) if analysis.parsed else None
    if clue is not None:
        return clue_text(clue, analysis.lowered), clue
    return None


def describe(declared: Declared, index: Index, lowered: Lowered | None) -> str:
    """A declared name: what it is, the statement declaring it, and what lowering knows of it."""
    owner = f" of `{declared.owner}`" if declared.owner else ""
    parts = [f"**{declared.kind}** `{declared.name}`{owner}", f"```puz\n{declared.statement.text}\n```"]
    if declared.members:
        parts.append("values: " + ", ".join(declared.members))
    known = _lowered_facts(declared, index, lowered) if lowered is not None else None
    if known:
        parts.append(known)
    return "\n\n".join(parts)


def _lowered_facts(declared: Declared, index: Index, lowered: Lowered) -> str | None:
    """What the lowered model says of a name: a domain, the values of an attribute's variables."""
    layout, variables = lowered.layout, lowered.problem.variables
    entities = layout.entities
    if declared.kind == symbols.VARIABLE:
        if declared.name in layout.scalars:
            var = layout.scalars[declared.name]
            return f"domain: {_domain(lowered, var)}"
        cells = _cells(lowered, declared.name)
        if cells:
            values = sorted({value for var in cells for value in variables[var].domain})
            shown = _names(lowered, cells[0], values)
            return f"{len(cells)} cells, each in {shown}"
    if entities is None:
        return None
    where = f"{entities.name} {_positions(entities, entities.positions)}"
    if declared.kind == symbols.VALUE and declared.owner in entities.attributes:
        held = entities.attributes[declared.owner].get(declared.name)
        if held is None:
            return f"at one {where}"
        return f"at {entities.name} {_positions(entities, list(variables[held].domain))}"
    if declared.kind == symbols.ATTRIBUTE:
        return f"each value at a different {where}"
    if declared.kind == symbols.ENTITY:
        return f"positions: {where}"
    if declared.kind == symbols.KEY_VALUE and entities.labels and declared.name in entities.labels:
        return f"position {entities.labels.index(declared.name) + 1} of {entities.name}"
    return None


def _positions(entities: Entities, positions: list[int]) -> str:
    """Positions as the model names them: 1..5, or the key's values."""
    if entities.labels is None:
        return range_text(positions)
    return "{" + ", ".join(entities.label(position) for position in positions) + "}"


def _cells(lowered: Lowered, name: str) -> list[str]:
    """The variables of an array or a board called `name`, in order."""
    for grid in lowered.layout.grids:
        if grid.name == name:
            return list(grid.cells.values())
    for board in lowered.layout.boards:
        if board.name == name:
            return list(board.variables.values())
    return []


def _domain(lowered: Lowered, var: str) -> str:
    return _names(lowered, var, list(lowered.problem.variables[var].domain))


def _names(lowered: Lowered, var: str, values: list[int]) -> str:
    """Values as the model writes them: names for a variable of names, else numbers (1..9, {1, 3})."""
    if var in lowered.layout.symbolic:
        return "{" + ", ".join(lowered.layout.symbols[value - 1] for value in values) + "}"
    return range_text(values)


def clue_text(clue: Span, lowered: Lowered | None) -> str:
    """A clue: that it must hold, how many constraints lowering posted for it, and a warning if it
    folded to a constant."""
    parts = [f"**clue** (line {clue.line}): every solution satisfies it"]
    if lowered is not None:
        posted = sum(1 for item in lowered.problem.constraints if item.span == clue)
        parts.append(f"lowered to {posted} constraint{'' if posted == 1 else 's'}")
        parts += [f"warning: {folded.message}" for folded in lowered.folded if folded.span == clue]
    return "\n\n".join(parts)
