"""The Host/Origin guard's decisions, header by header."""

from __future__ import annotations

import pytest

from web_support import require

require("starlette")

from starlette.datastructures import Headers  # noqa: E402

from queens.web.guard import host_name, refusal  # noqa: E402
from queens.web.limits import LOCAL_HOSTS  # noqa: E402


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
    return refusal(Headers(headers=headers), LOCAL_HOSTS)


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
