"""The region puzzle page playing K stars in a real browser (Playwright driving Debian's
Chromium; fixtures as test_puzzle_game_e2e's): a generated 2-star grid won with the
keyboard alone, clashes and counters by the K-star rules at desktop and phone widths,
auto-crosses of a full unit, the stars selector, hints from the K-star explainer."""

from __future__ import annotations

import re
from typing import Any

import pytest

from web_support import require

require("starlette", "uvicorn", "playwright", why="pip install -e '.[web]' --group web-test")

from playwright.sync_api import Page, expect  # noqa: E402

from queens.puzzle import solve as stars  # noqa: E402
from queens.puzzle.generate import generate  # noqa: E402
from queens.puzzle.grid import parse_grid  # noqa: E402
from test_puzzle_game_e2e import (  # noqa: E402, F401  (fixtures)
    DESKTOP,
    PHONE,
    Opener,
    active,
    cell,
    marks,
    open_page,
    walk,
)
from test_web_e2e import TIMEOUT_MS, browser, server  # noqa: E402, F401  (fixtures)

# Slow (CI's slow step): the browser tests take a minute or more of the fast suite's
# budget on this 2-core machine; tests/test_puzzle_read_e2e.py stays as the fast smoke test.
pytestmark = pytest.mark.slow

SEED = 3
"""The generated 8 x 8 2-star grid played."""


def link(grid_text: str) -> str:
    return "#grid=" + "-".join(grid_text.split()) + "&stars=2"


def click_to(page: Page, row: int, col: int, wanted: str) -> None:
    """Clicks on a cell (empty -> cross -> queen -> empty) until its mark is ``wanted``."""
    target = page.locator(cell(row, col))
    for _ in range(3):
        now = (target.get_attribute("class") or "").split()
        mark = "queen" if "queen" in now else "cross" if "cross" in now else "empty"
        if mark == wanted:
            return
        target.click()
    raise AssertionError(f"row {row}, column {col} never became {wanted}")


def tab_to(page: Page, selector: str) -> None:
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"{selector} never had the focus")


def generate_by_keys(page: Page, seed: int, told: str, timeout_ms: float = TIMEOUT_MS) -> None:
    """The seed typed and New puzzle pressed, by the keyboard; then the page's ``told``
    (within ``timeout_ms``: a grid that takes seconds to make needs more on a busy machine)."""
    tab_to(page, "#seed")
    page.keyboard.type(str(seed))
    tab_to(page, "#generate")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_contain_text(told, timeout=timeout_ms)


def test_a_generated_two_star_grid_won_with_the_keyboard_alone(open_page: Opener) -> None:  # noqa: F811
    page = open_page()
    tab_to(page, "#stars")
    page.keyboard.press("2")  # 1 -> 2 stars (typed, as a select takes): today's puzzle with 2
    expect(page.locator("#title")).to_contain_text("2 stars", timeout=TIMEOUT_MS)
    expect(page.locator("body")).to_have_attribute("data-busy", "0")
    tab_to(page, "#create summary")
    page.keyboard.press("Enter")  # the Create panel opened
    tab_to(page, "#size")
    tab_to(page, "#new-stars")
    page.keyboard.press("2")
    page.keyboard.press("Shift+Tab")
    assert page.input_value("#size") == "8"
    generate_by_keys(page, SEED, f"Generated with seed {SEED}: place 16 queens")
    text = page.input_value("#grid-text")
    grid = parse_grid(text)
    assert text == str(generate(8, SEED, stars=2)) + "\n"
    (truth,) = list(stars.solutions(grid, 2))
    expect(page.locator("#rules")).to_contain_text("Place 2 queens in every row")
    for _ in range(40):  # back from the side panel to the grid
        page.keyboard.press("Shift+Tab")
        if active(page) is not None:
            break
    at = active(page)
    assert at == (0, 0)
    for row, columns in enumerate(truth):
        for col in columns:
            at = walk(page, at, (row, col))
            page.keyboard.press("q")
    expect(page.locator("#win")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("body")).to_have_attribute("data-solved", "true")
    assert marks(page).count("q") == 16
    summary = page.inner_text("#win-summary")
    assert "2 stars, 8 x 8" in summary and "no hints" in summary
    assert page.inner_text("#share-text").splitlines()[1].startswith("8 x 8, 2 stars \u00b7 ")


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_clashes_and_counters_by_the_k_star_rules(
    open_page: Opener,  # noqa: F811
    device: dict[str, Any],
) -> None:
    grid = generate(8, SEED, stars=2)
    page = open_page(link(str(grid)), device)
    expect(page.locator("#counts")).to_be_visible()
    expect(page.locator("#count-rows .count")).to_have_count(8)
    page.uncheck("#autocross")  # the cells to click stay empty
    click_to(page, 0, 0, "queen")
    click_to(page, 0, 3, "queen")  # two in row 1, apart: no clash, the row full
    expect(page.locator("#grid .cell.clash")).to_have_count(0)
    expect(page.locator("#count-rows .count").first).to_have_text("1 2/2")
    expect(page.locator("#count-rows .count").first).to_have_class(re.compile(r"\bfull\b"))
    click_to(page, 0, 6, "queen")  # a third in row 1: all three break the rule
    expect(page.locator("#grid .cell.clash")).to_have_count(3)
    expect(page.locator("#count-rows .count").first).to_have_class(re.compile(r"\bover\b"))
    expect(page.locator(cell(0, 6))).to_have_attribute(
        "aria-label", re.compile(r", queen, breaks a rule$")
    )
    click_to(page, 0, 6, "empty")
    click_to(page, 1, 4, "queen")  # touching row 1's queen at column 4
    expect(page.locator("#grid .cell.clash")).to_have_count(2)
    for row, col in ((0, 3), (1, 4)):
        expect(page.locator(cell(row, col))).to_have_class(re.compile(r"\bclash\b"))


