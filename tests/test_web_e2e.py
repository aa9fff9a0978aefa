"""The page in a real browser: Playwright drives Debian's Chromium against the app
served by uvicorn on 127.0.0.1 (a free port, in a background thread).

Screenshots go to each test's tmp_path.  Without Chromium or playwright these
tests skip with the reason, except under CI=true, where they fail.
"""

from __future__ import annotations

import io
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from web_support import require

require("starlette", "uvicorn", "playwright", why="pip install -e '.[web]' --group web-test")

CHROMIUM = os.environ.get("QUEENS_CHROMIUM", "/usr/bin/chromium")
if not (Path(CHROMIUM).exists() and os.access(CHROMIUM, os.X_OK)):
    _reason = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but {_reason}", pytrace=False)
    pytest.skip(_reason, allow_module_level=True)

import uvicorn  # noqa: E402
from playwright.sync_api import Browser, Page, Route, expect, sync_playwright  # noqa: E402

from conftest import BOARDS  # noqa: E402
from queens.api import count, solutions  # noqa: E402
from queens.board import Board, parse_board  # noqa: E402
from queens.cli import main  # noqa: E402
from queens.events import Found, Place, Remove  # noqa: E402
from queens.rules import Rule, attack_kind  # noqa: E402
from queens.tracing import trace  # noqa: E402
from queens.validate import board_problem  # noqa: E402
from queens.web.app import create_app  # noqa: E402
from queens.web.server import allowed_hosts, bind  # noqa: E402

# Slow (CI's slow step): the browser tests take a minute or more of the fast suite's
# budget on this 2-core machine; tests/test_puzzle_read_e2e.py stays as the fast smoke test.
pytestmark = pytest.mark.slow

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SAMPLE = BOARDS / "sample-65.txt"
TIMEOUT_MS = 20_000


APP = create_app(allowed_hosts("127.0.0.1"))


def open_runs() -> int:
    return len(APP.state.runs)


Served = tuple[uvicorn.Server, threading.Thread, socket.socket]


def start_server(app: Any = APP, port: int = 0) -> Served:
    """The app on 127.0.0.1 (at a free port unless given), served by uvicorn in a thread."""
    sock = bind("127.0.0.1", port)
    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if uv.started:
            break
        time.sleep(0.05)
    assert uv.started, "uvicorn did not start"
    return uv, thread, sock


def stop_server(served: Served) -> None:
    uv, thread, sock = served
    uv.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The app on 127.0.0.1 at a free port, served by uvicorn in a thread."""
    served = start_server()
    yield f"http://127.0.0.1:{served[2].getsockname()[1]}/"
    stop_server(served)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, server: str, tmp_path: Path) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1200, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(server)
    page.wait_for_selector("body[data-ready=true]")
    yield page
    page.screenshot(path=str(tmp_path / "last.png"), full_page=True)
    context.close()
    assert errors == [], f"script errors in the page: {errors}"


def cli_json(*argv: str) -> list[list[int]]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([*argv, "--format", "json"]) == 0
    return [json.loads(line)["columns"] for line in out.getvalue().splitlines()]


def set_n(page: Page, n: int) -> None:
    page.fill("#n", str(n))
    page.press("#n", "Enter")
    expect(page.locator("#board .cell")).to_have_count(n * n)


def counter(page: Page, name: str) -> int:
    return int(page.inner_text(f"#{name}"))


def queens_on_board(page: Page, n: int) -> list[int]:
    """The column of the queen drawn in each row (-1 where none is)."""
    columns = [-1] * n
    cells: list[dict[str, Any]] = page.eval_on_selector_all(
        "#board .cell.queen", "cells => cells.map(c => ({r: +c.dataset.row, c: +c.dataset.col}))"
    )
    for cell in cells:
        assert columns[cell["r"]] == -1, "two queens drawn in one row"
        columns[cell["r"]] = cell["c"]
    return columns


def step_once(page: Page) -> None:
    before = counter(page, "steps")
    page.click("#step")
    expect(page.locator("#steps")).to_have_text(str(before + 1))


def play_to_end(page: Page) -> None:
    page.eval_on_selector(
        "#speed", "s => { s.value = '100'; s.dispatchEvent(new Event('input')); }"
    )
    page.click("#play")
    expect(page.locator("#status")).to_contain_text("Search finished", timeout=TIMEOUT_MS)


def cells(page: Page, kind: str) -> set[tuple[int, int]]:
    found: list[list[int]] = page.eval_on_selector_all(
        f"#board .cell.{kind}", "cells => cells.map(c => [+c.dataset.row, +c.dataset.col])"
    )
    return {(r, c) for r, c in found}


def expect_cells(page: Page, kind: str, expected: set[tuple[int, int]]) -> None:
    """Wait until the squares drawn as `kind` are `expected`: the page redraws after a
    click or a change of rule when its request returns, so reading at once is a race."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while (drawn := cells(page, kind)) != expected and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert drawn == expected


