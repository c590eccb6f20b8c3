"""The docs site's generated pages and its settings: the API reference has a section for every public
name with its docstring, the models page a row for every example model, the relation words of a
```puz block have their own colour, and mkdocs.yml points at the project's repository."""

from __future__ import annotations

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
API = docs_pages.api_reference()


@pytest.mark.parametrize("name", docs_pages.public_names())
def test_the_api_reference_shows_each_public_name_with_its_docstring(name: str):
    thing = getattr(cspdsl, name)
    section = API.split(f"## `{name}`\n", 1)[1].split("\n## ", 1)[0]
    docstring = inspect.getdoc(thing)
    assert docstring and docstring.splitlines()[0] in section
    keyword = "class" if inspect.isclass(thing) else "def"
    assert re.search(rf"^{keyword} {name}\b", section, re.M)


def test_the_api_reference_is_the_whole_public_api():
    assert set(docs_pages.public_names()) == set(cspdsl.__all__) - {"__version__"}
    assert {"load", "loads", "solve", "Model", "Result", "CspdslError"} <= set(docs_pages.public_names())
    assert "def solve(model: Lowered, backend: str | None = None, *, limit: int | None = 2" in API  # no quotes
    assert "### `Result.to_dict`" in API and "Fields: `model: Lowered`" in API


def test_a_docstrings_doctest_becomes_a_console_block():
    def example() -> None:
        """Run it so:

        >>> 1 + 1
        2

        and no more."""

    assert docs_pages.docstring(example) == "Run it so:\n\n```pycon\n>>> 1 + 1\n2\n```\n\nand no more."


def test_the_models_page_lists_every_model():
    table = docs_pages.models_table()
    names = re.findall(r"^\| \[`(\w+)`\]\(https://github\.com/cspdsl/cspdsl/blob/main/models/\1\.puz\) \| .+ \|$",
                       table, re.M)
    assert names == sorted(path.stem for path in MODELS.glob("*.puz"))


def test_the_hook_fills_the_pages_placeholders():
    for page, marker in (("api.md", docs_pages.API_MARKER), ("models.md", docs_pages.MODELS_MARKER)):
        text = (DOCS / page).read_text(encoding="utf-8")
        assert marker in text
        filled = docs_pages.on_page_markdown(text, page=None)
        assert marker not in filled and len(filled) > len(text) + 1000
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
