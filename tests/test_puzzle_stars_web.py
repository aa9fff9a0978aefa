"""The region puzzle's endpoints with K stars: generate, check, hint, solution and the
daily grid; bad input is a 400 with a one-line message."""

from __future__ import annotations

from datetime import date
from typing import ClassVar

import pytest

from conftest import needs_sat
from web_support import require

require("starlette", "httpx2")

from starlette.testclient import TestClient  # noqa: E402

from queens.engines.counting import kernel  # noqa: E402
from queens.puzzle import _sat  # noqa: E402
from queens.puzzle import generate as maker  # noqa: E402
from queens.puzzle import solve as stars  # noqa: E402
from queens.puzzle.explain import DIFFICULTIES, grade  # noqa: E402
from queens.puzzle.generate import generate  # noqa: E402
from queens.puzzle.grid import parse_grid  # noqa: E402
from queens.puzzle.levels import daily_stars  # noqa: E402
from queens.web import limits  # noqa: E402
from queens.web import puzzle as page  # noqa: E402


def test_hints_lead_to_the_solution_with_two_stars(client: TestClient) -> None:
    grid = generate(8, 7, stars=2)
    (truth,) = list(stars.solutions(grid, 2))
    queens: list[list[int]] = []
    crosses: list[list[int]] = []
    for _ in range(200):
        ask = {"grid": str(grid), "queens": queens, "crosses": crosses, "stars": 2}
        checked = client.post("/api/puzzle/check", json=ask).json()
        assert checked["wrong"] == []
        if checked["solved"]:
            break
        answer = client.post("/api/puzzle/hint", json=ask).json()
        step = answer["step"]
        assert step is not None and answer["message"] == step["text"]
        queens += step["place"]
        crosses += [c for c in step["clear"] if c not in crosses]
    rows = [sorted(c for r, c in queens if r == row) for row in range(grid.n)]
    assert tuple(map(tuple, rows)) == truth


def test_check_flags_wrong_stars_and_crosses(client: TestClient) -> None:
    grid = generate(8, 7, stars=2)
    (truth,) = list(stars.solutions(grid, 2))
    star = [0, truth[0][0]]
    off = next([0, c] for c in range(8) if c not in truth[0])
    ask = {"grid": str(grid), "queens": [off], "crosses": [star], "stars": 2}
    data = client.post("/api/puzzle/check", json=ask).json()
    assert data["wrong"] == [off, star] and data["solved"] is False
    everything = [[r, c] for r, columns in enumerate(truth) for c in columns]
    done = {"grid": str(grid), "queens": everything, "stars": 2}
    assert client.post("/api/puzzle/check", json=done).json()["solved"] is True
    hint = client.post("/api/puzzle/hint", json=ask).json()
    assert hint["step"] is None and "Undo back to before the mistake" in hint["message"]
    assert hint["wrong"] == [off] and hint["wrongCrosses"] == 1  # the cross counted, not named


def test_solution_with_two_stars(client: TestClient) -> None:
    grid = generate(8, 7, stars=2)
    data = client.post("/api/puzzle/solution", json={"grid": str(grid), "stars": 2}).json()
    assert stars.problem(grid, data["rows"], 2) is None and data["message"] == "The solution."


def test_generate_with_two_stars_and_a_difficulty(client: TestClient) -> None:
    body = {"n": 8, "seed": 3, "difficulty": "easy", "stars": 2}
    data = client.post("/api/puzzle/generate", json=body).json()
    grid = parse_grid(data["text"])
    assert data["stars"] == 2 and stars.count(grid, 2) == 1 and grade(grid, 2) == "easy"


