"""`cspdsl lsp`, driven as an editor drives it: a real server process on standard input and output,
a client of pytest-lsp opening models and asking about places in them."""

from __future__ import annotations

import os
import sys

import pytest
from helpers import MODELS, ROOT

pytest_lsp = pytest.importorskip("pytest_lsp")
from lsprotocol import types  # noqa: E402  (after the skip: it comes with pytest-lsp)
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

EINSTEIN = (MODELS / "einstein.puz").read_text(encoding="utf-8")
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
# All the tests of the module share one server: a module-wide event loop for it.
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(
    scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "cspdsl", "lsp"], server_env=ENV)
)
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"), root_uri=ROOT.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


async def opened(client: LanguageClient, name: str, text: str) -> tuple[str, list[types.Diagnostic]]:
    """Open `text` as the file `name` and wait for its diagnostics: its URI and them."""
    uri = (ROOT / "scratch" / name).as_uri()
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "puz", 1, text)))
    while True:
        published = await waiting
        if published.uri == uri:
            return uri, list(published.diagnostics)
        waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


def at(text: str, needle: str, offset: int = 0, occurrence: int = 0) -> types.Position:
    """The protocol's position of the `occurrence`-th `needle` in `text`, `offset` characters into it."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(needle, start + 1)
    before = text[:start + offset]
    return types.Position(before.count("\n"), len(before) - (before.rfind("\n") + 1))


def line_of(text: str, needle: str) -> int:
    return at(text, needle).line


# A model with one value misspelt (Brit as Brti, in a clue), and the same with a quoted one.
MISSPELT = EINSTEIN.replace("Brit same red", "Brti same red")
MISSPELT_QUOTED = EINSTEIN.replace('"Blue Master" same', '"Blue Mastr" same')


async def test_einstein_has_no_problem(client: LanguageClient):
    _, found = await opened(client, "einstein.puz", EINSTEIN)
    assert found == []


@pytest.mark.parametrize(
    ("name", "text", "word", "written", "replacement"),
    [
        ("misspelt.puz", MISSPELT, "Brti same", "Brti", "Brit"),
        ("quoted.puz", MISSPELT_QUOTED, '"Blue Mastr"', '"Blue Mastr"', '"Blue Master"'),
    ],
)
async def test_a_misspelt_value_is_an_error_at_its_place_with_a_fix(
    client: LanguageClient, name: str, text: str, word: str, written: str, replacement: str
):
    uri, found = await opened(client, name, text)
    assert len(found) == 1
    [diagnostic] = found
    start = at(text, word)
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range == types.Range(start, types.Position(start.line, start.character + len(written)))
    assert diagnostic.message.startswith(f"unknown value '{written.strip(chr(34))}'")
    assert f"hint: did you mean '{replacement.strip(chr(34))}'?" in diagnostic.message
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), diagnostic.range, types.CodeActionContext([diagnostic])))
    assert actions is not None and len(actions) == 1
    [action] = actions
    assert isinstance(action, types.CodeAction) and action.kind == types.CodeActionKind.QuickFix
    assert action.edit is not None and list(action.edit.changes[uri]) == [types.TextEdit(diagnostic.range, replacement)]


async def test_a_clue_that_never_holds_is_a_warning(client: LanguageClient):
    text = EINSTEIN + "1 == 2\n"
    _, found = await opened(client, "never.puz", text)
    assert [(d.severity, d.range.start.line, d.message) for d in found] == [
        (types.DiagnosticSeverity.Warning, line_of(text, "1 == 2"),
         "this clue can never hold, so the model has no solution")]


async def test_completion_in_a_clue_offers_the_values_and_the_words(client: LanguageClient):
    uri, _ = await opened(client, "complete.puz", EINSTEIN)
    found = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), at(EINSTEIN, "Swede same dog", offset=11)))
    assert isinstance(found, types.CompletionList)
    labels = {item.label: item for item in found.items}
    for value in ("dog", "fish", "Brit", "coffee", "root beer", "nationality", "house", "middle"):
        assert value in labels, value
    assert labels["root beer"].insert_text == '"root beer"'
    assert labels["fish"].detail == "value of animal"
    assert {"next_to", "same", "forall", "alldifferent"} <= set(labels)


@pytest.mark.parametrize(
    ("needle", "offset", "shown"),
    [
        ("Swede same dog", 12, ["**value** `dog` of `animal`", "at house 1..5"]),
        ("attribute colour", 11, ["**attribute** `colour`", "values: yellow, red, white, green, blue"]),
        ("positions house", 11, ["**positions** `house`", "positions: house 1..5"]),
        ("Brit same red", 6, ["**clue** (line 14)", "lowered to 1 constraint"]),
    ],
)
async def test_hover_says_what_a_name_is_and_its_domain(client: LanguageClient, needle: str, offset: int,
                                                        shown: list[str]):
    uri, _ = await opened(client, "hover.puz", EINSTEIN)
    found = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), at(EINSTEIN, needle, offset)))
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    for part in shown:
        assert part in found.contents.value


async def test_hover_gives_a_variables_domain(client: LanguageClient):
    text = (MODELS / "sendmore.puz").read_text(encoding="utf-8")
    uri, _ = await opened(client, "sendmore.puz", text)
    found = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), at(text, "S != 0")))
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    assert "**variable** `S`" in found.contents.value and "domain: 0..9" in found.contents.value


async def test_definition_and_references_of_a_value(client: LanguageClient):
    uri, _ = await opened(client, "navigate.puz", EINSTEIN)
    use = at(EINSTEIN, "Norwegian at first")
    declared = at(EINSTEIN, "Norwegian, German")
    place = types.TextDocumentPositionParams(types.TextDocumentIdentifier(uri), use)
    definition = await client.text_document_definition_async(types.DefinitionParams(place.text_document, use))
    assert isinstance(definition, types.Location)
    assert definition.range.start == declared and definition.range.end.character == declared.character + 9
    found = await client.text_document_references_async(types.ReferenceParams(
        context=types.ReferenceContext(include_declaration=True), text_document=place.text_document, position=use))
    assert found is not None
    assert [location.range.start for location in found] == [
        declared, use, at(EINSTEIN, "Norwegian next_to blue")]


async def test_document_symbols_outline_the_model(client: LanguageClient):
    uri, _ = await opened(client, "outline.puz", EINSTEIN)
    found = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri)))
    assert found is not None
    symbols = [symbol for symbol in found if isinstance(symbol, types.DocumentSymbol)]
    named = {symbol.name: symbol for symbol in symbols}
    assert [s.name for s in symbols[:6]] == ["house", "nationality", "colour", "animal", "beverage", "cigar"]
    assert [child.name for child in named["animal"].children or []] == ["horse", "cat", "bird", "fish", "dog"]
    assert sum(symbol.detail == "clue" for symbol in symbols) == 15
    assert named["Who owns the fish?"].kind == types.SymbolKind.String


async def test_a_model_that_does_not_parse_gives_one_diagnostic_and_the_server_goes_on(client: LanguageClient):
    uri, _ = await opened(client, "broken.puz", EINSTEIN)
    broken = EINSTEIN.replace("Dane same tea", "Dane same same tea")
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=uri),
        [types.TextDocumentContentChangeWholeDocument(broken)]))
    published = await waiting
    assert published.uri == uri and len(published.diagnostics) == 1
    assert published.diagnostics[0].severity == types.DiagnosticSeverity.Error
    assert published.diagnostics[0].range.start == at(broken, "same same", offset=5)
    found = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), at(broken, "Swede same dog", offset=11)))
    assert isinstance(found, types.CompletionList) and "dog" in {item.label for item in found.items}
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), at(broken, "attribute colour", 11)))
    assert hover is not None


async def test_closing_a_model_clears_its_diagnostics(client: LanguageClient):
    uri, found = await opened(client, "closed.puz", MISSPELT)
    assert len(found) == 1
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    published = await waiting
    assert published.uri == uri and list(published.diagnostics) == []
