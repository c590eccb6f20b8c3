"""The language server's parts without a server: the index of a model's names, read from its AST,
the analysis of a text (the problems `cspdsl check` finds) and the command that starts it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import MODELS, ROOT, run_cli

from cspdsl.core.errors import did_you_mean
from cspdsl.lsp.analysis import ERROR, WARNING, analyse
from cspdsl.syntax.plain import PLAIN_FROM

EINSTEIN = (MODELS / "einstein.puz").read_text(encoding="utf-8")


def line_of(text: str, needle: str) -> int:
    """The line (from 1) of the first `needle` in `text`."""
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(
    ("model", "name", "kind", "written", "owner"),
    [
        ("einstein", "house", "positions", "positions house = 1..5", None),
        ("einstein", "colour", "attribute", "attribute colour: yellow", None),
        ("einstein", "root beer", "value", 'coffee, "root beer"', "beverage"),
        ("sendmore", "E", "variable", "var S, E, N", None),
        ("killer", "cage", "regions", "regions cage of g", None),
        ("golf", "Bill", "key value", "Jack, Bill", "man"),
    ],
)
def test_a_declared_name_is_indexed_where_it_is_written(model: str, name: str, kind: str, written: str,
                                                        owner: str | None):
    text = (MODELS / f"{model}.puz").read_text(encoding="utf-8")
    declared = analyse(text, model).index.declared[name]
    assert (declared.kind, declared.owner) == (kind, owner)
    line = text.split("\n")[declared.span.line - 1]
    assert written in line
    quoted = f'"{name}"' if " " in name else name
    assert line[declared.span.column - 1 : declared.span.end_column - 1] == quoted
    assert line.index(written) <= declared.span.column - 1


def test_the_uses_of_a_value_are_its_clues_and_its_answer():
    index = analyse(EINSTEIN, "einstein").index
    lines = [span.line for span in index.references("fish")]
    answer = line_of(EINSTEIN, "question")  # `nationality[fish]` and `{fish}` in the answer
    assert lines == [line_of(EINSTEIN, "fish, dog"), answer, answer]
    assert index.references("fish", declaration=False)[0].line == answer


def test_a_domain_of_names_declares_its_names():
    index = analyse("var WA, NT in {red, green}\nWA != NT\n", "map").index
    assert index.declared["red"].kind == "name" and index.declared["red"].owner == "WA"
    assert index.name_at(2, 7) == ("NT", index.references("NT")[1])


def test_a_text_that_does_not_parse_keeps_the_last_index():
    good = analyse(EINSTEIN, "einstein")
    broken = analyse(EINSTEIN.replace("Dane same tea", "Dane same same tea"), "einstein", good)
    assert not broken.parsed and broken.index is good.index
    [problem] = broken.problems
    assert problem.severity == ERROR and problem.span is not None
    assert problem.span.line == line_of(EINSTEIN, "Dane same")


def test_problems_are_the_checks_words_and_hints():
    misspelt = analyse(EINSTEIN.replace("Brit same red", "Brti same red"), "einstein")
    [problem] = misspelt.problems
    assert (problem.message, problem.hint) == ("unknown value 'Brti'", "did you mean 'Brit'?")
    assert (problem.span.line, problem.span.column, problem.span.end_column) == (line_of(EINSTEIN, "Brit same"), 1, 5)
    folded = analyse(EINSTEIN + "1 == 1\n", "einstein")
    assert [(p.severity, p.message) for p in folded.problems] == [
        (WARNING, "this clue always holds, so it says nothing")]


def test_the_quick_fix_reads_the_hint_did_you_mean_writes():
    from cspdsl.lsp.diagnostics import suggestion

    assert suggestion(did_you_mean("Brti", ["Brit", "Dane"])) == "Brit"
    assert suggestion(did_you_mean("Einsteins", ["Einstein's"])) == "Einstein's"
    assert suggestion("choose another name") is None


def test_a_big_models_plain_lines_are_indexed():
    lines = [f"var v{i} in 0..9" for i in range(3000)] + [f"v{i} + v{i + 1} != 3" for i in range(2999)]
    text = "\n".join(lines) + "\n"
    assert len(text) >= PLAIN_FROM
    index = analyse(text, "big").index
    assert index.declared["v2999"].span.line == 3000
    uses = index.references("v7", declaration=False)
    assert [(span.line, span.column) for span in uses] == [(3007, 6), (3008, 1)]
    assert len(index.clues) == 2999


def test_without_pygls_the_command_says_how_to_install_it():
    blocked = "import sys; sys.modules['pygls'] = None; from cspdsl.cli.commands import main; sys.exit(main(['lsp']))"
    done = subprocess.run([sys.executable, "-c", blocked], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode == 2
    assert "pip install 'cspdsl[lsp]'" in done.stderr and "pygls" in done.stderr


def test_the_command_is_listed_in_help():
    assert "lsp" in run_cli("--help").stdout


# The quick fixes without a server: (the model's text, the misspelt text, what replaces it).
FIXES = [
    ((MODELS / "sendmore.puz").read_text(encoding="utf-8").replace("alldifferent", "alldiferent"),
     "alldiferent", "alldifferent"),
    (EINSTEIN.replace('same "root beer"', "same root_beer"), "root_beer", '"root beer"'),
    ("param n = 3\nvar x in 1..nn\n", "nn", "n"),
    ("var WA, NT in {red, green}\nWA == gren\n", "gren", "green"),
]


@pytest.mark.parametrize(("text", "written", "replacement"), FIXES)
def test_a_did_you_mean_hint_gets_a_fix_that_writes_the_name(text: str, written: str, replacement: str):
    pytest.importorskip("pygls")
    from pygls.workspace import PositionCodec

    from cspdsl.lsp.actions import code_actions
    from cspdsl.lsp.diagnostics import diagnostics
    from cspdsl.lsp.ranges import Places

    places = Places(text, PositionCodec())
    [diagnostic] = diagnostics(analyse(text, "model"), places)
    line = line_of(text, f"{written}\n") if f"{written}\n" in text else line_of(text, written)
    assert (diagnostic.range.start.line, diagnostic.range.end.character - diagnostic.range.start.character) == (
        line - 1, len(written))
    [action] = code_actions("file:///model.puz", [diagnostic], places)
    assert action.edit is not None and action.edit.changes is not None
    [edit] = action.edit.changes["file:///model.puz"]
    assert (edit.range, edit.new_text) == (diagnostic.range, replacement)


def test_columns_are_the_editors_code_units():
    pytest.importorskip("pygls")
    from lsprotocol import types
    from pygls.workspace import PositionCodec

    from cspdsl.lsp.diagnostics import diagnostics
    from cspdsl.lsp.ranges import Places

    text = 'positions house = 1..2\nattribute pet: "🐟", cat\n"🐟" same dgo\n'  # the fish: two UTF-16 units
    places = Places(text, PositionCodec())
    [diagnostic] = diagnostics(analyse(text, "model"), places)
    assert diagnostic.range == types.Range(types.Position(2, 10), types.Position(2, 13))
    assert places.place(types.Position(2, 10)) == (3, 10)
