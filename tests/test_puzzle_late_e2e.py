"""The region puzzle page's requests past their time, and its difficulties from 3 stars
(issue 40), in a real browser (Playwright driving Debian's Chromium; fixtures as
test_puzzle_game_e2e's): a hint and a solution asked past the page's time (shortened to 0
through the module's constant, the test hook) say why in one line and keep the game, by
keyboard at desktop width and by taps at phone width; the difficulty menu offers, for the
stars and size chosen, the difficulties the server lists, the others "(not here)"; axe-core
over the panel."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from web_support import require

require("starlette", "uvicorn", "playwright", "axe_playwright_python")

from playwright.sync_api import Page, expect  # noqa: E402

from conftest import needs_sat  # noqa: E402
from queens.puzzle import generate as maker  # noqa: E402
from queens.puzzle.grid import parse_grid  # noqa: E402
from queens.puzzle.levels import daily_stars  # noqa: E402
from queens.web import puzzle as page_module  # noqa: E402
from test_puzzle_game_e2e import DESKTOP, PHONE, Opener, open_page  # noqa: E402, F401
from test_puzzle_generate_e2e import device, no_violations  # noqa: E402, F401
from test_puzzle_stars_e2e import generate_by_keys, tab_to  # noqa: E402
from test_web_e2e import TIMEOUT_MS, browser, server  # noqa: E402, F401  (fixtures)

pytestmark = pytest.mark.slow  # browsers: seconds each

GRID = str(daily_stars(date(2026, 12, 6), 3).grid)
"""A 14 x 14 3-star grid (a shipped daily: read, not made, when the module is collected)."""

LATE = (
    "no answer within 0 seconds: the grid is too hard to search here "
    "('queens puzzle {command} --stars 3' goes on)"
)


def link(grid_text: str, stars: int) -> str:
    return "#grid=" + "-".join(grid_text.split()) + f"&stars={stars}"


@pytest.fixture
def late(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every check, hint and solution past its time at once."""
    monkeypatch.setattr(page_module, "SOLVE_SECONDS", 0.0)


def opened_with_a_cross(open_page: Opener, device: dict[str, Any]) -> Page:  # noqa: F811
    """The 3-star grid opened on ``device``, a cross on its first cell (a tap on a phone)."""
    page = open_page(link(GRID, 3), device)
    expect(page.locator("#grid .cell")).to_have_count(14 * 14)
    cell = page.locator("#grid .cell").first
    cell.tap() if device is PHONE else cell.click()
    expect(page.locator("#grid .cell.cross")).to_have_count(1)
    return page


@pytest.mark.usefixtures("late")
def test_a_hint_past_the_time_says_why_and_keeps_the_game_by_keyboard(
    open_page: Opener,  # noqa: F811
) -> None:
    page = opened_with_a_cross(open_page, DESKTOP)
    tab_to(page, "#hint")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_have_text(
        LATE.format(command="explain"), timeout=TIMEOUT_MS
    )
    expect(page.locator("body")).to_have_attribute("data-busy", "0")
    expect(page.locator("#grid .cell.cross")).to_have_count(1)  # the game kept
    last = page.locator("#grid .cell").last
    last.click()
    last.click()  # a cross, then a queen: Check judges queens
    expect(page.locator("#grid .cell.queen")).to_have_count(1)
    tab_to(page, "#check")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_have_text(LATE.format(command="solve"))
    expect(page.locator("#grid .cell.queen")).to_have_count(1)
    no_violations(page, "a hint past its time")


@pytest.mark.usefixtures("late")
def test_a_solution_past_the_time_says_why_and_keeps_the_game_by_taps(
    open_page: Opener,  # noqa: F811
) -> None:
    page = opened_with_a_cross(open_page, PHONE)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#solution").tap()
    expect(page.locator("#message")).to_have_text(LATE.format(command="solve"), timeout=TIMEOUT_MS)
    expect(page.locator("body")).to_have_attribute("data-busy", "0")
    expect(page.locator("#grid .cell.cross")).to_have_count(1)  # nothing revealed
    expect(page.locator("#grid .cell.queen")).to_have_count(0)
    page.locator("#hint").tap()
    expect(page.locator("#message")).to_have_text(LATE.format(command="explain"))


def difficulties(page: Page) -> list[list[Any]]:
    shown: list[list[Any]] = page.eval_on_selector_all(
        "#difficulty option", "o => o.map(x => [x.value, x.disabled, x.textContent])"
    )
    return shown


def offered(stars: int, n: int) -> list[list[Any]]:
    """The difficulty menu the server's listing (``GRADED``) makes at ``stars`` and ``n``."""
    menu: list[list[Any]] = [["", False, "any"]]
    for difficulty, offer in page_module.GRADED[stars].items():
        here = not isinstance(offer, str) and offer[0] <= n <= offer[1]
        menu.append([difficulty, not here, difficulty if here else f"{difficulty} (not here)"])
    return menu


@needs_sat
def test_the_difficulty_menu_follows_the_server_s_listing(
    open_page: Opener,  # noqa: F811
    device: dict[str, Any],  # noqa: F811
) -> None:
    page = open_page("", device)
    page.click("#create summary")
    for stars in range(1, 7):
        page.select_option("#new-stars", str(stars))
        low, high = page_module.GENERATE_SIZES[stars]
        for n in sorted({low, high}):
            page.select_option("#size", str(n))
            assert difficulties(page) == offered(stars, n), (stars, n)
        graded = any(not isinstance(o, str) for o in page_module.GRADED[stars].values())
        expect(page.locator("#difficulty")).to_be_enabled() if graded else expect(
            page.locator("#difficulty")
        ).to_be_disabled()
        left_out = [d for d, o in page_module.GRADED[stars].items() if isinstance(o, str)]
        for difficulty in left_out:
            expect(page.locator("#new-stars-note")).to_contain_text(f"{difficulty} not offered")
    no_violations(page, "the difficulty menu")


GENERATE_SECONDS = 300.0


@needs_sat
def test_a_graded_4_star_grid_generated_with_the_keyboard(
    open_page: Opener,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first difficulty offered with 4 stars, chosen by keys; the grid made has it
    (the page's time lengthened, and the test's wait with it: seed 0's grid takes 11 to 13 s
    of CPU on a quiet machine, and a busy one takes longer)."""
    monkeypatch.setattr(page_module, "GENERATE_SECONDS", GENERATE_SECONDS)
    chosen = next((d, o) for d, o in page_module.GRADED[4].items() if not isinstance(o, str))
    difficulty, (n, _) = chosen
    page = open_page("", DESKTOP)
    tab_to(page, "#create summary")
    page.keyboard.press("Enter")
    tab_to(page, "#new-stars")
    page.keyboard.press("4")
    tab_to(page, "#size")
    page.keyboard.type(str(n))
    tab_to(page, "#difficulty")
    page.keyboard.type(difficulty)
    assert page.input_value("#difficulty") == difficulty
    generate_by_keys(page, 0, "Generated with seed 0", timeout_ms=GENERATE_SECONDS * 1000)
    expect(page.locator("#grid .cell")).to_have_count(n * n, timeout=TIMEOUT_MS)
    grid = parse_grid(page.input_value("#grid-text"))
    assert maker._graded_as(grid, 4, difficulty)
