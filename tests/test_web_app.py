"""Every endpoint of the web app through Starlette's TestClient: good and bad input,
the Host/Origin guard, the run limit and cancellation."""

from __future__ import annotations

import io
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest

from web_support import messages, require

require("starlette", "httpx2")

from starlette.testclient import TestClient  # noqa: E402

from conftest import BOARDS, brute_force, is_solution  # noqa: E402
from queens import api  # noqa: E402
from queens.board import Board, BoardError, no_solution_message, parse_board  # noqa: E402
from queens.cli import main  # noqa: E402
from queens.events import event_json  # noqa: E402
from queens.tracing import TRACERS, replay, trace  # noqa: E402
from queens.validate import board_problem  # noqa: E402
from queens.web import limits  # noqa: E402
from queens.web.app import create_app  # noqa: E402
from queens.web.runs import Registry  # noqa: E402

SAMPLE = BOARDS / "sample-65.txt"
NO_SOLUTION = BOARDS / "all-reserved-8-0.txt"


def runs_open(client: TestClient) -> int:
    registry: Registry = client.app.state.runs  # type: ignore[attr-defined]
    return len(registry)


def cli_error(*argv: str) -> str:
    """What the CLI prints on stderr for argv (one line)."""
    err = io.StringIO()
    with redirect_stderr(err):
        main(list(argv))
    return err.getvalue().strip()


def new_run(client: TestClient, **fields: Any) -> str:
    response = client.post("/api/runs", json=fields)
    assert response.status_code == 201, response.text
    run_id: str = response.json()["id"]
    return run_id


def play_to_end(client: TestClient, run_id: str) -> list[dict[str, Any]]:
    """Every message of a run played at full speed."""
    control = {"action": "play", "speed": limits.MAX_SPEED}
    assert client.post(f"/api/runs/{run_id}/control", json=control).status_code == 200
    with client.stream("GET", f"/api/runs/{run_id}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        return list(messages(stream.iter_lines()))


def events_of(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for m in found if m["type"] == "batch" for e in m["events"]]


# -- the page ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "kind"),
    [("/", "text/html"), ("/app.js", "text/javascript"), ("/app.css", "text/css")],
)
def test_page_files_are_served_with_a_strict_policy(
    client: TestClient, path: str, kind: str
) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(kind)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    "path", ["/static/app.js", "/../pyproject.toml", "/%2e%2e/pyproject.toml", "/index.html"]
)
def test_no_other_files_are_served(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_info_lists_the_algorithms_and_limits(client: TestClient) -> None:
    info = client.get("/api/info").json()
    assert info["algorithms"] == list(TRACERS)
    assert info["rules"] == ["queen", "toroidal", "superqueen"]
    assert info["limits"]["min_n"] == limits.MIN_N
    assert info["limits"]["max_n"] == limits.STEP_MAX_N


# -- the guard ----------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"host": "evil.example"},
        {"host": "evil.example:8000"},
        {"host": "testserver.evil.example"},
        {"origin": "http://evil.example"},
        {"origin": "null"},
        {"origin": "https://testserver"},
        {"origin": "http://testserver:9999"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
    ],
)
@pytest.mark.parametrize(
    ("method", "path"), [("GET", "/"), ("GET", "/api/info"), ("POST", "/api/runs")]
)
def test_other_hosts_and_origins_are_refused(
    client: TestClient, headers: dict[str, str], method: str, path: str
) -> None:
    response = client.request(method, path, headers=headers, json={"n": 4})
    assert response.status_code == 403
    assert response.json()["error"].startswith("forbidden: ")
    assert runs_open(client) == 0


def test_own_origin_is_accepted(client: TestClient) -> None:
    headers = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert client.post("/api/runs", json={"n": 4}, headers=headers).status_code == 201


def test_local_names_are_the_default() -> None:
    with TestClient(create_app(), base_url="http://127.0.0.1:8000") as local:
        assert local.get("/api/info").status_code == 200
    with TestClient(create_app(), base_url="http://localhost:8000") as local:
        assert local.get("/api/info").status_code == 200
    with TestClient(create_app()) as other:
        assert other.get("/api/info").status_code == 403


# -- board text -----------------------------------------------------------------


