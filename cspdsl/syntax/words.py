"""The words the language reserves, read from the parser's tables (generated from `grammars/puz.lark`),
so that the lexer of the docs, the plain-line scanner and the editor's completion never list them by
hand: the keywords, and the words of the two terminals the grammar writes as alternatives."""

from __future__ import annotations

from . import _puz_tables as tables

# The words of the terminals the grammar writes as alternatives of words, in the grammar's order.
RELATIONS = tables.WORD_TERMINALS["RELATION"]
COUNT_WORDS = tables.WORD_TERMINALS["COUNT_WORD"]
# The scanner reads those as NAME retyped by their word, as it reads the keywords.
KEYWORDS = tuple(sorted(word for word in tables.KEYWORDS["NAME"] if word not in RELATIONS + COUNT_WORDS))
# Every word the scanner reads as a keyword, a relation or a count: never a name.
RESERVED = frozenset(KEYWORDS + RELATIONS + COUNT_WORDS)
