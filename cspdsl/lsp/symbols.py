"""The names a model declares and every place it uses one, read from its parsed AST.

An editor asks where a name is declared, where it is used, what the name under the cursor is and what
a model's outline is: all of it is here, from the nodes and their spans. A declaration's node spans
the whole statement (`attribute colour: red, ...`); the name's own place in it is found by the
parser's scanner (`_puz_tables.PATTERN`), as the first name token after the statement's keyword.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from functools import cache

from ..core.errors import Source, Span
from ..core.record import Record, field
from ..core.static_types import Any
from ..syntax import _puz_tables as tables
from ..syntax import ast
from ..syntax.plain import PlainLines

# What a declared name is, as the editor's outline and hover name it.
ENTITY, KEY_VALUE, ATTRIBUTE, VALUE, VARIABLE, PARAM, SET = (
    "positions", "key value", "attribute", "value", "variable", "param", "set")
BOARD, PIECES, REGIONS, DOMAIN_NAME = "board", "pieces", "regions", "name"


class Declared(Record):
    """A name a model declares: what it is, where its name is written and the statement declaring it;
    `owner` is the attribute of a value, the positions of a key value, the variable of a domain name."""

    name: str
    kind: str
    span: Span = field(compare=False)
    statement: Span = field(compare=False)
    owner: str | None = None
    members: tuple[str, ...] = ()  # an attribute's values, the key values of positions


class Index(Record, frozen=False):
    """A model's declared names (the first declaration of each), the places names are used (each
    `Name`, quoted name, call, member, and the names `show`, `given`, `regions` and `place` take) and
    its clues, questions and title."""

    declared: dict[str, Declared] = field(default_factory=dict)
    uses: list[tuple[str, Span]] = field(default_factory=list)
    clues: list[Span] = field(default_factory=list)
    questions: list[tuple[str, Span]] = field(default_factory=list)
    title: str | None = None
    # Where each line of the model's text starts: for the places of declared names.
    line_starts: list[int] = field(default_factory=list, repr=False, compare=False)

    def name_at(self, line: int, column: int) -> tuple[str, Span] | None:
        """The name written at (line, column), both from 1 (a place at the end of a name is on it), and
        the span it is written in there."""
        for declared in self.declared.values():
            if _covers(declared.span, line, column):
                return declared.name, declared.span
        for name, span in self.uses:
            if _covers(span, line, column):
                return name, span
        return None

    def references(self, name: str, declaration: bool = True) -> list[Span]:
        """Where `name` is written, in the model's order: its declaration (unless `declaration` is
        False) and each use."""
        declared = self.declared.get(name)
        found = [span for used, span in self.uses if used == name and (declared is None or span != declared.span)]
        if declared is not None and declaration:
            found.append(declared.span)
        return sorted(found, key=lambda span: (span.line, span.column))

    def clue_at(self, line: int) -> Span | None:
        """The clue statement that holds line `line`, if one does."""
        return next((span for span in self.clues if span.line <= line <= span.end_line), None)


def _covers(span: Span, line: int, column: int) -> bool:
    if span.line == span.end_line:
        return span.line == line and span.column <= column <= span.end_column
    return (span.line, span.column) <= (line, column) <= (span.end_line, span.end_column)


def index_of(model: ast.Model) -> Index:
    """The index of a parsed model (plain lines too, `syntax/plain.py`)."""
    index = Index()
    if model.statements:
        text = model.statements[0].span.source.text
        index.line_starts = [0, *(match.end() for match in re.finditer("\n", text))]
    for statement in model.statements:
        declare = _DECLARERS.get(type(statement))
        if declare is not None:
            declare(index, statement)
        if isinstance(statement, PlainLines):
            _plain_lines(index, statement)
            continue
        index.uses += _uses(statement)
    return index


# ---- declarations ------------------------------------------------------------------------------


def _declare(index: Index, declared: Declared) -> None:
    index.declared.setdefault(declared.name, declared)


def _named(index: Index, node: Any, kind: str, owner: str | None = None, members: tuple[str, ...] = ()) -> None:
    """A statement that declares `node.name`, found in its text after the statement's keyword."""
    span = name_span(node.span, node.name, index.line_starts)
    _declare(index, Declared(node.name, kind, span, node.span, owner, members))


def _values(index: Index, node: ast.AttributeDecl | ast.KeyDecl, kind: str, owner: str) -> None:
    """The values a statement lists, each declared where it is written."""
    for value in node.values:
        if isinstance(value, (ast.Name, ast.Str)):
            word = value.name if isinstance(value, ast.Name) else value.value
            _declare(index, Declared(word, kind, value.span, node.span, owner))


def _words(node: ast.AttributeDecl | ast.KeyDecl) -> tuple[str, ...]:
    return tuple(v.name if isinstance(v, ast.Name) else v.value if isinstance(v, ast.Str) else str(v.value)
                 for v in node.values)


def _attribute(index: Index, node: ast.AttributeDecl) -> None:
    _named(index, node, ATTRIBUTE, members=_words(node))
    _values(index, node, VALUE, node.name)


def _key(index: Index, node: ast.KeyDecl) -> None:
    _named(index, node, ENTITY, members=_words(node))
    _values(index, node, KEY_VALUE, node.name)


def _variable(index: Index, node: ast.VarDecl | ast.ShapedVarDecl) -> None:
    _named(index, node, VARIABLE)
    if isinstance(node.domain, ast.SetLit):  # a domain of names: `var WA in {red, green, blue}`
        for item in node.domain.items:
            if isinstance(item, ast.Name) and item.name not in index.declared:
                _declare(index, Declared(item.name, DOMAIN_NAME, item.span, node.span, node.name))


