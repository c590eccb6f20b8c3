"""`cspdsl compile --to minizinc`: the text of the export, and the round trip on every model of
models/: exported, solved by MiniZinc with Gecode for every solution, the same solution set as
cspdsl's (run where MiniZinc is installed; `.ci/run` installs it)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from helpers import MODELS, SEQUENTIAL_MODELS, run_cli

from cspdsl.api import load, solve
from cspdsl.backends import export

MINIZINC = shutil.which("minizinc")


def test_the_export_reads_like_the_model() -> None:
    text = export("minizinc", load(MODELS / "einstein.puz").problem, "einstein.puz")
    assert text.startswith('% cspdsl model of einstein.puz\ninclude "all_different.mzn";\n')
    assert "var 1..5: nationality_Dane;  % nationality[Dane]\n" in text
    assert "% line 21: milk at middle\nconstraint beverage_milk in 3..3;\n" in text
    assert "constraint (cigar_Blends + -1 * animal_cat == 1 \\/ cigar_Blends + -1 * animal_cat == -1);\n" in text
    assert '  "nationality[Dane] = ", show(nationality_Dane), "\\n",\n' in text
    assert text.endswith("solve satisfy;\n\noutput [\n" + text.split("output [\n", 1)[1])


def test_an_objective_is_a_solve_minimize_or_maximize() -> None:
    golomb = export("minizinc", load(MODELS / "golomb.puz").problem, "golomb.puz")
    assert golomb.split("\n\noutput [", 1)[0].endswith("% line 17: minimize mark[n]\nsolve minimize mark_5;")
    lock = export("minizinc", load(MODELS / "lockmax.puz").problem, "lockmax.puz")
    assert "\nsolve maximize 100 * code_1 + 10 * code_2 + code_3;\n" in lock


def test_compile_writes_minizinc_to_a_file(tmp_path) -> None:
    target = tmp_path / "lock.mzn"
    result = run_cli("compile", "models/lock.puz", "--to", "minizinc", "-o", str(target))
    assert result.returncode == 0 and "solve satisfy;" in target.read_text()


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
@pytest.mark.parametrize("name", sorted(p.stem for p in MODELS.glob("*.puz") if p.stem not in SEQUENTIAL_MODELS))
def test_minizinc_with_gecode_finds_the_same_solutions(name: str, tmp_path) -> None:
    model = load(MODELS / f"{name}.puz")
    path = tmp_path / f"{name}.mzn"
    path.write_text(export("minizinc", model.problem, name))
    run = subprocess.run([str(MINIZINC), "--solver", "gecode", "-a", str(path)], capture_output=True, text=True,
                         timeout=600, check=True)
    blocks = run.stdout.split("----------")[:-1]
    theirs = {tuple(sorted((k, int(v)) for k, v in re.findall(r"^(.+?) = (-?\d+)$", block, re.M))) for block in blocks}
    ours = {tuple(sorted(s.items())) for s in solve(model, limit=None).solutions}
    ours = {tuple((k, v) for k, v in s if k in model.problem.outputs) for s in ours}
    if model.problem.objective is not None:  # -a prints each better solution: the last is optimal
        assert "==========" in run.stdout
        last = tuple(sorted((k, int(v)) for k, v in re.findall(r"^(.+?) = (-?\d+)$", blocks[-1], re.M)))
        assert last in ours
        return
    assert len(blocks) == len(theirs) == len(ours) and theirs == ours