def test_board_reads_text_as_the_cli(client: TestClient) -> None:
    text = SAMPLE.read_text()
    answer = client.post("/api/board", json={"board": text}).json()
    board = parse_board(text)
    assert answer["n"] == board.n
    assert {tuple(s) for s in answer["reserved"]} == board.reserved
    assert parse_board(answer["text"]) == board


@pytest.mark.parametrize("text", ["..x.\n....\n....\n....\n", "....\n...\n....\n....\n", ""])
def test_bad_board_text_gets_the_cli_message(client: TestClient, tmp_path: Path, text: str) -> None:
    response = client.post("/api/board", json={"board": text})
    assert response.status_code == 400
    path = tmp_path / "board.txt"
    path.write_text(text)
    assert cli_error("solve", "--board", str(path)) == f"queens: error: {response.json()['error']}"
    with pytest.raises(BoardError, match="board"):
        parse_board(text)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"board": "." * (limits.MAX_BOARD_TEXT + 1)}, 413, "too long"),
        ({"board": 12}, 400, "string"),
        ({}, 400, "give the board"),
        ({"board": "...\n...\n...\n"}, 400, "N must be between 4"),
        ({"board": "....\n" * 4, "x": 1}, 400, "unknown field 'x'"),
        ([1, 2], 400, "JSON object"),
    ],
)
def test_board_refuses_bad_requests(
    client: TestClient, body: object, status: int, words: str
) -> None:
    response = client.post("/api/board", json=body)
    assert response.status_code == status
    assert words in response.json()["error"]


def test_requests_must_be_small_json(client: TestClient) -> None:
    form = client.post("/api/runs", content=b"n=4", headers={"content-type": "text/plain"})
    assert form.status_code == 415
    broken = client.post("/api/runs", content=b"{", headers={"content-type": "application/json"})
    assert broken.status_code == 400 and "not valid JSON" in broken.json()["error"]
    deep = b"[" * 8000 + b"]" * 8000  # valid JSON, but deeper than the parser's recursion
    nested = client.post("/api/runs", content=deep, headers={"content-type": "application/json"})
    assert nested.status_code == 400 and "not valid JSON" in nested.json()["error"]
    huge = b'{"board": "' + b"." * limits.MAX_BODY + b'"}'
    big = client.post("/api/runs", content=huge, headers={"content-type": "application/json"})
    assert big.status_code == 413 and "too large" in big.json()["error"]


# -- searches ---------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", list(TRACERS))
@pytest.mark.parametrize("n", [4, 5, 6])
def test_a_run_streams_exactly_the_engine_events(
    client: TestClient, algorithm: str, n: int
) -> None:
    found = play_to_end(client, new_run(client, n=n, algorithm=algorithm))
    assert found[0]["type"] == "start" and found[0]["n"] == n
    assert found[-1]["type"] == "done" and found[-1]["message"] is None
    events = events_of(found)
    assert events == [event_json(e) for e in trace(Board.empty(n), algorithm)]
    solutions = [tuple(e["columns"]) for e in events if e["event"] == "solution"]
    assert sorted(solutions) == sorted(brute_force(Board.empty(n)))
    counters = found[-1]["counters"]
    assert counters["solutions"] == len(solutions)
    assert counters["steps"] == len(events)
    assert counters["nodes"] == sum(e["event"] == "place" for e in events)
    assert counters["depth"] == 0
    assert runs_open(client) == 0


def test_a_run_on_a_board_with_constraints(client: TestClient) -> None:
    text = SAMPLE.read_text()
    found = play_to_end(client, new_run(client, board=text))
    board = parse_board(text)
    events = events_of(found)
    solutions = [tuple(e["columns"]) for e in events if e["event"] == "solution"]
    assert all(is_solution(s, board) for s in solutions)
    assert solutions == [tuple(s) for s in api.solutions(board)]
    assert len(solutions) == found[-1]["counters"]["solutions"]


@pytest.mark.parametrize(
    "text",
    [NO_SOLUTION.read_text(), "Q...\nQ...\n....\n....\n", "*...\n....\n....\n....\n" + ""],
)
def test_no_solution_gets_the_cli_message(client: TestClient, tmp_path: Path, text: str) -> None:
    found = play_to_end(client, new_run(client, board=text))
    path = tmp_path / "board.txt"
    path.write_text(text)
    expected = cli_error("solve", "--board", str(path))
    if found[-1]["counters"]["solutions"]:
        assert found[-1]["message"] is None and expected == ""
    else:
        assert f"queens: {found[-1]['message']}" == expected


