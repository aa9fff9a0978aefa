"""The region puzzle page played as a game in a real browser (Playwright driving Debian's
Chromium; the server and browser fixtures are test_web_e2e's): today's puzzle won with
the keyboard alone, square cells at desktop and phone widths, clashes by the rules on
both queens, crosses never judged, auto-crosses, drag, undo and redo, a reload keeping
the game, a copied link opening the same grid, the share text, the timer, levels."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from web_support import require

require("starlette", "uvicorn", "playwright", why="pip install -e '.[web]' --group web-test")

# test_web_e2e skips (or fails under CI=true) without Chromium, and so this module too.
from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

from puzzle_support import is_solution  # noqa: E402
from queens.puzzle.levels import daily, level  # noqa: E402
from queens.puzzle.solve import solve  # noqa: E402
from test_web_e2e import TIMEOUT_MS, browser, server  # noqa: E402, F401  (fixtures)

# Slow (CI's slow step): the browser tests take a minute or more of the fast suite's
# budget on this 2-core machine; tests/test_puzzle_read_e2e.py stays as the fast smoke test.
pytestmark = pytest.mark.slow

DESKTOP: dict[str, Any] = {"viewport": {"width": 1200, "height": 1000}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
                         "is_mobile": True, "has_touch": True}  # fmt: skip
TEN = 6
"""Level 6: a 10 x 10 grid."""

Opener = Callable[..., Page]

SEEN_TUTORIAL = "localStorage.setItem('queens-tutorial-seen', '1')"
"""Run before the page's script: the first visit's tutorial is not shown."""


@pytest.fixture
def open_page(browser: Browser, server: str, tmp_path: Path) -> Iterator[Opener]:  # noqa: F811
    """Open the page (at ``path``, in a new browser context unless one is given)."""
    contexts: list[BrowserContext] = []
    pages: list[Page] = []
    errors: list[str] = []

    def opener(
        path: str = "",
        device: dict[str, Any] = DESKTOP,
        context: BrowserContext | None = None,
        first_visit: bool = False,
    ) -> Page:
        if context is None:
            context = browser.new_context(**device)
            context.grant_permissions(["clipboard-read", "clipboard-write"])
            if not first_visit:  # a player who has seen the tutorial
                context.add_init_script(SEEN_TUTORIAL)
            contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(server + "puzzle" + path)
        page.wait_for_selector("body[data-ready=true]")
        pages.append(page)
        return page

    yield opener
    for number, page in enumerate(pages):
        page.screenshot(path=str(tmp_path / f"page-{number}.png"), full_page=True)
    for context in contexts:
        context.close()
    assert errors == [], f"script errors in the page: {errors}"


def cell(row: int, col: int) -> str:
    return f"#grid .cell[data-row='{row}'][data-col='{col}']"


def marks(page: Page) -> str:
    """Every cell's mark in reading order: q a queen, x a cross, . empty."""
    text: str = page.eval_on_selector_all(
        "#grid .cell",
        "cells => cells.map(c => c.classList.contains('queen') ? 'q'"
        " : c.classList.contains('cross') ? 'x' : '.').join('')",
    )
    return text


def active(page: Page) -> tuple[int, int] | None:
    found: list[int] | None = page.evaluate(
        "(() => { const c = document.activeElement;"
        " return c && c.matches('#grid .cell') ? [+c.dataset.row, +c.dataset.col] : null; })()"
    )
    return None if found is None else (found[0], found[1])


def walk(page: Page, at: tuple[int, int], to: tuple[int, int]) -> tuple[int, int]:
    """The arrow keys from the focused cell ``at`` down (never up) and across to ``to``."""
    for _ in range(to[0] - at[0]):
        page.keyboard.press("ArrowDown")
    key = "ArrowRight" if to[1] > at[1] else "ArrowLeft"
    for _ in range(abs(to[1] - at[1])):
        page.keyboard.press(key)
    assert active(page) == to
    return to


