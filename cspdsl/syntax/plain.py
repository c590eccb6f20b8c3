"""The plain lines of a model, read by one regular expression each, and the rest by the parser.

A generated model of a few megabytes is mostly two kinds of line: a declaration with a range domain
(`var v7 in 0..9`) and a linear clue over names and small whole numbers with one comparison
(`v188 + v836 != v12`). The parser makes a handful of AST nodes and their spans for such a line,
and lowering walks them again: about 3.5 µs a byte (docs/performance.md, "Reading big models").
Here one compiled pattern (`patterns`) finds those lines in the whole text at C speed, and each run of
them (no other statement between) becomes one `PlainLines` holding its matches: no node a line.
Every other line is parsed as before, from the text with the plain lines blanked (so lines and
columns stay), and the two are put back together in the model's order. `lower/plain.py` lowers each
plain line to the IR the full path makes of it, with the span the parser would give its statement,
and hands a line back to the full path wherever it is anything but plain.

A plain line is one the grammar reads as that statement alone, whatever surrounds it: the pattern
takes no bracket, quote or keyword, and a line that sits inside brackets or a block (`read_plain`
checks) sends the whole text to the parser. So does a syntax error in the rest, or a sequential
model: the parser then reports what it would have, from the whole text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import cache

from ..core.errors import CspdslError, Source, Span
from . import ast
from .makers import maker
from .parser import parse, parse_in

# Below this many characters a model goes to the parser whole. Compiling the patterns takes about 6 ms
# (the reserved words are spelt out in every name's place), which the parser alone spends on a few
# kilobytes of plain lines; a run that loads a small model then never compiles them.
PLAIN_FROM = 32_768


@cache
def patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The pattern of a plain line, and of what can hold a line break inside one statement (a block,
    a string, whose brackets are text, a comment, whose brackets are too, a bracket): compiled at the
    first big model, not at import."""
    from .words import RESERVED  # the words the scanner reads as keywords, relations or counts

    # Never a plain line's names.
    reserved = sorted(RESERVED, key=lambda word: (-len(word), word))
    name = rf"(?!(?:{'|'.join(reserved)})(?![A-Za-z0-9_]))[A-Za-z_][A-Za-z0-9_]*"
    # At most six digits: no sum of a plain line's numbers comes near the 32-bit bounds lowering checks.
    integer = r"[0-9]{1,6}(?![0-9])"
    term = rf"(?:{name}|{integer})(?![A-Za-z0-9_])"
    side = rf"{term}(?:[ \t]*[-+][ \t]*{term})*"
    end = r"[ \t]*(?:#[^\n]*)?\r?$"
    var = rf"var[ \t]+(?P<var>{name})[ \t]+in[ \t]+(?P<lo>-?[ \t]*{integer})[ \t]*\.\.[ \t]*(?P<hi>-?[ \t]*{integer})"
    clue = rf"(?P<left>{side})[ \t]*(?P<op>==|!=|<=|>=|<|>)[ \t]*(?P<right>{side})"
    plain = re.compile(rf"^[ \t]*(?P<statement>{var}|{clue}){end}", re.MULTILINE)
    return plain, re.compile(r'"""(?:.|\n)*?"""|"[^"\n]*"|#[^\n]*|[(\[{]|[)\]}]')


class PlainLines(ast.Node):
    """A run of plain lines, no other statement between them, as the plain pattern (`patterns`)
    matched them (lowering reads each match's groups: its `statement`, then `var`, `lo`, `hi` for a
    declaration, `left`, `op`, `right` for a clue). `span` is the first one's; lines and columns of
    the others are counted from it."""

    matches: list[re.Match[str]]


_span = maker(Span)


def parse_model(text: str, name: str = "<model>") -> ast.Model:
    """What `parser.parse` makes of a model: a big one with its plain lines read as PlainLines, a
    small one (under PLAIN_FROM characters) by the parser alone."""
    return parse_plain(text, name) if len(text) >= PLAIN_FROM else parse(text, name)