@pytest.mark.parametrize(
    "body",
    [
        {"n": 7, "stars": 2},
        {"n": 13, "stars": 2},
        {"n": 13, "stars": 3},
        {"n": 15, "stars": 3},
        {"n": 16, "stars": 4},
        {"n": 14, "stars": 3, "difficulty": "medium"},
        {"n": 18, "stars": 4, "difficulty": "easy"},
        {"n": 17, "stars": 4, "difficulty": "expert"},
        {"n": 8, "stars": 0},
        {"n": 8, "stars": "2"},
    ],
)
def test_bad_star_requests_are_400(client: TestClient, body: dict[str, object]) -> None:
    response = client.post("/api/puzzle/generate", json=body)
    assert response.status_code == 400 and "\n" not in response.json()["error"]


def test_a_difficulty_not_offered_says_why_and_where_it_is(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(page.GRADED, 3, {**page.GRADED[3], "hard": "1 of 5 made in 10 s"})
    monkeypatch.setitem(page.GRADED, 2, {**page.GRADED[2], "easy": (9, 10)})
    body = {"n": 14, "stars": 3, "difficulty": "hard"}
    assert client.post("/api/puzzle/generate", json=body).json()["error"] == (
        "the page does not generate hard 3-star grids (1 of 5 made in 10 s): "
        "'queens puzzle generate N --stars 3 --difficulty hard' makes them"
    )
    body = {"n": 8, "stars": 2, "difficulty": "easy"}
    assert client.post("/api/puzzle/generate", json=body).json()["error"] == (
        "the page generates easy 2-star grids from 9 x 9 to 10 x 10"
    )
    listed = client.get("/api/puzzle/generate").json()["sizes"][1]["difficulties"][0]
    assert listed == {"difficulty": "easy", "low": 9, "high": 10}


def test_a_grid_too_small_for_its_stars_has_no_solution(client: TestClient) -> None:
    grid = "\n".join("ABCDE"[r] * 5 for r in range(5))
    response = client.post("/api/puzzle/solution", json={"grid": grid, "stars": 2})
    assert response.status_code == 200 and response.json()["rows"] is None


def test_daily_with_two_stars(client: TestClient) -> None:
    data = client.get("/api/puzzle/daily", params={"date": "2026-01-05", "stars": "2"}).json()
    puzzle = daily_stars(date(2026, 1, 5), 2)
    assert data["text"] == str(puzzle.grid) + "\n" and data["stars"] == 2
    assert data["difficulty"] == puzzle.difficulty and data["date"] == "2026-01-05"
    for bad in ("4", "x", "22"):
        response = client.get("/api/puzzle/daily", params={"date": "2026-01-05", "stars": bad})
        assert response.status_code == 400


def test_the_sizes_offered_are_those_generate_makes_unforced(client: TestClient) -> None:
    offered = client.get("/api/puzzle/generate").json()
    assert offered["seconds"] == page.GENERATE_SECONDS
    assert [size["stars"] for size in offered["sizes"]] == list(range(1, stars.MAX_STARS + 1))
    for size in offered["sizes"]:
        k = size["stars"]
        if "reason" in size:
            continue
        assert (size["low"], size["high"]) == page.GENERATE_SIZES[k]
        offers = {item.pop("difficulty"): item for item in size["difficulties"]}
        assert list(offers) == list(DIFFICULTIES)
        for difficulty, item in offers.items():
            offer = page.GRADED[k][difficulty]
            if isinstance(offer, str):
                assert item == {"reason": offer}
            else:
                assert (item["low"], item["high"]) == offer
                assert size["low"] <= item["low"] <= item["high"] <= size["high"]
        assert size["graded"] == any("low" in item for item in offers.values())
        low, high = maker.SIZES[k]
        assert low <= size["low"] <= size["high"] <= min(high, maker.PLANTED_UP_TO.get(k, high))
        assert size["high"] <= page.MAX_N  # the page takes back what it made


def test_without_python_sat_4_to_6_stars_are_not_offered_and_say_why(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_sat, "available", lambda: False)
    offered = {size["stars"]: size for size in client.get("/api/puzzle/generate").json()["sizes"]}
    for k in (4, 5, 6):
        assert "low" not in offered[k] and "python-sat" in offered[k]["reason"]
    assert "reason" not in offered[3] and offered[3]["low"] == 14
    response = client.post("/api/puzzle/generate", json={"n": 17, "stars": 4})
    assert response.status_code == 400 and "python-sat" in response.json()["error"]


@needs_sat
def test_a_4_star_grid_is_generated_and_its_solution_checked(client: TestClient) -> None:
    body = {"n": 17, "seed": 2, "stars": 4}
    data = client.post("/api/puzzle/generate", json=body).json()
    assert data["stars"] == 4 and data["n"] == 17 and data["seed"] == 2
    grid = parse_grid(data["text"])
    verdict = stars.solve(grid, 4)
    assert verdict.unique and verdict.rows is not None
    placed = [[r, c] for r, columns in enumerate(verdict.rows) for c in columns]
    position = {"grid": data["text"], "queens": placed, "crosses": [], "stars": 4}
    checked = client.post("/api/puzzle/check", json=position).json()
    assert checked == {"wrong": [], "solved": True, "message": "Solved!"}


@needs_sat
def test_a_generation_past_the_page_s_time_is_a_503_naming_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page, "GENERATE_SECONDS", 0.001)  # the hook: any grid is late
    response = client.post("/api/puzzle/generate", json={"n": 17, "seed": 2, "stars": 4})
    assert response.status_code == 503
    assert response.json()["error"] == (
        "no 17 x 17 4-star grid found within 0.001 s; try another seed"
    )


