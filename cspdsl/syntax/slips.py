"""The usual slips of a newcomer behind a parse error, each found from the token the parser stopped at,
what it would have taken there and the tokens before it on its line: a misspelt keyword or relation
(with "did you mean", which the language server turns into a quick fix), a word of another language
(`for`, `&&`, `//`), a statement's shape (`attribute colour red`), a clue with one side, a list
that ends with a comma, a bracket left open over lines.

Each slip is a function of a `Place`: it gives the error it recognises, or None."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..core.errors import CspdslError, Source, Span, did_you_mean
from . import _puz_tables
from .expected import expected_words, found_kind
from .lalr import CLOSING, OPENING, Token, terminal_of
from .words import COUNT_WORDS, RELATIONS

Slip = Callable[["Place"], "CspdslError | None"]
_SCAN = re.compile(_puz_tables.PATTERN, _puz_tables.FLAGS)

# The words that open a statement, and the shape of each, as a hint shows it.
SHAPES = {
    "puzzle": 'puzzle "The zebra puzzle"',
    "param": "param n = 8",
    "let": "let digits = 1..9",
    "positions": "positions house = 1..5  (or: positions band: Alpha, Beta)",
    "attribute": "attribute colour: red, green, blue",
    "var": "var x in 1..9  (or: var q[1..8] in 1..8)",
    "board": 'board b in 1..9 = """ ... """',
    "pieces": "pieces p = [1|2, 2|3, 3]",
    "given": 'given g = """ ... """',
    "regions": 'regions cage of g = """ ... """',
    "place": "place p on b",
    "question": 'question "Who owns the fish?": "The {nationality[fish]} owns it."',
    "show": "show x, y",
    "minimize": "minimize cost",
    "maximize": "maximize score",
    "forall": "forall i in 1..9: x[i] != 0",
    "move": 'move "fill" for j in jugs: x[j] < 3 then x[j] = 3',
}
_TITLED = {"puzzle", "question", "move"}  # statements whose next word is quoted
# Words of English or of other languages for a relation or an operator of this one.
_ALIASES = {
    "is": "same", "equals": "==", "equal": "==", "eq": "==", "ne": "!=", "adjacent": "next_to",
    "adjacent_to": "next_to", "next": "next_to", "neighbour": "next_to", "neighbor": "next_to",
    "left": "left_of", "right": "right_of", "to": "..", "through": "..", "until": "..",
    "isnt": "not same", "is_not": "not same",
}


class Place:
    """Where a parse stopped: the token, what could have come instead, and the tokens before it on
    its line (in the model's own columns, for a placeholder of an answer too)."""

    def __init__(self, source: Source, token: Token, expected: set[str], line: int, column: int) -> None:
        self.source = source
        self.token = token
        self.expected = expected
        self.line = line
        self.column = column
        self.text = source.line(line)
        self.before = _tokens(self.text[: column - 1])
        self.found = "" if token.type in ("_NL", "$END") else str(token.value).split("\n")[0]

    @property
    def previous(self) -> tuple[str, str, int] | None:
        """The token before on the line: (terminal, text, column)."""
        return self.before[-1] if self.before else None

    def text_before(self) -> str:
        """The model's text before the token, from its lines and columns (the parsed text may be the
        model's with some lines blanked, so its offsets are not the model's)."""
        return "\n".join([*self.source.lines()[: self.line - 1], self.text[: self.column - 1]])

    def at_token(self, width: int | None = None) -> Span:
        size = max(1, len(self.found)) if width is None else width
        return Span(self.source, self.line, self.column, self.line, self.column + size)

    def at(self, column: int, width: int) -> Span:
        return Span(self.source, self.line, column, self.line, column + width)

    def first_word(self) -> str | None:
        """The line's first word when the statement starts there (the parse stopped on its line)."""
        return self.before[0][1] if self.before and self.before[0][0] != "STRING" else None


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """The tokens of a line's text as the scanner reads them: (terminal, text, column from 1)."""
    found = []
    for match in _SCAN.finditer(text):
        kind = terminal_of(match)
        if kind not in _puz_tables.IGNORE_TYPES:
            found.append((kind, match.group(), match.start() + 1))
    return found


def close_word(word: str, candidates: list[str]) -> str | None:
    """The word of `candidates` a misspelt `word` most likely means: a known alias, the same parts in
    another order or without their underscores (left_of_directly, nextto), or a close spelling."""
    alias = _ALIASES.get(word.lower())
    if alias is not None and alias.split()[-1] in candidates:
        return alias
    parts = sorted(word.lower().split("_"))
    squeezed = word.lower().replace("_", "")
    for candidate in candidates:
        if sorted(candidate.split("_")) == parts or candidate.replace("_", "") == squeezed:
            return candidate
    if word.lower().startswith("not_") and word[4:].lower() in candidates:
        return f"not {word[4:].lower()}"
    if len(word) < 2:  # a one-letter name is a variable's, not a slip of a word
        return None
    hint = did_you_mean(word, candidates)  # the lowering's spelling check: "did you mean 'X'?"
    return None if hint is None else hint.split("'")[1]


def _words_that_fit(expected: set[str]) -> list[str]:
    """The keywords, relations and counting words the parser would take here, by their text."""
    words = [_puz_tables.LITERALS[t] for t in expected if _puz_tables.LITERALS.get(t, "").isalpha()]
    if "RELATION" in expected:
        words += RELATIONS
    if "COUNT_WORD" in expected:
        words += COUNT_WORDS
    if "__ANON_0" in expected:
        words.append("..")
    if "COMPARE" in expected:
        words.append("==")
    return words


def misspelt_statement(place: Place) -> CspdslError | None:
    """`atribute colour: ...`: a line that starts with a name close to a statement word, and then
    goes on as no clue does."""
    if len(place.before) != 1 or place.before[0][0] != "NAME" or place.token.type not in ("NAME", "STRING"):
        return None
    _, word, column = place.before[0]
    meant = close_word(word, list(SHAPES))
    if meant is None:
        return None
    return CspdslError(
        f"unknown word '{word}' at the start of a statement", place.at(column, len(word)),
        f"did you mean '{meant}'? {SHAPES[meant]}",
    )


def misspelt_word(place: Place) -> CspdslError | None:
    """A name where a keyword, a relation or `..` could come, spelt close to one of them:
    `Brit nextto red`, `left_of_directly`, `x inn 1..3`, `1 to 9`, `red is dog`."""
    if place.token.type != "NAME" or "NAME" in place.expected:
        return None
    meant = close_word(place.found, _words_that_fit(place.expected))
    if meant is None:
        return None
    if meant == "..":
        return CspdslError(f"unexpected '{place.found}'", place.at_token(), "did you mean '..'? a range reads 1..9")
    relation = "RELATION" in place.expected and meant.split()[-1] in (*RELATIONS, "==")
    return CspdslError(
        f"unknown {'relation' if relation else 'word'} '{place.found}'", place.at_token(), f"did you mean '{meant}'?",
    )


def python_for(place: Place) -> CspdslError | None:
    """`for i in 1..9:` at the start of a statement, as in Python."""
    if place.token.type != "FOR" or place.before:
        return None
    return CspdslError(
        "a clue for each value starts with 'forall'", place.at_token(),
        f"did you mean 'forall'? it takes one line: {SHAPES['forall']}",
    )


def second_for(place: Place) -> CspdslError | None:
    """`[g[i, j] for i in 1..2 for j in 1..2]`: a second `for` in a list, as Python nests them."""
    if place.token.type != "FOR" or not any(kind == "FOR" for kind, _, _ in place.before):
        return None
    return CspdslError(
        "a list takes all its names in one 'for'", place.at_token(),
        "join them with a comma: [g[i, j] for i in 1..3, j in 1..3]",
    )


def title_not_quoted(place: Place) -> CspdslError | None:
    """`puzzle Zebra`: a title or a question without its quotes."""
    word = place.first_word()
    if word not in _TITLED or len(place.before) != 1 or "STRING" not in place.expected:
        return None
    return CspdslError(
        f"unexpected {_shown(place)}; expected a quoted name", place.at_token(),
        f"the words after '{word}' go in double quotes: {SHAPES[word]}",
    )


_LINE_ENDS_CLUE = "a clue ends at the end of its line: finish it there, or put it in parentheses to go on"


def one_sided(place: Place) -> CspdslError | None:
    """A relation or a comparison with a side missing: `Brit same` or `same red`."""
    previous = place.previous
    if place.token.type in ("RELATION", "COMPARE") and not place.before:
        return CspdslError(
            f"'{place.found}' needs a value on each side", place.at_token(),
            f"a clue relates two sides: Brit {place.found} red" if place.token.type == "RELATION" else
            f"a comparison has two sides: x {place.found} 3",
        )
    if place.token.type in ("_NL", "$END") and previous and previous[0] in ("RELATION", "COMPARE", "AND", "OR", "IFF"):
        kind, word, _ = previous
        side = "a condition" if kind in ("AND", "OR", "IFF") else "a value"
        hint = _LINE_ENDS_CLUE
        if kind == "RELATION":
            hint = f"a relation has a value on each side, as in 'Brit {word} red'; a clue ends at the end of its line"
        return CspdslError(f"expected {side} after '{word}'", place.at_token(1), hint)
    return None


def no_relation(place: Place) -> CspdslError | None:
    """`Brit red`: two values side by side where a relation could join them."""
    if place.token.type not in ("NAME", "INT", "STRING") or "RELATION" not in place.expected:
        return None
    return CspdslError(
        f"unexpected {_shown(place)}; expected a relation, an operator or the end of the line", place.at_token(),
        "a clue needs a relation between its two sides, as in 'Brit same red' or 'x == 3'",
    )


def quotes_paired_wrongly(place: Place) -> CspdslError | None:
    """A line with an odd number of '"': a quote is missing, and the quoted names pair up wrongly
    (`question "Who?: "{x}"`)."""
    if '"' not in re.sub(r'"""|"[^"\n]*"|#.*', "", place.text):
        return None
    hint = "this line has an odd number of '\"': one is missing, so its quoted names pair up wrongly"
    return CspdslError(unexpected(place), place.at_token(), hint)


def trailing_comma(place: Place) -> CspdslError | None:
    """`attribute colour: red, green, blue,`: a list that ends with a comma."""
    previous = place.previous
    if place.token.type not in ("_NL", "$END") or previous is None or previous[0] != "COMMA":
        return None
    return CspdslError(
        "the list ends with a comma", place.at(previous[2], 1),
        "a comma goes between two items: remove the last one, or add the item it stands before",
    )


def operator_of_another_language(place: Place) -> CspdslError | None:
    """`||` for `or`, `//` to start a comment, `=>` or `=<` for `>=` or `<=`."""
    token, rest = place.token, place.text[place.column - 1 :]
    if token.type == "VBAR" and "OR" in place.expected:
        width = 2 if rest.startswith("||") else 1
        return CspdslError(f"unexpected '{rest[:width]}'", place.at_token(width), "did you mean 'or'?")
    if token.type == "__ANON_1" and not place.before:
        return CspdslError("unexpected '//' at the start of a statement", place.at_token(), "did you mean '#'?")
    if token.type == "EQUAL" and rest[1:2] in ("<", ">") and "COMPARE" in place.expected:
        meant = rest[1] + "="
        return CspdslError(f"unexpected '{rest[:2]}'", place.at_token(2), f"did you mean '{meant}'?")
    return None


def range_slip(place: Place) -> CspdslError | None:
    """`1...9` (three dots), `[1..9]` (a range in brackets)."""
    previous = place.previous
    if place.token.type == "DOT" and previous and previous[0] == "__ANON_0":
        return CspdslError("unexpected '...'", place.at(previous[2], 3), "did you mean '..'? a range reads 1..9")
    if place.token.type == "__ANON_0" and "RSQB" in place.expected and "COMMA" in place.expected:
        return CspdslError(
            "unexpected '..' in a list", place.at_token(),
            "a range goes without brackets, 1..9; a list names its items, [1, 2, 3]",
        )
    return None


def shape_hint(place: Place) -> str | None:
    """For a declaration that does not read as its kind does, its shape (`attribute colour red, green`:
    attribute colour: red, green, blue)."""
    word = place.first_word()
    return f"write it as: {SHAPES[word]}" if word in SHAPES else None


def if_with_colon(place: Place) -> CspdslError | None:
    """`if x == 1: ...` as in Python: an `if` reads `if A then B`."""
    if place.token.type != "COLON" or "THEN" not in place.expected:
        return None
    return CspdslError("unexpected ':'; expected 'then'", place.at_token(), "an 'if' reads 'if A then B', on one line")


def body_on_next_line(place: Place) -> CspdslError | None:
    """`forall i in 1..9:` with its clue on the lines below, as in Python."""
    previous = place.previous
    if place.token.type not in ("_NL", "$END") or previous is None or previous[0] != "COLON":
        return None
    return CspdslError(
        "unexpected end of line after ':'", place.at(previous[2], 1),
        f"the clue goes on the same line, after the ':': {SHAPES['forall']}",
    )


def bracket_open_over_lines(place: Place) -> CspdslError | None:
    """A line read as going on inside a bracket a line above left open: `alldifferent(x` then a
    clue on the next line."""
    if place.before or place.found in CLOSING:
        return None
    opened = open_bracket(place.text_before())
    if opened is None or opened[0] >= place.line:
        return None
    line, column, bracket = opened
    closer = {"(": "RPAR", "[": "RSQB", "{": "RBRACE"}[bracket]
    if closer not in place.expected:
        return None
    closing = {"(": ")", "[": "]", "{": "}"}[bracket]
    return CspdslError(
        f"'{bracket}' is never closed", Span(place.source, line, column, line, column + 1),
        f"line {place.line} is read as going on inside it: close it with '{closing}' where it ends",
    )


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
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1, char


def unexpected(place: Place) -> str:
    """The plain message: what was found, and what could have come there, in words."""
    return f"unexpected {_shown(place)}; expected {expected_words(place.expected, found_kind(place.token.type))}"


def _shown(place: Place) -> str:
    if place.token.type == "_NL":
        return "end of line"
    if place.token.type == "$END":
        return "end of the model"
    return f"'{place.found}'"


# Characters that start no token, with what was likely meant (a "did you mean" for the language
# server's quick fix) or a word on them: typography an editor or a word processor put in, and the
# signs of other languages.
_CHARACTERS = {
    "≠": "!=", "≤": "<=", "≥": ">=", "−": "-", "×": "*", "÷": "//", "…": "..", "“": '"', "”": '"', "„": '"',
    "«": '"', "»": '"', "&": "and", "!": "not", "'": '"', "‘": '"', "’": '"',
}
_CHARACTER_WORDS = {
    ";": "a statement ends at the end of its line: no ';'",
    "\u00a0": "a no-break space: write an ordinary space",
    "/": "a quotient is written '//'; a comment starts with '#'",
    "\\": "a statement goes on over lines inside parentheses, not after a backslash",
    "→": "'if A then B' says that A implies B", "⇒": "'if A then B' says that A implies B",
}


def character_slip(source: Source, line: int, column: int, char: str) -> tuple[int, str | None]:
    """For a character that starts no token: how many characters the caret covers, and the hint."""
    rest = source.line(line)[column - 1 :]
    if char == "=":
        return 1, "use '==' to compare"
    meant = _CHARACTERS.get(char)
    if meant is None:
        return 1, _CHARACTER_WORDS.get(char)
    if meant == '"':
        closed = re.match(r"""[“”„«»‘’'][^“”„«»‘’'"\n]*[“”„«»‘’']""", rest)
        if closed:  # the whole quoted name, for a quick fix that puts it in straight quotes
            quoted = closed.group()
            return len(quoted), f"did you mean '\"{quoted[1:-1]}\"'? a quoted name takes straight double quotes"
        return 1, "did you mean '\"'? a quoted name takes straight double quotes"
    return (2 if rest[:2] == "&&" else 1), f"did you mean '{meant}'?"


def unclosed_quote(source: Source, line: int, column: int) -> CspdslError:
    """A '"' that its line ends before closing: shown where it opens."""
    rest = source.line(line)[column:]
    curly = next((c for c in rest if c in "“”„"), None)
    hint = (f"it ends with '{curly}', a curly quote: write a straight '\"'" if curly else
            "a quoted name ends on its own line with a second '\"'; a drawing or grid goes in triple quotes")
    return CspdslError("'\"' is never closed", Span(source, line, column, line, column + 1), hint)


# The slips in the order they are tried: the most telling first.
SLIPS: tuple[Slip, ...] = (
    bracket_open_over_lines, quotes_paired_wrongly, misspelt_statement, python_for, second_for, title_not_quoted,
    operator_of_another_language, range_slip, misspelt_word, one_sided, trailing_comma, body_on_next_line,
    if_with_colon, no_relation,
)


def slip(place: Place) -> CspdslError | None:
    """The first slip that explains the error at `place`, or None."""
    for found in SLIPS:
        error = found(place)
        if error is not None:
            return error
    return None