def test_the_board_draws_queens_attacks_and_the_current_row(page: Page) -> None:
    set_n(page, 5)
    page.locator("#board .cell[data-row='3'][data-col='4']").click()  # reserved
    step_once(page)  # the first event: a queen on row 1, column 1
    expect_cells(page, "queen", {(0, 0)})
    attacked = {(r, c) for r in range(5) for c in range(5) if r == 0 or c == 0 or r == c}
    expect_cells(page, "attacked", attacked - {(0, 0)})
    expect_cells(page, "current", {(1, c) for c in range(5)})
    expect_cells(page, "reserved", {(3, 4)})


def test_step_to_the_first_solution(page: Page, tmp_path: Path) -> None:
    set_n(page, 4)
    for _ in range(200):
        if counter(page, "solutions") == 1:
            break
        step_once(page)
    assert counter(page, "solutions") == 1
    first = cli_json("solve", "4")[0]
    assert queens_on_board(page, 4) == first
    expect(page.locator("#board .cell.queen")).to_have_count(4)
    expect(page.locator("#gallery canvas")).to_have_count(1)
    assert counter(page, "depth") == 4
    page.screenshot(path=str(tmp_path / "first-solution.png"), full_page=True)


def test_a_rectangle_with_fewer_queens_steps_to_a_solution(page: Page, tmp_path: Path) -> None:
    """6 x 4 with 3 queens: the size box takes WxH, the queens box a count, and the
    search steps through a row left empty to the library's first solution."""
    page.fill("#n", "6x4")
    page.press("#n", "Enter")
    expect(page.locator("#board .cell")).to_have_count(24)
    page.fill("#queens", "3")
    page.press("#queens", "Enter")
    expect(page.locator("#board-text")).to_have_value("......\n" * 4)
    board = Board(6, height=4, k=3)
    first = next(iter(solutions(board))).to_list()
    assert -1 in first  # the first solution leaves a row empty
    step_once(page)  # the first event: row 1 left empty
    expect_cells(page, "empty", {(0, c) for c in range(6)})
    expect_cells(page, "current", {(1, c) for c in range(6)})
    for _ in range(50):
        if counter(page, "solutions") == 1:
            break
        step_once(page)
    assert counter(page, "solutions") == 1
    assert queens_on_board(page, 4) == first
    assert counter(page, "depth") == 3
    expect(page.locator("#gallery canvas")).to_have_count(1)
    # The count of the same board is the library's.
    page.click("#count")
    expect(page.locator("#count-total")).to_have_text(
        f"{count(board)} solutions", timeout=TIMEOUT_MS
    )
    page.screenshot(path=str(tmp_path / "rectangle.png"), full_page=True)


