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
    sizes = {**page.GENERATE_SIZES, 1: (5, 7)}  # a small largest size: a quick test
    monkeypatch.setattr(page, "GENERATE_SIZES", sizes)
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


def test_searches_answer_within_their_time_and_hold_at_most_max_runs(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search that does not end (a solve held until the test lets it go, deaf to its
    stop flag) gets the late answer of each endpoint ``STOP_SECONDS`` past the time, and
    holds its place until it ends: the next is a 429."""
    import threading
    import time

    from queens.web import limits

    release = threading.Event()
    started = threading.Semaphore(0)
    real_solve = page.solve

    def held(grid: Any, stars: int = 1, stop: Any = None) -> Any:  # deaf to its stop flag
        started.release()
        release.wait(30)
        return real_solve(grid, stars)

    monkeypatch.setattr(page, "SOLVE_SECONDS", 0.05)
    monkeypatch.setattr(page, "STOP_SECONDS", 0.05)
    monkeypatch.setattr(page, "solve", held)
    monkeypatch.setattr(page.play, "solve", held)
    try:
        late = client.post("/api/puzzle/solution", json={"grid": UNIQUE, "stars": 1})
        assert late.status_code == 503 and "no answer within 0.05 seconds" in late.json()["error"]
        taken = client.post("/api/puzzle/stars", json={"grid": UNIQUE}).json()
        assert taken == {"stars": [], "undecided": [1, 2, 3, 4, 5, 6]}
        late = client.post("/api/puzzle/hint", json={"grid": UNIQUE, "queens": [], "crosses": []})
        assert late.status_code == 503 and "no answer within 0.05 seconds" in late.json()["error"]
        position = {"grid": UNIQUE, "queens": [[0, 1]], "crosses": [], "stars": 1}
        assert client.post("/api/puzzle/check", json=position).status_code == 503
        for _ in range(limits.MAX_RUNS):  # every place is held by a search not ended
            assert started.acquire(timeout=30)
        busy = client.post("/api/puzzle/check", json=position)
        assert busy.status_code == 429 and "too many runs" in busy.json()["error"]
    finally:
        release.set()
    monkeypatch.setattr(page, "SOLVE_SECONDS", 30.0)
    for _ in range(300):  # the held searches end, and give their places back
        again = client.post("/api/puzzle/solution", json={"grid": UNIQUE})
        if again.status_code != 429:
            break
        time.sleep(0.1)
    assert again.json()["columns"] == [1, 3, 0, 2]
