"""Take the puzzle game's pictures: docs/pictures/puzzle-game.png (a game in progress: a
few queens with their auto-crosses, two touching queens striped red) and
docs/pictures/puzzle-game-won.png (the win screen with its share text), and
docs/pictures/puzzle-game-stars.png (the 2-star grid of the guide, tests/data/stars-8.txt,
in progress: three rows' stars, the counters, a third star in a row striped red), and the
gallery of the guide, at desktop (1280 x 900) and phone (390 x 844) sizes:
docs/pictures/puzzle-{start,clash,hint,win,tutorial,dark}-{desktop,phone}.png.

    python docs/make_puzzle_game_pictures.py

Needs the web and web-test extras and Chromium (QUEENS_CHROMIUM, default /usr/bin/chromium).
The pictures show level 83 of the archive (10 x 10, hard), so they change only when the
archive does.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

from queens.puzzle.grid import parse_grid
from queens.puzzle.levels import level
from queens.puzzle.solve import solve
from queens.puzzle.solve import solve as solve_stars
from queens.web.app import create_app
from queens.web.server import allowed_hosts, bind

OUT = Path(__file__).resolve().parent / "pictures"
CHROMIUM = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")
LEVEL = 83
STARS = Path(__file__).resolve().parent.parent / "tests" / "data" / "stars-8.txt"
VIEWPORT = {"width": 1100, "height": 820}


def ready(page: Page) -> None:
    """The page loaded, its first visit's tutorial closed."""
    page.wait_for_selector("body[data-ready=true]")
    if page.is_visible("#tutorial"):
        page.click("#tutorial-close")


def cell(row: int, col: int) -> str:
    return f"#grid .cell[data-row='{row}'][data-col='{col}']"


def place(page: Page, row: int, col: int) -> None:
    page.focus(cell(row, col))
    page.keyboard.press("q")


def in_progress(page: Page, truth: tuple[int, ...]) -> None:
    for row in (0, 3, 6):
        place(page, row, truth[row])
    below = truth[3] + 1 if truth[3] + 1 < len(truth) else truth[3] - 1
    place(page, 4, below)  # touching the queen above: both striped red
    page.evaluate("document.activeElement.blur()")
    page.screenshot(path=str(OUT / "puzzle-game.png"))


def won(page: Page, truth: tuple[int, ...]) -> None:
    page.click("#undo")  # the touching queen
    for row, col in enumerate(truth):
        if "queen" not in (page.get_attribute(cell(row, col), "class") or ""):
            place(page, row, col)
    page.wait_for_selector("#win[open]")
    page.screenshot(path=str(OUT / "puzzle-game-won.png"))


def stars_in_progress(page: Page, base: str) -> None:
    grid = parse_grid(STARS.read_text())
    rows = solve_stars(grid, 2).rows
    assert rows is not None
    page.goto(f"{base}#grid={'-'.join(grid.rows())}&stars=2")
    ready(page)
    for row in (0, 1, 3):
        for col in rows[row]:
            place(page, row, col)
    spare = next(c for c in range(grid.n) if all(abs(c - s) > 1 for s in rows[5]))
    for col in (*rows[5], spare):  # three in row 6: all three striped red
        place(page, 5, col)
    page.evaluate("document.activeElement.blur()")
    page.screenshot(path=str(OUT / "puzzle-game-stars.png"), full_page=True)


SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


def shot(page: Page, name: str, size: str) -> None:
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(OUT / f"puzzle-{name}-{size}.png"))


def gallery(browser: Browser, url: str, truth: tuple[int, ...]) -> None:
    """Start (the tutorial of a first visit closed), a clash, a hint, the win, the tutorial
    and dark colours, at each size."""
    for size, device in SIZES.items():
        context = browser.new_context(**device, reduced_motion="reduce")
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready=true]")
        page.wait_for_selector("#tutorial[open]")
        shot(page, "tutorial", size)
        page.click("#tutorial-close")
        shot(page, "start", size)
        place(page, 0, truth[0])
        place(page, 1, truth[0] + 1 if truth[0] + 1 < len(truth) else truth[0] - 1)
        shot(page, "clash", size)
        page.click("#undo")
        page.click("#hint")
        page.wait_for_selector("#apply-hint:not([hidden])")
        shot(page, "hint", size)
        for row, col in enumerate(truth):
            if "queen" not in (page.get_attribute(cell(row, col), "class") or ""):
                place(page, row, col)
        page.wait_for_selector("#win[open]")
        shot(page, "win", size)
        page.click("#close-win")
        page.select_option("#theme", "dark")
        page.evaluate(f"location.hash = '#level={LEVEL + 1}'")  # the next level, by its link
        page.locator("#title", has_text=f"Level {LEVEL + 1} ").wait_for()
        other = solve(level(LEVEL + 1).grid).solution
        assert other is not None
        for row in (0, 2):
            place(page, row, other[row])
        shot(page, "dark", size)
        context.close()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    truth = solve(level(LEVEL).grid).solution
    assert truth is not None
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(
        uvicorn.Config(create_app(allowed_hosts("127.0.0.1")), log_level="warning", lifespan="off")
    )
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{sock.getsockname()[1]}/puzzle#level={LEVEL}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(url)
            ready(page)
            page.wait_for_timeout(1500)  # a timer that has started
            in_progress(page, truth)
            page.wait_for_timeout(1000)
            won(page, truth)
            stars_in_progress(browser.new_page(viewport=VIEWPORT), url.split("#")[0])
            gallery(browser, url, truth)
            browser.close()
    finally:
        server.should_exit = True
    print(f"wrote puzzle-game.png, puzzle-game-won.png, puzzle-game-stars.png, the gallery: {OUT}")


if __name__ == "__main__":
    main()
