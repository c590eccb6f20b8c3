"""The layering of docs/architecture.md holds: each part of cspdsl imports only the parts below it.

A part is a folder under `cspdsl/` or a module at its root. Imports made inside functions count as
much as those at the top of a module; only those under `if TYPE_CHECKING:` (read by type checkers,
never run) are left out.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest
from helpers import ROOT

PACKAGE = ROOT / "cspdsl"

# part -> the parts its modules may import besides itself. Read from the bottom up: `core` (errors,
# records, the clock) under everything; the compiler half (syntax, ir, lower, passes, backends); the
# driver half on it (driver, then explanation, instances, compare); the faces on top (cli, api, tools).
BELOW: dict[str, set[str]] = {
    "core": set(),
    "syntax": {"core"},
    "ir": {"core"},
    "check": {"core", "ir", "lower"},  # the tilings are checked on the layout's shapes
    "lower": {"core", "ir", "syntax"},
    "passes": {"core", "ir"},
    "backends": {"core", "ir", "passes"},
    # MiniZinc is written from the model's source where MiniZinc says it the same way (params, arrays, foralls)
    "export": {"core", "ir", "syntax", "lower", "passes", "backends"},
    "render": {"core", "ir", "lower"},
    "driver": {"core", "ir", "check", "syntax", "lower", "passes", "backends", "render"},
    "explanation": {"core", "ir", "check", "syntax", "lower", "passes", "backends", "render", "driver"},
    "instances": {"core", "ir", "check", "syntax", "lower", "passes", "backends", "render", "driver"},
    "compare": {"core", "ir", "check", "lower", "backends", "render", "driver"},
    # new puzzles: a clue session on the model without its givens, the model's text rewritten; many of
    # them on batch's worker processes or Ray cluster
    "generate": {"core", "ir", "check", "syntax", "lower", "passes", "backends", "driver", "explanation",
                 "instances"},
    "tools": {"core", "syntax"},
    "api": {"core", "lower", "driver", "explanation", "instances"},
    "cli": {"core", "ir", "lower", "backends", "export", "render", "driver", "explanation", "instances", "compare",
            "generate", "lsp", "serve"},
    "lsp": {"core", "syntax", "lower"},  # the language server reads models as `cspdsl check` does
    # the web page: models loaded, solved, drawn, explained and compared in worker processes, as the CLI
    # does; the editor colours the reserved words of `syntax/words.py`
    "serve": {"core", "ir", "syntax", "lower", "backends", "render", "driver", "explanation", "compare"},
    "entry": {"cli"},
    "__main__": {"entry"},
}
# The parts that drive a backend reach it through its face only (the protocol and the registry,
# `backends/__init__.py`), never through the modules inside a backend's package.
THROUGH_THE_FACE = {"driver", "explanation", "instances", "compare", "generate"}
MAX_ROOT_MODULES = 6  # modules directly in cspdsl/ besides __init__.py


def module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def part_of(module: str) -> str:
    return module.split(".")[1] if module.count(".") else "__init__"


def type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under `if TYPE_CHECKING:`."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(n) for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)}
    return skipped


def imports_of(module: str) -> set[str]:
    """The modules of cspdsl that `module` imports, at any depth of its code (a name imported from a
    package counts as its submodule when there is one)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = type_checking_only(tree)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            for alias in node.names:
                found.add(f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    known = set()
    for name in found:
        while name not in MODULES and "." in name:
            name = name.rsplit(".", 1)[0]
        if name in MODULES and name != module and name != "cspdsl":
            known.add(name)
    return known


GRAPH = {module: imports_of(module) for module in MODULES}


def cycles(nodes: list[str], edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_every_part_has_its_place_in_the_layering() -> None:
    parts = {part_of(module) for module in MODULES} - {"__init__"}
    assert parts == set(BELOW), "a new part of cspdsl needs its row in BELOW (and in docs/architecture.md)"


@pytest.mark.parametrize("part", sorted(BELOW))
def test_each_part_imports_only_the_parts_below_it(part: str) -> None:
    wrong = []
    for module, imported in GRAPH.items():
        if part_of(module) == part:
            wrong += [f"{module} -> {name}" for name in sorted(imported)
                      if part_of(name) not in BELOW[part] | {part}]
    assert not wrong, "\n".join(wrong)


# The modules of `cspdsl.backends` that make its face, besides the package itself: the protocol,
# the registry, and incremental solving (`Session`).
FACE = {"cspdsl.backends.protocol", "cspdsl.backends.registry"}


@pytest.mark.parametrize("part", sorted(THROUGH_THE_FACE))
def test_the_driver_reaches_a_backend_through_its_face_only(part: str) -> None:
    wrong = [f"{module} -> {name}" for module, imported in GRAPH.items() if part_of(module) == part
             for name in sorted(imported) if name.startswith("cspdsl.backends.") and name not in FACE]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle_between_parts() -> None:
    edges: dict[str, set[str]] = defaultdict(set)
    for module, imported in GRAPH.items():
        edges[part_of(module)] |= {part_of(name) for name in imported} - {part_of(module), "__init__"}
    assert cycles(sorted(edges), edges) == []


def test_at_most_one_small_cycle_between_files() -> None:
    found = cycles(sorted(GRAPH), GRAPH)
    assert len(found) <= 1 and all(len(cycle) <= 3 for cycle in found), found


def test_few_modules_at_the_root() -> None:
    roots = [path.name for path in PACKAGE.glob("*.py") if path.name != "__init__.py"]
    assert len(roots) <= MAX_ROOT_MODULES, sorted(roots)


def test_the_checker_of_cycles_finds_one() -> None:
    """The cycle finder itself: a cycle of three, a tail, and a self-contained pair."""
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"f"}, "f": {"e"}}
    assert sorted(cycles(sorted(edges), edges)) == [["a", "b", "c"], ["e", "f"]]


def test_no_public_name_is_also_a_part() -> None:
    """`from cspdsl import solve` must give the function even once a module of cspdsl has imported a
    part of that name (the import system would set the part on the package, over the lazy name)."""
    import cspdsl

    assert not set(cspdsl.__all__) & {part_of(module) for module in MODULES}
