"""A screenshot of the region puzzle's page, taken in a real browser (Playwright driving
Debian's Chromium, as in test_web_e2e), read back into the grid shown."""

from __future__ import annotations

from pathlib import Path

from web_support import require

require("starlette", "uvicorn", "playwright", why="install queens-toolkit[web,web-test]")
require("PIL", "numpy", why="install queens-toolkit[read]")

from playwright.sync_api import Browser  # noqa: E402

from queens.puzzle.maker import generate  # noqa: E402
from queens.puzzle.read import read_grid  # noqa: E402
from test_puzzle_e2e import SEED, generate_7  # noqa: E402
from test_web_e2e import TIMEOUT_MS, browser, server  # noqa: E402, F401  (fixtures)


def test_a_screenshot_of_the_page_reads_back(
    browser: Browser,  # noqa: F811
    server: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(server + "puzzle")
    page.wait_for_selector("body[data-ready=true]")
    generate_7(page)
    # No marks: a cell with a mark grows its row on the page today (the grid's rows are
    # not of equal height then), and the reader assumes equal cells.
    shot = tmp_path / "page.png"
    page.screenshot(path=str(shot))
    context.close()
    assert str(read_grid(shot.read_bytes())) == str(generate(7, SEED))