def test_a_bad_size_gets_the_cli_message(page: Page) -> None:
    for size in ("8x", "0x5", "axb"):
        page.fill("#n", size)
        page.press("#n", "Enter")
        err = io.StringIO()
        from contextlib import redirect_stderr

        with redirect_stderr(err):
            assert main(["trace", size]) == 2
        words = err.getvalue().split("must be", 1)[1].split("; see", 1)[0]
        expect(page.locator("#message")).to_contain_text(words)
    expect(page.locator("#board .cell")).to_have_count(64)  # the board stays as it was
    inside = "b => [b.clientWidth, b.clientHeight]"  # the squares, without the frame
    square = page.eval_on_selector("#board", inside)
    page.fill("#n", "4x10")
    page.press("#n", "Enter")
    expect(page.locator("#board .cell")).to_have_count(40)
    tall = page.eval_on_selector("#board", inside)
    # Drawn to its shape, its longer side as long as the square board's side.
    assert tall[1] == pytest.approx(square[1], abs=2)
    assert tall[0] == pytest.approx(square[0] * 4 / 10, abs=2)


def test_run_to_the_end(page: Page, tmp_path: Path) -> None:
    set_n(page, 4)
    play_to_end(page)
    expect(page.locator("#solutions")).to_have_text("2")
    expect(page.locator("#gallery canvas")).to_have_count(2)
    assert page.inner_text("#play") == "Play"
    # Each gallery picture shows its solution on the board, in the CLI's order.
    for index, columns in enumerate(cli_json("solve", "4", "--all")):
        page.click(f"#gallery canvas[data-index='{index}']")
        expect(page.locator("#status")).to_contain_text(f"solution {index + 1}")
        assert queens_on_board(page, 4) == columns
    # The recursion tree of a small board is drawn.
    expect(page.locator("#tree-img")).to_be_visible()
    page.screenshot(path=str(tmp_path / "finished.png"), full_page=True)


def test_sample_board_counts_65(page: Page, tmp_path: Path) -> None:
    text = SAMPLE.read_text()
    page.fill("#board-text", text)
    page.click("#load")
    board = parse_board(text)
    expect(page.locator("#board .cell")).to_have_count(board.n * board.n)
    expect(page.locator("#board .cell.reserved")).to_have_count(len(board.reserved))
    assert page.input_value("#n") == str(board.n)
    page.click("#count")
    expect(page.locator("#count-total")).to_have_text("65 solutions", timeout=TIMEOUT_MS)
    expect(page.locator("#count-unique")).to_contain_text("fundamental")
    page.screenshot(path=str(tmp_path / "count.png"), full_page=True)


def test_keyboard_controls(page: Page) -> None:
    set_n(page, 5)
    page.click("header h1")  # leave the N field, as a person would: keys typed there are its own
    page.keyboard.press("ArrowRight")
    expect(page.locator("#steps")).to_have_text("1")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#steps")).to_have_text("2")
    page.keyboard.press(" ")
    expect(page.locator("#status")).to_contain_text("Playing")
    expect(page.locator("#play")).to_have_text("Pause")
    # Playing advances on its own; pause only once it has (a loaded machine
    # may not deliver the first batch before an immediate second key press).
    expect(page.locator("#steps")).not_to_have_text("2", timeout=TIMEOUT_MS)
    page.keyboard.press(" ")
    expect(page.locator("#status")).to_have_text("Paused.")
    paused_at = counter(page, "steps")
    assert paused_at > 2
    page.wait_for_timeout(500)
    # "Paused." once the server's last steps are in: none arrives after it.
    assert counter(page, "steps") == paused_at
    before = page.inner_text("#speed-value")
    page.keyboard.press("+")
    assert page.inner_text("#speed-value") != before


