"""The words the language reserves, read from the parser's tables (generated from `grammars/puz.lark`),
so that the lexer of the docs, the plain-line scanner and the editor's completion never list them by
hand: the keywords, and the words of the two terminals the grammar writes as alternatives."""

from __future__ import annotations

import re

from . import _puz_tables as tables


def terminal_words(terminal: str) -> tuple[str, ...]:
    """The words of a terminal the grammar writes as a regex of alternatives (RELATION, COUNT_WORD)."""
    found = re.search(rf"\(\?P<{terminal}>\(([a-z_|]+)\)", tables.PATTERN)
    assert found is not None, terminal
    return tuple(found.group(1).split("|"))


KEYWORDS = tuple(sorted(tables.KEYWORDS["NAME"]))
RELATIONS = terminal_words("RELATION")
COUNT_WORDS = terminal_words("COUNT_WORD")
# Every word the scanner reads as a keyword, a relation or a count: never a name.
RESERVED = frozenset(KEYWORDS + RELATIONS + COUNT_WORDS)
