"""Generating 3 to 6 stars on the region puzzle page (issue 40) in a real browser
(Playwright driving Debian's Chromium; fixtures as test_puzzle_game_e2e's): the stars and
sizes the server offers, a 4-star grid generated with the keyboard at desktop width and by
taps at phone width, shown and then validated by the server, a generation past the page's
time told in a clear message (the time shortened through the module's constant, the test
hook), and 4 to 6 stars without python-sat listed with the reason and nothing generated;
axe-core over the panel in each state."""

from __future__ import annotations

from typing import Any

import pytest

from web_support import require

require("starlette", "uvicorn", "playwright", "axe_playwright_python")

from axe_playwright_python.sync_playwright import Axe  # noqa: E402
from playwright.sync_api import Page, expect  # noqa: E402

from conftest import needs_sat  # noqa: E402
from queens.puzzle import _sat  # noqa: E402
from queens.puzzle import solve as stars  # noqa: E402
from queens.puzzle.grid import parse_grid  # noqa: E402
from queens.web import puzzle as page_module  # noqa: E402
from test_puzzle_game_e2e import DESKTOP, PHONE, Opener, open_page  # noqa: E402, F401
from test_puzzle_stars_e2e import generate_by_keys, tab_to  # noqa: E402
from test_web_e2e import TIMEOUT_MS, browser, server  # noqa: E402, F401  (fixtures)

pytestmark = pytest.mark.slow  # browsers and 4-star grids: seconds each


SEED = 2
"""The 17 x 17 4-star grid generated (under a second of CPU)."""


def no_violations(page: Page, when: str) -> None:
    results = Axe().run(page)
    assert results.violations_count == 0, f"{when}: {results.generate_report()}"


def offered(k: int) -> list[str]:
    """The sizes the page offers with ``k`` stars, as its size menu lists them."""
    low, high = page_module.GENERATE_SIZES[k]
    return [str(n) for n in range(low, high + 1)]


def sizes(page: Page) -> list[str]:
    found: list[str] = page.eval_on_selector_all("#size option", "o => o.map(x => x.value)")
    return found


def server_says_solved(page: Page, stars_per_unit: int) -> None:
    """The grid the page shows, solved here and its solution sent to the page's server's
    Check: the server validates it as the page's own Check would."""
    text = page.input_value("#grid-text")
    verdict = stars.solve(parse_grid(text), stars_per_unit)
    assert verdict.unique and verdict.rows is not None
    placed = [[r, c] for r, columns in enumerate(verdict.rows) for c in columns]
    body = {"grid": text, "queens": placed, "crosses": [], "stars": stars_per_unit}
    answer = page.evaluate(
        "async (body) => (await fetch('/api/puzzle/check', {method: 'POST',"
        " headers: {'content-type': 'application/json'}, body: JSON.stringify(body)})).json()",
        body,
    )
    assert answer == {"wrong": [], "solved": True, "message": "Solved!"}


@needs_sat
def test_four_stars_generated_with_the_keyboard_at_desktop_width(open_page: Opener) -> None:  # noqa: F811
    page = open_page("", DESKTOP)
    tab_to(page, "#create summary")
    page.keyboard.press("Enter")  # the Create panel opened
    tab_to(page, "#new-stars")
    page.keyboard.press("3")
    assert sizes(page) == ["14"]
    expect(page.locator("#difficulty")).to_be_enabled()  # easy 3-star grids in 10 s
    reasons = {d: o for d, o in page_module.GRADED[3].items() if isinstance(o, str)}
    expect(page.locator("#new-stars-note")).to_have_text(
        "3 stars: " + "; ".join(f"{d} not offered ({reasons[d]})" for d in reasons) + "."
    )
    page.keyboard.press("ArrowDown")  # 3 -> 4 (typing "4" now would search for "34")
    assert page.input_value("#new-stars") == "4" and sizes(page) == offered(4)
    generate_by_keys(page, SEED, f"Generated with seed {SEED}: place 68 queens, 4 in every row")
    expect(page.locator("#grid .cell")).to_have_count(17 * 17)
    expect(page.locator("#title")).to_contain_text("4 stars")
    expect(page.locator("#rules")).to_contain_text("Place 4 queens in every row")
    server_says_solved(page, 4)
    expect(page.locator("body")).to_have_attribute("data-busy", "0")
    no_violations(page, "a 4-star grid generated")


