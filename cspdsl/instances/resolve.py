"""An instance's fields checked against the model: each names a param, a grid or a variable of the
model, with a value it can take; anything else is a CspdslError at the fault, saying what was expected.

A grid is set by a string of one character a cell in reading order (a digit, `.` or `_` for a blank,
and `0` for a blank where 0 is not a value of the cell) or, in JSON, by a list of rows of numbers
(`null` for a blank); a 1-D array is one row.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.errors import did_you_mean
from ..core.record import Record, field
from ..core.static_types import Any
from ..lower.context import MAX_INT, range_text
from ..lower.layout import Grid
from .fields import Field, value_offset
from .read import RawInstance
from .template import Template, cell_count, positions, shape_text

BLANKS = "._"
LINE_WORDS = "a digit a cell, '.' or '0' for a blank"


class Instance(Record):
    """An instance ready to solve: where it came from, its params, and every variable it fixes."""

    params: dict[str, int] = field(default_factory=dict)
    givens: dict[str, int] = field(default_factory=dict)
    file: str = ""
    line: int = 0


def split_params(raw: RawInstance, fields: list[Field], names: list[str]) -> tuple[dict[str, int], list[Field]]:
    """The fields that set the model's params, as whole numbers, and the other fields."""
    params, rest = {}, []
    for found in fields:
        if found.name in names:
            params[found.name] = _param_value(raw, found)
        else:
            rest.append(found)
    return params, rest


def _param_value(raw: RawInstance, found: Field) -> int:
    """A param's value from the instance: a whole number the backends take, or an error at the data's
    own line (not at the model's param, which the instance overrides)."""
    value: int = _whole_number(raw, found, f"param '{found.name}'")
    if abs(value) > MAX_INT:
        raise raw.error(f"param '{found.name}': {value} is too large: the backends take numbers from "
                        f"{-MAX_INT} to {MAX_INT}", value_offset(raw, found), len(str(value)))
    return value


def resolve(raw: RawInstance, fields: list[Field], template: Template, params: Mapping[str, int]) -> Instance:
    """The instance's givens: the grids and variables its fields set, over the model's own pictures."""
    chosen: dict[str, dict[str, int]] = {}
    values: dict[str, int] = {}
    for found in fields:
        if found.name is None:
            grid = _line_grid(raw, found, template)
            chosen[grid.name] = _grid_string(raw, found, grid, template)
        elif found.name in template.grids:
            if found.value in ("", None):  # an empty cell of a CSV row, JSON's null: the grid is not set
                continue
            chosen[found.name] = _grid_value(raw, found, template.grids[found.name], template)
        elif found.name in template.scalars:
            value = _whole_number(raw, found, f"variable '{found.name}'", allow_blank=True)
            if value is not None:
                var = template.scalars[found.name]
                values[var] = _in_domain(raw, value_offset(raw, found), len(str(found.value)), var, value, template)
        else:
            raise _unknown(raw, found, template)
    return Instance(dict(params), template.givens(chosen, values), raw.file, raw.line)


def _unknown(raw: RawInstance, found: Field, template: Template) -> Exception:
    known = template.settable()
    hint = did_you_mean(str(found.name), known) or (
        f"an instance may set: {', '.join(known)}" if known else "the model has nothing an instance can set")
    return raw.error(f"the model has no param, grid or variable '{found.name}'", found.offset, found.length, hint)


def _line_grid(raw: RawInstance, found: Field, template: Template) -> Grid:
    grid = template.line_grid
    if grid is not None:
        return grid
    grids = list(template.grids)
    what = f"{len(grids)} grids ({', '.join(grids)})" if grids else "no grid"
    raise raw.error(f"a line of characters fills the model's grid of givens, but the model has {what}",
                    found.offset, found.length, "name what the instance sets in a .json, .jsonl or .csv file"
                    if grids else "an instance of this model sets params or variables: use .json, .jsonl or .csv")


def _whole_number(raw: RawInstance, found: Field, what: str, allow_blank: bool = False) -> Any:
    value = found.value
    if allow_blank and value in (None, ""):
        return None
    if isinstance(value, str) and raw.kind == "csv":
        try:
            return int(value)
        except ValueError:
            pass
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    shown = value if isinstance(value, str) and raw.kind == "csv" else _json_text(value)
    raise raw.error(f"{what}: {shown} is not a whole number", value_offset(raw, found), len(str(shown)))


