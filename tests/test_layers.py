"""The arrows of docs/architecture.md hold: each folder of the pipeline imports only the stages below it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers import ROOT

PACKAGE = ROOT / "cspdsl"

# What every module may import: the error type, the record type, typing's names and the pause of the
# cycle collector.
BASE = {"collector", "errors", "record", "static_types"}
# folder -> the stages of the pipeline its modules may import besides BASE and themselves.
ALLOWED = {
    "ir": set(),
    "passes": {"ir"},
    "syntax": set(),
    "lower": {"ir", "syntax"},
    "backends": {"ir", "passes"},
    "explain": {"ir", "passes", "backends", "syntax", "lower", "render"},
}


def imported_parts(path: Path) -> set[str]:
    """The top-level parts of cspdsl (`ir`, `passes`, ...) that a module imports, at any depth."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = module.split(".")[:-1]  # a module's package; an __init__.py's is its own folder
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = [*base, *(node.module.split(".") if node.module else [])]
                if len(target) == 1:  # `from .. import ir`: the names are the parts
                    found.update(alias.name for alias in node.names)
                    continue
            else:
                target = (node.module or "").split(".")
            if target[0] == "cspdsl" and len(target) > 1:
                found.add(target[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("cspdsl."))
    return found


@pytest.mark.parametrize("folder", sorted(ALLOWED))
def test_each_folder_imports_only_the_stages_below_it(folder: str) -> None:
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        wrong = imported_parts(path) - ALLOWED[folder] - BASE - {folder}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"
