"""The example models that ship with cspdsl (the repository's `models/`, in the wheel as
`cspdsl/examples/`), found by name: `cspdsl solve einstein` works from any folder once installed.
The models of a folder of them (`models/genres/`, the pencil-puzzle genres) go by the folder's name
and theirs: `cspdsl solve genres/sudoku`."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

# Where the examples are: in an installed wheel, inside the package; in a clone (or an editable
# install), the repository's models/ folder beside it.
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PLACES = (os.path.join(_PACKAGE, "examples"), os.path.join(os.path.dirname(_PACKAGE), "models"))


def examples_folder() -> str | None:
    """The folder of the bundled examples, if this installation has one."""
    return next((place for place in _PLACES if os.path.isdir(place)), None)


def example_path(name: str) -> str | None:
    """The bundled example called `name` (`einstein`, `einstein.puz` or `genres/sudoku`), if there
    is one: a name, or a folder's name and a name, never a path out of the examples."""
    folder = examples_folder()
    parts = name.split("/")
    if folder is None or len(parts) > 2 or not all(_plain(part) for part in parts):
        return None
    path = os.path.join(folder, *parts)
    path = path if path.endswith(".puz") else f"{path}.puz"
    return path if os.path.isfile(path) else None


def _plain(part: str) -> bool:
    """A part of an example's name: a file or folder name, not `..`, `.` or empty."""
    return part not in ("", ".", "..") and "\\" not in part


def examples() -> list[tuple[str, str]]:
    """(name, what it is: the model's first comment line) of every bundled example, by name."""
    folder = examples_folder()
    if folder is None:
        return []
    found = _described(folder, "")
    for sub in sorted(os.listdir(folder)):
        if os.path.isdir(os.path.join(folder, sub)) and not sub.startswith(("_", ".")):
            found += _described(os.path.join(folder, sub), f"{sub}/")
    return found


def _described(folder: str, prefix: str) -> list[tuple[str, str]]:
    """(prefix + name, its first sentence) of each model of one folder, by name."""
    found = []
    for file in sorted(os.listdir(folder)):
        if file.endswith(".puz"):
            with open(os.path.join(folder, file), encoding="utf-8") as model:
                found.append((prefix + file[: -len(".puz")], first_sentence(model)))
    return found


# A sentence's end: . ? or ! then a space and a capital, at least 40 characters in (so that a short
# question opening a longer sentence is not all), not after an initial (`J. Automated`).
_SENTENCE_END = re.compile(r"(?<=.{40})(?<![ .][A-Z])[.?!](?= +[A-Z\"(])")


def first_sentence(lines: Iterable[str]) -> str:
    """The first sentence of a model's opening comment, which may run over several lines."""
    comment: list[str] = []
    for line in lines:
        if not line.strip():
            if comment:
                break
            continue
        if not line.lstrip().startswith("#"):
            break
        comment.append(line.strip().lstrip("#").strip())
    text = " ".join(comment)
    end = _SENTENCE_END.search(text)
    return text[: end.end()] if end else text
