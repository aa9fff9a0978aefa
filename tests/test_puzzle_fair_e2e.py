"""The region puzzle page played fair in a real browser (fixtures as test_puzzle_game_e2e's):
no spoilers (Check judges queens only and is counted, a hint never names a cross, the
share text holds no position), progress never lost (Show solution asks, Undo after it
plays on; a link's marks never replace a saved game unasked), the winning tap's click
never lands on the win dialog, a hash changed in the tab opens its puzzle, the stars
selector offers only star counts the grid takes, the star dailies one click away, the
level list one tab stop, and a layout for playing (phone: board, controls and the hint on
one screen; big grids keep 28 px cells; counters on one line), dark colours, the win's
statistics, streak, animation and next level, the first visit's tutorial. Slow (about
100 s of browser time): run with ``-m slow``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from web_support import require

require("starlette", "uvicorn", "playwright", why="pip install -e '.[web]' --group web-test")

from playwright.sync_api import Browser, Page, expect  # noqa: E402

from queens.puzzle.generate import generate  # noqa: E402
from queens.puzzle.levels import level  # noqa: E402
from queens.puzzle.solve import solve  # noqa: E402
from test_puzzle_game_e2e import (  # noqa: E402, F401  (fixtures)
    DESKTOP,
    PHONE,
    SEEN_TUTORIAL,
    TEN,
    Opener,
    cell,
    marks,
    open_page,
    place,
)
from test_web_e2e import browser, server, start_server, stop_server  # noqa: E402, F401

pytestmark = pytest.mark.slow  # about 100 s of browser time in all: with the slow tests

CROWN = "\U0001f451"


def truth(number: int) -> list[int]:
    found = solve(level(number).grid).solution
    assert found is not None
    return list(found)


def tap_to_queen(page: Page, row: int, col: int) -> None:
    target = page.locator(cell(row, col))
    for _ in range(3):
        if "queen" in (target.get_attribute("class") or "").split():
            return
        target.tap()
    raise AssertionError(f"row {row}, column {col} never became a queen")


def win_by_clicks(page: Page, columns: list[int]) -> None:
    for row, col in enumerate(columns):
        place(page, row, col)
    expect(page.locator("#win")).to_be_visible()


def test_check_judges_queens_only_and_counts(open_page: Opener) -> None:  # noqa: F811
    page = open_page(f"#level={TEN}")
    columns = truth(TEN)
    page.click(cell(0, columns[0]))  # a cross on the queen's cell: Check must not tell
    page.click("#check")
    expect(page.locator("#message")).to_have_text(
        "No queen to check yet (Check judges queens, never crosses)."
    )
    page.click(cell(0, columns[0]))  # the cross made a queen: right
    page.click("#check")
    expect(page.locator("#message")).to_have_text("Your queen is right so far (1 check used).")
    wrong = (columns[5] + 5) % 10
    place(page, 5, wrong)
    page.click("#check")
    expect(page.locator("#message")).to_contain_text("1 queen is not where the solution has one")
    expect(page.locator("#message")).to_contain_text("(2 checks used)")
    expect(page.locator("#grid .cell.wrong")).to_have_count(1)
    page.click(cell(5, wrong))  # lifted
    win_by_clicks(page, columns)
    share = page.inner_text("#share-text")
    assert share.splitlines()[1].endswith("no hints \u00b7 2 checks"), share
    expect(page.locator("#win-summary")).to_contain_text("2 checks")


def test_a_hint_never_names_a_cross(open_page: Opener) -> None:  # noqa: F811
    page = open_page(f"#level={TEN}")
    columns = truth(TEN)
    page.click(cell(3, columns[3]))  # a wrong cross
    page.click("#hint")
    message = page.locator("#message")
    expect(message).to_have_text(
        "1 cross covers a queen's cell. Undo back to before the mistake first."
    )
    assert not re.search(r"[Rr]ow \d|[Cc]olumn \d", message.inner_text())
    flagged = (
        "#grid .cell.wrong, #grid .cell.hint-clear, #grid .cell.hint-place, #grid .cell.hint-focus"
    )
    expect(page.locator(flagged)).to_have_count(0)
    page.click("#undo")
    win_by_clicks(page, columns)
    expect(page.locator("#win-summary")).to_contain_text("1 hint")  # the mistake told is a hint


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_share_text_holds_no_position(open_page: Opener, device: dict[str, Any]) -> None:  # noqa: F811
    page = open_page(f"#level={TEN}", device)
    columns = truth(TEN)
    for row, col in enumerate(columns):
        tap_to_queen(page, row, col) if device is PHONE else place(page, row, col)
    expect(page.locator("#win")).to_be_visible()
    share = page.inner_text("#share-text").splitlines()
    assert share[0] == f"queens level {TEN}"
    assert re.fullmatch(r"10 x 10 \u00b7 \d+:\d\d \u00b7 no hints \u00b7 no checks", share[1])
    assert len(share) == 2 and CROWN not in "".join(share)


def test_show_solution_asks_and_undo_plays_on(open_page: Opener) -> None:  # noqa: F811
    page = open_page(f"#level={TEN}")
    columns = truth(TEN)
    place(page, 0, columns[0])
    before = marks(page)
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#solution")
    page.wait_for_timeout(300)
    assert marks(page) == before  # asked, and refused: nothing shown
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#solution")
    expect(page.locator("#message")).to_have_text("The solution.")
    assert marks(page).count("q") == 10
    page.click("#undo")  # the solution taken back: the game goes on
    assert marks(page) == before
    shown = page.inner_text("#timer")
    expect(page.locator("#timer")).not_to_have_text(shown, timeout=3000)
    win_by_clicks(page, columns)
    expect(page.locator("#win-summary")).to_contain_text("the solution shown")
    assert "(the solution was shown)" in page.inner_text("#share-text")
    assert page.evaluate(f"localStorage.getItem('queens-best:level:{TEN}')") is None


def test_a_link_with_marks_asks_before_replacing_a_saved_game(open_page: Opener) -> None:  # noqa: F811
    page = open_page("#level=3")
    place(page, 0, 2)
    saved = marks(page)
    page.check("#link-marks")
    page.click("#copy-link")
    link = page.input_value("#link-text")
    page.click("#undo")
    place(page, 7, 7)  # the saved game now differs from the link's marks
    saved = marks(page)
    fragment = link[link.index("#") :]
    context = page.context
    context.once("dialog", lambda dialog: dialog.dismiss())
    kept = open_page(fragment, context=context)
    expect(kept.locator("#message")).to_have_text(
        "Your saved game is kept; the link's marks are not shown."
    )
    assert marks(kept) == saved
    context.once("dialog", lambda dialog: dialog.accept())
    taken = open_page(fragment, context=context)
    expect(taken.locator("#message")).to_have_text("The marks of the link are shown.")
    assert marks(taken)[2] == "q" and marks(taken) != saved


def test_the_winning_tap_never_presses_the_win_dialog(open_page: Opener) -> None:  # noqa: F811
    page = open_page(f"#level={TEN}", PHONE)
    columns = truth(TEN)
    for row, col in enumerate(columns[:-1]):
        tap_to_queen(page, row, col)
    page.evaluate(
        "document.getElementById('win').addEventListener('click',"
        " (event) => { window.ghost = event.target.id || event.target.tagName; })"
    )
    last = page.locator(cell(9, columns[9]))
    last.tap()  # a cross
    last.tap()  # the queen that wins: the dialog opens under the finger
    expect(page.locator("#win")).to_be_visible()
    page.wait_for_timeout(600)
    assert page.evaluate("window.ghost") is None
    expect(page.locator("#share-note")).to_have_text("")
    expect(page.locator("#win")).to_be_visible()
    page.locator("#close-win").tap()  # a later tap works
    expect(page.locator("#win")).to_be_hidden()


def test_a_hash_changed_in_the_tab_opens_its_puzzle(open_page: Opener) -> None:  # noqa: F811
    page = open_page("#level=1")
    page.evaluate("location.hash = '#level=2'")
    expect(page.locator("#title")).to_contain_text("Level 2")
    page.click(cell(0, 0))  # a game in progress: asked first
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.evaluate("location.hash = '#level=4'")
    page.wait_for_timeout(300)
    expect(page.locator("#title")).to_contain_text("Level 2")
    assert "level=2" in page.evaluate("location.hash")
    page.once("dialog", lambda dialog: dialog.accept())
    page.evaluate("location.hash = '#level=4'")
    expect(page.locator("#title")).to_contain_text("Level 4")


def offered(page: Page) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        "#stars option", "o => o.filter(x => !x.disabled && !x.hidden).map(x => x.value)"
    )
    return found


def test_the_stars_selector_offers_only_what_the_grid_takes(open_page: Opener) -> None:  # noqa: F811
    page = open_page(f"#level={TEN}")  # 10 x 10: room for 2 stars, but no 2-star solution
    expect(page.locator("body")).to_have_attribute("data-busy", "0")
    assert offered(page) == ["1"]
    two = generate(8, 3, stars=2)
    page.evaluate(f"location.hash = '#grid={'-'.join(str(two).split())}'")
    expect(page.locator("#grid .cell")).to_have_count(64)
    expect(page.locator("body")).to_have_attribute("data-busy", "0")
    assert offered(page) == ["1", "2"]


def test_the_stars_selector_marks_what_was_not_decided_in_time(
    open_page: Opener,  # noqa: F811
) -> None:
    page = open_page()
    expect(page.locator("body")).to_have_attribute("data-busy", "0")

    def late(route: Any) -> None:  # the server's answer when 4 to 6 stars ran out of time
        route.fulfill(json={"stars": [1], "undecided": [4, 5, 6]})

    page.route("**/api/puzzle/stars", late)
    page.evaluate(f"location.hash = '#level={TEN}'")
    expect(page.locator("#stars option:not([hidden])")).to_have_count(4)
    assert offered(page) == ["1"]
    shown = page.eval_on_selector_all(
        "#stars option:not([hidden])", "o => o.map(x => [x.value, x.disabled, x.textContent])"
    )
    assert shown == [
        ["1", False, "1"],
        ["4", True, "4 (not decided in time)"],
        ["5", True, "5 (not decided in time)"],
        ["6", True, "6 (not decided in time)"],
    ]


def test_the_star_dailies_are_one_click_away(open_page: Opener) -> None:  # noqa: F811
    page = open_page()
    page.click("#daily-2")
    expect(page.locator("#title")).to_contain_text("(2 stars, ")
    assert page.input_value("#stars") == "2"
    page.click("#daily")
    expect(page.locator("#title")).to_contain_text("(level ")


def test_the_level_list_is_one_tab_stop_with_arrow_keys(open_page: Opener) -> None:  # noqa: F811
    page = open_page("#level=1")
    page.focus("#level-difficulty")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "levels"
    page.keyboard.press("Tab")  # out of the list at once: 364 levels, one stop
    assert page.evaluate("document.activeElement.id") == "copy-link"
    page.focus("#levels")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#levels")).to_have_attribute("aria-activedescendant", "level-3")
    page.keyboard.press("Enter")
    expect(page.locator("#title")).to_contain_text("Level 3")
    page.fill("#level-filter", "11x11")
    page.select_option("#level-difficulty", "hard")
    shown = page.eval_on_selector_all(
        "#levels li:not([hidden])", "items => items.map(i => i.textContent)"
    )
    assert shown and all("11 x 11 hard" in text for text in shown)


def test_escape_clears_the_hint_outlines(open_page: Opener) -> None:  # noqa: F811
    page = open_page(f"#level={TEN}")
    page.click("#hint")
    expect(page.locator("#apply-hint")).to_be_visible()
    outlined = "#grid .cell.hint-place, #grid .cell.hint-clear, #grid .cell.hint-focus"
    assert page.locator(outlined).count() > 0
    page.keyboard.press("Escape")
    expect(page.locator(outlined)).to_have_count(0)


def stripes(n: int) -> str:
    """A grid of n rows, a region each (the layout's test: solvable or not does not matter)."""
    return "-".join(chr(ord("A") + row) * n for row in range(n))


def bottom(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["y"] + box["height"]


@pytest.mark.parametrize("path", [f"#level={TEN}", "#grid=" + stripes(12)], ids=["10", "12"])
def test_the_phone_shows_board_controls_and_hint_at_once(open_page: Opener, path: str) -> None:  # noqa: F811
    page = open_page(path, PHONE)
    page.locator("#hint").tap()
    expect(page.locator("#message")).not_to_have_text("")
    for selector in ("#grid", "#solution", "#message"):
        assert bottom(page, selector) <= 844, selector
    assert page.evaluate("scrollY") == 0


def test_two_star_counters_keep_one_line_on_a_phone(open_page: Opener) -> None:  # noqa: F811
    two = generate(8, 3, stars=2)
    page = open_page(f"#grid={'-'.join(str(two).split())}&stars=2", PHONE)
    for kind in ("rows", "columns", "regions"):
        chips = page.eval_on_selector_all(
            f"#count-{kind} .count", "cs => cs.map(c => c.getBoundingClientRect().height)"
        )
        size = page.evaluate(
            f"parseFloat(getComputedStyle(document.querySelector('#count-{kind} .count')).fontSize)"
        )
        assert len(chips) == 8 and max(chips) < 2 * size, (kind, chips, size)  # one line each
    page.locator("#hint").tap()
    expect(page.locator("#message")).not_to_have_text("")
    assert bottom(page, "#message") <= 844


def test_a_big_grid_keeps_28_px_cells_on_a_phone(open_page: Opener) -> None:  # noqa: F811
    page = open_page("#grid=" + stripes(16), PHONE)
    box = page.locator(cell(0, 0)).bounding_box()
    assert box is not None and box["width"] >= 28 and box["height"] >= 28
    # The board scrolls sideways, never the page.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_clash_tints_what_it_breaks_and_is_announced(open_page: Opener) -> None:  # noqa: F811
    page = open_page(f"#level={TEN}")
    place(page, 1, 4)
    place(page, 8, 4)  # the same column, far apart
    expect(page.locator("#message")).to_have_text("A rule is broken: too many queens in column 5.")
    expect(page.locator("#message")).to_have_attribute("aria-live", "polite")
    tinted = page.eval_on_selector_all(
        "#grid .cell.clash-unit", "cells => cells.map(c => +c.dataset.col)"
    )
    assert tinted == [4] * 10  # the column, every cell of it
    page.click(cell(8, 4))  # lifted: nothing broken
    expect(page.locator("#grid .cell.clash-unit")).to_have_count(0)


def background(page: Page) -> str:
    found: str = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    return found


def test_dark_follows_the_system_and_the_setting(open_page: Opener) -> None:  # noqa: F811
    light = open_page("#level=1")
    assert background(light) == "rgb(255, 255, 255)"
    light.select_option("#theme", "dark")
    assert background(light) == "rgb(21, 23, 28)"
    light.reload()
    light.wait_for_selector("body[data-ready=true]")
    assert background(light) == "rgb(21, 23, 28)" and light.input_value("#theme") == "dark"
    dark = open_page("#level=1", {**DESKTOP, "color_scheme": "dark"})
    assert background(dark) == "rgb(21, 23, 28)"  # as the system: dark
    dark.select_option("#theme", "light")
    assert background(dark) == "rgb(255, 255, 255)"


def animation(page: Page) -> str:
    found: str = page.evaluate(
        "getComputedStyle(document.querySelector('#grid .cell')).animationName"
    )
    return found


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_win_counts_animates_and_leads_on(open_page: Opener, motion: str) -> None:  # noqa: F811
    page = open_page(f"#level={TEN}", {**DESKTOP, "reduced_motion": motion})
    win_by_clicks(page, truth(TEN))
    assert animation(page) == ("none" if motion == "reduce" else "won")
    expect(page.locator("#stats")).to_have_text(
        re.compile(
            r"^Played 1, solved 1 \u00b7 daily streak 0 \(best 0\) \u00b7 best 10 x 10 \d+:\d\d\.$"
        )
    )
    page.click("#next-level")
    expect(page.locator("#title")).to_contain_text(f"Level {TEN + 1}")
    assert animation(page) == "none"  # a new game: no win shown
    expect(page.locator(f"#levels [data-level='{TEN}'] .tick")).to_have_text("\u2713 ")


def test_a_daily_won_the_day_after_extends_the_streak(open_page: Opener) -> None:  # noqa: F811
    from datetime import date

    from queens.puzzle.levels import daily

    page = open_page("#level=1")
    stats = '{"played": 3, "solved": 3, "streak": 3, "bestStreak": 3, "lastDaily": "2026-11-25"}'
    page.evaluate(f"localStorage.setItem('queens-stats', '{stats}')")
    page.evaluate("location.hash = '#daily=2026-11-26'")
    expect(page.locator("#title")).to_contain_text("daily puzzle of 2026-11-26")
    found = solve(daily(date(2026, 11, 26)).grid).solution
    assert found is not None
    win_by_clicks(page, list(found))
    expect(page.locator("#stats")).to_contain_text(
        "Played 4, solved 4 \u00b7 daily streak 4 (best 4)"
    )
    expect(page.locator("#next-level")).to_be_hidden()  # a daily: no next level, a random one
    page.click("#random-level")
    expect(page.locator("#title")).to_contain_text("Level ")


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_first_visit_opens_the_tutorial(open_page: Opener, device: dict[str, Any]) -> None:  # noqa: F811
    page = open_page("", device, first_visit=True)
    tutorial = page.locator("#tutorial")
    expect(tutorial).to_be_visible()
    expect(page.locator("#tutorial-step")).to_have_text("1 of 3")
    for index in (1, 7, 8, 14):  # the example's queens: rows 1 to 4, columns 2, 4, 1, 3
        target = page.locator("#tutorial-board .example").nth(index)
        for _ in range(2):
            target.tap() if device is PHONE else target.click()
    expect(page.locator("#tutorial-note")).to_have_text("Solved: that is the whole game.")
    page.keyboard.press("Tab")  # by keyboard from here on
    page.focus("#tutorial-next")
    page.keyboard.press("Enter")
    expect(page.locator("#tutorial-step")).to_have_text("2 of 3")
    page.keyboard.press("Enter")
    expect(page.locator("#tutorial-step")).to_have_text("3 of 3")
    expect(page.locator("#tutorial .step[data-step='3']")).to_contain_text("Check judges")
    page.focus("#tutorial-close")
    page.keyboard.press("Enter")
    expect(tutorial).to_be_hidden()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(tutorial).to_be_hidden()  # once only; "How to play" opens it again
    page.click("#tutorial-open")
    expect(tutorial).to_be_visible()
    page.keyboard.press("Escape")
    expect(tutorial).to_be_hidden()


def test_the_game_survives_a_server_restart(browser: Browser) -> None:  # noqa: F811
    from queens.web.app import create_app
    from queens.web.server import allowed_hosts

    first = start_server(create_app(allowed_hosts("127.0.0.1")))
    port = first[2].getsockname()[1]
    context = browser.new_context(**DESKTOP)
    context.add_init_script(SEEN_TUTORIAL)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"http://127.0.0.1:{port}/puzzle#level={TEN}")
    page.wait_for_selector("body[data-ready=true]")
    columns = truth(TEN)
    place(page, 0, columns[0])
    stop_server(first)
    place(page, 1, columns[1])  # the server gone: moves go on, kept in the browser
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(
        "The server does not answer (is queens serve running?); your game is kept in this browser."
    )
    second = start_server(create_app(allowed_hosts("127.0.0.1")), port)  # a new process's app
    try:
        page.click("#hint")  # the server back: hints again, on the same game
        expect(page.locator("#apply-hint")).to_be_visible()
        before = marks(page)
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        assert marks(page) == before and before.count("q") == 2
    finally:
        context.close()
        stop_server(second)
    assert errors == []