def test_steps_are_sent_one_batch_each(client: TestClient) -> None:
    run_id = new_run(client, n=6)
    client.post(f"/api/runs/{run_id}/control", json={"action": "step", "steps": 5})
    with client.stream("GET", f"/api/runs/{run_id}/events") as stream:
        found = messages(stream.iter_lines())
        assert next(found)["type"] == "start"
        first = next(found)
        assert len(first["events"]) == 5 and first["counters"]["steps"] == 5
        client.post(f"/api/runs/{run_id}/control", json={"action": "step"})
        second = next(found)
        assert len(second["events"]) == 1 and second["counters"]["steps"] == 6
        # A pause's answer says where the search stands: the page's counters' last steps.
        paused = client.post(f"/api/runs/{run_id}/control", json={"action": "pause"}).json()
        assert paused == {"paused": True, "speed": limits.DEFAULT_SPEED, "steps": 6}
        expected = [event_json(e) for e in trace(Board.empty(6))][:6]
        assert first["events"] + second["events"] == expected
        # Solutions rebuilt from places and removes alone agree with the found events.
        assert list(replay(trace(Board.empty(6)), 6)) == [tuple(s) for s in api.solutions(6)]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, "give N or a board"),
        ({"n": 3}, "N must be between 4 and"),
        ({"n": limits.STEP_MAX_N + 1}, "N must be between 4 and"),
        ({"n": True}, "whole number"),
        ({"n": "8"}, "whole number"),
        ({"n": 5, "board": "....\n" * 4}, "N is 5 but the board is 4 x 4"),
        ({"n": 4, "algorithm": "magic"}, "unknown algorithm 'magic'"),
        ({"n": 4, "algorithm": ["backtracking"]}, "unknown algorithm"),
        ({"n": 4, "speed": 0}, "speed must be between"),
        ({"n": 4, "speed": limits.MAX_SPEED + 1}, "speed must be between"),
        ({"n": 4, "speed": 2.5}, "whole number"),
        ({"n": 4, "colour": "red"}, "unknown field 'colour'"),
        ({"board": "..x.\n"}, "board line 1, column 3"),
    ],
)
def test_runs_refuse_bad_requests(client: TestClient, body: dict[str, Any], words: str) -> None:
    response = client.post("/api/runs", json=body)
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert runs_open(client) == 0


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"action": "jump"}, "unknown action 'jump'"),
        ({}, "unknown action None"),
        ({"action": "step", "steps": 0}, "steps must be between 1 and"),
        ({"action": "step", "steps": limits.MAX_STEPS + 1}, "steps must be between 1 and"),
        ({"action": "play", "speed": -1}, "speed must be between"),
    ],
)
def test_control_refuses_bad_requests(client: TestClient, body: dict[str, Any], words: str) -> None:
    run_id = new_run(client, n=4)
    response = client.post(f"/api/runs/{run_id}/control", json=body)
    assert response.status_code == 400
    assert words in response.json()["error"]


def test_unknown_runs_are_404(client: TestClient) -> None:
    assert client.get("/api/runs/nope/events").status_code == 404
    assert client.post("/api/runs/nope/control", json={"action": "play"}).status_code == 404
    assert client.delete("/api/runs/nope").status_code == 404
    count_id = client.post("/api/count", json={"n": 4}).json()["id"]
    # A count is not a search, and the other way round.
    assert client.get(f"/api/runs/{count_id}/events").status_code == 404
    run_id = new_run(client, n=4)
    assert client.get(f"/api/count/{run_id}/events").status_code == 404


def test_a_stream_opens_once(client: TestClient) -> None:
    run_id = new_run(client, n=4)
    client.post(f"/api/runs/{run_id}/control", json={"action": "pause"})
    with client.stream("GET", f"/api/runs/{run_id}/events") as stream:
        found = messages(stream.iter_lines())  # kept: dropping it would close the stream
        assert next(found)["type"] == "start"
        again = client.get(f"/api/runs/{run_id}/events")
        assert again.status_code == 409


# -- cancellation and limits ---------------------------------------------------------


