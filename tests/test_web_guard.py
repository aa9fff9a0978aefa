"""The Host/Origin guard's decisions, header by header (no Starlette needed: the
middleware around them is tested through the app in test_web_app.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from queens.web.guard import host_name, refusal
from queens.web.limits import LOCAL_HOSTS


@pytest.mark.parametrize(
    ("host", "name"),
    [
        ("127.0.0.1:8000", "127.0.0.1"),
        ("LOCALHOST", "localhost"),
        ("[::1]:8000", "[::1]"),
        ("[::1]", "[::1]"),
        ("evil.example:80", "evil.example"),
        ("", ""),
    ],
)
def test_host_names(host: str, name: str) -> None:
    assert host_name(host) == name


def check(**headers: str) -> str | None:
    return refusal(headers, LOCAL_HOSTS)


def test_the_page_own_requests_pass() -> None:
    assert check(host="127.0.0.1:8000") is None
    assert check(host="localhost:8000", origin="http://localhost:8000") is None
    assert check(host="[::1]:8000", origin="http://[::1]:8000") is None
    assert check(host="127.0.0.1:8000", **{"sec-fetch-site": "same-origin"}) is None
    assert check(host="127.0.0.1:8000", **{"sec-fetch-site": "none"}) is None


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"host": "rebound.evil.example:8000"},
        {"host": "127.0.0.1.evil.example"},
        {"host": "127.0.0.1:8000", "origin": "http://evil.example"},
        {"host": "127.0.0.1:8000", "origin": "http://localhost:8000"},
        {"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8001"},
        {"host": "127.0.0.1:8000", "origin": "null"},
        {"host": "127.0.0.1:8000", "sec-fetch-site": "same-site"},
        {"host": "127.0.0.1:8000", "sec-fetch-site": "cross-site"},
    ],
)
def test_others_are_refused_with_a_reason(headers: dict[str, str]) -> None:
    reason = check(**headers)
    assert reason is not None and reason


def test_the_checks_import_without_starlette() -> None:
    # Blocks starlette as if it were not installed: the guard's checks still load and decide.
    code = (
        "import sys; sys.modules['starlette'] = None; "
        "from queens.web.guard import refusal; from queens.web.limits import LOCAL_HOSTS; "
        "print(refusal({'host': 'evil.example'}, LOCAL_HOSTS))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "host 'evil.example' is not served here"
