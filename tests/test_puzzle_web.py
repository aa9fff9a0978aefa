"""The region puzzle's endpoints: grids read as the CLI reads them, generate, check, hint,
solution; bad input is a 400 with a one-line message."""

from __future__ import annotations

import pytest

from web_support import require

require("starlette", "httpx2")

from starlette.testclient import TestClient  # noqa: E402

from puzzle_support import is_solution  # noqa: E402
from queens.puzzle.generate import generate  # noqa: E402
from queens.puzzle.grid import GridError, parse_grid  # noqa: E402
from queens.puzzle.solve import solve  # noqa: E402
from queens.web import puzzle as page  # noqa: E402

UNIQUE = "AAAB\nCAAB\nCCDB\nCCDD\n"  # its solution: columns [1, 3, 0, 2]


def test_the_page_is_served(client: TestClient) -> None:
    for path, kind in (("/puzzle", "text/html"), ("/puzzle.js", "text/javascript"),
                       ("/puzzle.css", "text/css")):  # fmt: skip
        response = client.get(path)
        assert response.status_code == 200 and response.headers["content-type"].startswith(kind)


def test_the_page_installs_as_an_app(client: TestClient) -> None:
    page = client.get("/puzzle").text
    assert '<link rel="manifest" href="/puzzle.webmanifest">' in page
    response = client.get("/puzzle.webmanifest")
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["start_url"] == "/puzzle" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        found = client.get(icon["src"])
        assert found.status_code == 200 and found.headers["content-type"] == icon["type"]
    assert "manifest" not in client.get("/").text  # the search page is no app


def test_grid(client: TestClient) -> None:
    response = client.post("/api/puzzle/grid", json={"grid": "A A B\nC A B\nC C B"})
    assert response.status_code == 200
    data = response.json()
    assert data["n"] == 3 and data["names"] == ["A", "B", "C"]
    assert data["cells"] == [0, 0, 1, 2, 0, 1, 2, 2, 1] and data["text"] == "AAB\nCAB\nCCB\n"
    assert len(data["colors"]) == 3


@pytest.mark.parametrize(
    "body",
    [
        {"grid": "AB\nB#"},
        {"grid": "AAB\nCA\nCCB"},
        {"grid": "AAB\nAAB\nABB"},
        {"grid": "A" * (page.MAX_N + 1)},
        {"grid": 5},
        {"grid": "AB\nBA", "extra": 1},
        [1],
    ],
)
def test_bad_grids_are_400_with_one_line(client: TestClient, body: object) -> None:
    response = client.post("/api/puzzle/grid", json=body)
    assert response.status_code == 400
    message = response.json()["error"]
    assert message and "\n" not in message
    if isinstance(body, dict) and isinstance(body.get("grid"), str) and len(body) == 1:
        with pytest.raises(GridError) as caught:
            parse_grid(body["grid"], max_n=page.MAX_N)
        assert message == str(caught.value)  # the CLI's words


def test_generate(client: TestClient) -> None:
    response = client.post("/api/puzzle/generate", json={"n": 7, "seed": 5, "difficulty": "easy"})
    assert response.status_code == 200
    data = response.json()
    assert data["seed"] == 5 and data["text"] == str(generate(7, 5, "easy")) + "\n"
    for body in ({"n": 4}, {"n": 17}, {"n": 7, "seed": -1}, {"n": 7, "difficulty": "evil"}):
        assert client.post("/api/puzzle/generate", json=body).status_code == 400


def test_generate_takes_a_look(client: TestClient) -> None:
    body = {"n": 9, "seed": 4, "look": "background"}
    data = client.post("/api/puzzle/generate", json=body).json()
    assert data["text"] == str(generate(9, 4, look="background")) + "\n"
    assert data["text"] != str(generate(9, 4)) + "\n"
    for bad in ({"n": 9, "look": "round"}, {"n": 9, "look": "background", "stars": 2}):
        response = client.post("/api/puzzle/generate", json=bad)
        assert response.status_code == 400 and "look" in response.json()["error"]


def test_check_flags_wrong_moves(client: TestClient) -> None:
    ask = {"grid": UNIQUE, "queens": [[0, 0], [0, 1]], "crosses": [[1, 3], [2, 2]]}
    data = client.post("/api/puzzle/check", json=ask).json()
    assert data["wrong"] == [[0, 0], [1, 3]] and not data["solved"]
    assert "Row 1, column 1 is wrong" in data["message"]
    done = {"grid": UNIQUE, "queens": [[0, 1], [1, 3], [2, 0], [3, 2]], "crosses": []}
    assert client.post("/api/puzzle/check", json=done).json()["solved"] is True
    bad = {"grid": UNIQUE, "queens": [[0, 9]]}
    assert client.post("/api/puzzle/check", json=bad).status_code == 400