class RecordedStop(kernel.TimedStop):
    """The page's stop flags, kept for the test to look at."""

    made: ClassVar[list[kernel.TimedStop]] = []

    def __init__(self, seconds: float, outer: kernel.StopFlag | None = None) -> None:
        super().__init__(seconds, outer)
        RecordedStop.made.append(self)


@pytest.mark.parametrize("endpoint", ["check", "hint", "solution"])
def test_a_request_past_its_time_is_a_503_and_its_search_stopped(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, endpoint: str
) -> None:
    """A tiny time (the module's constant, the test hook): the answer is the 503 the page
    shows, and it came because the search stopped at its flag (the wait past the flag,
    ``STOP_SECONDS``, is long: an answer by it would come after the whole search)."""
    monkeypatch.setattr(page, "SOLVE_SECONDS", 0.0)
    monkeypatch.setattr(page, "STOP_SECONDS", 600.0)
    monkeypatch.setattr(page.kernel, "TimedStop", RecordedStop)
    RecordedStop.made = []
    grid = generate(8, 7, stars=2)
    body = {"grid": str(grid), "queens": [], "crosses": [], "stars": 2}
    if endpoint == "solution":
        del body["queens"], body["crosses"]
    response = client.post(f"/api/puzzle/{endpoint}", json=body)
    assert response.status_code == 503, response.text
    message = response.json()["error"]
    command = "explain" if endpoint == "hint" else "solve"
    assert message == (
        "no answer within 0 seconds: the grid is too hard to search here "
        f"('queens puzzle {command} --stars 2' goes on)"
    )
    (flag,) = RecordedStop.made
    assert flag.is_set() and flag.timed_out()
    slots = client.app.state.puzzle_slots  # type: ignore[attr-defined]
    free = [slots.acquire(blocking=False) for _ in range(limits.MAX_RUNS)]
    for _ in range(sum(free)):
        slots.release()
    assert all(free)  # the search ended: its place given back


def test_the_stars_selector_past_its_time_tells_what_it_decided(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page, "SOLVE_SECONDS", 0.0)
    monkeypatch.setattr(page, "STOP_SECONDS", 600.0)
    grid = generate(8, 7, stars=2)
    answer = client.post("/api/puzzle/stars", json={"grid": str(grid)}).json()
    assert answer == {"stars": [], "undecided": [1, 2, 3, 4, 5, 6]}