def _title(index: Index, node: ast.PuzzleDecl) -> None:
    index.title = node.title


def _clue(index: Index, node: ast.Node) -> None:
    index.clues.append(node.span)


def _question(index: Index, node: ast.QuestionDecl) -> None:
    index.questions.append((node.question.value, node.span))


def _kind(kind: str) -> Callable[[Index, Any], None]:
    return lambda index, node: _named(index, node, kind)


# The declaring statements, and what each declares; the rest declare nothing.
_DECLARERS: dict[type, Callable[[Index, Any], None]] = {
    ast.PuzzleDecl: _title,
    ast.PositionsDecl: _kind(ENTITY),
    ast.KeyDecl: _key,
    ast.AttributeDecl: _attribute,
    ast.VarDecl: _variable,
    ast.ShapedVarDecl: _variable,
    ast.ParamDecl: _kind(PARAM),
    ast.LetDecl: _kind(SET),
    ast.BoardDecl: _kind(BOARD),
    ast.PiecesDecl: _kind(PIECES),
    ast.DrawnPiecesDecl: _kind(PIECES),
    ast.RegionsDecl: _kind(REGIONS),
    ast.ConstraintStmt: _clue,
    ast.StateDecl: _clue,
    ast.QuestionDecl: _question,
}


@cache
def _scanner() -> re.Pattern[str]:
    """The parser's scanner: one pattern of all its terminals (the keywords are NAME tokens to it)."""
    return re.compile(tables.PATTERN, tables.FLAGS)


def name_span(statement: Span, name: str, starts: list[int]) -> Span:
    """Where a declaration writes the name it declares: the first name token `name`, or the quoted
    name, after the statement's first token (its keyword), its text's lines starting at `starts`; the
    statement's start if there is none."""
    source = statement.source
    start = starts[statement.line - 1] + statement.column - 1
    end = starts[statement.end_line - 1] + statement.end_column - 1
    tokens = _scanner().finditer(source.text, start, end)
    next(tokens, None)
    for token in tokens:
        if (token.lastgroup == "NAME" and token.group() == name) or (
                token.lastgroup == "STRING" and token.group()[1:-1] == name):  # attribute "last name": ...
            return _span_of(source, starts, token.start(), token.end())
    return Span(source, statement.line, statement.column, statement.line, statement.column)


def _span_of(source: Source, starts: list[int], begin: int, end: int) -> Span:
    line = bisect_right(starts, begin)
    return Span(source, line, begin - starts[line - 1] + 1, line, end - starts[line - 1] + 1)


# ---- uses --------------------------------------------------------------------------------------


def _uses(statement: ast.Node) -> list[tuple[str, Span]]:
    """The names a statement uses, with where each is written (a loop, not recursion: a clue may
    nest deeply)."""
    found: list[tuple[str, Span]] = []
    stack: list[Any] = [statement]
    while stack:
        node = stack.pop()
        found += _named_parts(node)
        for name in type(node)._fields:
            if name == "question" and isinstance(node, ast.QuestionDecl):
                continue  # the question's words, not a name
            value = getattr(node, name)
            if isinstance(value, ast.Node):
                stack.append(value)
            elif isinstance(value, tuple):
                stack += [item for item in value if isinstance(item, ast.Node)]
    return sorted(found, key=lambda use: (use[1].line, use[1].column))


def _named_parts(node: Any) -> Iterator[tuple[str, Span]]:
    """The names a node writes itself, besides those of the nodes inside it."""
    if isinstance(node, ast.Name):
        yield node.name, node.span
    elif isinstance(node, ast.Str):
        yield node.value, node.span
    elif isinstance(node, ast.Call):
        yield node.func, node.func_span
    elif isinstance(node, ast.Member):
        yield node.name, node.name_span
    elif isinstance(node, ast.ShowDecl):
        yield from zip(node.names, node.name_spans, strict=True)
    elif isinstance(node, ast.GivenDecl):
        yield node.name, node.name_span
    elif isinstance(node, ast.RegionsDecl):
        yield node.grid, node.grid_span
    elif isinstance(node, ast.PlaceDecl):
        yield node.pieces, node.pieces_span
        if node.target:
            yield node.target, node.target_span


# ---- plain lines -------------------------------------------------------------------------------


def _plain_lines(index: Index, run: PlainLines) -> None:
    """A run of plain lines (a big model's `var x in 0..9` and `a + b != c`): the variables they
    declare, the names their clues use, each clue; a line's number counted from the run's first."""
    source = run.span.source
    line, counted = run.span.line, run.matches[0].start()
    for match in run.matches:
        line += source.text.count("\n", counted, match.start())
        counted = match.start()
        statement = _in_line(source, line, match, *match.span("statement"))
        if match.group("var") is not None:
            span = _in_line(source, line, match, *match.span("var"))
            _declare(index, Declared(match.group("var"), VARIABLE, span, statement))
            continue
        index.clues.append(statement)
        for side in ("left", "right"):
            begin = match.start(side)
            for token in _scanner().finditer(match.group(side)):
                if token.lastgroup == "NAME":
                    index.uses.append(
                        (token.group(), _in_line(source, line, match, begin + token.start(), begin + token.end())))


def _in_line(source: Source, line: int, match: re.Match[str], begin: int, end: int) -> Span:
    """The span of match.string[begin:end], on line `line` of a plain line `match` (it starts its line)."""
    return Span(source, line, begin - match.start() + 1, line, end - match.start() + 1)
