"""Solutions drawn as SVG pictures (`cspdsl/render/svg/`, `Result.to_svg`, `cspdsl solve --svg/--png`).

Every model of `models/` is solved on the default backend with its default params (a sequential
puzzle: its plans, on `search`), and its first solution's picture is compared byte for byte with the
reference checked in under `tests/pictures/<model>.svg`. After a change that is meant to change the
pictures, look at them, then write them again with

    CSPDSL_UPDATE_PICTURES=1 python -m pytest -n 0 -m 'slow or not slow' tests/test_pictures.py

which rewrites the references (and the copies under `docs/pictures/` the docs show) instead of
comparing; `git diff tests/pictures` then shows what changed.
"""

from __future__ import annotations

import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import MODELS, ROOT, SEQUENTIAL_MODELS

from cspdsl.api import Result, load, loads, solve
from cspdsl.cli.commands import main
from cspdsl.driver.plans import solve_plans
from cspdsl.driver.result import drawn_marks
from cspdsl.lower.layout import Grid
from cspdsl.render.svg import Marks, solution_svg
from cspdsl.render.svg.marks import region_of

PICTURES = ROOT / "tests" / "pictures"
DOCS_PICTURES = ROOT / "docs" / "pictures"
UPDATE = os.environ.get("CSPDSL_UPDATE_PICTURES") == "1"
SVG = "{http://www.w3.org/2000/svg}"
SLOW = {"pentominoes", "pentominoes4x15"}  # 20-30 s each on the default backend
NAMES = sorted(path.stem for path in MODELS.glob("*.puz"))


def picture(name: str) -> str:
    """The model's first solution (or plan) drawn, as `cspdsl solve models/NAME.puz --svg` draws it."""
    model = load(MODELS / f"{name}.puz")
    result = solve_plans(model) if model.problem.sequential is not None else solve(model)
    return result.to_svg()


def texts(svg: str) -> list[str]:
    """The words a picture writes, in order (entities decoded): it is well-formed XML, or this fails."""
    return [element.text or "" for element in ET.fromstring(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name in SLOW else name
                                  for name in NAMES])
def test_every_model_draws_as_its_reference_picture(name: str) -> None:
    drawn = picture(name)
    texts(drawn)
    reference = PICTURES / f"{name}.svg"
    if UPDATE:
        reference.write_text(drawn, encoding="utf-8")
        copy = DOCS_PICTURES / f"{name}.svg"
        if copy.exists():
            copy.write_text(drawn, encoding="utf-8")
    assert reference.exists(), f"no reference picture for {name}: write it with CSPDSL_UPDATE_PICTURES=1"
    assert drawn == reference.read_text(encoding="utf-8"), f"{name} draws differently from {reference}"


def test_every_model_has_a_reference_and_every_reference_a_model() -> None:
    assert sorted(path.stem for path in PICTURES.glob("*.svg")) == NAMES


@pytest.mark.parametrize("copy", sorted(DOCS_PICTURES.glob("*.svg")), ids=lambda path: path.stem)
def test_the_docs_show_the_reference_pictures(copy: Path) -> None:
    assert copy.read_text(encoding="utf-8") == (PICTURES / copy.name).read_text(encoding="utf-8")


# Names and strings of a model are text in its picture, never markup.
HOSTILE = """puzzle "Tags <script>alert('x')</script> & more"
positions band: "<script>alert(1)</script>", "Tom & Jerry"
attribute genre: "<b>rock</b>", "R&B"
"Tom & Jerry" same "R&B"
question "Who?": "{band['R&B']} & <i>co</i> 'quoted'"
"""


def test_names_and_strings_of_a_model_are_escaped() -> None:
    svg = solve(loads(HOSTILE)).to_svg()
    assert "<script" not in svg and "<b>" not in svg and "<i>" not in svg
    written = texts(svg)
    for words in ["Tags <script>alert('x')</script> & more", "<script>alert(1)</script>", "Tom & Jerry",
                  "<b>rock</b>", "R&B", "Tom & Jerry & <i>co</i> 'quoted'"]:
        assert words in written
    assert ET.fromstring(svg).find(f"{SVG}title").text == "Tags <script>alert('x')</script> & more"


@pytest.mark.parametrize(("name", "words"), [
    ("sudoku", ["5", "9"]),  # a given (bold) and a value found
    ("einstein", ["house", "nationality", "German", "The German owns the fish, in house 4."]),
    ("australia", ["WA", "=", "red"]),
    ("magicstar", ["1", "12"]),
])
def test_a_picture_writes_the_values_the_text_shows(name: str, words: list[str]) -> None:
    written = texts(picture(name))
    assert set(words) <= set(written)


def test_givens_are_bold_and_dark_and_values_found_blue() -> None:
    root = ET.fromstring(picture("sudoku"))
    cells = [element for element in root.iter(f"{SVG}text")
             if element.get("font-size") == "20" and element.get("text-anchor") == "middle"]  # not the title
    given = [element for element in cells if element.get("font-weight") == "bold"]
    assert len(cells) == 81 and len(given) == 33  # the model's 33 givens
    assert {element.get("fill") for element in given} == {"#111111"}
    assert {element.get("fill") for element in cells if element not in given} == {"#1f5fbf"}


def test_regions_are_outlined_and_a_loop_drawn_as_lines() -> None:
    killer = ET.fromstring(picture("killer"))
    thick = [line for line in killer.iter(f"{SVG}line") if line.get("stroke-width") == "3"]
    assert thick, "the cages of killer sudoku are outlined"
    loop = ET.fromstring(picture("slitherlink"))
    edges = [line for line in loop.iter(f"{SVG}line") if line.get("stroke-width") == "4"]
    assert len(edges) == 12 + 18  # its answer (the model's comment): 12 edges of h, 18 of v
    assert "h, v" in texts(picture("slitherlink"))