def place(page: Page, row: int, col: int) -> None:
    """A queen by clicks: empty -> cross -> queen (a cross takes one click less)."""
    target = page.locator(cell(row, col))
    while "queen" not in (target.get_attribute("class") or "").split():
        target.click()


def test_the_daily_won_with_the_keyboard_alone(open_page: Opener) -> None:
    page = open_page()
    today = date.fromisoformat(page.get_attribute("body", "data-date") or "")
    puzzle = daily(today)
    n = puzzle.n
    assert page.input_value("#grid-text") == str(puzzle.grid) + "\n"
    expect(page.locator("#title")).to_contain_text(f"daily puzzle of {today.isoformat()}")
    for _ in range(20):
        page.keyboard.press("Tab")
        if active(page) is not None:
            break
    assert active(page) == (0, 0)  # the grid is one tab stop, entered at its focused cell
    assert page.locator("#grid .cell[tabindex='0']").count() == 1
    truth = solve(puzzle.grid).solution
    assert truth is not None and is_solution(puzzle.grid.rows(), truth)
    off = (truth[0] + 2) % n
    for _ in range(off):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("x")  # a cross, taken back with space
    label = page.locator(cell(0, off)).get_attribute("aria-label")
    assert label == f"row 1, column {off + 1}, region {puzzle.grid.name(0, off)}, crossed"
    page.keyboard.press(" ")
    assert marks(page) == "." * n * n
    at = (0, off)
    for row, col in enumerate(truth):
        at = walk(page, at, (row, col))
        page.keyboard.press("Enter" if row % 2 else "q")
    expect(page.locator("#win")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-solved", "true")
    expect(page.locator("#message")).to_have_text("Solved!")
    summary = page.inner_text("#win-summary")
    assert f"level {puzzle.number}" in summary and "no hints" in summary
    share = page.inner_text("#share-text").splitlines()
    assert share == [
        f"queens daily {today.isoformat()}",
        f"{n} x {n} \u00b7 {page.inner_text('#timer')} \u00b7 no hints \u00b7 no checks",
    ]  # no position
    assert page.evaluate("document.activeElement.id") == "copy-share"
    page.keyboard.press("Enter")  # the dialog's first button: copy the share text
    expect(page.locator("#share-note")).to_have_text("Copied to the clipboard.")
    assert page.evaluate("navigator.clipboard.readText()") == page.inner_text("#share-text")
    page.click("#close-win")
    best = page.locator(f"#levels [data-level='{puzzle.number}'] .best")
    expect(best).to_have_text(re.compile(r"^ best \d+:\d\d$"))
    expect(page.locator(f"#levels [data-level='{puzzle.number}'] .tick")).to_have_text("\u2713 ")


def boxes(page: Page) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.eval_on_selector_all(
        "#grid .cell",
        "cells => cells.map(c => { const b = c.getBoundingClientRect();"
        " return {x: b.x, y: b.y, w: b.width, h: b.height}; })",
    )
    return found


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_cells_stay_square_after_marks(open_page: Opener, device: dict[str, Any]) -> None:
    page = open_page(f"#level={TEN}", device)
    expect(page.locator("#grid .cell")).to_have_count(100)
    before = boxes(page)
    truth = solve(level(TEN).grid).solution
    assert truth is not None
    page.uncheck("#autocross")  # marks in some rows only: rows grew with their marks once
    for row in (0, 3, 7):
        for _ in range(2):  # a queen in three rows
            if device is PHONE:
                page.tap(cell(row, truth[row]))
            else:
                page.click(cell(row, truth[row]))
    page.click(cell(9, 9)) if device is DESKTOP else page.tap(cell(9, 9))
    assert marks(page).count("q") == 3 and marks(page).count("x") == 1
    after = boxes(page)
    side = before[0]["w"]
    assert side > (20 if device is PHONE else 40)
    for old, new in zip(before, after, strict=True):
        for key in ("x", "y", "w", "h"):
            assert abs(old[key] - new[key]) <= 1, (old, new)
        assert abs(new["w"] - side) <= 1 and abs(new["h"] - side) <= 1
    board = page.locator("#grid").bounding_box()
    assert board is not None and board["x"] + board["width"] <= device["viewport"]["width"]


def test_touching_queens_are_both_highlighted(open_page: Opener) -> None:
    page = open_page(f"#level={TEN}")
    place(page, 4, 4)
    expect(page.locator("#grid .cell.clash")).to_have_count(0)
    place(page, 5, 5)  # auto-crossed by the first: one click makes it a queen
    expect(page.locator("#grid .cell.clash")).to_have_count(2)
    for row, col in ((4, 4), (5, 5)):
        target = page.locator(cell(row, col))
        expect(target).to_have_class(re.compile(r"\bclash\b"))
        expect(target).to_have_attribute("aria-label", re.compile(r", queen, breaks a rule$"))
    page.click(cell(5, 5))  # lifted: no clash left
    expect(page.locator("#grid .cell.clash")).to_have_count(0)
    place(page, 9, 4)  # the same column, far apart
    expect(page.locator("#grid .cell.clash")).to_have_count(2)
    expect(page.locator(cell(4, 4))).to_have_class(re.compile(r"\bclash\b"))


def test_a_cross_is_never_flagged(open_page: Opener) -> None:
    page = open_page(f"#level={TEN}")
    truth = solve(level(TEN).grid).solution
    assert truth is not None
    for row, col in enumerate(truth):  # a cross on every queen's cell: all wrong
        page.click(cell(row, col))
    assert marks(page).count("x") == 10
    flagged = "#grid .cell.wrong, #grid .cell.clash, #grid .cell.hint-clear"
    expect(page.locator(flagged)).to_have_count(0)
    page.click("#check")  # Check judges queens alone: nothing said of the crosses
    expect(page.locator("#message")).to_have_text(
        "No queen to check yet (Check judges queens, never crosses)."
    )
    expect(page.locator(flagged)).to_have_count(0)
    for row, col in enumerate(truth):
        label = page.locator(cell(row, col)).get_attribute("aria-label") or ""
        assert label.endswith(", crossed"), label


def test_undo_redo_and_auto_crosses(open_page: Opener) -> None:
    page = open_page(f"#level={TEN}")
    expect(page.locator("#undo")).to_be_disabled()
    page.click(cell(0, 0))
    one = marks(page)
    page.click(cell(2, 3))
    two = marks(page)
    page.click(cell(2, 3))  # a queen: its row, column, region and neighbours crossed
    three = marks(page)
    grid = level(TEN).grid
    crossed = [i for i, mark in enumerate(three) if mark == "x"]
    assert three[2 * 10 + 3] == "q" and len(crossed) > 20
    for index in crossed:
        row, col = divmod(index, 10)
        near = max(abs(row - 2), abs(col - 3)) <= 1
        assert (
            (row, col) == (0, 0)
            or row == 2
            or col == 3
            or near
            or (grid.region(row, col) == grid.region(2, 3))
        )
    page.click("#undo")
    assert marks(page) == two
    page.locator(cell(5, 5)).focus()
    page.keyboard.press("Control+z")
    assert marks(page) == one
    page.keyboard.press("Control+y")
    assert marks(page) == two
    page.click("#redo")
    assert marks(page) == three
    expect(page.locator("#redo")).to_be_disabled()
    page.click(cell(2, 3))  # the queen lifted takes its crosses, not the player's
    assert marks(page) == one
    page.uncheck("#autocross")
    page.click(cell(2, 3))
    page.click(cell(2, 3))
    assert marks(page).count("x") == 1 and marks(page)[2 * 10 + 3] == "q"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#reset")  # Restart: asks, then clears the marks and their history
    assert marks(page) == "." * 100
    expect(page.locator("#undo")).to_be_disabled()


def drag(page: Page, start: tuple[int, int], end: tuple[int, int]) -> None:
    first, last = page.locator(cell(*start)).bounding_box(), page.locator(cell(*end)).bounding_box()
    assert first is not None and last is not None
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    page.mouse.down()
    page.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2, steps=12)
    page.mouse.up()


