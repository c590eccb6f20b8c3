"""The Pygments lexer (cspdsl/highlight.py) and the TextMate grammar (editors/puz.tmLanguage.json) read
every model and every ```puz example of the docs without an error, and know exactly the words that
grammars/puz.lark reserves, so a word added to the grammar fails here until both know it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from helpers import MODELS
from pygments.token import Error

from cspdsl.syntax.words import RESERVED
from cspdsl.tools.highlight import PuzLexer

ROOT = Path(__file__).resolve().parent.parent
TM_GRAMMAR = json.loads((ROOT / "editors" / "puz.tmLanguage.json").read_text(encoding="utf-8"))
FENCE = re.compile(r"^```puz\n(.*?)^```", re.M | re.S)


def grammar_words() -> set[str]:
    """The words grammars/puz.lark reserves: its quoted literals and its word terminals' alternatives."""
    text = (ROOT / "grammars" / "puz.lark").read_text(encoding="utf-8")
    text = re.sub(r'(?<!")//.*$', "", text, flags=re.M)  # comments, not the "//" operator
    words = set(re.findall(r'"([a-z_]+)"', text))
    for alternatives in re.findall(r"^[A-Z_]+(?:\.\d+)?: /\(([a-z_|]+)\)\\b/", text, re.M):
        words |= set(alternatives.split("|"))
    return words


def sources() -> list[tuple[str, str]]:
    """Every model, and every ```puz block of every page of the docs."""
    found = [(path.name, path.read_text(encoding="utf-8")) for path in sorted(MODELS.glob("*.puz"))]
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for number, block in enumerate(FENCE.findall(page.read_text(encoding="utf-8")), 1):
            found.append((f"{page.relative_to(ROOT / 'docs')}#{number}", block))
    return found


SOURCES = sources()


def test_the_grammar_has_words_and_the_docs_have_examples():
    assert {"puzzle", "forall", "same", "exactly", "where"} <= grammar_words()
    assert len(SOURCES) > 80


def test_the_lexer_knows_the_grammars_words():
    assert grammar_words() == RESERVED


@pytest.mark.parametrize(("name", "text"), SOURCES, ids=[name for name, _ in SOURCES])
def test_the_lexer_reads_every_model_and_example_without_an_error(name: str, text: str):
    tokens = list(PuzLexer().get_tokens(text))
    assert [value for token, value in tokens if token in Error] == []
    assert "".join(value for _, value in tokens).rstrip("\n") == text.rstrip("\n")


def test_the_lexer_tells_words_strings_and_members_apart():
    tokens = [(str(token), value) for token, value in PuzLexer().get_tokens(
        'question "q": "in {fish}"\nforall r in g.rows: exactly 1 of [x not_same y]\n') if value.strip()]
    assert tokens[:6] == [("Token.Keyword", "question"), ("Token.Literal.String.Double", '"'),
                          ("Token.Literal.String.Double", "q"), ("Token.Literal.String.Double", '"'),
                          ("Token.Punctuation", ":"), ("Token.Literal.String.Double", '"')]
    assert ("Token.Literal.String.Interpol", "{fish}") in tokens
    assert ("Token.Name.Attribute", "rows") in tokens
    assert ("Token.Operator.Word", "exactly") in tokens and ("Token.Operator.Word", "not_same") in tokens


def test_pyproject_registers_the_lexer_for_pygments():
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]
    assert entry["pygments.lexers"] == {"puz": "cspdsl.tools.highlight:PuzLexer"}
    assert PuzLexer.aliases == ["puz"] and PuzLexer.filenames == ["*.puz"]


def test_pygmentize_finds_the_lexer_once_installed():
    if not any(e.name == "puz" for e in metadata.entry_points(group="pygments.lexers")):
        pytest.skip("cspdsl is not installed with its entry points here (pip install -e . does it)")
    from pygments.lexers import get_lexer_by_name

    assert isinstance(get_lexer_by_name("puz"), PuzLexer)
    # pygmentize of this interpreter's environment (`python -m pygments`), not another one on the PATH
    out = subprocess.run([sys.executable, "-m", "pygments", "-l", "puz", "-f", "html", str(MODELS / "lock.puz")],
                         capture_output=True, text=True, check=True).stdout
    assert '<span class="k">forall</span>' in out


# The TextMate grammar, applied as an editor would: at each place the first pattern (in order) that
# matches there gives the scope; a begin/end pattern runs to its end. A sketch of the real engine, enough
# to show that the patterns compile, cover every character and give the words their scopes.
def _rules(patterns: list[dict]) -> list[dict]:
    rules = []
    for pattern in patterns:
        if "include" in pattern:
            rules += _rules([TM_GRAMMAR["repository"][pattern["include"].lstrip("#")]])
        elif "match" in pattern or "begin" in pattern:
            rules.append(pattern)
        else:
            rules += _rules(pattern["patterns"])
    return rules


def tm_scopes(text: str) -> list[tuple[str, str]]:
    """(scope, text) pieces; a character no pattern covers comes out with the scope "" ."""
    rules, pieces, position = _rules(TM_GRAMMAR["patterns"]), [], 0
    while position < len(text):
        for rule in rules:
            match = re.compile(rule.get("match") or rule["begin"], re.M).match(text, position)
            if match and match.end() > position:
                end = match.end()
                if "begin" in rule:
                    closing = re.compile(rule["end"], re.M).search(text, end)
                    end = closing.end() if closing else len(text)
                scope = rule.get("name") or rule["captures"]["2"]["name"]
                pieces.append((scope, text[position:end]))
                position = end
                break
        else:
            pieces.append(("", text[position]))
            position += 1
    return pieces


def tm_words() -> set[str]:
    """The words the grammar's keyword patterns list."""
    words = set()
    for rule in _rules([{"include": "#keywords"}]):
        words |= set(re.fullmatch(r"\\b\((.*)\)\\b", rule["match"]).group(1).split("|"))
    return words


def test_the_textmate_grammar_knows_the_grammars_words():
    assert TM_GRAMMAR["scopeName"] == "source.puz" and TM_GRAMMAR["fileTypes"] == ["puz"]
    assert tm_words() == grammar_words()


@pytest.mark.parametrize(("name", "text"), SOURCES, ids=[name for name, _ in SOURCES])
def test_the_textmate_grammar_covers_every_model_and_example(name: str, text: str):
    uncovered = [piece for scope, piece in tm_scopes(text) if not scope and not piece.isspace()]
    assert uncovered == []


def test_the_textmate_grammar_scopes_the_einstein_model():
    scopes = dict((piece, scope) for scope, piece in tm_scopes((MODELS / "einstein.puz").read_text()))
    assert scopes["directly_left_of"] == "keyword.operator.word.relation.puz"
    assert scopes['"root beer"'] == "string.quoted.double.puz"
    assert scopes["attribute"] == scopes["question"] == "keyword.other.puz"
    assert scopes["Brit"] == "variable.other.puz" and scopes["5"] == "constant.numeric.integer.puz"
