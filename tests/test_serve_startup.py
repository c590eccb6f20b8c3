"""`cspdsl serve` answers soon after it starts: the server imports only what answering needs, and a
task's modules (loading, solving, drawing, explaining, comparing) are imported by the task, in its
worker. Checked on the list of modules imported, never on a time (docs/serve.md, Start-up)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers import ROOT

pytest.importorskip("starlette")

# The parts of cspdsl only a request needs: none of them is loaded to build and start the server.
REQUEST_ONLY = ("cspdsl.lower", "cspdsl.syntax", "cspdsl.backends", "cspdsl.driver", "cspdsl.render",
                "cspdsl.explanation", "cspdsl.compare", "cspdsl.ir")


def modules_after(code: str) -> list[str]:
    """The cspdsl modules a fresh interpreter has imported after running `code`."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('cspdsl'))))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    return list(json.loads(done.stdout.splitlines()[-1]))  # the last line: what the code printed comes before


def test_building_the_server_imports_none_of_what_only_a_request_needs() -> None:
    loaded = modules_after("from cspdsl.serve.app import build_app\nbuild_app()")
    assert "cspdsl.serve.work" in loaded  # the workers' entry point is named, not run
    assert [name for name in loaded if name.startswith(REQUEST_ONLY)] == []


def test_the_fork_server_preloads_what_a_solve_needs() -> None:
    preloaded = "from cspdsl.serve import work\nfor name in work.PRELOADED: __import__(name)"
    before = set(modules_after(preloaded))
    solved = modules_after(f"{preloaded}\nfrom cspdsl.lower.sizes import SizeLimits\n"
                           "work.run(work.Task('solve', 'var x in 1..3\\nx > 2\\n'), SizeLimits(), print)")
    assert {"cspdsl.driver.solve", "cspdsl.lower.load", "cspdsl.render.svg"} <= before
    late = [name for name in set(solved) - before
            if name.startswith(("cspdsl.lower", "cspdsl.syntax", "cspdsl.render"))]
    assert late == []  # loading the model and drawing its solution: all in the fork server already
