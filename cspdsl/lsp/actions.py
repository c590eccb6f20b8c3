"""Code actions: for each diagnostic whose hint names the likely word (`did you mean 'red'?`), one
quick fix that writes that word in place of the misspelt one."""

from __future__ import annotations

import re

from lsprotocol import types

from .diagnostics import SOURCE, suggestion
from .ranges import Places

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def code_actions(uri: str, diagnostics: list[types.Diagnostic], places: Places) -> list[types.CodeAction]:
    """The quick fixes for the diagnostics the editor sends (those at the range it asks about)."""
    found = []
    for diagnostic in diagnostics:
        if diagnostic.source not in (SOURCE, None):
            continue
        word = _suggested(diagnostic)
        written = _written(diagnostic.range, places)
        if word is None or written is None:
            continue
        replacement = _as_written(word, quoted=written.startswith('"'))
        if replacement == written:
            continue
        edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(diagnostic.range, replacement)]})
        found.append(types.CodeAction(f"Replace '{written}' with {replacement}", kind=types.CodeActionKind.QuickFix,
                                      diagnostics=[diagnostic], edit=edit, is_preferred=True))
    return found


def _suggested(diagnostic: types.Diagnostic) -> str | None:
    """The word a diagnostic suggests: kept in its data, or read again from its hint (a client may
    not send the data back)."""
    data = diagnostic.data
    if isinstance(data, dict) and isinstance(data.get("replacement"), str):
        return str(data["replacement"])
    return suggestion(diagnostic.message)


def _written(where: types.Range, places: Places) -> str | None:
    """The text a diagnostic's range covers, when it is one word or one quoted name on one line."""
    line, column = places.place(where.start)
    end_line, end_column = places.place(where.end)
    if line != end_line or not 0 < line <= len(places.lines):
        return None
    text = places.lines[line - 1][column - 1 : end_column - 1]
    quoted = len(text) >= 2 and text[0] == text[-1] == '"' and '"' not in text[1:-1]
    return text if quoted or _NAME.fullmatch(text) else None


def _as_written(word: str, quoted: bool) -> str:
    """A name as the model must write it: in quotes where the misspelt one was, or where it is not a
    bare word (it has a space)."""
    return word if _NAME.fullmatch(word) and not quoted else f'"{word}"'