def test_closing_the_stream_ends_a_paused_run(client: TestClient) -> None:
    run_id = new_run(client, n=8)
    with client.stream("GET", f"/api/runs/{run_id}/events") as stream:
        found = messages(stream.iter_lines())
        assert next(found)["type"] == "start"
        assert runs_open(client) == 1
    assert runs_open(client) == 0
    assert client.post(f"/api/runs/{run_id}/control", json={"action": "play"}).status_code == 404


def test_closing_the_stream_ends_a_playing_run(client: TestClient) -> None:
    run_id = new_run(client, n=limits.STEP_MAX_N)
    client.post(f"/api/runs/{run_id}/control", json={"action": "play", "speed": 50})
    with client.stream("GET", f"/api/runs/{run_id}/events") as stream:
        found = messages(stream.iter_lines())
        assert next(found)["type"] == "start"
        assert next(found)["type"] == "batch"
    assert runs_open(client) == 0


def test_delete_ends_a_run_and_its_stream(client: TestClient) -> None:
    run_id = new_run(client, n=8)
    with client.stream("GET", f"/api/runs/{run_id}/events") as stream:
        lines = stream.iter_lines()
        assert next(messages(lines))["type"] == "start"
        assert client.delete(f"/api/runs/{run_id}").status_code == 204
        assert list(messages(lines)) == []  # the stream ends without a done message
    assert runs_open(client) == 0


def test_runs_are_bounded() -> None:
    registry = Registry(max_runs=2)
    with TestClient(create_app({"testserver"}, registry)) as client:
        first = new_run(client, n=4)
        new_run(client, n=4)
        refused = client.post("/api/runs", json={"n": 4})
        assert refused.status_code == 429
        assert "too many runs" in refused.json()["error"]
        assert client.post("/api/count", json={"n": 4}).status_code == 429
        client.delete(f"/api/runs/{first}")
        assert client.post("/api/count", json={"n": 4}).status_code == 201


def test_runs_never_streamed_expire() -> None:
    now = [0.0]
    registry = Registry(max_runs=1, pending_timeout=30.0, clock=lambda: now[0])
    with TestClient(create_app({"testserver"}, registry)) as client:
        stale = new_run(client, n=4)
        assert client.post("/api/runs", json={"n": 4}).status_code == 429
        now[0] = 31.0
        new_run(client, n=4)
        assert client.get(f"/api/runs/{stale}/events").status_code == 404


# -- counts ----------------------------------------------------------------------------


def count_messages(client: TestClient, body: dict[str, Any]) -> list[dict[str, Any]]:
    response = client.post("/api/count", json=body)
    assert response.status_code == 201, response.text
    with client.stream("GET", f"/api/count/{response.json()['id']}/events") as stream:
        return list(messages(stream.iter_lines()))


@pytest.mark.parametrize("body", [{"n": 8}, {"board": SAMPLE.read_text()}, {"n": 6}])
def test_count_reports_progress_and_both_counts(client: TestClient, body: dict[str, Any]) -> None:
    found = count_messages(client, body)
    board = parse_board(body["board"]) if "board" in body else Board.empty(body["n"])
    start, *progress, done = found
    assert start["type"] == "start" and start["parts"] >= 1
    assert progress and progress[-1]["done"] == start["parts"]
    assert [m["done"] for m in progress] == sorted(m["done"] for m in progress)
    assert (done["total"], done["unique"]) == tuple(api.counts(board))
    assert done["total"] == len(brute_force(board)) if board.n <= 6 else True
    assert done["message"] is None
    assert runs_open(client) == 0


def test_count_of_a_board_without_solutions(client: TestClient, tmp_path: Path) -> None:
    done = count_messages(client, {"board": NO_SOLUTION.read_text()})[-1]
    assert done["total"] == 0
    assert f"queens: {done['message']}" == cli_error("solve", "--board", str(NO_SOLUTION))


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"n": limits.MAX_COUNT_N + 1}, f"N must be between 4 and {limits.MAX_COUNT_N}"),
        ({"n": 8, "algorithm": "backtracking"}, "unknown field 'algorithm'"),
        ({"board": "Q"}, "N must be between 4"),
    ],
)
def test_count_refuses_bad_requests(client: TestClient, body: dict[str, Any], words: str) -> None:
    response = client.post("/api/count", json=body)
    assert response.status_code == 400
    assert words in response.json()["error"]