def _json_text(value: Any) -> str:
    import json

    return json.dumps(value)


def _in_domain(raw: RawInstance, offset: int, length: int, var: str, value: int, template: Template) -> int:
    domain = template.domain(var)
    if value not in domain:
        raise raw.error(f"given {value} is outside the domain {range_text(list(domain))} of {var}", offset, length)
    return value


def _grid_value(raw: RawInstance, found: Field, grid: Grid, template: Template) -> dict[str, int]:
    if isinstance(found.value, str):
        return _grid_string(raw, found, grid, template, value_offset(raw, found) + (raw.kind == "json"))
    if isinstance(found.value, list):
        return _grid_rows(raw, found, grid, template)
    raise raw.error(f"grid '{grid.name}' is set by a string of {cell_count(grid)} characters ({LINE_WORDS}) "
                    "or a list of rows", value_offset(raw, found), 1)


def _grid_string(raw: RawInstance, found: Field, grid: Grid, template: Template,
                 start: int | None = None) -> dict[str, int]:
    """The cells that a string of one character a cell fixes."""
    text, start = str(found.value), found.offset if start is None else start
    reader = template.line_reader(grid)
    quick = None if reader is None else reader.givens(text)
    if quick is not None:
        return quick
    expected = cell_count(grid)
    if len(text) != expected:
        raise raw.error(f"'{grid.name}' is {shape_text(grid)}: expected {expected} characters ({LINE_WORDS}), "
                        f"found {len(text)}", start, len(text))
    fixed = {}
    for number, (char, (index, var, domain)) in enumerate(zip(text, template.reading_order(grid), strict=True)):
        if char in BLANKS or (char == "#" and var is None):
            continue
        if not char.isdigit() or not char.isascii():
            raise raw.error(f"'{char}' is not a cell: expected a digit, or '.' or '0' for a blank", start + number, 1)
        if var is None:
            raise raw.error(f"{cell_name(grid, index)} is a black cell: it takes no given", start + number, 1)
        value = ord(char) - 48
        if value not in domain:
            if value == 0:
                continue
            raise raw.error(f"given {value} is outside the domain {range_text(list(domain))} of {var}",
                            start + number, 1)
        fixed[var] = value
    return fixed


def _grid_rows(raw: RawInstance, found: Field, grid: Grid, template: Template) -> dict[str, int]:
    """The cells that a JSON list of rows (a 1-D array: one list; more dimensions: lists nested as
    deep) fixes; null is a blank."""
    offset = value_offset(raw, found)
    sizes = [len(r) for r in grid.index_ranges]
    cells = _nested(found.value, sizes)
    if cells is None:
        expected = {1: f"a list of {sizes[0]} numbers", 2: f"a list of {sizes[0]} rows of {sizes[-1]} numbers"}.get(
            len(sizes), f"lists nested {len(sizes)} deep of {shape_text(grid)} numbers")
        raise raw.error(f"'{grid.name}' is {shape_text(grid)}: expected {expected} (null for a blank)", offset, 1)
    fixed = {}
    for index, value in zip(positions(grid), cells, strict=True):
        if value is None:
            continue
        var = grid.cells.get(index)
        if not isinstance(value, int) or isinstance(value, bool):
            raise raw.error(f"{cell_name(grid, index)}: {_json_text(value)} is not a whole number or null",
                            offset, 1)
        if var is None:
            raise raw.error(f"{cell_name(grid, index)} is a black cell: it takes no given", offset, 1)
        fixed[var] = _in_domain(raw, offset, 1, var, value, template)
    return fixed


def _nested(value: Any, sizes: list[int]) -> list[Any] | None:
    """The cells of lists nested as deep as `sizes` has sizes, each of its size, in reading order;
    None for anything else."""
    if not isinstance(value, list) or len(value) != sizes[0]:
        return None
    if len(sizes) == 1:
        return value
    inner = [_nested(item, sizes[1:]) for item in value]
    return None if any(i is None for i in inner) else [cell for i in inner for cell in i or []]


def cell_name(grid: Grid, index: tuple[int, ...]) -> str:
    """A cell as the IR names it: `g[2,3]`, `q[4]`."""
    return f"{grid.name}[{','.join(map(str, index))}]"
