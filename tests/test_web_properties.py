"""Property tests of the web API: random bytes and random text into every input.

Whatever comes in, only the documented answers come out (the statuses the app's docstring
lists, errors as ``{"error": one line}``, also for paths no route takes), never a traceback
or a 5xx.  The TestClient
re-raises any exception of the app, so a crash fails the test with its traceback.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web_support import require

require("starlette", "httpx2")

from starlette.testclient import TestClient  # noqa: E402

POSTS = {
    "/api/board": {200, 400, 413, 415},
    "/api/runs": {201, 400, 413, 415, 429},
    "/api/count": {201, 400, 413, 415, 429},
    "/api/runs/{id}/control": {200, 400, 404, 413, 415},
}
"""Each POST endpoint and the statuses it may answer (the documented ones)."""

JSON = {"content-type": "application/json"}

FIELDS = ["board", "n", "algorithm", "speed", "action", "steps"]

SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=50),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
requests = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), json_values, max_size=5)
board_texts = st.text(max_size=500) | st.text(alphabet=".Q*\n \r\t", max_size=500)


def check(response: object, allowed: set[int]) -> None:
    """The answer is one of ``allowed``, and an error is a one-line JSON message."""
    status: int = response.status_code  # type: ignore[attr-defined]
    text: str = response.text  # type: ignore[attr-defined]
    assert status in allowed, (status, text)
    assert "Traceback" not in text
    if status >= 400:
        error = json.loads(text)["error"]
        assert isinstance(error, str) and error and "\n" not in error, text


def new_run(client: TestClient) -> str:
    response = client.post("/api/runs", json={"n": 8})
    assert response.status_code == 201
    run_id: str = response.json()["id"]
    return run_id


def end_all(client: TestClient) -> None:
    """Forget the runs an example created, so that the next one starts below the limit."""
    client.app.state.runs.runs.clear()  # type: ignore[attr-defined]


def post_paths(client: TestClient) -> dict[str, set[int]]:
    end_all(client)  # also after an example that failed
    run_id = new_run(client)
    return {path.replace("{id}", run_id): allowed for path, allowed in POSTS.items()}


@SETTINGS
@given(body=st.binary(max_size=300))
def test_random_bytes(client: TestClient, body: bytes) -> None:
    for path, allowed in post_paths(client).items():
        check(client.post(path, content=body, headers=JSON), allowed)
        check(client.post(path, content=body), allowed)  # no content type: 415


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
@SETTINGS
@given(data=requests)
def test_random_json_requests(client: TestClient, data: dict[str, object]) -> None:
    # Python's encoder writes NaN and Infinity, which Python's decoder (the server's) reads.
    body = json.dumps(data)
    for path, allowed in post_paths(client).items():
        check(client.post(path, content=body, headers=JSON), allowed)


@SETTINGS
@given(text=board_texts, n=json_values)
def test_random_board_text(client: TestClient, text: str, n: object) -> None:
    end_all(client)
    check(client.post("/api/board", json={"board": text}), POSTS["/api/board"])
    for path in ("/api/runs", "/api/count"):
        check(client.post(path, json={"board": text}), POSTS[path])
        check(
            client.post(path, content=json.dumps({"board": text, "n": n}), headers=JSON),
            POSTS[path],
        )


@SETTINGS
@given(run_id=st.text(min_size=1, max_size=40))
def test_random_run_ids(client: TestClient, run_id: str) -> None:
    # An id with a slash may name no route at all, or another route's path (405).
    quoted, missing = quote(run_id, safe=""), {404, 405}
    for kind in ("runs", "count"):
        check(client.get(f"/api/{kind}/{quoted}/events"), missing)
        check(client.delete(f"/api/{kind}/{quoted}"), missing)
    check(client.post(f"/api/runs/{quoted}/control", json={"action": "play"}), missing)


printable = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=60)


@SETTINGS
@given(host=printable, origin=printable)
def test_random_host_and_origin(client: TestClient, host: str, origin: str) -> None:
    end_all(client)
    check(client.get("/api/info", headers={"host": host}), {200, 403})
    check(client.post("/api/runs", json={"n": 8}, headers={"origin": origin}), {201, 403})
    end_all(client)
