"""The docs site's list of the example models, filled in as mkdocs builds the site (mkdocs.yml
`hooks:`) from their opening comments (docs/models.md), so that it does not fall behind the models.
The API reference (docs/api.md) is mkdocstrings' work, from the public API's docstrings.

mkdocs loads this file by its path, not as a module of the package, so it imports cspdsl by name."""

from __future__ import annotations

from cspdsl.core.examples import examples
from cspdsl.core.static_types import Any

# Where the example models are read on the web: the site is built from the repository's main branch.
MODELS_URL = "https://github.com/cspdsl/cspdsl/blob/main/models/"
MODELS_MARKER = "<!-- generated: models -->"  # the page's placeholder for the table


def on_page_markdown(markdown: str, **_: Any) -> str:
    """The mkdocs hook: the models page's placeholder replaced by the table."""
    return markdown.replace(MODELS_MARKER, models_table()) if MODELS_MARKER in markdown else markdown


def models_table() -> str:
    """A row per example model: its name (a link to its text) and the first sentence of its comment."""
    rows = [f"| [`{name}`]({MODELS_URL}{name}.puz) | {what.replace('|', '&#124;')} |" for name, what in examples()]
    return "\n".join(["| model | what it is |", "|---|---|", *rows])