def test_closing_a_count_stream_ends_it(client: TestClient) -> None:
    count_id = client.post("/api/count", json={"n": 12}).json()["id"]
    with client.stream("GET", f"/api/count/{count_id}/events") as stream:
        found = messages(stream.iter_lines())
        assert next(found)["type"] == "start"
        assert runs_open(client) == 1
    assert runs_open(client) == 0
    assert client.delete(f"/api/count/{count_id}").status_code == 404


def test_delete_ends_a_count(client: TestClient) -> None:
    count_id = client.post("/api/count", json={"n": 4}).json()["id"]
    assert client.delete(f"/api/count/{count_id}").status_code == 204
    assert client.get(f"/api/count/{count_id}/events").status_code == 404


# -- the recursion tree --------------------------------------------------------------


def test_small_runs_carry_the_tree_so_far(client: TestClient) -> None:
    found = play_to_end(client, new_run(client, n=4))
    trees = [m["tree"] for m in found if m.get("tree")]
    assert trees, "a 4 x 4 search should carry tree pictures"
    from queens.show.tree import tree_svg

    assert trees[-1] == tree_svg(trace(Board.empty(4)), Board.empty(4))
    assert trees[-1].startswith("<svg")


def test_big_trees_get_a_note_instead(client: TestClient) -> None:
    found = play_to_end(client, new_run(client, n=6, algorithm="permutations"))
    notes = [m["tree_note"] for m in found if "tree_note" in m]
    assert len(notes) == 1 and "not drawn" in notes[0]
    assert not any(
        m.get("tree") for m in found[found.index(next(m for m in found if "tree_note" in m)) :]
    )


def test_large_boards_get_no_tree(client: TestClient) -> None:
    run_id = new_run(client, n=limits.TREE_MAX_N + 1)
    client.post(f"/api/runs/{run_id}/control", json={"action": "step", "steps": 50})
    with client.stream("GET", f"/api/runs/{run_id}/events") as stream:
        found = messages(stream.iter_lines())
        next(found)
        batch = next(found)
        assert "tree" not in batch and "tree_note" not in batch


# -- boards of any shape ---------------------------------------------------------------


def test_a_rectangle_with_fewer_queens_streams_the_engine_events(client: TestClient) -> None:
    """6 x 4 with 3 queens, given as width, height and k: the trace's events, rows left empty."""
    board = Board(6, height=4, k=3)
    found = play_to_end(client, new_run(client, width=6, height=4, k=3))
    assert {key: found[0][key] for key in ("n", "width", "height", "k")} == {
        "n": None,
        "width": 6,
        "height": 4,
        "k": 3,
    }
    events = events_of(found)
    assert events == [event_json(e) for e in trace(board)]
    assert events[0] == {"event": "skip", "row": 0}
    solutions = [e["columns"] for e in events if e["event"] == "solution"]
    assert solutions == [s.to_list() for s in api.solutions(board)]
    assert found[-1]["counters"]["depth"] == 0
    assert found[-1]["counters"]["solutions"] == len(solutions)


@pytest.mark.parametrize(
    ("body", "size", "k"),
    [
        ({"size": "8x10"}, (8, 10), 8),
        ({"size": " 6X4 ", "k": 3}, (6, 4), 3),
        ({"size": "7"}, (7, 7), 7),
        ({"width": 5, "height": 9, "k": 0}, (5, 9), 0),
        ({"n": 6, "k": 2}, (6, 6), 2),
        ({"board": "......\n" * 4, "k": 2, "size": "6x4"}, (6, 4), 2),
    ],
)
def test_board_takes_any_size_and_a_queen_count(
    client: TestClient, body: dict[str, Any], size: tuple[int, int], k: int
) -> None:
    answer = client.post("/api/board", json=body).json()
    assert (answer["width"], answer["height"], answer["k"]) == (*size, k)
    board = parse_board(answer["text"])
    assert board.size == size and not board.reserved and not board.queens


