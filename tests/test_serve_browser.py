"""The page of `cspdsl serve` in a real headless browser: Playwright on the system's Chromium (the
distribution's package, .ci/run installs it; nothing is downloaded). Skipped without either."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no chromium on this machine", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

from helpers import ROOT  # noqa: E402
from test_serve_load import running_server  # noqa: E402

Page = sync_api.Page
expect = sync_api.expect
# Each check and task runs in a worker process: on a busy machine that takes seconds, not the default 5.
expect.set_options(timeout=30_000)


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server() as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture()
def page(base: str, browser: object) -> Iterator[Page]:
    page = browser.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base)
    expect(page.locator("body")).to_have_attribute("data-ready", "yes")
    yield page
    page.close()
    assert not errors, errors


def open_example(page: Page, name: str) -> None:
    page.select_option("#examples", name)
    expect(page.locator("#what")).not_to_have_text("")
    expect(page.locator(".cm-content")).to_contain_text("puzzle")


def set_model(page: Page, text: str) -> None:
    """The editor's whole text replaced, as a paste would."""
    page.click(".cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(text)


def editor_text(page: Page) -> str:
    return "\n".join(page.locator(".cm-line").all_inner_texts())


def test_solve_einstein_shows_the_answer_and_the_table(page: Page) -> None:
    open_example(page, "einstein")
    page.click("#solve")
    expect(page.locator("#answers li")).to_have_text(["The German owns the fish, in house 4."])
    expect(page.locator("#status")).to_contain_text("unique")
    picture = page.locator("#pictures img").first
    expect(picture).to_be_visible()
    assert picture.evaluate("img => img.complete && img.naturalWidth > 100")  # the SVG was drawn


MISSPELT = [  # typed at the end of Einstein's riddle: the word underlined, the message, the hint
    ("\nBrit same fsih", "fsih", "unknown value 'fsih'", "did you mean 'fish'?"),
    ("\nBrit next_ot red", "next_ot", "unknown relation 'next_ot'", "did you mean 'next_to'?"),
]


@pytest.mark.parametrize(("typed", "word", "message", "hint"), MISSPELT, ids=[word for _, word, _, _ in MISSPELT])
def test_a_misspelt_word_is_underlined_with_its_hint(page: Page, typed: str, word: str, message: str,
                                                      hint: str) -> None:
    open_example(page, "einstein")
    expect(page.locator(".cm-lintRange-error")).to_have_count(0)
    page.click(".cm-content")
    page.keyboard.press("Control+End")
    page.keyboard.type(typed)
    underlined = page.locator(".cm-lintRange-error")
    expect(underlined).to_have_text(word)
    expect(page.locator("#problem-message")).to_contain_text(message)
    expect(page.locator("#problem-hint")).to_have_text(f"hint: {hint}")
    underlined.hover()
    tooltip = page.locator(".cm-tooltip-lint")
    expect(tooltip).to_contain_text(message)
    expect(tooltip.locator(".cm-problem-hint")).to_have_text(f"hint: {hint}")
    for _ in typed:  # put right: the error goes
        page.keyboard.press("Backspace")
    expect(page.locator(".cm-lintRange-error")).to_have_count(0)
    expect(page.locator("#problem")).to_be_hidden()


def test_the_editor_colours_keywords_and_relation_words_apart(page: Page) -> None:
    set_model(page, "var x in 1..3\nvar y in 1..3\nx next_to y\n")
    keyword = page.locator(".cm-line span", has_text="var").first
    relation = page.locator(".cm-line span", has_text="next_to").first
    name = page.locator(".cm-line").nth(2)
    colours = [element.evaluate("e => getComputedStyle(e).color") for element in (keyword, relation, name)]
    assert len(set(colours)) == 3, colours  # a keyword, a relation word and a name each in a colour of its own


def test_stop_an_enumeration_and_keep_its_solutions(page: Page) -> None:
    open_example(page, "queens")
    page.fill("#params", "n=12")
    page.fill("#timeout", "120")
    page.click("#all")
    expect(page.locator("#pictures img").first).to_be_visible()
    page.click("#stop")
    expect(page.locator("#status")).to_contain_text("stopped")
    assert page.locator("#pictures img").count() >= 1
    expect(page.locator("#solve")).to_be_enabled()
    page.fill("#params", "")
    page.click("#solve")  # and the page goes on
    expect(page.locator("#status")).to_contain_text("solved")


def test_a_model_past_its_time_limit_is_stopped_and_the_page_goes_on(page: Page) -> None:
    open_example(page, "queens")
    page.fill("#params", "n=30")
    page.fill("#timeout", "1")
    page.click("#count")  # far more boards than a second counts
    expect(page.locator("#status")).to_contain_text("time limit reached")
    expect(page.locator("#solve")).to_be_enabled()
    open_example(page, "einstein")
    page.fill("#params", "")
    page.fill("#timeout", "")
    page.click("#solve")
    expect(page.locator("#answers li")).to_have_text(["The German owns the fish, in house 4."])


def test_a_model_with_script_in_its_strings_shows_it_as_text(page: Page) -> None:
    set_model(page, 'var x in 1..3\nx > 2\nquestion "q": "<img src=x onerror=document.title=1> {x}"\n')
    page.click("#solve")
    expect(page.locator("#answers li")).to_have_text(["<img src=x onerror=document.title=1> 3"])
    assert page.locator("#answers img").count() == 0 and page.title() == "cspdsl"


def test_explain_marks_the_conflicting_clues(page: Page) -> None:
    set_model(page, "var x in 1..3\nvar y in 1..3\nx > y\ny > x\nx != 2\n")
    page.click("#explain")
    expect(page.locator("#explanation")).to_contain_text("No solution")
    expect(page.locator(".cm-clue")).to_have_text(["x > y", "y > x"])
    page.click(".cm-content")
    page.keyboard.type(" ")  # a change to the text: the marks go
    expect(page.locator(".cm-clue")).to_have_count(0)


def test_explain_steps_plays_the_sudoku_on_its_board(page: Page) -> None:
    open_example(page, "sudoku")
    page.fill("#timeout", "120")
    page.click("#steps")
    board = page.locator("#step-board")
    expect(page.locator("#step-count")).to_have_text(re.compile(r"step 1 of \d+"), timeout=120_000)
    expect(board).to_have_attribute("data-known", "33")  # the givens placed
    expect(page.locator(".cm-step-line").first).to_have_text(re.compile(r"\s*\. \. 5 \| 3 \. 7"))  # the givens' lines
    expect(page.locator("#previous")).to_be_disabled()
    expect(page.locator("#status")).to_contain_text("unique", timeout=120_000)
    page.click("#next")
    expect(page.locator("#step-count")).to_contain_text("step 2 of")
    expect(page.locator(".cm-step-line")).to_contain_text(["alldifferent(group)"])
    first = board.get_attribute("src")
    total = int(page.locator("#step-count").inner_text().split()[-1])
    while board.get_attribute("data-known") == "33" and board.get_attribute("data-step") != str(total):
        page.click("#next")
    expect(board).not_to_have_attribute("data-known", "33")  # a step that finds a value
    expect(page.locator("#step-words")).to_contain_text("Now known: cell[")
    assert board.get_attribute("src") != first
    assert board.evaluate("img => img.complete && img.naturalWidth > 100")  # its board was drawn
    page.click("#previous")
    expect(board).to_have_attribute("data-known", "33")


def test_compare_shows_a_row_per_backend(page: Page) -> None:
    from cspdsl.backends import exact_backends

    open_example(page, "einstein")
    page.click("#compare")
    expect(page.locator("#status")).to_contain_text("the backends agree", timeout=60_000)
    rows = page.locator("#comparison tbody tr")
    expect(rows).to_have_count(len(exact_backends()))
    assert sorted(rows.locator("td:first-child").all_inner_texts()) == sorted(exact_backends())
    expect(page.locator("#comparison thead th").first).to_have_text("backend")
    for row in rows.all():
        expect(row.locator("td").nth(1)).to_have_text("solved")


# The docs' pictures of the page (docs/serve/), taken again with
#     CSPDSL_UPDATE_SCREENSHOTS=1 python -m pytest -n 0 tests/test_serve_browser.py -k screenshot
SCREENSHOTS = ROOT / "docs" / "serve"


def _solved(page: Page) -> None:
    open_example(page, "einstein")
    page.click("#solve")
    expect(page.locator("#pictures img").first).to_be_visible()


def _misspelt(page: Page) -> None:
    open_example(page, "einstein")
    page.click(".cm-content")
    page.keyboard.press("Control+End")
    page.keyboard.type("\nBrit same fsih")
    page.locator(".cm-lintRange-error").hover()
    expect(page.locator(".cm-tooltip-lint")).to_be_visible()


def _stepped(page: Page) -> None:
    open_example(page, "sudoku")
    page.fill("#timeout", "120")
    page.click("#steps")
    expect(page.locator("#status")).to_contain_text("unique", timeout=120_000)
    board = page.locator("#step-board")
    while board.get_attribute("data-known") == "33":
        page.click("#next")
    expect(page.locator("#step-words")).to_contain_text("Now known")


def _compared(page: Page) -> None:
    open_example(page, "einstein")
    page.click("#compare")
    expect(page.locator("#status")).to_contain_text("the backends agree", timeout=60_000)


SHOTS = {"solve": _solved, "error": _misspelt, "steps": _stepped, "compare": _compared}


@pytest.mark.skipif(os.environ.get("CSPDSL_UPDATE_SCREENSHOTS") != "1", reason="only to take the docs' pictures")
@pytest.mark.parametrize("name", SHOTS)
def test_screenshot_for_the_docs(page: Page, name: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 760})
    SHOTS[name](page)
    page.wait_for_timeout(300)  # the last paint
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
