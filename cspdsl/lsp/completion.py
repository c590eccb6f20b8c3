"""Completion: the model's names (from the index of its last text that parsed), the functions the
language knows and its reserved words, these taken from the parser's tables as the lexer of
`tools/highlight.py` takes them."""

from __future__ import annotations

import re

from lsprotocol import types

from ..lower.context import POSITION_WORDS
from ..lower.expressions import KNOWN_CALLS
from ..syntax.words import RESERVED
from . import symbols
from .symbols import Declared, Index

_KIND = types.CompletionItemKind
KINDS = {
    symbols.ENTITY: _KIND.Class, symbols.KEY_VALUE: _KIND.EnumMember, symbols.ATTRIBUTE: _KIND.Enum,
    symbols.VALUE: _KIND.EnumMember, symbols.VARIABLE: _KIND.Variable, symbols.PARAM: _KIND.Constant,
    symbols.SET: _KIND.Constant, symbols.BOARD: _KIND.Struct, symbols.PIECES: _KIND.Struct,
    symbols.REGIONS: _KIND.Struct, symbols.DOMAIN_NAME: _KIND.EnumMember,
}
# The functions a clue may call, as lowering knows them (`lower/expressions.KNOWN_CALLS`), and
# `rectangle` of a placement (`lower/tilings.py`).
FUNCTIONS = tuple(dict.fromkeys((*KNOWN_CALLS, "rectangle")))
_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


# Every word the language reserves: the keywords, the relations and the counting words.
KEYWORDS = tuple(sorted(RESERVED))


def completions(index: Index) -> types.CompletionList:
    """What may be written at a place: the model's names first, then functions, then reserved words."""
    items = [_name_item(declared) for declared in index.declared.values()]
    if any(d.kind == symbols.ENTITY and not d.members for d in index.declared.values()):  # ordered positions
        items += [_item(word, _KIND.Constant, "a position", "1") for word in POSITION_WORDS
                  if word not in index.declared]
    items += [_item(name, _KIND.Function, "function", "2") for name in FUNCTIONS]
    items += [_item(word, _KIND.Keyword, "keyword", "3") for word in KEYWORDS]
    return types.CompletionList(is_incomplete=False, items=items)


def _name_item(declared: Declared) -> types.CompletionItem:
    detail = declared.kind + (f" of {declared.owner}" if declared.owner else "")
    item = _item(declared.name, KINDS.get(declared.kind, _KIND.Text), detail, "0")
    if not _BARE.fullmatch(declared.name):
        item.insert_text = f'"{declared.name}"'  # a name with a space is written quoted
    return item


def _item(label: str, kind: types.CompletionItemKind, detail: str, rank: str) -> types.CompletionItem:
    return types.CompletionItem(label, kind=kind, detail=detail, sort_text=f"{rank}{label}")