@pytest.mark.parametrize("size", ["8x", "0x5", "axb", "8x4x2", "x", "0"])
def test_a_bad_size_gets_the_cli_message(client: TestClient, size: str) -> None:
    response = client.post("/api/board", json={"size": size})
    assert response.status_code == 400
    cli = cli_error("trace", size)
    # The CLI names the argument (N), the page its box (size); the words after are the same.
    assert cli == f"queens: error: N {response.json()['error'].removeprefix('size ')}" + (
        "; see 'queens trace --help'"
    )


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"size": "6x4", "k": 5}, "5 queens do not fit: a 6 x 4 board takes 0 to 4"),
        ({"n": 6, "k": -1}, "-1 queens do not fit"),
        ({"n": 6, "k": "2"}, "k must be a whole number"),
        ({"size": "3x8"}, "the width must be between 4 and"),
        ({"size": f"8x{limits.STEP_MAX_N + 1}"}, "the height must be between 4 and"),
        ({"size": 8}, "size must be N or WxH"),
        ({"size": "1x" + "9" * 5000}, "size is far too long (5002 characters)"),
        ({"width": 8}, "give both width and height"),
        ({"n": 8, "size": "8x6"}, "the sizes given disagree (8x8, 8x6)"),
        ({"size": "6x4", "board": "....\n" * 4}, "the size is 6x4 but the board is 4 x 4"),
        ({"n": 6, "board": "......\n" * 4}, "N is 6 but the board is 6 x 4"),
    ],
)
def test_bad_shapes_are_refused(client: TestClient, body: dict[str, Any], words: str) -> None:
    for path in ("/api/board", "/api/runs", "/api/count"):
        response = client.post(path, json=body)
        assert response.status_code == 400, path
        assert words in response.json()["error"], path
    assert runs_open(client) == 0


def test_the_textbook_algorithms_refuse_a_rectangle(client: TestClient) -> None:
    response = client.post("/api/runs", json={"size": "6x4", "algorithm": "sets"})
    assert response.status_code == 400
    assert "the sets algorithm takes N x N boards with N queens only" in response.json()["error"]


@pytest.mark.parametrize(
    "body",
    [
        {"size": "6x4", "k": 3},
        {"n": 6, "k": 4},
        {"board": "*.....\n......\n...Q..\n......\n......\n", "k": 3},
        {"width": 5, "height": 7},
    ],
)
def test_count_of_any_shape_is_the_librarys(client: TestClient, body: dict[str, Any]) -> None:
    start, *_, done = count_messages(client, body)
    if "board" in body:
        board = parse_board(body["board"]).with_queens(body["k"])
    else:
        size = (body["n"], body["n"]) if "n" in body else (6, 4) if "size" in body else (5, 7)
        board = Board(size[0], height=size[1], k=body.get("k"))
    assert (start["width"], start["height"], start["k"]) == (board.width, board.height, board.k)
    assert (done["total"], done["unique"]) == tuple(api.counts(board))
    assert done["total"] == sum(1 for _ in api.solutions(board)) > 0