def test_paused_only_once_the_server_has_paused(page: Page) -> None:
    """The pause request held back in the browser: steps still arrive, so the status
    says "Pausing…" until the server has the pause and its last steps are in, and
    "Paused." after, at the step the server says it stopped at."""
    set_n(page, 5)
    held: list[Route] = []

    def hold_the_pause(route: Route) -> None:
        body = route.request.post_data_json
        if isinstance(body, dict) and body.get("action") == "pause":
            held.append(route)
        else:
            route.continue_()

    page.route("**/control", hold_the_pause)
    page.click("#play")
    expect(page.locator("#steps")).not_to_have_text("0", timeout=TIMEOUT_MS)
    page.click("#play")
    expect(page.locator("#play")).to_have_text("Play")
    expect(page.locator("#status")).to_have_text("Pausing…")
    before = counter(page, "steps")
    expect(page.locator("#steps")).not_to_have_text(str(before), timeout=TIMEOUT_MS)
    expect(page.locator("#status")).to_have_text("Pausing…")
    assert len(held) == 1
    with page.expect_response("**/control") as answer:
        held[0].continue_()
    expect(page.locator("#status")).to_have_text("Paused.")
    paused_at = counter(page, "steps")
    assert paused_at == answer.value.json()["steps"]  # where the server stopped
    page.wait_for_timeout(500)
    assert counter(page, "steps") == paused_at


def test_editing_squares_and_bad_text(page: Page, tmp_path: Path) -> None:
    set_n(page, 4)
    cell = page.locator("#board .cell[data-row='0'][data-col='1']")
    cell.click()
    expect(cell).to_have_class("cell dark reserved")
    assert page.input_value("#board-text").splitlines()[0] == ".*.."
    cell.click()
    assert page.input_value("#board-text").splitlines()[0] == ".Q.."
    page.locator("#board .cell[data-row='1'][data-col='1']").click()
    page.locator("#board .cell[data-row='1'][data-col='1']").click()
    # Two fixed queens in one column: the search ends with the CLI's no-solution message.
    play_to_end(page)
    path = tmp_path / "board.txt"
    path.write_text(page.input_value("#board-text"))
    err = io.StringIO()
    from contextlib import redirect_stderr

    with redirect_stderr(err):
        assert main(["solve", "--board", str(path)]) == 1
    expect(page.locator("#message")).to_have_text(err.getvalue().strip().removeprefix("queens: "))
    cell.click()
    assert page.input_value("#board-text").splitlines()[0] == "...."
    # Bad board text: the CLI's error message.
    page.fill("#board-text", "....\n..x.\n....\n....\n")
    page.click("#load")
    path.write_text("....\n..x.\n....\n....\n")
    with redirect_stderr(err := io.StringIO()):
        assert main(["solve", "--board", str(path)]) == 2
    expect(page.locator("#message")).to_have_text(err.getvalue().strip().removeprefix("queens: "))


def test_save_downloads_the_board_text(page: Page, tmp_path: Path) -> None:
    set_n(page, 5)
    page.locator("#board .cell[data-row='2'][data-col='3']").click()
    with page.expect_download() as download:
        page.click("#save")
    saved = tmp_path / "saved.txt"
    download.value.save_as(saved)
    assert parse_board(saved.read_text()).reserved == {(2, 3)}


def test_closing_the_page_ends_its_run(browser: Browser, server: str) -> None:
    for _ in range(2):
        context = browser.new_context()
        page = context.new_page()
        page.goto(server)
        page.wait_for_selector("body[data-ready=true]")
        page.click("#step")
        expect(page.locator("#steps")).to_have_text("1")
        assert open_runs() == 1
        context.close()
        for _ in range(100):
            if open_runs() == 0:
                break
            time.sleep(0.05)
        assert open_runs() == 0