def test_drag_paints_and_erases_crosses(open_page: Opener) -> None:
    page = open_page(f"#level={TEN}")
    drag(page, (4, 0), (4, 6))
    assert marks(page)[40:50] == "xxxxxxx..."
    drag(page, (4, 0), (4, 2))  # starting on a cross: erasing
    assert marks(page)[40:50] == "...xxxx..."
    page.click("#undo")  # a drag is one move
    assert marks(page)[40:50] == "xxxxxxx..."
    assert marks(page).count("x") == 7


def test_a_reload_restores_the_game(open_page: Opener) -> None:
    page = open_page(f"#level={TEN}")
    place(page, 1, 1)
    page.click(cell(8, 2))
    before = marks(page)
    page.wait_for_timeout(1100)
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#title")).to_contain_text(f"Level {TEN}")
    assert marks(page) == before
    expect(page.locator("#message")).to_contain_text("your marks are restored")
    assert page.inner_text("#timer") != "0:00"
    page.click(cell(1, 1))  # the restored queen still owns its crosses, not the player's
    assert marks(page).replace(".", "") == "x" and marks(page)[82] == "x"


def test_a_copied_link_opens_the_same_grid(open_page: Opener) -> None:
    page = open_page("#level=3")
    place(page, 0, 2)
    page.check("#link-marks")
    page.click("#copy-link")
    expect(page.locator("#message")).to_have_text("The link is copied.")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.input_value("#link-text") and "grid=" in link and "marks=" in link
    other = open_page(link[link.index("#") :])  # a new browser context: nothing saved there
    assert other.input_value("#grid-text") == page.input_value("#grid-text")
    assert marks(other) == marks(page)
    expect(other.locator("#title")).to_contain_text("Level 3")
    assert "marks=" not in other.evaluate("location.hash")  # a reload keeps later moves
    page.uncheck("#link-marks")
    page.click("#copy-link")
    plain = page.evaluate("navigator.clipboard.readText()")
    third = open_page(plain[plain.index("#") :])
    assert third.input_value("#grid-text") == page.input_value("#grid-text")
    assert marks(third) == "." * 64