# -- attack rules ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "rule"),
    [
        ({"n": 8}, "queen"),
        ({"n": 7, "rule": "toroidal"}, "toroidal"),
        ({"size": "10x8", "rule": "superqueen"}, "superqueen"),
        ({"board": "Q.....\n" + "......\n" * 5, "rule": "superqueen"}, "superqueen"),
    ],
)
def test_board_carries_its_rule(client: TestClient, body: dict[str, Any], rule: str) -> None:
    answer = client.post("/api/board", json=body).json()
    assert answer["rule"] == rule


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"size": "10x8", "rule": "toroidal"},
            "the toroidal rule needs a square board, not 10 x 8",
        ),
        (
            {"board": "......\n" * 4, "rule": "toroidal"},
            "the toroidal rule needs a square board, not 6 x 4",
        ),
        ({"n": 8, "rule": "king"}, "unknown rule 'king' (choose from queen, toroidal, superqueen)"),
        ({"n": 8, "rule": 3}, "rule must be a rule's name (text), got 3"),
        ({"n": 8, "rule": "q" * 100}, "rule is far too long (100 characters)"),
    ],
)
def test_bad_rules_are_refused_in_one_line(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    for path in ("/api/board", "/api/runs", "/api/count", "/api/solve"):
        response = client.post(path, json=body)
        assert response.status_code == 400, path
        assert response.json()["error"] == message, path
    assert runs_open(client) == 0


def test_the_torus_message_is_the_clis(client: TestClient) -> None:
    error = client.post("/api/count", json={"size": "10x8", "rule": "toroidal"}).json()["error"]
    cli = cli_error("count", "10x8", "--rule", "toroidal")
    assert cli == f"queens: error: {error}; see 'queens count --help'"


@pytest.mark.parametrize("rule", ["toroidal", "superqueen"])
def test_stepping_follows_the_queen_rule_only(client: TestClient, rule: str) -> None:
    response = client.post("/api/runs", json={"n": 11, "rule": rule})
    assert response.status_code == 400
    assert response.json() == {"error": "queens trace supports the queen rule only"}
    assert runs_open(client) == 0
    assert client.post("/api/runs", json={"n": 11, "rule": "queen"}).status_code == 201


@pytest.mark.parametrize(
    "body",
    [
        {"n": 11, "rule": "toroidal"},
        {"n": 12, "rule": "superqueen"},
        {"board": "..*.........\n" + "............\n" * 11, "rule": "superqueen", "k": 10},
        {"size": "12x11", "rule": "superqueen"},
        {"n": 6, "rule": "toroidal"},
    ],
)
def test_count_follows_the_rule(client: TestClient, body: dict[str, Any]) -> None:
    start, *_, done = count_messages(client, body)
    if "board" in body:
        board = parse_board(body["board"]).with_queens(body["k"])
    else:
        size = (body["n"],) * 2 if "n" in body else (12, 11)
        board = Board(size[0], height=size[1])
    board = board.with_rule(body["rule"])
    assert start["rule"] == body["rule"]
    assert (done["total"], done["unique"]) == tuple(api.counts(board))
    assert done["total"] == sum(1 for _ in api.solutions(board))
    assert done["message"] == (None if done["total"] else no_solution_message(board))
    assert (done["total"] == 0) == (body == {"n": 6, "rule": "toroidal"})


@pytest.mark.parametrize(
    "body",
    [
        {"n": 8},
        {"n": 11, "rule": "toroidal"},
        {"n": 12, "rule": "superqueen"},
        {"board": "...Q........\n" + "............\n" * 11, "rule": "superqueen"},
        {"board": "*...........\n" + "............\n" * 11, "rule": "superqueen"},
        {"size": "12x10", "rule": "superqueen", "k": 9},
    ],
)
def test_solve_gives_a_solution_under_the_rule(client: TestClient, body: dict[str, Any]) -> None:
    answer = client.post("/api/solve", json=body).json()
    board = parse_board(answer["board"]["text"]).with_queens(answer["board"]["k"])
    board = board.with_rule(body.get("rule", "queen"))
    assert answer["board"]["rule"] == board.rule.value
    assert answer["message"] is None
    assert board_problem(answer["columns"], board) is None
    assert answer["columns"] == next(api.solutions(board)).to_list()  # the first one


@pytest.mark.parametrize(
    "body", [{"n": 9, "rule": "superqueen"}, {"n": 8, "rule": "toroidal"}, {"board": NO_SOLUTION}]
)
def test_solve_says_when_there_is_no_solution(client: TestClient, body: dict[str, Any]) -> None:
    if "board" in body:
        body = {"board": body["board"].read_text()}
    answer = client.post("/api/solve", json=body).json()
    board = parse_board(answer["board"]["text"]).with_rule(answer["board"]["rule"])
    assert answer["columns"] is None
    assert answer["message"] == no_solution_message(board)


def test_solve_answers_within_its_time_limit(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 18 x 18 torus has no solution, which only a long search tells: the solve gives up
    after its time (here shortened) with a message instead."""
    from queens.web import solve

    monkeypatch.setattr(solve, "SOLVE_SECONDS", 0.2)
    answer = client.post("/api/solve", json={"n": 18, "rule": "toroidal"}).json()
    assert answer["columns"] is None
    assert answer["message"].startswith("no solution found within")


def test_solves_at_once_are_limited(client: TestClient) -> None:
    client.app.state.solving = limits.MAX_RUNS  # type: ignore[attr-defined]
    response = client.post("/api/solve", json={"n": 8})
    assert response.status_code == 429
    assert "too many runs at once" in response.json()["error"]
    client.app.state.solving = 0  # type: ignore[attr-defined]
    assert client.post("/api/solve", json={"n": 8}).status_code == 200
    assert client.app.state.solving == 0  # type: ignore[attr-defined]
