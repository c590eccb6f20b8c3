"""The translation of parse errors into messages with a caret and words a user understands: what
was found, what could have come instead, and a hint for the usual slips (an '=' for '==', a bracket
left open, a word of the language used as a name)."""

from __future__ import annotations

import re

from ..core.errors import CspdslError, Source, Span, zero_width
from .expected import expected_words, literal, wants_a_value
from .lalr import CLOSING, Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from .slips import Place, character_slip, open_bracket, shape_hint, slip, unclosed_quote, unexpected


def acceptable(error: UnexpectedToken) -> set[str]:
    """The terminals that could come next. LALR's own list merges states and names terminals that
    would fail one step later; accepts() tries each one and is exact."""
    return error.accepts() or error.expected


def open_block(text: str) -> tuple[int, int] | None:
    """Where a block in triple quotes opens that no `\"\"\"` closes: (line, column), or None."""
    for match in re.finditer(r'"""(?:.|\n)*?"""|"""|"[^"\n]*"|#[^\n]*', text):
        if match.group() == '"""':
            offset = match.start()
            return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1
    return None


def syntax_error(source: Source, error: UnexpectedInput) -> CspdslError:
    """The message for a parse error: a block in triple quotes never closed (the text after it read
    as quoted names), a token that cannot come there, a character that starts no token, or the end of
    the text before the model is complete."""
    block = open_block(source.text)
    if block is not None and block <= (error.line, error.column):
        line, column = block
        return CspdslError(
            "'\"\"\"' is never closed", Span(source, line, column, line, column + 3),
            'the block in triple quotes opened here runs to the end of the model: close it with """',
        )
    if isinstance(error, UnexpectedCharacters):
        return _unexpected_character(source, error)
    assert isinstance(error, UnexpectedToken)
    if error.token.type == "$END":
        return _early_end(source, error)
    return _unexpected_token(source, error)


def placeholder_error(source: Source, error: UnexpectedInput, text: str, line: int, column: int) -> CspdslError:
    """The message for a parse error in an answer's placeholder `text`, written at (line, column):
    an end too early is shown at the closing brace."""
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        end = column + len(text)  # the closing brace
        opened = open_bracket(text)
        return CspdslError(
            f"the placeholder ends too early; expected {expected_words(acceptable(error), 'end')}",
            Span(source, line, end, line, end + 1),
            f"the '{opened[2]}' at column {column + opened[1] - 1} is not closed" if opened else None,
        )
    error.line = line
    return syntax_error(source, error)


def _at_error(source: Source, error: UnexpectedInput, width: int) -> Span:
    line, column = max(error.line, 1), max(error.column, 1)
    return Span(source, line, column, line, column + width)


def _unexpected_token(source: Source, error: UnexpectedToken) -> CspdslError:
    """A token that cannot come where it is: a newcomer's slip that explains it (slips.py), else what
    could have come, in words, and the hint for the usual slip."""
    token = error.token
    expected = acceptable(error)
    place = Place(source, token, expected, max(error.line, 1), max(error.column, 1))
    explained = slip(place)
    if explained is not None:
        return explained
    message = "unexpected '='" if _equals_for_compare(token, expected) else unexpected(place)
    hint = _token_hint(place.text_before(), token, expected) or shape_hint(place)
    return CspdslError(message, place.at_token(), hint)


def _token_hint(before: str, token: Token, expected: set[str]) -> str | None:
    """The usual slip behind an unexpected token (the model's text `before` it), the most telling first."""
    if token.value == "if" and "LPAR" in expected:
        return "a conditional value goes in parentheses: (if A then x else y)"
    if _keyword_for_name(token, expected):
        if "STRING" in expected:
            return f'\'{token.value}\' is a word of the language; to use it as a name, quote it: "{token.value}"'
        return f"'{token.value}' is a word of the language: choose another name"
    if _line_ends_in_brackets(token, expected):
        return "a bracket is still open"
    if _equals_for_compare(token, expected):
        return "use '==' to compare; '=' only gives a name a value (param, let)"
    return _shape_hint(token, expected, before)