def test_page_tour_screenshot(page: Page, tmp_path: Path) -> None:
    """A mid-search picture (docs/make_pictures.py takes the docs' screenshot the same way):
    paused part way, the board and counters showing the search as the library's trace has
    it then."""
    set_n(page, 5)
    page.eval_on_selector("#speed", "s => { s.value = '60'; s.dispatchEvent(new Event('input')); }")
    page.click("#play")
    expect(page.locator("#gallery canvas").nth(2)).to_be_visible(timeout=TIMEOUT_MS)
    page.keyboard.press(" ")
    expect(page.locator("#status")).to_have_text("Paused.")
    page.wait_for_timeout(400)
    for _ in range(3):
        step_once(page)
    steps = counter(page, "steps")
    events = list(trace(Board.empty(5), page.input_value("#algorithm")))
    assert 3 < steps < len(events), "not in the middle of the search"
    placed: dict[int, int] = {}
    for event in events[:steps]:
        if isinstance(event, Place):
            placed[event.row] = event.col
        elif isinstance(event, Remove):
            del placed[event.row]
    assert queens_on_board(page, 5) == [placed.get(row, -1) for row in range(5)]
    found = sum(isinstance(event, Found) for event in events[:steps])
    assert 3 <= found < sum(isinstance(event, Found) for event in events)
    assert counter(page, "solutions") == found
    assert counter(page, "depth") == len(placed)
    expect(page.locator("#gallery canvas")).to_have_count(found)
    shot = tmp_path / "web-page.png"
    page.screenshot(path=str(shot), full_page=True)
    header = shot.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(header[16:20], "big") == 1200  # the viewport's width, in pixels


def attacked_under(rule: Rule, queen: tuple[int, int], n: int) -> set[tuple[int, int]]:
    """The squares of an n x n board a queen attacks, by queens.rules' own definition."""
    return {(r, c) for r in range(n) for c in range(n) if attack_kind(rule, queen, (r, c), n)}


def test_the_rule_selector(page: Page, tmp_path: Path) -> None:
    """Under another rule the board draws that rule's attacks, solve and count follow it,
    stepping says in one line that it follows the queen rule only, and the torus refuses
    a board that is not square with the CLI's message."""
    set_n(page, 10)
    page.select_option("#rule", "superqueen")
    expect(page.locator("#rule")).to_have_value("superqueen")
    expect(page.locator("#rule-note")).to_have_text(
        "queens trace supports the queen rule only: solve and count follow the superqueen rule."
    )
    expect(page.locator("#play")).to_be_disabled()
    fixed = page.locator("#board .cell[data-row='0'][data-col='2']")
    fixed.click()  # reserved
    fixed.click()  # a fixed queen: its knight squares are drawn as attacked too
    expect_cells(page, "attacked", attacked_under(Rule.SUPERQUEEN, (0, 2), 10))
    page.click("#solve")
    expect(page.locator("#board .cell.queen")).to_have_count(10)
    board = Board.build(10, queens=[(0, 2)], rule="superqueen")
    assert board_problem(queens_on_board(page, 10), board) is None
    expect(page.locator("#status")).to_contain_text("under the superqueen rule")
    page.screenshot(path=str(tmp_path / "superqueens.png"), full_page=True)
    page.click("#count")
    expect(page.locator("#count-total")).to_have_text(f"{count(board)} solutions")
    # The queen rule's placement of the same board is no superqueen solution.
    page.select_option("#rule", "queen")
    expect(page.locator("#rule")).to_have_value("queen")
    expect(page.locator("#play")).to_be_enabled()
    expect_cells(page, "attacked", attacked_under(Rule.QUEEN, (0, 2), 10))
    # The torus wraps its diagonals around, and is square only.
    set_n(page, 5)
    page.select_option("#rule", "toroidal")
    expect(page.locator("#rule")).to_have_value("toroidal")
    page.locator("#board .cell[data-row='0'][data-col='0']").click(click_count=2)
    expect_cells(page, "attacked", attacked_under(Rule.TOROIDAL, (0, 0), 5))
    page.fill("#n", "10x8")
    page.press("#n", "Enter")
    expect(page.locator("#message")).to_have_text(
        "error: the toroidal rule needs a square board, not 10 x 8"
    )
    expect(page.locator("#board .cell")).to_have_count(25)  # the board stays as it was
    page.select_option("#rule", "queen")
    expect(page.locator("#rule")).to_have_value("queen")
    page.fill("#n", "7x6")
    page.press("#n", "Enter")
    expect(page.locator("#board .cell")).to_have_count(42)
    page.select_option("#rule", "toroidal")
    expect(page.locator("#message")).to_have_text(
        "error: the toroidal rule needs a square board, not 7 x 6"
    )
    expect(page.locator("#rule")).to_have_value("queen")
