"""A Pygments lexer for `.puz` models: `pygmentize -l puz model.puz`, and the docs site's ```puz blocks.

Registered under the `pygments.lexers` entry point (pyproject.toml), so Pygments finds it by name once
cspdsl is installed; only Pygments loads this module, so Pygments is there whenever it runs.

The reserved words are not listed here: they come from the parser's tables, which are generated from
grammars/puz.lark, so a word added to the grammar is highlighted as soon as the tables are regenerated
(tests/test_highlight.py compares both with the grammar itself)."""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from ..core.static_types import Any, ClassVar
from ..syntax.words import COUNT_WORDS, RELATIONS
from ..syntax.words import KEYWORDS as RESERVED

CONSTANTS = ("true", "false")
LOGIC = ("and", "or", "not", "iff")


class PuzLexer(RegexLexer):  # type: ignore[misc]  # Pygments ships no type hints
    """The .puz language: declarations and clue words as keywords, relation and counting words as
    word operators, calls as functions, `.rows` and `hex.a` as attributes, boards as heredocs and
    the `{...}` of a question's answer as interpolation."""

    name = "Puz"
    aliases: ClassVar[list[str]] = ["puz"]
    filenames: ClassVar[list[str]] = ["*.puz"]
    mimetypes: ClassVar[list[str]] = ["text/x-puz"]
    url = "https://pypi.org/project/cspdsl/"

    tokens: ClassVar[dict[str, list[Any]]] = {
        "root": [
            (r"[ \t\r\n]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"""[\s\S]*?"""', String.Heredoc),
            (r'"', String.Double, "string"),
            (r"(\.)(\s*)([A-Za-z_]\w*|[0-9]+)\b", bygroups(Punctuation, Whitespace, Name.Attribute)),
            (words(RELATIONS + COUNT_WORDS, suffix=r"\b"), Operator.Word),
            (words(CONSTANTS, suffix=r"\b"), Keyword.Constant),
            (words(LOGIC, suffix=r"\b"), Operator.Word),
            (words(tuple(w for w in RESERVED if w not in CONSTANTS + LOGIC), suffix=r"\b"), Keyword),
            (r"[A-Za-z_]\w*(?=\s*\()", Name.Function),
            (r"[A-Za-z_]\w*", Name),
            (r"[0-9]+", Number.Integer),
            (r"\.\.|//|==|!=|<=|>=|[<>=+\-*%|]", Operator),
            (r"[()\[\]{},:.]", Punctuation),
        ],
        "string": [
            (r'"', String.Double, "#pop"),
            (r"\{[^{}\"\n]*\}", String.Interpol),
            (r'[^"{\n]+', String.Double),
            (r"\{", String.Double),
        ],
    }
