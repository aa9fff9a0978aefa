"""The web server's bounds (issue 26, class I): puzzle generation capped and timed like
solves, and a client that leaves mid-request logged as one line."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from web_support import require

require("starlette", "httpx2")

from starlette.testclient import TestClient  # noqa: E402

from queens.web import limits  # noqa: E402
from queens.web import puzzle as web_puzzle  # noqa: E402
from queens.web.app import create_app  # noqa: E402


def test_generation_past_the_cap_is_429(client: TestClient) -> None:
    state: Any = client.app.state  # type: ignore[attr-defined]
    state.generating = limits.MAX_RUNS  # as if that many were generating now
    response = client.post("/api/puzzle/generate", json={"n": 6, "seed": 1})
    assert response.status_code == 429 and "too many" in response.json()["error"]
    state.generating = 0
    assert client.post("/api/puzzle/generate", json={"n": 6, "seed": 1}).status_code == 200


def test_generation_has_a_time_bound(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_puzzle, "GENERATE_SECONDS", -1.0)  # already out of time
    response = client.post("/api/puzzle/generate", json={"n": 8, "seed": 1})
    assert response.status_code == 503
    assert "within" in response.json()["error"] and "another seed" in response.json()["error"]
    assert client.app.state.generating == 0  # type: ignore[attr-defined]


def test_a_client_that_leaves_mid_request_is_one_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = create_app(allowed_hosts={"testserver"})
    sent: list[dict[str, Any]] = []
    incoming = iter(
        [
            {"type": "http.request", "body": b'{"n": ', "more_body": True},
            {"type": "http.disconnect"},
        ]
    )

    async def receive() -> dict[str, Any]:
        return next(incoming)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/solve",
        "raw_path": b"/api/solve",
        "query_string": b"",
        "headers": [
            (b"host", b"testserver"),
            (b"content-type", b"application/json"),
            (b"content-length", b"100"),
        ],
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 5000),
    }

    async def lifespan_and_request() -> None:
        await app(scope, receive, send)

    with caplog.at_level(logging.WARNING):
        asyncio.run(lifespan_and_request())  # no exception escapes
    lines = [r.getMessage() for r in caplog.records if r.name == "queens.web"]
    assert lines == ["POST /api/solve: the client left mid-request"]
