"""Make the pictures of the README and the docs, from the project's own renderers.

Run from the repository root, with the package installed (the SVGs need nothing more; the
web page's screenshot needs the ``web`` and ``web-test`` extras and Chromium at
``/usr/bin/chromium`` or ``$QUEENS_CHROMIUM``)::

    .venv/bin/python docs/make_pictures.py [--svg-only]

The SVGs are drawn by ``queens`` commands (``SVG_COMMANDS``), so they are exactly what the
command makes (``tests/test_docs_examples.py`` remakes them and compares bytes). The web
page is photographed by Playwright driving Chromium, paused in the middle of a 5 x 5 search
(not byte-stable: the test checks only that it is a PNG this script names), and so are the
notebook widgets, in the marimo app of docs/notebooks served headless (``marimo run``; the
``notebook`` extra and the ``notebook-test`` group). ``--widgets-only`` makes those alone.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

DOCS = Path(__file__).parent
STARS = DOCS.parent / "tests" / "data" / "stars-8.txt"  # the 2-star grid of the guide

SVG_COMMANDS: dict[str, list[list[str]]] = {
    "eight.svg": [["render", "8", "--coordinates", "--pixels", "320", "--out", "OUT"]],
    "tree-4.svg": [["tree", "4", "--out", "OUT"]],
    "stars-8.svg": [
        ["puzzle", "render", str(STARS), "--stars", "2", "--pixels", "320", "--out", "OUT"],
    ],
    "puzzle-7.svg": [
        ["puzzle", "generate", "7", "--seed", "3", "--out", "grid.txt"],
        ["puzzle", "render", "grid.txt", "--pixels", "280", "--out", "OUT"],
    ],
}
"""Each SVG of docs/ and the ``queens`` commands that draw it, run in a scratch directory
(``OUT``: the picture)."""

WIDGET_PICTURES = ["widget-search.png", "widget-compare.png", "widget-puzzle.png"]
"""The notebook widgets, photographed in the marimo app (``make_widget_pictures``)."""

SCREENSHOTS = ["web-page.png", *WIDGET_PICTURES]
"""The PNGs of docs/ this script photographs."""

NOTEBOOK_APP = DOCS / "notebooks" / "backtracking.py"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
READ_PICTURES = ["read-screenshot.png", "read-debug.png"]
"""The pictures of the guide's section on ``queens puzzle read`` (in docs/pictures/): a
phone's screenshot of a game in progress, drawn here, and what ``--debug-image`` draws
of it."""


def make_svg(name: str, directory: Path = DOCS) -> Path:
    """Draw ``name`` of ``SVG_COMMANDS`` into ``directory`` with the ``queens`` command."""
    from queens.cli import main

    out = (directory / name).resolve()
    with tempfile.TemporaryDirectory() as scratch, contextlib.chdir(scratch):
        for command in SVG_COMMANDS[name]:
            arguments = [str(out) if argument == "OUT" else argument for argument in command]
            if (status := main(arguments)) != 0:
                raise SystemExit(f"queens {' '.join(command)} exited {status}")
    return out


def make_web_page(out: Path = DOCS / "web-page.png") -> Path:
    """The web page paused in the middle of a 5 x 5 search, at 1200 x 1000 pixels."""
    import uvicorn
    from playwright.sync_api import expect, sync_playwright

    from queens.web.app import create_app
    from queens.web.server import allowed_hosts, bind

    chromium = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(
        uvicorn.Config(create_app(allowed_hosts("127.0.0.1")), log_level="warning")
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page(viewport={"width": 1200, "height": 1000})
            page.goto(f"http://127.0.0.1:{sock.getsockname()[1]}/")
            page.wait_for_selector("body[data-ready=true]")
            page.fill("#n", "5")
            page.press("#n", "Enter")
            expect(page.locator("#board .cell")).to_have_count(25)
            page.eval_on_selector(
                "#speed", "s => { s.value = '60'; s.dispatchEvent(new Event('input')); }"
            )
            page.click("#play")
            expect(page.locator("#gallery canvas").nth(2)).to_be_visible(timeout=20_000)
            page.keyboard.press(" ")
            expect(page.locator("#status")).to_have_text("Paused.")
            page.wait_for_timeout(400)
            for _ in range(3):
                before = int(page.inner_text("#steps"))
                page.click("#step")
                expect(page.locator("#steps")).to_have_text(str(before + 1))
            page.screenshot(path=str(out), full_page=True)
            browser.close()
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
    return out


@contextlib.contextmanager
def serve_app(app: Path = NOTEBOOK_APP) -> Iterator[str]:
    """A marimo app served by ``marimo run --headless`` on a free port of 127.0.0.1 (its
    address), stopped on leaving."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    marimo = Path(sys.executable).parent / "marimo"
    command = [str(marimo), "run", str(app), "--headless", "--host", "127.0.0.1",
               "--port", str(port)]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"marimo run {app} did not start") from None
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def make_widget_pictures(directory: Path = DOCS) -> list[Path]:
    """Search(6) at its first solution, Compare(5) 40 steps in, Puzzle(1) showing a hint."""
    from playwright.sync_api import expect, sync_playwright

    chromium = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")
    made = []
    with serve_app() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(30_000)
        page.goto(url)
        page.wait_for_selector(".queens-puzzle .qw-region-cell")
        search = page.locator(".queens-search")
        search.get_by_role("button", name="next solution").click()
        expect(search.locator('.qw-counter[data-name="solutions"] b')).to_have_text("1")
        compare = page.locator(".queens-compare")
        for steps in range(1, 41):
            compare.press("ArrowRight")
            expect(compare).to_have_attribute("data-position", str(steps))
        puzzle = page.locator(".queens-puzzle")
        puzzle.get_by_role("button", name="hint").click()
        expect(puzzle.locator(".qw-region-cell.hint-place")).not_to_have_count(0)
        page.wait_for_timeout(500)  # the last drawing settled
        for name, widget in zip(WIDGET_PICTURES, (search, compare, puzzle), strict=True):
            widget.scroll_into_view_if_needed()
            widget.screenshot(path=str(directory / name))
            made.append(directory / name)
        browser.close()
    return made


