"""What a command imports is what it uses: the modules of the other commands, and the solvers' face,
stay out of a run that does not need them (docs/performance.md, "Start-up after the third wave").
Each command runs in a process of its own and its `sys.modules` is read (`helpers.modules_after`)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers import ROOT, modules_after

# The parts of cspdsl that only some commands use: a plain solve loads none of them.
OTHER_COMMANDS = ("cspdsl.serve", "cspdsl.lsp", "cspdsl.generate", "cspdsl.explanation", "cspdsl.compare",
                  "cspdsl.instances", "cspdsl.export", "cspdsl.render.svg")


def loaded_of(loaded: set[str], parts: tuple[str, ...]) -> set[str]:
    """The modules in `loaded` that are `parts` or inside them."""
    return {name for name in loaded if any(name == part or name.startswith(f"{part}.") for part in parts)}


def test_a_plain_solve_loads_no_other_command() -> None:
    loaded = modules_after("solve", "einstein")
    assert {"cspdsl.driver.solve", "cspdsl.backends.sat", "cspdsl.render.solution"} <= loaded  # it did solve
    assert loaded_of(loaded, OTHER_COMMANDS) == set()


def test_a_plain_solve_starts_no_child_machinery() -> None:
    """The lifeline of a child process (and its `signal`) is for a search under a time limit only."""
    assert "cspdsl.core.lifeline" not in modules_after("solve", "einstein")


@pytest.mark.parametrize("argv", [("--help",), ("--version",), ("check", "models/lock.puz")])
def test_a_command_that_solves_nothing_loads_no_backend(argv: tuple[str, ...]) -> None:
    loaded = modules_after(*argv)
    assert "cspdsl.cli" in loaded
    assert loaded_of(loaded, ("cspdsl.backends", "cspdsl.export", *OTHER_COMMANDS)) == set()


def test_help_loads_no_ir() -> None:
    """`--help` lists the commands: the IR's kinds and walks are for a model."""
    assert loaded_of(modules_after("--help"), ("cspdsl.ir",)) == set()


# What only some models use, imported where it is used (docs/performance.md, "Start-up side by side
# with 0671273"): a solve of Einstein, a logic puzzle, loads none of it.
ONLY_SOME_MODELS = ("cspdsl.lower.sequential", "cspdsl.lower.effects", "cspdsl.ir.sequential", "cspdsl.lower.elements",
                    "cspdsl.syntax.words", "cspdsl.passes.areas", "cspdsl.passes.decompose", "cspdsl.passes.echelon",
                    "cspdsl.backends.sat.rulers", "cspdsl.backends.sat.partition", "cspdsl.cli.progress",
                    "cspdsl.driver.board_symmetry", "cspdsl.driver.symmetric_tilings", "cspdsl.cli.pictures",
                    # the lowering of the functions a clue may call (`lower/calls.py` names them)
                    "cspdsl.lower.areas", "cspdsl.lower.automata", "cspdsl.lower.neighbours", "cspdsl.lower.products",
                    "cspdsl.lower.sight", "cspdsl.lower.visibility", "cspdsl.lower.handles",
                    "cspdsl.lower.attribute_numbers", "cspdsl.lower.graphs", "cspdsl.lower.pairing",
                    "cspdsl.lower.fleets", "cspdsl.lower.partitions", "cspdsl.lower.rectangles",
                    "cspdsl.lower.sized_areas", "cspdsl.lower.tetrominoes",
                    "cspdsl.lower.cell_loops", "cspdsl.lower.paths")


def test_a_plain_solve_loads_nothing_that_only_some_models_use() -> None:
    loaded = modules_after("solve", "einstein")
    assert "cspdsl.backends.sat.search" in loaded  # it did search
    assert set(ONLY_SOME_MODELS) & loaded == set()


def test_a_sequential_puzzle_loads_its_lowering_where_it_is_used() -> None:
    loaded = modules_after("solve", "models/hanoi.puz")
    assert {"cspdsl.lower.sequential", "cspdsl.lower.effects", "cspdsl.ir.sequential"} <= loaded


# The solver libraries behind the backends: OR-Tools (cp, cpsat), python-constraint (csp), PySAT and
# pycosat (sat). Listing the backends, or refusing an option one does not have, needs none of them.
SOLVER_LIBRARIES = ("ortools", "pysat", "constraint", "pycosat")
BACKEND_PACKAGES = ("cspdsl.backends.cp", "cspdsl.backends.cpsat", "cspdsl.backends.csp", "cspdsl.backends.local",
                    "cspdsl.backends.sat", "cspdsl.backends.search")


def run_and_load(*argv: str) -> tuple[int, str, set[str]]:
    """(exit code, standard output, every module loaded) of `cspdsl ARGV` in a process of its own."""
    code = ("import sys\nfrom cspdsl.cli import main\ntry:\n    code = main(sys.argv[1:])\nfinally:\n"
            "    print(' '.join(sorted(sys.modules)), file=sys.stderr)\nsys.exit(code)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, capture_output=True, text=True, env=env,
                          timeout=120)
    return done.returncode, done.stdout, set(done.stderr.splitlines()[-1].split())


def test_listing_the_backends_imports_no_backend_nor_its_solver_library() -> None:
    code, listed, loaded = run_and_load("backends")
    assert code == 0 and listed.startswith("anneal: ") and "\ncpsat: " in listed and "-O workers=<int>" in listed
    assert "cspdsl.backends.declarations" in loaded
    assert loaded_of(loaded, (*SOLVER_LIBRARIES, *BACKEND_PACKAGES)) == set()
    assert loaded_of(loaded, ("cspdsl.ir",)) == set()  # the protocol names the IR for type checkers only


@pytest.mark.parametrize(("option", "refusal"), [("nope=1", "backend 'cpsat' has no option 'nope'"),
                                                 ("workers=many", "'many' is not a valid int")])
def test_an_option_the_backend_does_not_take_is_refused_before_its_library_loads(option: str, refusal: str) -> None:
    code, _, loaded = run_and_load("solve", "models/lock.puz", "--backend", "cpsat", "-O", option)
    assert code == 2 and "cspdsl.lower" in loaded  # the model was read: the refusal came at the backend
    assert loaded_of(loaded, (*SOLVER_LIBRARIES, "cspdsl.backends.cpsat")) == set()