_MATCHING = {"(": ")", "[": "]", "{": "}"}


def _shape_hint(token: Token, expected: set[str], before: str) -> str | None:
    """Slips of the shape of a clue: a chained comparison, a stray `else` or `iff`, a clue broken across lines,
    a closing bracket that does not match the one still open."""
    line = before.rsplit("\n", 1)[-1]
    if token.type == "COMPARE" and re.search(r"==|!=|<=|>=|<|>", line):
        return "comparisons do not chain: write 'x in 1..3' for a range, or one clue per comparison"
    if token.value == "else":
        return "'else' ends 'if A then B else C'; an 'if', 'either' or 'forall' as B goes in parentheses"
    if token.value == "iff":
        return "'iff' joins two conditions; group more in parentheses: (A iff B) iff C"
    opened = open_bracket(before)
    if token.value in CLOSING and opened is not None and token.value != _MATCHING[opened[2]]:
        return f"the '{opened[2]}' on line {opened[0]}, column {opened[1]} is still open"
    if token.type == "_NL" and wants_a_value(expected) and opened is None:
        return "a clue ends at the end of its line: finish it there, or put it in parentheses to go on"
    return None


def _equals_for_compare(token: Token, expected: set[str]) -> bool:
    return token.value == "=" and "COMPARE" in expected


def _line_ends_in_brackets(token: Token, expected: set[str]) -> bool:
    return token.type == "_NL" and bool(expected & {"RPAR", "RSQB", "RBRACE"})


def _keyword_for_name(token: Token, expected: set[str]) -> bool:
    """A word of the language (a keyword) where a name could go."""
    return "NAME" in expected and re.fullmatch(r"[a-z_]+", str(token.value)) is not None and token.type != "NAME"


def _unexpected_character(source: Source, error: UnexpectedCharacters) -> CspdslError:
    """A character that starts no token: a quote never closed is shown where it opens; another, with
    what was likely meant (`&&` for `and`, a curly quote for a straight one)."""
    line, column = max(error.line, 1), max(error.column, 1)
    if error.char == '"':
        return unclosed_quote(source, line, column)
    width, hint = character_slip(source, line, column, error.char)
    covered = source.line(line)[column - 1 : column - 1 + width]
    named = repr(covered) if width > 1 and covered == error.char * width else _named(error.char)  # '&&' as one
    return CspdslError(f"unexpected character {named}", _at_error(source, error, width), hint)


def _named(char: str) -> str:
    """A character as a message names it: quoted, or, for a combining mark or a zero-width one that
    would show on its own as nothing or join the quote, its code point and name (U+0301 COMBINING ACUTE
    ACCENT)."""
    if char.isascii() or not zero_width(char):
        return repr(char)
    import unicodedata

    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


_CLOSERS = {"(": "RPAR", "[": "RSQB", "{": "RBRACE"}


def _early_end(source: Source, error: UnexpectedToken) -> CspdslError:
    """The text ended too early: at the bracket left open if closing it is what was missing, else at
    the end of the last line."""
    expected = acceptable(error)
    opened = open_bracket(source.text)
    if opened and _CLOSERS[opened[2]] in expected:
        line, column, bracket = opened
        return CspdslError(
            f"'{bracket}' is never closed",
            Span(source, line, column, line, column + 1),
            f"the model ends before its closing {literal(_CLOSERS[bracket])}",
        )
    lines = source.lines()
    if len(lines) > 1 and not lines[-1]:  # the text ends with a line break: its last line is the one before
        lines.pop()
    line, column = len(lines), len(lines[-1]) + 1
    message = "unexpected end of the model"
    if expected:
        message += f"; expected {expected_words(set(expected), 'end')}"
    hint = f"the '{opened[2]}' on line {opened[0]}, column {opened[1]} is still open" if opened else None
    return CspdslError(message, Span(source, line, column, line, column + 1), hint)
