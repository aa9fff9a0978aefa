"""The puzzle endpoints at their bounds, through the HTTP API: the largest size and seed
taken and one past them, a cell one past the grid, the last level and the one after, a
hint on a solved grid, and integers too long to convert (issue 39: each test kills an
injected bug of ``scripts/mutate.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from web_support import require

require("starlette", "httpx2")

from starlette.testclient import TestClient  # noqa: E402

from queens.puzzle import levels  # noqa: E402
from queens.web import puzzle as page  # noqa: E402

UNIQUE = "AAAB\nCAAB\nCCDB\nCCDD\n"  # its solution: columns [1, 3, 0, 2]
SOLVED = [[0, 1], [1, 3], [2, 0], [3, 2]]


def refused(response: Any) -> str:
    """The one-line message of a 400."""
    assert response.status_code == 400, response.text
    message: str = response.json()["error"]
    assert message and "\n" not in message
    return message


def test_the_largest_size_is_generated_and_the_next_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page, "GENERATE_MAX_N", 7)  # a small largest size: a quick test
    ok = client.post("/api/puzzle/generate", json={"n": 7, "seed": 5})
    assert ok.status_code == 200 and ok.json()["n"] == 7
    assert "from 5 to 7" in refused(client.post("/api/puzzle/generate", json={"n": 8}))


def test_the_largest_seed_is_taken_and_the_next_refused(client: TestClient) -> None:
    ok = client.post("/api/puzzle/generate", json={"n": 5, "seed": page.MAX_SEED})
    assert ok.status_code == 200 and ok.json()["seed"] == page.MAX_SEED
    too_big = client.post("/api/puzzle/generate", json={"n": 5, "seed": page.MAX_SEED + 1})
    assert "seed must be" in refused(too_big)


@pytest.mark.parametrize("cell", [[0, 4], [4, 0], [-1, 0]])
@pytest.mark.parametrize("field", ["queens", "crosses"])
@pytest.mark.parametrize("endpoint", ["check", "hint"])
def test_a_cell_off_the_grid_is_refused(
    client: TestClient, cell: list[int], field: str, endpoint: str
) -> None:
    response = client.post(f"/api/puzzle/{endpoint}", json={"grid": UNIQUE, field: [cell]})
    assert "is not a [row, column] cell of the grid" in refused(response)


def test_the_last_level_is_served_and_the_next_refused(client: TestClient) -> None:
    last = client.get(f"/api/puzzle/levels/{levels.CYCLE}")
    assert last.status_code == 200
    assert "levels go from 1" in refused(client.get(f"/api/puzzle/levels/{levels.CYCLE + 1}"))
    assert "levels go from 1" in refused(client.get("/api/puzzle/levels/0"))


def test_a_hint_on_a_solved_grid_says_what_check_says(client: TestClient) -> None:
    position = {"grid": UNIQUE, "queens": SOLVED}
    checked = client.post("/api/puzzle/check", json=position).json()
    hinted = client.post("/api/puzzle/hint", json=position).json()
    assert checked["solved"] is True
    assert hinted["step"] is None and hinted["wrong"] == []
    assert hinted["message"] == checked["message"]


@pytest.mark.parametrize("endpoint", ["grid", "generate", "check", "hint", "solution"])
def test_an_integer_too_long_to_convert_is_a_400(client: TestClient, endpoint: str) -> None:
    body = '{"grid": "AB\\nBA", "n": ' + "9" * 5000 + "}"
    response = client.post(
        f"/api/puzzle/{endpoint}", content=body, headers={"content-type": "application/json"}
    )
    refused(response)


def test_a_picture_size_too_long_to_convert_is_a_400(client: TestClient) -> None:
    response = client.post(f"/api/puzzle/read?size={'9' * 5000}", content=b"")
    assert "size must be" in refused(response)
