"""The docs site's generated pages and its settings: the API reference (mkdocstrings) has an entry for
every public name, at the module that defines it, the models page a row for every example model, the relation words of a
```puz block have their own colour, and mkdocs.yml points at the project's repository."""

from __future__ import annotations

import importlib
import inspect
import re
import tomllib

import pytest
from helpers import DOCS, MODELS, ROOT
from pygments.token import Operator

import cspdsl
from cspdsl.syntax.words import COUNT_WORDS, RELATIONS
from cspdsl.tools import docs_pages
from cspdsl.tools.highlight import PuzLexer

CONFIG = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
API_PAGE = (DOCS / "api.md").read_text(encoding="utf-8")
PUBLIC = [name for name in cspdsl.__all__ if not name.startswith("__")]


@pytest.mark.parametrize("name", PUBLIC)
def test_the_api_reference_shows_each_public_name_where_it_is_defined(name: str):
    home = importlib.import_module(f"cspdsl.{cspdsl._HOMES[name]}")
    assert getattr(home, name) is getattr(cspdsl, name)
    assert re.search(rf"^::: cspdsl\.{re.escape(cspdsl._HOMES[name])}\.{name}$", API_PAGE, re.M)
    assert inspect.getdoc(getattr(cspdsl, name)), f"{name} has no docstring for the reference to show"


def test_the_api_reference_is_mkdocstrings_and_the_whole_public_api():
    assert len(re.findall(r"^::: cspdsl\.", API_PAGE, re.M)) == len(PUBLIC)
    assert "\n  - mkdocstrings:\n" in CONFIG.split("plugins:", 1)[1]


def test_the_models_page_lists_every_model():
    table = docs_pages.models_table()
    names = re.findall(r"^\| \[`(\w+)`\]\(https://github\.com/cspdsl/cspdsl/blob/main/models/\1\.puz\) \| .+ \|$",
                       table, re.M)
    assert names == sorted(path.stem for path in MODELS.glob("*.puz"))


def test_the_hook_fills_the_models_page():
    text = (DOCS / "models.md").read_text(encoding="utf-8")
    assert docs_pages.MODELS_MARKER in text
    filled = docs_pages.on_page_markdown(text, page=None)
    assert docs_pages.MODELS_MARKER not in filled and len(filled) > len(text) + 1000
    assert "\n  - cspdsl/tools/docs_pages.py\n" in CONFIG.split("hooks:", 1)[1]


def test_the_relation_words_have_a_colour_of_their_own():
    for word in RELATIONS + COUNT_WORDS:
        assert [token for token, value in PuzLexer().get_tokens(f"a {word} b") if value == word] == [Operator.Word]
    assert "pygments_lang_class: true" in CONFIG and "- stylesheets/puz.css" in CONFIG
    rule = re.search(r"\.language-puz \.ow \{(.*?)\}", (DOCS / "stylesheets" / "puz.css").read_text(), re.S)
    assert rule and "--md-code-hl-operator-color" not in rule.group(1)
    assert re.search(r"color: var\(--md-code-hl-\w+-color\)", rule.group(1))


def test_the_site_points_at_the_projects_repository():
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert re.search(rf"^repo_url: {re.escape(urls['Homepage'])}\b", CONFIG, re.M)
    assert urls["Documentation"].removeprefix(urls["Homepage"] + "/blob/main/") == "docs/language/index.md"



def test_every_install_of_an_extra_works_from_a_clone():
    """cspdsl is on no package index: `pip install 'cspdsl[X]'` works only where cspdsl is installed
    already. The install lines a reader copies (the README's and the pages' code blocks) are the
    clone's form, `pip install '.[X]'`."""
    pages = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
    copied = [f"{page.name}: {line.strip()}" for page in pages
              for block in re.findall(r"^```[a-z]*\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)
              for line in block.splitlines() if "pip install 'cspdsl[" in line]
    assert copied == []
