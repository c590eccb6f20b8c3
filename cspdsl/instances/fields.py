"""An instance's text read into fields: a model name, its value, and where the value stands.

A JSON object gives its keys and values (a key is located at its first quoted occurrence in the
text); a CSV row gives the header's names and the row's cells, as text; a line of a plain file is
one field with no name, the cells of the model's grid of givens.
"""

from __future__ import annotations

import json

from ..core.record import Record
from ..core.static_types import Any
from .read import RawInstance, csv_offsets


class Field(Record):
    """One value of an instance: the model name it sets (None: the model's grid of givens), the value
    (JSON's int, str, list or None; a CSV cell's text), and its place in the instance's text."""

    name: str | None
    value: Any
    offset: int
    length: int


def fields_of(raw: RawInstance) -> list[Field]:
    """The instance's fields, in the order written; a CspdslError at the fault for text that is not
    the format's."""
    if raw.kind == "json":
        return _json_fields(raw)
    if raw.kind == "csv":
        return _csv_fields(raw)
    start = len(raw.text) - len(raw.text.lstrip())
    value = raw.text.strip()
    return [Field(None, value, start, len(value))]


def _json_fields(raw: RawInstance) -> list[Field]:
    try:
        data = json.loads(raw.text)
    except json.JSONDecodeError as error:
        raise raw.error(f"not valid JSON: {error.msg}", error.pos) from None
    if not isinstance(data, dict):
        start = len(raw.text) - len(raw.text.lstrip())
        raise raw.error(f"an instance is a JSON object, not {_json_kind(data)}", start, 1,
                        'name the model\'s params, grids and variables: {"n": 8, "cell": "..."}')
    fields = []
    for name, value in data.items():
        quoted = json.dumps(name, ensure_ascii=False)
        fields.append(Field(str(name), value, max(raw.text.find(quoted), 0), len(quoted)))
    return fields


def value_offset(raw: RawInstance, found: Field) -> int:
    """Where a JSON field's value starts (after its key and colon); a CSV cell's own offset."""
    if raw.kind != "json":
        return found.offset
    colon = raw.text.find(":", found.offset + found.length)
    if colon < 0:
        return found.offset
    rest = raw.text[colon + 1:]
    return colon + 1 + len(rest) - len(rest.lstrip())


def _json_kind(value: Any) -> str:
    kinds = {list: "a list", str: "a string", bool: "true or false", int: "a number", float: "a number"}
    return next((word for kind, word in kinds.items() if isinstance(value, kind)), "null")


def _csv_fields(raw: RawInstance) -> list[Field]:
    import csv

    cells = next(csv.reader([raw.text]), [])
    if len(cells) != len(raw.header):
        raise raw.error(f"this row has {len(cells)} cells; the header names {len(raw.header)} "
                        f"({', '.join(raw.header)})", 0, len(raw.text))
    fields = []
    for name, cell, offset in zip(raw.header, cells, csv_offsets(raw.text), strict=False):
        lead = len(cell) - len(cell.lstrip())
        fields.append(Field(name, cell.strip(), offset + lead + (1 if raw.text[offset:offset + 1] == '"' else 0),
                            len(cell.strip())))
    return fields