def test_a_new_puzzle_asks_first(open_page: Opener) -> None:
    page = open_page("#level=1")
    text = page.input_value("#grid-text")
    page.click(cell(0, 0))
    page.click("#create summary")
    page.select_option("#size", "5")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#generate")
    expect(page.locator("#message")).not_to_have_text("Generating\u2026")
    assert page.input_value("#grid-text") == text and marks(page)[0] == "x"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#generate")
    expect(page.locator("#grid .cell")).to_have_count(25)
    page.click("#levels [data-level='1']")  # nothing in progress: no question
    expect(page.locator("#title")).to_contain_text("Level 1")
    assert marks(page)[0] == "x"  # its game kept


def test_timer_pause_and_hide(open_page: Opener) -> None:
    page = open_page("#level=2")
    page.click("#pause")
    expect(page.locator("#paused")).to_be_visible()
    shown = page.inner_text("#timer")
    page.wait_for_timeout(1200)
    assert page.inner_text("#timer") == shown
    page.click(cell(0, 0), force=True)  # under the cover: nothing happens
    assert marks(page) == "." * 64
    page.click("#resume")
    expect(page.locator("#paused")).to_be_hidden()
    expect(page.locator("#timer")).not_to_have_text(shown, timeout=3000)
    page.uncheck("#show-timer")
    expect(page.locator("#timer")).to_be_hidden()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#timer")).to_be_hidden()
    expect(page.locator("#show-timer")).not_to_be_checked()


def test_a_damaged_link_opens_today_and_says_why(open_page: Opener) -> None:
    page = open_page("#grid=AAB-CA-CCB")
    expect(page.locator("#grid-error")).to_have_text(
        "The link's grid: grid line 2, column 3: 2 cells, but line 1 has 3"
    )
    expect(page.locator("#title")).to_contain_text("daily puzzle")
