"""The translation of parse errors into messages with a caret and words a user understands: what
was found, what could have come instead, and a hint for the usual slips (an '=' for '==', a bracket
left open, a word of the language used as a name)."""

from __future__ import annotations

import re

from ..errors import CspdslError, Source, Span
from . import _puz_tables
from .lalr import Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

OPENING = {"(", "[", "{"}
CLOSING = {")", "]", "}"}

_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": 'a quoted name ("...")',
    "BLOCK": 'a block in triple quotes ("""...""")',
    "COMPARE": "a comparison (==, !=, <, <=, >, >=)",
    "RELATION": "a relation (same, next_to, left_of, ...)",
    "COUNT_WORD": "exactly, at_least or at_most",
    "_NL": "the end of the line",
    "$END": "the end of the model",
}
_EXPRESSION_STARTS = {"NAME", "INT", "STRING", "LPAR", "LSQB", "LBRACE", "MINUS"}


def describe(terminal: str) -> str:
    if terminal in _WORDS:
        return _WORDS[terminal]
    literal = _puz_tables.LITERALS.get(terminal)
    return terminal.lower() if literal is None else f"'{literal}'"


def expected_words(expected: set[str]) -> str:
    names = set(expected)
    words = []
    if len(names & _EXPRESSION_STARTS) >= 3:
        names -= _EXPRESSION_STARTS | {"TRUE", "FALSE", "NOT", "COUNT_WORD", "FORALL", "IF", "EITHER"}
        words.append("an expression")
    words += sorted(describe(n) for n in names)
    if len(words) > 6:
        words = [*words[:6], "..."]
    if len(words) == 1:
        return words[0]
    return "one of " + ", ".join(words)


def acceptable(error: UnexpectedToken) -> set[str]:
    """The terminals that could come next. LALR's own list merges states and names terminals that
    would fail one step later; accepts() tries each one and is exact."""
    return error.accepts() or error.expected


def open_bracket(text: str) -> tuple[int, int, str] | None:
    """The innermost bracket still open at the end of `text`: (line, column, bracket)."""
    stack: list[tuple[int, str]] = []
    for match in re.finditer(r'"""(?:.|\n)*?"""|"[^"\n]*"|#[^\n]*|[()\[\]{}]', text):
        char = match.group()
        if char in OPENING:
            stack.append((match.start(), char))
        elif char in CLOSING and stack:
            stack.pop()
    if not stack:
        return None
    offset, char = stack[-1]
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1, char


def _token_text(token: Token) -> str:
    if token.type == "_NL":
        return "end of line"
    if token.type == "$END":
        return "end of the model"
    return f"'{token.value}'"


def syntax_error(source: Source, error: UnexpectedInput) -> CspdslError:
    line, column = max(error.line, 1), max(error.column, 1)
    hint = None
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        token = error.token
        width = 1 if token.type == "_NL" else len(str(token.value).split("\n")[0])
        expected = acceptable(error)
        message = f"unexpected {_token_text(token)}; expected {expected_words(expected)}"
        if token.value == "=" and "COMPARE" in expected:
            message = "unexpected '='"
            hint = "use '==' to compare; '=' only gives a name a value (param, let)"
        if token.type == "_NL" and expected & {"RPAR", "RSQB", "RBRACE"}:
            hint = "a bracket is still open"
        if "NAME" in expected and re.fullmatch(r"[a-z_]+", str(token.value)) and token.type != "NAME":
            hint = f'\'{token.value}\' is a word of the language; to use it as a name, quote it: "{token.value}"'
    elif isinstance(error, UnexpectedCharacters):
        char = error.char
        width = 1
        message = f"unexpected character {char!r}"
        if char == '"':
            hint = "a quoted name must end on the same line; a drawing or grid goes in triple quotes"
        elif char == "=":
            hint = "use '==' to compare"
    else:  # the end of the text came too early
        assert isinstance(error, UnexpectedToken)
        expected = acceptable(error)
        opened = open_bracket(source.text)
        closers = {"(": "RPAR", "[": "RSQB", "{": "RBRACE"}
        if opened and closers[opened[2]] in expected:
            line, column, bracket = opened
            return CspdslError(
                f"'{bracket}' is never closed",
                Span(source, line, column, line, column + 1),
                f"the model ends before its {describe(closers[bracket])}",
            )
        lines = source.text.splitlines() or [""]
        line, width = len(lines), 1
        column = len(lines[-1]) + 1
        message = "unexpected end of the model"
        if expected:
            message += f"; expected {expected_words(set(expected))}"
        if opened:
            hint = f"the '{opened[2]}' on line {opened[0]}, column {opened[1]} is still open"
    span = Span(source, line, column, line, column + width)
    return CspdslError(message, span, hint)
