"""A screenshot of the region puzzle's page, taken in a real browser (Playwright driving
Debian's Chromium, as in test_web_e2e), read back into the grid shown; and a picture
dropped on or pasted into the page, read by the server and played."""

from __future__ import annotations

import base64
from pathlib import Path

from web_support import require

require("starlette", "uvicorn", "playwright", why="install queens-toolkit[web,web-test]")
require("PIL", "numpy", why="install queens-toolkit[read]")

from playwright.sync_api import Browser, expect  # noqa: E402

from queens.puzzle.generate import generate  # noqa: E402
from queens.puzzle.read import read_grid  # noqa: E402
from queens.show.puzzle import puzzle_png  # noqa: E402
from test_puzzle_e2e import SEED, generate_7  # noqa: E402
from test_web_e2e import TIMEOUT_MS, browser, server  # noqa: E402, F401  (fixtures)


def test_a_screenshot_of_the_page_reads_back(
    browser: Browser,  # noqa: F811
    server: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script("localStorage.setItem('queens-tutorial-seen', '1')")
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


# A file carried by a synthetic event, as the browser builds one for a real drop or paste.
DISPATCH = """([kind, name, type, base64]) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const carried = new DataTransfer();
  carried.items.add(new File([bytes], name, { type }));
  const event = kind === "drop"
    ? new DragEvent("drop", { dataTransfer: carried, bubbles: true, cancelable: true })
    : new ClipboardEvent("paste", { clipboardData: carried, bubbles: true, cancelable: true });
  document.getElementById("grid").dispatchEvent(event);
  return event.defaultPrevented;
}"""


def test_a_dropped_or_pasted_picture_is_played(
    browser: Browser,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    grid = generate(8, SEED)
    picture = base64.b64encode(puzzle_png(grid, size=400)).decode()
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script("localStorage.setItem('queens-tutorial-seen', '1')")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(server + "puzzle")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate(DISPATCH, ["drop", "grid.png", "image/png", picture])
    expect(page.locator("#grid .cell")).to_have_count(64)
    expect(page.locator("#grid-text")).to_have_value(str(grid) + "\n")
    expect(page.locator("#message")).to_have_text("Place 8 queens.")

    # A paste that is no grid's picture: the server's one line, the game left as it was.
    not_a_grid = base64.b64encode(b"not a picture").decode()
    assert page.evaluate(DISPATCH, ["paste", "note.png", "image/png", not_a_grid])
    expect(page.locator("#grid-error")).to_contain_text("picture: ")
    expect(page.locator("#grid .cell")).to_have_count(64)
    context.close()