def test_auto_crosses_clear_a_full_unit_and_its_neighbours(open_page: Opener) -> None:  # noqa: F811
    grid = generate(8, SEED, stars=2)
    page = open_page(link(str(grid)))
    click_to(page, 0, 0, "queen")
    after_one = marks(page)
    assert after_one[1] == "x" and after_one[8] == "x" and after_one[9] == "x"
    assert after_one[2:8] == "......"  # row 1 not full yet
    page.click(cell(0, 5))
    page.click(cell(0, 5))  # a queen: row 1 holds its 2, its other cells crossed
    row_one = marks(page)[:8]
    assert row_one.count("q") == 2 and row_one.count(".") == 0
    page.click(cell(0, 5))  # lifted: its crosses go with it
    assert marks(page)[2:4] == ".." and marks(page)[1] == "x"


def test_the_stars_selector_follows_the_grid(open_page: Opener) -> None:  # noqa: F811
    grid = generate(8, SEED, stars=2)
    page = open_page(link(str(grid)))
    assert page.input_value("#stars") == "2"
    expect(page.locator("body")).to_have_attribute("data-busy", "0")  # the stars it takes, asked
    disabled = page.eval_on_selector_all("#stars option", "o => o.map(x => x.disabled)")
    assert disabled == [False, False, True, True, True, True]  # 8 x 8 holds 16 stars at most
    expect(page.locator("#title")).to_have_text("Your grid (2 stars, 8 x 8)")
    page.select_option("#stars", "1")  # the same grid with one star
    expect(page.locator("#counts")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("Place 8 queens.")
    assert "stars=" not in page.evaluate("location.hash")


def test_a_hint_comes_from_the_k_star_explainer(open_page: Opener) -> None:  # noqa: F811
    from queens.puzzle.play import hint

    grid = generate(8, SEED, stars=2)
    page = open_page(link(str(grid)))
    page.click("#hint")
    expected = hint(grid, [], [], stars=2)
    expect(page.locator("#message")).to_have_text(expected["text"], timeout=TIMEOUT_MS)
    page.click("#apply-hint")
    done = marks(page)
    for row, col in expected["place"]:
        assert done[row * 8 + col] == "q"
    for row, col in expected["clear"]:
        assert done[row * 8 + col] == "x"
    page.once("dialog", lambda dialog: dialog.accept())  # Show solution asks first
    page.click("#solution")
    expect(page.locator("#message")).to_have_text("The solution.", timeout=TIMEOUT_MS)
    assert marks(page).count("q") == 16


@pytest.mark.slow
def test_the_three_star_puzzle_of_the_day(open_page: Opener) -> None:  # noqa: F811
    # Seconds: the server makes and explains a 14 x 14 3-star grid for the date.
    from datetime import date

    from queens.puzzle.levels import daily_stars

    puzzle = daily_stars(date(2026, 1, 8), 3)
    page = open_page("#daily=2026-01-08&stars=3")
    expect(page.locator("#title")).to_have_text(
        f"The daily puzzle of 2026-01-08 (3 stars, 14 x 14 {puzzle.difficulty})", timeout=300_000
    )
    assert page.locator("#grid .cell").count() == 14 * 14
    assert "".join(marks(page)) == "." * 14 * 14
    assert page.input_value("#stars") == "3"
