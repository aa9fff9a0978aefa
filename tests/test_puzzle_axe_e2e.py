"""axe-core (axe-playwright-python) over the region puzzle page at desktop and phone sizes,
light and dark (the system's dark, and the page's own setting): no violation at the start,
mid-game with a hint outlined, on the win dialog or the tutorial. Slow: about 20 s a size."""

from __future__ import annotations

from typing import Any

import pytest

from web_support import require

require("starlette", "uvicorn", "playwright", "axe_playwright_python")

from axe_playwright_python.sync_playwright import Axe  # noqa: E402
from playwright.sync_api import Page, expect  # noqa: E402

from test_puzzle_fair_e2e import truth, win_by_clicks  # noqa: E402
from test_puzzle_game_e2e import TEN, Opener, cell, open_page  # noqa: E402, F401  (fixtures)
from test_web_e2e import browser, server  # noqa: E402, F401  (fixtures)

pytestmark = pytest.mark.slow

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
                         "is_mobile": True, "has_touch": True}  # fmt: skip


def no_violations(page: Page, when: str) -> None:
    results = Axe().run(page)
    assert results.violations_count == 0, f"{when}: {results.generate_report()}"


@pytest.mark.parametrize(
    "device",
    [DESKTOP, PHONE, {**DESKTOP, "color_scheme": "dark"}, {**PHONE, "color_scheme": "dark"}],
    ids=["1280x900", "390x844", "1280x900-dark", "390x844-dark"],
)
def test_axe_finds_nothing_at_start_mid_game_and_win(
    open_page: Opener,  # noqa: F811
    device: dict[str, Any],
) -> None:
    page = open_page(f"#level={TEN}", device)
    no_violations(page, "start")
    if device.get("color_scheme") == "dark":  # the page's own dark, over the system's
        page.select_option("#theme", "dark")
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.click(cell(0, 0))
    page.click("#hint")
    expect(page.locator("#apply-hint")).to_be_visible()
    page.click("#create summary")
    page.click("#check")
    no_violations(page, "mid-game, a hint outlined")
    win_by_clicks(page, truth(TEN))
    no_violations(page, "won")
    page.click("#close-win")
    page.click("#tutorial-open")
    expect(page.locator("#tutorial")).to_be_visible()
    no_violations(page, "tutorial")