def test_hints_lead_to_the_solution(client: TestClient) -> None:
    grid = generate(8, 3, "hard")
    truth = solve(grid).solution
    assert truth is not None
    queens: list[list[int]] = []
    crosses: list[list[int]] = []
    for _ in range(200):
        ask = {"grid": str(grid), "queens": queens, "crosses": crosses}
        if client.post("/api/puzzle/check", json=ask).json()["solved"]:
            break
        step = client.post("/api/puzzle/hint", json=ask).json()["step"]
        assert step is not None
        queens += step["place"]
        crosses += [c for c in step["clear"] if c not in crosses]
    assert sorted(map(tuple, queens)) == sorted(enumerate(truth))
    assert is_solution(grid.rows(), [col for _, col in sorted(map(tuple, queens))])


def test_a_hint_after_a_wrong_move_says_so(client: TestClient) -> None:
    data = client.post("/api/puzzle/hint", json={"grid": UNIQUE, "queens": [[0, 0]]}).json()
    assert data["step"] is None and data["wrong"] == [[0, 0]] and "Undo" in data["message"]
    assert data["message"] == "1 queen is wrong (outlined). Undo back to before the mistake first."


def test_a_hint_never_names_a_cross(client: TestClient) -> None:
    # A cross on the solution's queen at row 1, column 2: counted, never placed.
    ask = {"grid": UNIQUE, "queens": [], "crosses": [[0, 1], [0, 0]]}
    data = client.post("/api/puzzle/hint", json=ask).json()
    assert data["step"] is None and data["wrong"] == [] and data["wrongCrosses"] == 1
    assert (
        data["message"] == "1 cross covers a queen's cell. Undo back to before the mistake first."
    )
    assert "Row" not in data["message"] and "column" not in data["message"]


def test_the_stars_a_grid_takes(client: TestClient) -> None:
    from queens.puzzle.levels import level

    six = {"grid": str(level(6).grid)}  # 10 x 10: room for 2 stars, but no 2-star solution
    assert client.post("/api/puzzle/stars", json=six).json() == {"stars": [1], "undecided": []}
    two = {"grid": str(generate(8, 3, stars=2))}
    assert client.post("/api/puzzle/stars", json=two).json()["stars"][-1] == 2
    assert client.post("/api/puzzle/stars", json={"grid": "AB\nB#"}).status_code == 400
    assert client.post("/api/puzzle/stars", json={"grid": UNIQUE, "x": 1}).status_code == 400


def test_touching_regions_never_share_a_colour(client: TestClient) -> None:
    from queens.puzzle.levels import levels
    from queens.show.palette import touching_regions

    for lv in levels()[:40]:
        data = client.post("/api/puzzle/grid", json={"grid": str(lv.grid)}).json()
        for region, near in enumerate(touching_regions(lv.grid)):
            assert all(data["colors"][region] != data["colors"][other] for other in near)


def test_solution(client: TestClient) -> None:
    data = client.post("/api/puzzle/solution", json={"grid": UNIQUE}).json()
    assert data["columns"] == [1, 3, 0, 2]
    data = client.post("/api/puzzle/solution", json={"grid": "AAAA\nAAAA\nBCCC\nBDDD"}).json()
    assert data["columns"] is None


def test_daily_and_levels(client: TestClient) -> None:
    from datetime import date

    from queens.puzzle.levels import CYCLE, daily, level

    data = client.get("/api/puzzle/daily", params={"date": "2026-11-26"}).json()
    today = daily(date(2026, 11, 26))
    assert data["date"] == "2026-11-26" and data["level"] == today.number
    assert data["text"] == str(today.grid) + "\n" and data["difficulty"] == today.difficulty
    listed = client.get("/api/puzzle/levels").json()["levels"]
    assert len(listed) == CYCLE and listed[5] == {"level": 6, "n": 10, "difficulty": "hard"}
    six = client.get("/api/puzzle/levels/6").json()
    assert six["level"] == 6 and six["text"] == str(level(6).grid) + "\n"
    for path in ("/api/puzzle/daily?date=2026-02-30", "/api/puzzle/daily?date=today",
                 "/api/puzzle/daily", "/api/puzzle/levels/0", "/api/puzzle/levels/365",
                 "/api/puzzle/levels/x"):  # fmt: skip
        response = client.get(path)
        assert response.status_code == 400 and "\n" not in response.json()["error"], path