def test_the_marks_are_those_lowering_recorded() -> None:
    killer = drawn_marks(load(MODELS / "killer.puz"))
    assert list(killer.regions) == ["g"] and "".join(killer.regions["g"][0]) == "AABBBCDEF"
    assert drawn_marks(load(MODELS / "slitherlink.puz")).loops == (("h", "v"),)
    assert drawn_marks(load(MODELS / "sudoku.puz")) == Marks()
    model = load(MODELS / "killer.puz")
    model.text = ""  # the text is not read again: a model changed since it was lowered draws as lowered
    assert drawn_marks(model) == killer


def test_a_region_map_of_the_wrong_shape_is_left_out() -> None:
    grid = Grid("g", [[1, 2], [1, 2]], {(r, c): f"g[{r},{c}]" for r in (1, 2) for c in (1, 2)})
    drawn = Marks({"g": (("A", "B"), ("A", "B"))})
    assert region_of(grid, drawn) == {(1, 1): "A", (1, 2): "B", (2, 1): "A", (2, 2): "B"}
    assert region_of(grid, Marks({"g": (("A", "B", "C"), ("A", "B", "C"))})) is None
    model = load(MODELS / "kenken.puz")
    assert "<svg" in solution_svg(model.layout, solve(model).solutions[0], marks=Marks({"g": (("A",),)}))


def test_a_model_without_variables_still_draws() -> None:
    svg = solve(loads('puzzle "Nothing to find"\n')).to_svg()
    assert "The clues hold; the model has no variables to show." in texts(svg)


def test_the_same_solution_draws_the_same_bytes() -> None:
    result = solve(load(MODELS / "jigsaw.puz"))
    assert result.to_svg() == result.to_svg() == solve(load(MODELS / "jigsaw.puz")).to_svg()


def test_to_svg_draws_the_solution_asked_for_and_refuses_none() -> None:
    result = solve(load(MODELS / "lock.puz"), limit=2)
    assert result.to_svg(1) != result.to_svg(0)
    unsat = solve(loads("var x, y in 1..2\nx + y == 5\n"))
    with pytest.raises(LookupError, match="no solution"):
        unsat.to_svg()


def test_a_plan_draws_as_a_strip_of_its_states() -> None:
    result = solve_plans(load(MODELS / "hanoi.puz"))
    written = texts(result.to_svg())
    assert "start" in written and "7. disc 1 from left to right" in written
    assert written.count("peg_of") == 8  # the start and a state after each of the 7 moves
    assert "<svg" in result._repr_html_()


def test_a_notebook_shows_the_picture_and_keeps_the_tables() -> None:
    page = solve(load(MODELS / "einstein.puz"))._repr_html_()
    assert '<p><code>Result(' in page and page.startswith('<div class="cspdsl-result">')
    assert "<svg" in page and "<details><summary>as text</summary><table>" in page
    unsat = solve(loads("var x, y in 1..2\nx + y == 5\n"))
    assert "<svg" not in unsat._repr_html_()
    assert isinstance(unsat, Result)


# The command line: `cspdsl solve MODEL --svg FILE --png FILE`.


def test_svg_flag_writes_the_picture_of_to_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sudoku.svg"
    assert main(["solve", str(MODELS / "sudoku.puz"), "--svg", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == picture("sudoku")
    assert f"wrote {out}" in capsys.readouterr().err


def test_svg_flag_draws_a_plan(tmp_path: Path) -> None:
    out = tmp_path / "river.svg"
    assert main(["solve", str(MODELS / "river.puz"), "--svg", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == picture("river")


def test_the_sequential_models_draw_their_plans() -> None:
    strips = {name for name in NAMES if "start" in texts((PICTURES / f"{name}.svg").read_text(encoding="utf-8"))}
    assert strips == SEQUENTIAL_MODELS


def test_without_a_solution_no_picture_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    model, out = tmp_path / "none.puz", tmp_path / "none.svg"
    model.write_text("var x, y in 1..2\nx + y == 5\n", encoding="utf-8")
    assert main(["solve", str(model), "--svg", str(out)]) == 1
    assert not out.exists()
    assert "no picture written" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--svg", "--png"])
def test_a_picture_in_a_missing_folder_is_refused_before_the_search(
    flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "missing" / "x.svg"
    assert main(["solve", str(MODELS / "sudoku.puz"), flag, str(path)]) == 2
    err = capsys.readouterr()
    assert f"{flag} {path}: the folder '{path.parent}' does not exist" in err.err
    assert err.out == ""  # refused before the search: nothing solved, nothing printed


def test_a_picture_file_that_cannot_be_opened_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(MODELS / "sudoku.puz"), "--svg", str(tmp_path)]) == 2  # a folder
    assert f"cannot write '{tmp_path}'" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("flag", ["--svg", "--png"])
def test_a_full_disk_is_exit_74(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    if flag == "--png":
        pytest.importorskip("cairosvg")
    assert main(["solve", str(MODELS / "sudoku.puz"), flag, "/dev/full"]) == 74
    assert "cannot write the output: /dev/full: No space left on device" in capsys.readouterr().err


def test_png_flag_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    out = tmp_path / "sudoku.png"
    assert main(["solve", str(MODELS / "sudoku.puz"), "--png", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_png_without_cairosvg_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # `import cairosvg` raises ImportError
    out = tmp_path / "x.png"
    assert main(["solve", str(MODELS / "sudoku.puz"), "--png", str(out)]) == 2
    err = capsys.readouterr()
    assert "--png needs cairosvg" in err.err and "cspdsl[png]" in err.err and err.out == ""
    assert not out.exists()
