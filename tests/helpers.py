"""Plain helpers the test modules import: the repository root, the models, running the CLI as a user
would, and the child processes a test may have left. Fixtures live in conftest.py, which pytest loads
by itself and which test modules should not import."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "models"
# The sequential puzzles (a start, moves and a goal): plans, not solutions (tests/test_agreement.py).
SEQUENTIAL_MODELS = frozenset({"hanoi", "hanoi_costs", "jugs", "pegs", "river", "sokoban"})
DOCS = ROOT / "docs"


def language_pages() -> list[Path]:
    """The language reference's pages (docs/language/), in the order the site's nav (mkdocs.yml) lists them."""
    nav = re.findall(r"^\s+- .*: (language/[\w-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    return [DOCS / page for page in nav]


def modules_after(*argv: str) -> set[str]:
    """The modules of cspdsl that one command loads (`cspdsl ARGV`), run in a process of its own."""
    code = ("import sys\nfrom cspdsl.cli import main\ntry:\n    main(sys.argv[1:])\nfinally:\n"
            "    print(' '.join(sorted(m for m in sys.modules if m.startswith('cspdsl'))), file=sys.stderr)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, capture_output=True, text=True, env=env,
                          timeout=120)
    return set(done.stderr.split())


def run_cli(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m cspdsl ARGS` in the repository root (or `cwd`), as a separate process."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("CSPDSL_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "cspdsl", *args],
        cwd=cwd or ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def check_refuses(folder: Path, text: str) -> tuple[Path, str]:
    """`cspdsl check` on `text`, saved as `folder/m.puz`, as a user runs it: it must exit 2 with no
    traceback. The file's path and what the command wrote on standard error, for the test's words."""
    path = folder / "m.puz"
    path.write_text(text, encoding="utf-8")
    done = run_cli("check", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    return path, done.stderr


def children_of(pid: int) -> set[int]:
    """The pids of a process's children (Linux: from /proc)."""
    found: set[int] = set()
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        found |= {int(child) for child in children.read_text().split()}
    return found


def child_processes() -> set[int]:
    """The pids of this process's children, running or not yet reaped (Linux: from /proc)."""
    found: set[int] = set()
    for children in Path("/proc/self/task").glob("*/children"):
        found |= {int(pid) for pid in children.read_text().split()}
    return found


def all_models(clauses: list[list[int]], num_vars: int = 0) -> Iterator[list[int]]:
    """Every model of the CNF over variables 1..max(num_vars, the largest in a clause), each whole
    model blocked in turn (so a free auxiliary variable shows as a repeat); PySAT's documented API,
    independent of the backend's own engine calls."""
    from pysat.solvers import Solver

    top = max([num_vars, *(abs(lit) for clause in clauses for lit in clause)])
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        if top:
            solver.add_clause([top, -top])  # makes the solver assign every variable up to `top`
        while solver.solve():
            model = solver.get_model()
            yield model[:top]
            solver.add_clause([-lit for lit in model[:top]])


def one_model(clauses: list[list[int]]) -> list[int] | None:
    """A model of the CNF, or None when it has none."""
    return next(all_models(clauses), None)


def read_to_the_end(leader: int) -> bytes:
    """All that is left to read on a pseudo-terminal whose process has ended (its other end closed)."""
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 1 << 16)
        except OSError:  # the terminal is closed once the process has ended
            break
        if not chunk:
            break
        seen += chunk
    return seen


# An 11-mark ruler of length 71 does not exist (the shortest is 72): no backend settles it in seconds,
# none in a millisecond, so a time limit always ends its search.
NO_RULER_OF_11_MARKS_AND_71 = """param n = 11
param length = 71
var mark[1..n] in 0..length
mark[1] == 0
forall i in 1..n - 1: mark[i] < mark[i + 1]
alldifferent([mark[j] - mark[i] for i in 1..n, j in 1..n where i < j])
"""