def make_read_pictures(directory: Path = DOCS / "pictures") -> list[Path]:
    """A screenshot of a half-played 7 x 7 grid (the guide's, ``puzzle generate 7 --seed
    3``) on a phone's screen (a status bar, a title, buttons; two queens and their
    crosses), and the picture ``queens puzzle read --debug-image`` draws of it."""
    import io

    from PIL import Image, ImageDraw, ImageFont

    from queens.cli import main
    from queens.puzzle.generate import generate
    from queens.show.png import _queen
    from queens.show.puzzle import puzzle_png

    grid = generate(7, 3)
    board = Image.open(io.BytesIO(puzzle_png(grid, None, size=420))).convert("RGB")
    screen = Image.new("RGB", (480, 860), "#f6f6f2")
    draw = ImageDraw.Draw(screen)
    draw.rectangle([0, 0, 480, 36], fill="#e4e4e4")
    small, big = ImageFont.load_default(size=16), ImageFont.load_default(size=30)
    draw.text((14, 9), "9:41", fill="#222222", font=small)
    draw.text((390, 9), "5G 87%", fill="#222222", font=small)
    draw.text((24, 60), "Queens #312", fill="#222222", font=big)
    draw.text((24, 104), "One queen in each row, column and colour", fill="#555555", font=small)
    screen.paste(board, (28, 150))
    side = 420 / 7
    marks = ImageDraw.Draw(screen)
    for row, col in ((1, 3), (4, 5)):  # two queens placed, and the cells they rule out
        x, y = 30 + col * side, 152 + row * side
        _queen(marks, x + side * 0.2, y + side * 0.2, side * 0.6, "#1e1e1e", "#ffffff")
    for row, col in ((0, 2), (0, 3), (0, 4), (1, 2), (2, 3), (3, 4)):
        x, y = 30 + (col + 0.5) * side, 152 + (row + 0.5) * side
        for dx in (-1, 1):
            marks.line([x - 10, y - 10 * dx, x + 10, y + 10 * dx], fill="#555555", width=3)
    for k, label in enumerate(("Undo", "Hint", "Clear")):
        left = 24 + k * 148
        draw.rounded_rectangle([left, 610, left + 136, 660], radius=16, outline="#222222", width=2)
        draw.text((left + 46, 624), label, fill="#222222", font=small)
    directory.mkdir(exist_ok=True)
    shot, debug = directory / READ_PICTURES[0], directory / READ_PICTURES[1]
    screen.save(shot, format="PNG")
    status = main(["puzzle", "read", str(shot), "--debug-image", str(debug)])
    if status != 0:
        raise SystemExit(f"queens puzzle read {shot} exited {status}")
    return [shot, debug]


def main(arguments: list[str]) -> int:
    if "--widgets-only" in arguments:
        print(*make_widget_pictures(), sep="\n")
        return 0
    for name in SVG_COMMANDS:
        print(make_svg(name))
    for path in make_read_pictures():
        print(path)
    if "--svg-only" not in arguments:
        print(make_web_page(DOCS / "web-page.png"))
        print(*make_widget_pictures(), sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
