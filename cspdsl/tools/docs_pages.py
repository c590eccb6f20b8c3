"""The docs site's generated parts, filled in as mkdocs builds the site (mkdocs.yml `hooks:`): the
API reference from the public API's docstrings and signatures (docs/api.md), and the list of the
example models from their opening comments (docs/models.md), so that neither falls behind the code.

mkdocs loads this file by its path, not as a module of the package, so it imports cspdsl by name."""

from __future__ import annotations

import importlib
import inspect
import re

from cspdsl.core.examples import examples
from cspdsl.core.record import Record
from cspdsl.core.static_types import Any

# Where the example models are read on the web: the site is built from the repository's main branch.
MODELS_URL = "https://github.com/cspdsl/cspdsl/blob/main/models/"
# A page's placeholder -> what replaces it.
API_MARKER = "<!-- generated: api reference -->"
MODELS_MARKER = "<!-- generated: models -->"


def on_page_markdown(markdown: str, **_: Any) -> str:
    """The mkdocs hook: a page's placeholders replaced by what they stand for."""
    if API_MARKER in markdown:
        markdown = markdown.replace(API_MARKER, api_reference())
    if MODELS_MARKER in markdown:
        markdown = markdown.replace(MODELS_MARKER, models_table())
    return markdown


# -- the example models --------------------------------------------------------------------------------


def models_table() -> str:
    """A row per example model: its name (a link to its text) and the first sentence of its comment."""
    rows = [f"| [`{name}`]({MODELS_URL}{name}.puz) | {what.replace('|', '&#124;')} |" for name, what in examples()]
    return "\n".join(["| model | what it is |", "|---|---|", *rows])


# -- the public API ------------------------------------------------------------------------------------


def public_names() -> list[str]:
    """What `from cspdsl import ...` offers, the version string aside."""
    package = importlib.import_module("cspdsl")
    return [name for name in package.__all__ if not name.startswith("__")]


def api_reference() -> str:
    """A section per public name: its signature, its docstring and, for a class, its members."""
    package = importlib.import_module("cspdsl")
    return "\n\n".join(section(name, getattr(package, name)) for name in public_names())


def section(name: str, thing: Any) -> str:
    if inspect.isclass(thing):
        parts = [f"## `{name}`", code(f"class {name}{class_signature(thing)}"), docstring(thing)]
        parts += [fields(thing), *(member(name, key, value) for key, value in members(thing))]
    else:
        parts = [f"## `{name}`", code(f"def {name}{signature(thing)}"), docstring(thing)]
    return "\n\n".join(part for part in parts if part)


def members(cls: type) -> list[tuple[str, Any]]:
    """The public methods and properties a class of cspdsl defines (not those of `object`, `Exception`)."""
    found: dict[str, Any] = {}
    for base in reversed(cls.__mro__):
        if base.__module__.startswith("cspdsl."):
            found.update((key, value) for key, value in vars(base).items()
                         if not key.startswith("_") and (callable(value) or isinstance(value, property)))
    return sorted(found.items())


def member(owner: str, name: str, value: Any) -> str:
    if isinstance(value, property):
        return "\n\n".join(part for part in (f"### `{owner}.{name}`", "A property.", docstring(value.fget)) if part)
    if isinstance(value, staticmethod | classmethod):
        value = value.__func__
    return "\n\n".join(part for part in (f"### `{owner}.{name}`", code(f"def {name}{signature(value)}"),
                                         docstring(value)) if part)


def fields(cls: type) -> str:
    """A record's fields and their types (its constructor takes them in this order)."""
    annotations: dict[str, str] = {}
    for base in reversed(cls.__mro__):
        if base.__module__.startswith("cspdsl."):
            annotations.update((key, str(value)) for key, value in vars(base).get("__annotations__", {}).items()
                               if not key.startswith("_") and not str(value).startswith("ClassVar"))
    if not issubclass(cls, Record) or not annotations:
        return ""
    return "Fields: " + ", ".join(f"`{key}: {value}`" for key, value in annotations.items()) + "."


class _Text(str):
    """An annotation kept as text (`from __future__ import annotations`), shown without quotes."""

    def __repr__(self) -> str:
        return str(self)


def signature(function: Any) -> str:
    try:
        found = inspect.signature(function)
    except (TypeError, ValueError):
        return "(...)"
    parameters = [p.replace(annotation=_Text(p.annotation)) if isinstance(p.annotation, str) else p
                  for p in found.parameters.values()]
    returns = found.return_annotation
    return str(found.replace(parameters=parameters,
                             return_annotation=_Text(returns) if isinstance(returns, str) else returns))


def class_signature(cls: type) -> str:
    """The constructor's parameters, or nothing where they are a record's fields (`*args, **kwargs`)."""
    shown = signature(cls)
    return "" if shown.startswith("(*args") or shown == "(...)" else shown


def code(text: str) -> str:
    return f"```python\n{text}\n```"


def docstring(thing: Any) -> str:
    """The docstring as Markdown: its doctest lines as a Python console block."""
    text = inspect.getdoc(thing) or ""
    return re.sub(r"(?m)^((?:>>> |\.\.\. ).*\n?(?:(?!>>> )(?!\s*$).*\n?)*)", lambda m: console(m.group(1)), text)


def console(block: str) -> str:
    return f"```pycon\n{block.rstrip()}\n```\n"
