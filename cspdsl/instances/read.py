"""Data files cut into instances, each kept as its own text until it is solved.

Formats, by the file's ending:
- `.json`: one instance, a JSON object naming params, grids and variables by the model's names;
- `.jsonl` (or `.ndjson`): one such object a line;
- `.csv`: a header row of the model's names, then one instance a row;
- anything else (`.txt`, `-` for standard input): one instance a line, the cells of the model's grid
  of givens as characters (a Sudoku: 81 digits, `.` or `0` for blanks).
Blank lines, and in line formats lines starting with `#`, are skipped.

An instance keeps only its own text and where it stands (file, line), so that sending it to another
process costs its own size, and an error in it is located without reading the file again. Parsing
the text waits until the instance is solved (`fields.py`): a bad row is its own error, not the file's.
"""

from __future__ import annotations

import os

from ..core.errors import CspdslError, Source, Span
from ..core.record import Record, field

JSONL_ENDINGS = (".jsonl", ".ndjson")


class RawInstance(Record):
    """One instance as read: its text, its kind (json, csv, line), where it stands, and for a CSV row
    the header's names."""

    file: str
    line: int  # the 1-based line of the file where the instance starts
    text: str
    kind: str
    header: tuple[str, ...] = field(default=(), repr=False)
    header_text: str = field(default="", repr=False)

    def span(self, offset: int = 0, length: int = 0) -> Span:
        """The place `offset` characters into the instance's text, `length` long (at least one)."""
        before = self.text[:offset]
        line = self.line + before.count("\n")
        column = offset - (before.rfind("\n") + 1) + 1
        # A Source of the lines up to this one only: the rest of the file need not travel with it.
        lines = self.text.split("\n")
        text = "\n" * (line - 1) + lines[before.count("\n")]
        return Span(Source(self.file, text), line, column, line, column + max(length, 1))

    def error(self, message: str, offset: int = 0, length: int = 0, hint: str | None = None) -> CspdslError:
        return CspdslError(message, self.span(offset, length), hint)


def format_of(path: str) -> str:
    """json, jsonl, csv or line, by the file's ending."""
    lower = path.lower()
    if lower.endswith(".json"):
        return "json"
    if lower.endswith(JSONL_ENDINGS):
        return "jsonl"
    return "csv" if lower.endswith(".csv") else "line"


def read_text(path: str) -> str:
    """The file's text (`-`: standard input); a file that cannot be read is a CspdslError."""
    if path == "-":
        from ..lower.load import read_stdin

        try:
            return read_stdin()
        except CspdslError as error:  # its words are a model's: these are data
            raise CspdslError(error.message.replace("the model", "the data")) from None
    try:
        with open(path, encoding="utf-8") as file:
            return file.read().removeprefix("\ufeff")
    except OSError as error:
        raise CspdslError(f"cannot read data file '{path}': {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CspdslError(f"cannot read data file '{path}': it is not UTF-8 text") from None


def read_instances(path: str) -> list[RawInstance]:
    """The instances of one data file, in order."""
    text = read_text(path)
    name = "<stdin>" if path == "-" else os.fspath(path)
    kind = format_of(path)
    if kind == "json":
        return [RawInstance(name, 1, text, "json")] if text.strip() else []
    lines = [(number, line.removesuffix("\r")) for number, line in enumerate(text.split("\n"), start=1)]
    lines = [(number, line) for number, line in lines if line.strip() and not line.lstrip().startswith("#")]
    if kind == "jsonl":
        return [RawInstance(name, number, line, "json") for number, line in lines]
    if kind == "line":
        return [RawInstance(name, number, line, "line") for number, line in lines]
    return _csv_rows(name, lines)


def _csv_rows(name: str, lines: list[tuple[int, str]]) -> list[RawInstance]:
    """The rows after the header, each knowing the header's names."""
    if not lines:
        return []
    import csv

    header_line, header_text = lines[0]
    header = tuple(cell.strip() for cell in next(csv.reader([header_text])))
    for offset, cell in zip(csv_offsets(header_text), header, strict=False):
        if not cell:
            source = Source(name, "\n" * (header_line - 1) + header_text)
            raise CspdslError("a column of the header has no name", Span(source, header_line, offset + 1,
                                                                          header_line, offset + 2),
                              "the header row names the model's params, grids and variables")
    return [RawInstance(name, number, line, "csv", header, header_text) for number, line in lines[1:]]


def csv_offsets(line: str) -> list[int]:
    """Where each field of a CSV line starts (quotes respected, "" inside quotes an escaped quote)."""
    offsets, quoted = [0], False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            offsets.append(index + 1)
    return offsets


def instances_of(paths: list[str]) -> list[RawInstance]:
    """The instances of every file, in the order given."""
    found: list[RawInstance] = []
    for path in paths:
        found.extend(read_instances(path))
    return found
