"""The widgets in a real notebook: the marimo app of docs/notebooks/backtracking.py served
headless (``marimo run``), driven by Playwright in Debian's Chromium at desktop width.

The search is stepped by clicks and keys to the first 6 x 6 solution, which must be
``queens.solve(6)``'s; the 7 x 7 puzzle is won by clicks and keys after a hint; the app's
Python cells must see both (``search.widget.queens``, ``puzzle.widget.solved``).  Without
marimo, Playwright or Chromium (or the web page's, whose browser fixture this shares) these
tests skip with the reason, except under CI=true.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from web_support import require

require("anywidget", "marimo", "playwright", "starlette",
        why="pip install -e '.[notebook,web]' --group notebook-test --group web-test")  # fmt: skip

from playwright.sync_api import Browser, Locator, Page, Route, expect  # noqa: E402

from queens.api import solve  # noqa: E402
from queens.puzzle import levels  # noqa: E402
from queens.puzzle.solve import solve as solve_grid  # noqa: E402

# Chromium (a skip without it, a failure under CI=true) and the browser fixture
from test_web_e2e import browser  # noqa: E402, F401  (a fixture)

pytestmark = pytest.mark.slow  # a marimo server and a browser: about half a minute

_SPEC = importlib.util.spec_from_file_location(
    "make_pictures", Path(__file__).resolve().parent.parent / "docs" / "make_pictures.py"
)
assert _SPEC and _SPEC.loader
PICTURES = importlib.util.module_from_spec(_SPEC)  # serves the app as for the pictures
_SPEC.loader.exec_module(PICTURES)
TIMEOUT_MS = 30_000


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:  # noqa: F811
    """The app (``marimo run --headless``, as docs/make_pictures.py serves it) open in
    Chromium at desktop width, once for the module; no script error may happen in it
    (thrown, or logged to the console)."""
    errors: list[str] = []
    with PICTURES.serve_app() as url:
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        opened = context.new_page()
        opened.on("pageerror", lambda error: errors.append(str(error)))
        # marimo catches what a widget's module throws, and logs it to the console
        opened.on(
            "console", lambda line: errors.append(line.text) if line.type == "error" else None
        )
        opened.set_default_timeout(TIMEOUT_MS)
        opened.goto(url)
        opened.wait_for_selector(".queens-puzzle .qw-region-cell")
        yield opened
        context.close()
    assert errors == [], f"script errors in the page: {errors}"


def counter(widget: Locator, name: str) -> int:
    return int(widget.locator(f'.qw-counter[data-name="{name}"] b').inner_text().replace(",", ""))


def drawn_queens(widget: Locator, n: int) -> list[int]:
    """The column of the queen drawn in each row (-1 where none is)."""
    columns = [-1] * n
    cells = widget.locator(".qw-board .qw-cell.queen")
    for i in range(cells.count()):
        cell = cells.nth(i)
        columns[int(cell.get_attribute("data-row") or -1)] = int(
            cell.get_attribute("data-col") or -1
        )
    return columns


def test_search_stepped_by_clicks_and_keys_to_the_first_solution(page: Page) -> None:
    search = page.locator(".queens-search")
    step = search.get_by_role("button", name="step ▶")
    taken = 0
    while counter(search, "solutions") == 0:
        assert taken < 200, "no solution after 200 steps"
        if taken % 2:
            step.click()
        else:
            search.press("ArrowRight")  # the keyboard, on the focused widget
        taken += 1
        expect(search).to_have_attribute("data-position", str(taken))
    assert drawn_queens(search, 6) == solve(6).to_list()
    assert counter(search, "steps") == taken and counter(search, "nodes") > 0
    expect(search.locator(".qw-lines")).to_contain_text("solution 1: [2, 4, 6, 1, 3, 5]")
    # The app's Python cell sees the same placement.
    expect(page.get_by_text("From Python, search.widget.queens")).to_contain_text(
        f"{solve(6).to_list()} after {taken} steps, with 1 solutions"
    )
    search.press("ArrowLeft")
    expect(search).to_have_attribute("data-position", str(taken - 1))
    expect(search.locator('.qw-counter[data-name="solutions"] b')).to_have_text("0")


def test_puzzle_won_by_clicks_and_keys_after_a_hint(page: Page) -> None:
    puzzle = page.locator(".queens-puzzle")
    grid = levels.level(1).grid
    truth = solve_grid(grid).solution
    assert truth is not None and grid.n == 7
    expect(page.get_by_text("From Python, puzzle.widget.solved")).to_contain_text("False")

    puzzle.get_by_role("button", name="hint").click()
    expect(puzzle.locator(".qw-region-cell.hint-place")).not_to_have_count(0)
    message = puzzle.locator(".qw-message")
    expect(message).not_to_have_text("")
    assert message.inner_text().startswith(("Region", "Row", "Column"))

    def cell(row: int, col: int) -> Locator:
        return puzzle.locator(f'.qw-region-cell[data-row="{row}"][data-col="{col}"]')

    for row, col in enumerate(truth):
        target = cell(row, col)
        if row % 2:  # the keyboard: focus the cell, q puts a queen
            target.click()  # a tap first: a cross (or a queen, on a cell auto-crossed)
            expect(target).to_have_class(re.compile(r"\b(cross|queen)\b"))
            if "queen" not in (target.get_attribute("class") or ""):
                target.press("q")
        else:  # taps until the queen: empty -> cross -> queen
            for _ in range(3):
                if "queen" in (target.get_attribute("class") or ""):
                    break
                before = target.get_attribute("aria-label")
                target.click()
                expect(target).not_to_have_attribute("aria-label", before or "")
        expect(target).to_have_class(re.compile(r"\bqueen\b"))
        if row < grid.n - 1:
            expect(puzzle).to_have_attribute("data-solved", "false")
    expect(puzzle).to_have_attribute("data-solved", "true")
    expect(message).to_have_text("Solved!")
    expect(puzzle.locator(".qw-region-cell.clash")).to_have_count(0)
    expect(page.get_by_text("From Python, puzzle.widget.solved")).to_contain_text("True")


def test_search_plays_at_the_speed_set_and_pauses(page: Page) -> None:
    search = page.locator(".queens-search")
    search.get_by_role("button", name="restart").click()
    expect(search).to_have_attribute("data-position", "0")
    slider = search.get_by_role("slider", name="speed")
    slider.focus()
    slider.press("End")  # the fastest: 1000 steps a second, in batches of 50
    expect(search.locator(".qw-speed")).to_contain_text("1000 steps/s")
    search.get_by_role("button", name="▶ play").click()
    expect(search.get_by_role("button", name="❚❚ pause")).to_have_attribute("data-state", "playing")
    expect(search.locator('.qw-counter[data-name="steps"] b')).not_to_have_text("0")
    search.press(" ")  # Space pauses
    play = search.get_by_role("button", name="▶ play")
    expect(play).to_be_visible()
    # a batch asked for before the pause still lands: "paused" only once it is in
    expect(play).to_have_attribute("data-state", "paused")
    paused = counter(search, "steps")
    page.wait_for_timeout(600)
    assert counter(search, "steps") == paused > 0


def test_search_says_pausing_until_the_batch_asked_for_is_in(page: Page) -> None:
    """The page's requests held back in the browser: a batch asked for before the pause
    still reaches Python first, so the play button says "pausing" until that batch is
    in, and "paused" after it, with no step later."""
    search = page.locator(".queens-search")
    search.get_by_role("button", name="restart").click()
    expect(search).to_have_attribute("data-position", "0")
    search.get_by_role("slider", name="speed").press("End")  # batches of 50 steps
    held: list[Route] = []

    def hold(route: Route) -> None:  # from the first batch asked for on: all, in order
        body = route.request.post_data_json
        message = body.get("message", {}) if isinstance(body, dict) else {}
        if held or message.get("content", {}).get("type") == "tick":
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/kernel/set_model_value", hold)
    try:
        play = search.get_by_role("button", name="▶ play")
        play.click()
        for _ in range(300):  # the first batch's request, within 15 s
            if held:
                break
            page.wait_for_timeout(50)
        assert len(held) == 1, "the page asked for no batch"
        search.press(" ")  # the pause, held behind the batch
        expect(play).to_have_attribute("data-state", "pausing")
        page.wait_for_timeout(300)
        expect(play).to_have_attribute("data-state", "pausing")
        assert counter(search, "steps") == 0 and len(held) == 2
        for route in list(held):  # the batch, then the pause, as the page sent them
            with page.expect_response("**/api/kernel/set_model_value"):
                route.continue_()
    finally:
        page.unroute("**/api/kernel/set_model_value")
    expect(play).to_have_attribute("data-state", "paused")
    paused = counter(search, "steps")
    assert paused == 50  # the batch asked for before the pause, and no more
    page.wait_for_timeout(500)
    assert counter(search, "steps") == paused