@needs_sat
def test_four_stars_generated_by_taps_at_phone_width(open_page: Opener) -> None:  # noqa: F811
    page = open_page("", PHONE)
    page.locator("#create summary").tap()
    page.select_option("#new-stars", "6")
    assert sizes(page) == offered(6) == ["24", "25"]
    page.select_option("#new-stars", "5")
    assert sizes(page) == offered(5) == ["21", "22"]
    page.select_option("#new-stars", "4")
    page.select_option("#size", "17")
    page.locator("#seed").tap()
    page.keyboard.type(str(SEED))
    page.locator("#generate").tap()
    expect(page.locator("#grid .cell")).to_have_count(17 * 17, timeout=TIMEOUT_MS)
    expect(page.locator("#message")).to_contain_text(f"Generated with seed {SEED}")
    server_says_solved(page, 4)
    page.locator("#grid .cell").first.tap()  # the board takes taps: a cross
    expect(page.locator("#grid .cell.cross")).to_have_count(1)
    no_violations(page, "a 4-star grid generated on a phone")


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def device(request: pytest.FixtureRequest) -> dict[str, Any]:
    """Each test at desktop and at phone width."""
    found: dict[str, Any] = request.param
    return found


@pytest.fixture
def no_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server as without python-sat."""
    monkeypatch.setattr(_sat, "available", lambda: False)


@needs_sat
def test_a_generation_past_the_page_s_time_says_so_and_keeps_the_game(
    open_page: Opener,  # noqa: F811
    device: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(page_module, "GENERATE_SECONDS", 0.001)  # the hook: every grid late
    page = open_page("#level=1", device)
    before = page.input_value("#grid-text")
    page.click("#create summary")
    page.select_option("#new-stars", "4")
    page.click("#generate")
    expect(page.locator("#message")).to_have_text(
        "no 17 x 17 4-star grid found within 0.001 s; try another seed", timeout=TIMEOUT_MS
    )
    expect(page.locator("body")).to_have_attribute("data-busy", "0")
    assert page.input_value("#grid-text") == before  # the game in play stays
    no_violations(page, "a generation past its time")


@pytest.mark.usefixtures("no_sat")
def test_without_python_sat_4_to_6_stars_say_why_and_generate_nothing(
    open_page: Opener,  # noqa: F811
    device: dict[str, Any],
) -> None:
    page = open_page("", device)
    page.click("#create summary")
    expect(page.locator("#new-stars option[value='4']")).to_have_text("4 (not here)")
    expect(page.locator("#new-stars option[value='3']")).to_have_text("3")
    page.select_option("#new-stars", "5")
    expect(page.locator("#new-stars-note")).to_be_visible()
    expect(page.locator("#new-stars-note")).to_contain_text("python-sat")
    expect(page.locator("#generate")).to_be_disabled()
    expect(page.locator("#size")).to_be_disabled()
    no_violations(page, "4 to 6 stars not generated here")
    page.select_option("#new-stars", "3")  # back to a K made here: the panel works again
    left_out = next(d for d, o in page_module.GRADED[3].items() if isinstance(o, str))
    expect(page.locator("#new-stars-note")).to_contain_text(f"3 stars: {left_out} not offered")
    expect(page.locator("#generate")).to_be_enabled()
    assert sizes(page) == ["14"]
    page.select_option("#new-stars", "2")
    expect(page.locator("#new-stars-note")).to_be_hidden()
    expect(page.locator("#difficulty")).to_be_enabled()
    assert sizes(page) == [str(n) for n in range(8, 13)]