def parse_plain(text: str, name: str = "<model>") -> ast.Model:
    """What `parser.parse` makes of a model, but for its plain lines, read as PlainLines."""
    text = text.removeprefix("\ufeff")
    source = Source(name, text)
    return read_plain(text, source) or parse_in(text, source)


def read_plain(text: str, source: Source) -> ast.Model | None:
    """The model of `text` (as `parser.parse` cleaned it), its runs of plain lines as PlainLines and
    the rest as the parser makes it, in order; None when the text must be parsed whole (see the
    module's docstring)."""
    runs, rest = _split(text, source)
    if not runs:
        return None
    if _inside_brackets(rest, [run.span.line for run in runs]):
        return None
    try:
        model = parse_in(rest, source)
    except CspdslError:
        return None
    if any(isinstance(s, (ast.StateDecl, ast.MoveDecl)) for s in model.statements):
        return None  # a sequential puzzle's clues are lowered as such: the full path does it
    return ast.Model(_merged(model.statements, runs))


def _split(text: str, source: Source) -> tuple[list[PlainLines], str]:
    """The runs of plain lines, and the text with those lines blanked (their line breaks kept)."""
    runs: list[PlainLines] = []
    pieces: list[str] = []
    run: list[re.Match[str]] = []
    line = 1
    kept = 0  # where the text after the last plain line starts
    for match in patterns()[0].finditer(text):
        start = match.start()
        gap = text[kept:start]
        if gap != "\n" or not runs:  # a line break alone after a plain line: the same run
            line += gap.count("\n")
            pieces.append(gap)
            if not runs or not gap.isspace():  # another statement between: a new run
                run = []
                runs.append(PlainLines(statement_span(match, source, line), run))
        else:
            line += 1
            pieces.append(gap)
        run.append(match)
        kept = match.end()
    pieces.append(text[kept:])
    return runs, "".join(pieces)


def statement_span(match: re.Match[str], source: Source, line: int) -> Span:
    """The span of a plain line's statement (not its spaces or comment), on line `line`."""
    start = match.start()
    begin, end = match.span(1)  # the statement's group
    return _span(source, line, begin - start + 1, line, end - start + 1)


def _inside_brackets(rest: str, lines: list[int]) -> bool:
    """Whether a run of plain lines (by its first line's number, in order) sits between an opening
    bracket and its closing one, or inside a block: there its text is part of another statement. Its
    own text holds none of them, so the rest's brackets are the whole text's; and no other statement
    starts within a run, so one that holds a run holds its first line."""
    depth, line, counted, opened = 0, 1, 0, 0
    for match in patterns()[1].finditer(rest):
        found = match.group()
        start = match.start()
        line += rest.count("\n", counted, start)
        counted = start
        if found[0] in "([{":
            depth += 1
            if depth == 1:
                opened = line
        elif found[0] in ")]}":
            depth -= 1
            if depth == 0 and _between(lines, opened, line):
                return True
            depth = max(depth, 0)
        elif found.startswith('"""') and _between(lines, line, line + found.count("\n")):
            return True
    return depth > 0 and _between(lines, opened, line + rest.count("\n", counted) + 1)


def _between(lines: list[int], first: int, last: int) -> bool:
    """Whether a line numbered strictly between `first` and `last` is among `lines` (sorted)."""
    if last - first < 2:
        return False
    index = bisect_left(lines, first + 1)
    return index < len(lines) and lines[index] < last


def _merged(statements: tuple[ast.Node, ...], plain: list[PlainLines]) -> tuple[ast.Node, ...]:
    """The parsed statements and the runs of plain lines in the order of their lines."""
    merged: list[ast.Node] = []
    taken = 0
    for statement in statements:
        line = statement.span.line
        end = bisect_left(plain, line, lo=taken, key=_line)
        merged += plain[taken:end]
        merged.append(statement)
        taken = end
    merged += plain[taken:]
    return tuple(merged)


def _line(node: ast.Node) -> int:
    return node.span.line
