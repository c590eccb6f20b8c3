"""The docs name the package as it is: docs/architecture.md names every module of cspdsl, and no page
names a module, a folder or a dotted `cspdsl.x.y` name that does not exist.

A module is named in docs/architecture.md by its path under `cspdsl/` in backticks
(`backends/sat/encoder.py`), or by its file name (`encoder.py`) in a table row under a heading that
names its folder in backticks (### `backends/sat/`). A path in backticks (or in a fenced block) on any
page of docs/ must exist: under `cspdsl/`, at the repository's root (`tests/...`, `bench/...`), or as
the tail of a path under `cspdsl/` (`sat/rulers.py`); a bare file name must be some module's, test's
or benchmark's file name. A dotted name must resolve to a module or an attribute of one: each
`cspdsl.x.y` written anywhere, and each span that is a dotted name of one of cspdsl's parts alone
(`ir.validate`, `api.solve(limit=1)`). A placeholder in capitals (`backends/NAME.py`) is left alone.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from helpers import ROOT

PACKAGE = ROOT / "cspdsl"
DOCS = ROOT / "docs"
ARCHITECTURE = DOCS / "architecture.md"
PAGES = sorted(DOCS.rglob("*.md"))
GENERATED = {"syntax/_puz_tables.py"}
# Paths the docs name that belong to another project, not to this repository.
FOREIGN = {"ortools/__init__.py"}

# Every module of cspdsl but the packages' __init__.py and the generated tables, as `folder/module.py`.
MODULES = sorted(
    path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
    if path.name != "__init__.py" and path.relative_to(PACKAGE).as_posix() not in GENERATED
)
FILES = {path.relative_to(ROOT).as_posix() for folder in ("cspdsl", "tests", "bench", "docs", "models")
         for path in (ROOT / folder).rglob("*") if "__pycache__" not in path.parts}
DIRECTORIES = {name for name in FILES if (ROOT / name).is_dir()} | {
    path.name for path in ROOT.iterdir() if path.is_dir() and not path.name.startswith(".")}
FILE_NAMES = {name.rsplit("/", 1)[-1] for name in FILES}

FENCE = re.compile(r"^```.*?^```", re.M | re.S)
INLINE = re.compile(r"`([^`\n]+)`")
PY_PATH = re.compile(r"(?<![\w./*])((?:[\w*][\w*-]*/)*[\w*][\w*-]*\.py)(?![\w])")
FOLDER = re.compile(r"(?<![\w./*])((?:[a-z_]+/)+)(?![\w/*.-])")
DOTTED = re.compile(r"(?<![\w.])cspdsl(?:\.[A-Za-z_]\w*)+")
# A span that is a dotted name alone, maybe called: `ir.validate`, `passes.narrow.narrow_domains`,
# `api.solve(limit=1)`; read under cspdsl when its first part is one of cspdsl's parts.
SHORT_DOTTED = re.compile(r"^([a-z_]+(?:\.[A-Za-z_]\w*)+)(?:\(.*\))?$")
PARTS = {path.stem for path in PACKAGE.iterdir() if path.suffix == ".py" or (path / "__init__.py").is_file()}
HEADING = re.compile(r"^#+ .*$", re.M)


def code_of(text: str) -> list[str]:
    """The code a page writes: its fenced blocks, and its inline spans outside them."""
    fenced = FENCE.findall(text)
    return fenced + INLINE.findall(FENCE.sub("", text))


def placeholder(path: str) -> bool:
    return any(part.removesuffix(".py").isupper() for part in path.strip("/").split("/"))


def exists(path: str) -> bool:
    """Whether a path a page names is a file or folder of the repository (see the module's docstring)."""
    folder = path.endswith("/")
    name = path.rstrip("/")
    known = DIRECTORIES if folder else FILES
    if "*" in name:
        return any(ROOT.glob(name)) or any(PACKAGE.glob(name))
    if name.startswith(("cspdsl/", "tests/", "bench/")):  # from the repository's root, exactly
        return name in known
    if "/" not in name and not folder:
        return name in FILE_NAMES
    return name in known or f"cspdsl/{name}" in known or any(
        other.startswith("cspdsl/") and other.endswith(f"/{name}") for other in known)


def paths_named(text: str) -> set[str]:
    found: set[str] = set()
    for code in code_of(text):
        found |= set(PY_PATH.findall(code))
        found |= set(FOLDER.findall(code))
    return {path for path in found if not placeholder(path) and path not in FOREIGN}


def table_modules(text: str) -> list[str]:
    """The modules named in the first cell of a table row, as paths under `cspdsl/`: a file name alone
    is in the folder that the heading above its table names in backticks (### `backends/sat/`)."""
    named: list[str] = []
    folder = ""
    for line in text.splitlines():
        if HEADING.match(line):
            folders = [code for code in INLINE.findall(line) if code.endswith("/")]
            folder = folders[0].removeprefix("cspdsl/") if folders else ""
        elif line.startswith("|"):
            first_cell = line.strip("|").split("|", 1)[0]
            named += [name.removeprefix("cspdsl/") if "/" in name else f"{folder}{name}"
                      for code in INLINE.findall(first_cell) for name in PY_PATH.findall(code)]
    return named


def modules_named_in(text: str) -> set[str]:
    """The modules the architecture page names: by path, or by file name in its folder's table."""
    named = {path.removeprefix("cspdsl/") for path in paths_named(text)}
    return named | set(table_modules(text))


def resolves(dotted: str) -> bool:
    """Whether `cspdsl.x.y` is a module, or an attribute of the longest module it starts with."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError as error:
            tried = ".".join(parts[:cut])
            if not error.name or not (tried == error.name or tried.startswith(f"{error.name}.")):
                raise  # the module is there but needs what is not installed: not a stale name
            continue
        for attribute in parts[cut:]:
            if not hasattr(target, attribute):
                return False
            target = getattr(target, attribute)
        return True
    return False


def dotted_names(text: str) -> set[str]:
    """The `cspdsl.x.y` names a page writes anywhere, and the spans that are a dotted name of one of
    cspdsl's parts (`ir.validate`), read as `cspdsl.ir.validate`."""
    names = set(DOTTED.findall(text))
    for span in INLINE.findall(FENCE.sub("", text)):
        match = SHORT_DOTTED.match(span)
        if match and match[1].split(".")[0] in PARTS and not match[1].endswith(".py"):
            names.add(f"cspdsl.{match[1]}")
    return {name for name in names if not placeholder(name.replace(".", "/"))}


def page_id(page: Path) -> str:
    return page.relative_to(DOCS).as_posix()


def test_every_module_is_named_in_the_architecture() -> None:
    missing = sorted(set(MODULES) - modules_named_in(ARCHITECTURE.read_text(encoding="utf-8")))
    assert not missing, "modules docs/architecture.md does not name: " + ", ".join(missing)


def test_each_module_of_the_tables_is_where_they_say() -> None:
    named = table_modules(ARCHITECTURE.read_text(encoding="utf-8"))
    assert len(named) >= len(MODULES), "docs/architecture.md has no table of the modules"
    assert not [path for path in named if not (PACKAGE / path).is_file()], "named, but not under cspdsl/"


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_path_a_page_names_exists(page: Path) -> None:
    missing = sorted(path for path in paths_named(page.read_text(encoding="utf-8")) if not exists(path))
    assert not missing, f"{page_id(page)} names what is not in the repository: {', '.join(missing)}"


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_dotted_name_a_page_writes_resolves(page: Path) -> None:
    missing = sorted(name for name in dotted_names(page.read_text(encoding="utf-8")) if not resolves(name))
    assert not missing, f"{page_id(page)} names what cspdsl does not have: {', '.join(missing)}"


def test_the_checks_catch_stale_names() -> None:
    """The checks themselves: an old home is caught, the new one and a test or benchmark pass."""
    text = "`ir/check.py`, `explain/`, `cspdsl/render.py`, `check/problem.py`, `sat/rulers.py`, `tests/helpers.py`"
    assert paths_named(text) == {"ir/check.py", "explain/", "cspdsl/render.py", "check/problem.py",
                                 "sat/rulers.py", "tests/helpers.py"}
    assert [path for path in sorted(paths_named(text)) if not exists(path)] == [
        "cspdsl/render.py", "explain/", "ir/check.py"]
    assert exists("backends/sat/") and exists("models/") and not exists("backends/minizinc.py")
    assert resolves("cspdsl.check.problem.holds") and resolves("cspdsl.solve")
    assert not resolves("cspdsl.ir.check") and not resolves("cspdsl.ir.check.holds")
    assert not resolves("cspdsl.check.problem.nothing_here") and not resolves("cspdsl.nothing.at.all")
    assert dotted_names("`ir.check.objective_value`, `api.solve(limit=1)`, `x.y`, `ir.py`, cspdsl.cli") == {
        "cspdsl.ir.check.objective_value", "cspdsl.api.solve", "cspdsl.cli"}
    assert not exists("cspdsl/run_limits.py") and exists("cspdsl/cli/run_limits.py") and exists("run_limits.py")
    table = "### `backends/sat/`\n\n| module | job |\n|---|---|\n| `encoder.py` | the `cnf.py` user |\n"
    assert table_modules(table) == ["backends/sat/encoder.py"]
    assert table_modules(table.replace("`backends/sat/`", "SAT")) == ["encoder.py"]
    assert table_modules("| `cspdsl/ir/walk.py`, `ir/kinds.py` | the IR |") == ["ir/walk.py", "ir/kinds.py"]
