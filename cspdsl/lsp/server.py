"""The language server of `.puz` models (`cspdsl lsp`): pygls's server on standard input and output,
each feature one handler that reads the text's `Analysis` (analysis.py) and answers through the
module that knows it."""

from __future__ import annotations

import contextlib
import os
import sys

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from .. import __version__
from .actions import code_actions
from .analysis import Analysis, analyse
from .completion import completions
from .diagnostics import diagnostics
from .hover import hover_text
from .navigation import definition, outline, references
from .ranges import Places


class PuzServer(LanguageServer):
    """pygls's server, with the analysis of each open text (by its URI), made when it opens, changes
    or is saved."""

    def __init__(self) -> None:
        super().__init__("cspdsl", __version__)
        self.analyses: dict[str, Analysis] = {}

    def places(self, uri: str) -> Places:
        document = self.workspace.get_text_document(uri)
        return Places(document.source, document.position_codec)

    def analysis(self, uri: str) -> Analysis:
        """The text's analysis, made now if the editor asks about a text it never opened."""
        found = self.analyses.get(uri)
        document = self.workspace.get_text_document(uri)
        if found is None or found.text != document.source:
            found = self.analyses[uri] = analyse(document.source, document.path or uri, found)
        return found

    def check(self, uri: str) -> None:
        """Analyse the text again and publish its diagnostics."""
        analysis = self.analysis(uri)
        found = diagnostics(analysis, self.places(uri))
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, found))


server = PuzServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: PuzServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.check(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: PuzServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.check(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: PuzServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.check(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: PuzServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.analyses.pop(params.text_document.uri, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(params.text_document.uri, []))


@server.feature(types.TEXT_DOCUMENT_COMPLETION)
def completion(ls: PuzServer, params: types.CompletionParams) -> types.CompletionList:
    return completions(ls.analysis(params.text_document.uri).index)


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: PuzServer, params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    places = ls.places(uri)
    found = hover_text(ls.analysis(uri), *places.place(params.position))
    if found is None:
        return None
    text, span = found
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text), places.range(span))


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def go_to_definition(ls: PuzServer, params: types.DefinitionParams) -> types.Location | None:
    uri = params.text_document.uri
    places = ls.places(uri)
    return definition(uri, ls.analysis(uri).index, places, *places.place(params.position))


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
def find_references(ls: PuzServer, params: types.ReferenceParams) -> list[types.Location]:
    uri = params.text_document.uri
    places = ls.places(uri)
    line, column = places.place(params.position)
    return references(uri, ls.analysis(uri).index, places, line, column, params.context.include_declaration)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: PuzServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    uri = params.text_document.uri
    return outline(ls.analysis(uri).index, ls.places(uri))


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix])
)
def quick_fixes(ls: PuzServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    return code_actions(uri, list(params.context.diagnostics), ls.places(uri))


def start() -> None:
    """Serve on standard input and output until the editor says to exit. The protocol is written to
    a copy of standard output's descriptor, which pygls closes at the end, and anything printed
    meanwhile goes to standard error: a stray line on standard output would break the protocol."""
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    with contextlib.redirect_stdout(sys.stderr):
        server.start_io(sys.stdin.buffer, protocol)
