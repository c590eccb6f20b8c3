"""Go to definition, find references and the outline of a model, from the index of its names."""

from __future__ import annotations

from lsprotocol import types

from ..core.errors import Span
from . import symbols
from .ranges import Places
from .symbols import Declared, Index

_KIND = types.SymbolKind
KINDS = {
    symbols.ENTITY: _KIND.Class, symbols.KEY_VALUE: _KIND.EnumMember, symbols.ATTRIBUTE: _KIND.Enum,
    symbols.VALUE: _KIND.EnumMember, symbols.VARIABLE: _KIND.Variable, symbols.PARAM: _KIND.Constant,
    symbols.SET: _KIND.Constant, symbols.BOARD: _KIND.Struct, symbols.PIECES: _KIND.Struct,
    symbols.REGIONS: _KIND.Struct, symbols.DOMAIN_NAME: _KIND.EnumMember,
}


def definition(uri: str, index: Index, places: Places, line: int, column: int) -> types.Location | None:
    """Where the name at (line, column) is declared."""
    found = index.name_at(line, column)
    declared = index.declared.get(found[0]) if found is not None else None
    return types.Location(uri, places.range(declared.span)) if declared is not None else None


def references(
    uri: str, index: Index, places: Places, line: int, column: int, declaration: bool
) -> list[types.Location]:
    """Where the name at (line, column) is written: each use, and its declaration if asked."""
    found = index.name_at(line, column)
    if found is None:
        return []
    return [types.Location(uri, places.range(span)) for span in index.references(found[0], declaration)]


def outline(index: Index, places: Places) -> list[types.DocumentSymbol]:
    """The model's outline in its order: positions, attributes (their values under them), variables,
    params, sets, boards, pieces and regions, then each clue and question."""
    owned: dict[str, list[Declared]] = {}
    for declared in index.declared.values():
        if declared.owner is not None:
            owned.setdefault(declared.owner, []).append(declared)
    found = [_symbol(d, places, owned.get(d.name, [])) for d in index.declared.values() if d.owner is None]
    for clue in index.clues:
        found.append(_statement(clue.text.strip(), _KIND.Boolean, "clue", clue, places))
    for question, span in index.questions:
        found.append(_statement(question, _KIND.String, "question", span, places))
    return sorted(found, key=lambda symbol: (symbol.range.start.line, symbol.range.start.character))


def _symbol(declared: Declared, places: Places, members: list[Declared]) -> types.DocumentSymbol:
    children = [_symbol(member, places, []) for member in members]
    return types.DocumentSymbol(
        declared.name, KINDS.get(declared.kind, _KIND.Variable), places.range(declared.statement),
        places.range(declared.span), detail=declared.kind, children=children or None,
    )


def _statement(name: str, kind: types.SymbolKind, detail: str, span: Span, places: Places) -> types.DocumentSymbol:
    where = places.range(span)
    return types.DocumentSymbol(name or detail, kind, where, where, detail=detail)
