"""The region puzzle page's tools in a real browser (Playwright driving Debian's Chromium,
as in test_web_e2e, whose server and browser fixtures it shares): a generated 7 x 7 played
to the end with hints applied in one click, Check outlining a wrong queen, a bad grid
refused with its one-line message, a JSON level loaded.  The game itself (keyboard,
undo, saving, sharing): test_puzzle_game_e2e."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from web_support import require

require("starlette", "uvicorn", "playwright", why="pip install -e '.[web]' --group web-test")

# test_web_e2e skips (or fails under CI=true) without Chromium, and so this module too.
from playwright.sync_api import Browser, Page, expect  # noqa: E402

from queens.puzzle.generate import generate  # noqa: E402
from queens.puzzle.solve import solve  # noqa: E402
from test_web_e2e import TIMEOUT_MS, browser, server  # noqa: E402, F401  (fixtures)

# Slow (CI's slow step): the browser tests take a minute or more of the fast suite's
# budget on this 2-core machine; tests/test_puzzle_read_e2e.py stays as the fast smoke test.
pytestmark = pytest.mark.slow

SEED = 4


@pytest.fixture
def page(browser: Browser, server: str, tmp_path: Path) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    context.add_init_script("localStorage.setItem('queens-tutorial-seen', '1')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT_MS)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(server + "puzzle")
    page.wait_for_selector("body[data-ready=true]")
    open_create(page)
    yield page
    page.screenshot(path=str(tmp_path / "last.png"), full_page=True)
    context.close()
    assert errors == [], f"script errors in the page: {errors}"


def open_create(page: Page) -> None:
    """The collapsed "Create a puzzle" panel opened (generate, grid text, files)."""
    page.evaluate("document.getElementById('create').open = true")


def generate_7(page: Page) -> None:
    open_create(page)
    page.select_option("#size", "7")
    page.fill("#seed", str(SEED))
    page.click("#generate")
    expect(page.locator("#grid .cell")).to_have_count(49)
    expect(page.locator("#message")).to_contain_text(f"seed {SEED}")


def cell(page: Page, row: int, col: int) -> str:
    return f"#grid .cell[data-row='{row}'][data-col='{col}']"


def settled(page: Page) -> None:
    """Wait for the page's requests (the check after each move) to be answered."""
    page.wait_for_selector("body[data-busy='0']", state="attached")


def positions(page: Page, selector: str) -> list[tuple[str, str]]:
    found = page.locator(selector)
    return [
        (found.nth(i).get_attribute("data-row") or "", found.nth(i).get_attribute("data-col") or "")
        for i in range(found.count())
    ]


def test_play_a_generated_grid_to_the_end_with_hints(page: Page) -> None:
    generate_7(page)
    assert page.input_value("#grid-text") == str(generate(7, SEED)) + "\n"
    hints = 0
    while page.get_attribute("body", "data-solved") != "true" and hints < 100:
        page.click("#hint")
        hints += 1
        expect(page.locator("#apply-hint")).to_be_visible()
        places = positions(page, "#grid .cell.hint-place")
        clears = positions(page, "#grid .cell.hint-clear")
        page.click("#apply-hint")  # the queen placed, the cells crossed: one click
        for cells, mark in ((places, r"\bqueen\b"), (clears, r"\bcross\b")):
            for row, col in cells:
                expect(page.locator(cell(page, int(row), int(col)))).to_have_class(re.compile(mark))
        assert page.locator("#grid .cell.clash").count() == 0
    expect(page.locator("body")).to_have_attribute("data-solved", "true")
    expect(page.locator("#win")).to_be_visible()
    expect(page.locator("#win-summary")).to_contain_text(f"{hints} hints")
    truth = solve(generate(7, SEED)).solution
    assert truth is not None
    for row, col in enumerate(truth):
        expect(page.locator(cell(page, row, col))).to_have_class(re.compile(r"\bqueen\b"))


def test_sizes_5_to_16_are_generated(page: Page) -> None:
    values = page.eval_on_selector_all("#size option", "o => o.map(x => x.value)")
    assert values == [str(n) for n in range(5, 17)]
    page.select_option("#size", "16")
    page.select_option("#difficulty", "hard")
    page.fill("#seed", str(SEED))
    page.click("#generate")
    expect(page.locator("#grid .cell")).to_have_count(256)
    expect(page.locator("#message")).to_contain_text(f"seed {SEED}")
    assert page.input_value("#grid-text") == str(generate(16, SEED, "hard")) + "\n"


def test_the_background_look_is_generated(page: Page) -> None:
    page.select_option("#size", "10")
    page.select_option("#look", "background")
    page.fill("#seed", str(SEED))
    page.click("#generate")
    expect(page.locator("#grid .cell")).to_have_count(100)
    made = str(generate(10, SEED, look="background")) + "\n"
    assert page.input_value("#grid-text") == made != str(generate(10, SEED)) + "\n"


def test_check_outlines_a_wrong_queen(page: Page) -> None:
    generate_7(page)
    truth = solve(generate(7, SEED)).solution
    assert truth is not None
    col = (truth[0] + 3) % 7
    target = page.locator(cell(page, 0, col))
    target.click()
    target.click()  # a queen where the solution has none: no rule broken yet, so no flag
    expect(target).to_have_class(re.compile(r"\bqueen\b"))
    expect(page.locator("#grid .cell.wrong, #grid .cell.clash")).to_have_count(0)
    page.click("#check")
    expect(target).to_have_class(re.compile(r"\bwrong\b"))
    expect(page.locator("#message")).to_contain_text("1 queen is not where the solution has one")
    target.click()  # cleared: nothing wrong any more
    expect(page.locator("#grid .cell.wrong")).to_have_count(0)
    page.click("#check")  # no queen: nothing judged (crosses never are), nothing counted
    expect(page.locator("#message")).to_have_text(
        "No queen to check yet (Check judges queens, never crosses)."
    )


def test_a_bad_grid_is_refused_with_one_line(page: Page) -> None:
    page.fill("#grid-text", "AAB\nCA\nCCB")
    page.click("#load")
    expect(page.locator("#grid-error")).to_have_text(
        "grid line 2, column 3: 2 cells, but line 1 has 3"
    )
    page.fill("#grid-text", "AAB\nCAB\nCCB")
    page.click("#load")
    expect(page.locator("#grid .cell")).to_have_count(9)
    expect(page.locator("#grid-error")).to_be_hidden()


def test_a_json_level_loads_as_its_grid_text(page: Page) -> None:
    import json

    from queens.puzzle.json_level import json_level

    grid = generate(6, 9)
    page.fill("#grid-text", json.dumps(json_level(grid), indent=2))
    page.click("#load")
    expect(page.locator("#grid .cell")).to_have_count(36)
    assert page.input_value("#grid-text") == str(grid) + "\n"
    page.fill("#grid-text", '{"size": 6, "colorRegions": [["A"]]}')
    page.click("#load")
    expect(page.locator("#grid-error")).to_have_text(
        "level JSON: colorRegions has 1 rows, but size is 6"
    )
