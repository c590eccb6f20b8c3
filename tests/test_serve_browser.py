"""The page of `cspdsl serve` in a real headless browser: Playwright on the system's Chromium (the
distribution's package, .ci/run installs it; nothing is downloaded). Skipped without either."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no chromium on this machine", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

from test_serve_load import running_server  # noqa: E402

Page = sync_api.Page
expect = sync_api.expect


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
    expect(page.locator("#model")).not_to_have_value("")


def test_solve_einstein_shows_the_answer_and_the_table(page: Page) -> None:
    open_example(page, "einstein")
    page.click("#solve")
    expect(page.locator("#answers li")).to_have_text(["The German owns the fish, in house 4."])
    expect(page.locator("#status")).to_contain_text("unique")
    picture = page.locator("#pictures img").first
    expect(picture).to_be_visible()
    assert picture.evaluate("img => img.complete && img.naturalWidth > 100")  # the SVG was drawn


def test_a_misspelt_value_is_underlined_with_its_hint(page: Page) -> None:
    open_example(page, "einstein")
    text = page.input_value("#model").replace("{fish}", "{fsih}")
    page.fill("#model", text)
    expect(page.locator("#problem-hint")).to_have_text("hint: did you mean 'fish'?")
    expect(page.locator("#problem-message")).to_contain_text("unknown value 'fsih'")
    expect(page.locator("#overlay mark.error")).to_have_text("fsih")
    page.fill("#model", text.replace("{fsih}", "{fish}"))  # put right: the error goes
    expect(page.locator("#problem")).to_be_hidden()


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


def test_a_model_with_script_in_its_strings_shows_it_as_text(page: Page) -> None:
    page.fill("#model", 'var x in 1..3\nx > 2\nquestion "q": "<img src=x onerror=document.title=1> {x}"\n')
    page.click("#solve")
    expect(page.locator("#answers li")).to_have_text(["<img src=x onerror=document.title=1> 3"])
    assert page.locator("#answers img").count() == 0 and page.title() == "cspdsl"


def test_explain_marks_the_conflicting_clues(page: Page) -> None:
    page.fill("#model", "var x in 1..3\nvar y in 1..3\nx > y\ny > x\nx != 2\n")
    page.click("#explain")
    expect(page.locator("#explanation")).to_contain_text("No solution")
    expect(page.locator("#overlay mark.clue")).to_have_text(["x > y", "y > x"])
