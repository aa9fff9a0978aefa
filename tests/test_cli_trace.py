"""queens trace through main(argv): the numbered log, --first, --json, --algorithm."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import BOARDS, is_solution
from queens import api
from queens.board import Board
from queens.cli import main
from queens.tracing import TRACERS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_four_queens_log(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "trace", "4")
    lines = out.splitlines()
    assert status == 0 and err == ""
    assert lines[:5] == [
        "   1  place queen at row 1, col 1",
        "   2  place queen at row 2, col 3",
        "   3  dead end: no free square in row 3",
        "   4  backtrack: remove queen at row 2, col 3",
        "   5  place queen at row 2, col 4",
    ]
    solutions = [line.split(": ", 1)[1] for line in lines if "solution" in line]
    assert solutions == [s.list_text() for s in api.solutions(4)]
    assert [int(line.split()[0]) for line in lines] == list(range(1, len(lines) + 1))


def test_first_stops_at_the_first_solution(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "trace", "8", "--first")
    assert status == 0
    assert out.splitlines()[-1].endswith("solution 1: [1, 5, 8, 6, 3, 7, 2, 4]")


@pytest.mark.parametrize("algorithm", list(TRACERS))
def test_json_events_replay_to_the_solutions(
    algorithm: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    board = Board.parse((BOARDS / "nauck-1850-2.txt").read_text())
    if algorithm == "permutations":  # 8! placements: a smaller board for the naive search
        board = Board.build(6, reserved=[(0, 1)], queens=[(2, 0)])
    path = tmp_path / "board.txt"
    path.write_text(str(board))
    status, out, _ = run(capsys, "trace", "--json", "--algorithm", algorithm, "--board", str(path))
    assert status == 0
    events = [json.loads(line) for line in out.splitlines()]
    placed: dict[int, int] = {}
    found = []
    for event in events:
        if event["event"] == "place":
            placed[event["row"]] = event["col"]
        elif event["event"] == "remove":
            del placed[event["row"]]
        elif event["event"] == "solution":
            assert event["columns"] == [placed[r] for r in range(board.n)]
            found.append(tuple(event["columns"]))
    assert all(is_solution(s, board) for s in found)
    assert sorted(found) == [tuple(s) for s in api.solutions(board)]


def test_no_solution_exits_1_after_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "trace", "3")
    assert status == 1
    assert out.splitlines()[-1].endswith("backtrack: remove queen at row 1, col 3")
    assert err == "queens: no solution exists for this 3 x 3 board\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["trace"], "give N or --board FILE"),
        (["trace", "x"], "N must be N or WxH (width x height, e.g. 10x8), got 'x'"),
        (["trace", "q"], "N must be a whole number"),
        (["trace", "4", "--algorithm", "magic"], "unknown algorithm 'magic'"),
    ],
)
def test_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("queens: error: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize("n", [65, 1000])
def test_boards_past_the_step_limit_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, n: int
) -> None:
    # A solved board (every queen given): the search would go n rows deep.
    columns = [2 * i + 1 for i in range(n // 2)] + [2 * i for i in range(n - n // 2)]
    path = tmp_path / "deep.txt"
    path.write_text(str(Board.build(n, queens=enumerate(columns))))
    status, out, err = run(capsys, "trace", "--board", str(path))
    assert (status, out) == (2, "")
    assert err.startswith("queens: error: ") and err.count("\n") == 1
    assert "N = 64" in err or "N <= 64" in err


# -- boards of any shape ------------------------------------------------------------


def test_a_rectangle_log_leaves_rows_empty(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "trace", "3x2", "--queens", "1")
    assert (status, err) == (0, "")
    assert out.splitlines()[:5] == [
        "   1  row 1 left empty",
        "   2  place queen at row 2, col 1",
        "   3  solution 1: [-, 1]",
        "   4  backtrack: remove queen at row 2, col 1",
        "   5  place queen at row 2, col 2",
    ]
    found = [line.split(": ", 1)[1] for line in out.splitlines() if "solution" in line]
    assert found == ["[-, 1]", "[-, 2]", "[-, 3]", "[1, -]", "[2, -]", "[3, -]"]


def test_json_events_of_a_rectangle_are_the_reference_search(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """5 columns, 4 rows, 3 queens, from a board file with a reserved square and a fixed queen."""
    board = Board.build(5, reserved=[(0, 2)], queens=[(3, 4)], height=4, k=3)
    path = tmp_path / "board.txt"
    path.write_text(str(board))
    status, out, _ = run(capsys, "trace", "--json", "--board", str(path), "--queens", "3")
    assert status == 0
    events = [json.loads(line) for line in out.splitlines()]
    assert events[0] == {"event": "skip", "row": 0}
    found = [e["columns"] for e in events if e["event"] == "solution"]
    assert found == [s.to_list() for s in api.solutions(board)]
    assert all(s.count(-1) == 1 and s[3] == 4 and s[0] != 2 for s in found)


@pytest.mark.parametrize("command", ["trace", "animate", "tree", "render", "compare"])
@pytest.mark.parametrize(
    ("size", "message"),
    [
        ("0x5", "must be at least 1 on each side, got '0x5'"),
        ("8x", "must be N or WxH (width x height, e.g. 10x8), got '8x'"),
        ("axb", "must be N or WxH (width x height, e.g. 10x8), got 'axb'"),
        ("8x4x2", "must be N or WxH"),
        ("0", "must be a whole number of at least 1, got '0'"),
    ],
)
def test_every_bad_size_is_one_line_exit_2(
    command: str, size: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--out", "never.svg"] if command in ("tree", "render") else []
    status, out, err = run(capsys, command, size, *extra)
    assert (status, out) == (2, "")
    assert err.startswith("queens: error: N ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize("command", ["trace", "animate", "tree", "render", "compare"])
def test_too_many_queens_is_one_line_exit_2(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--out", "never.svg"] if command in ("tree", "render") else []
    status, out, err = run(capsys, command, "6x4", "--queens", "5", *extra)
    assert (status, out) == (2, "")
    assert err == (
        "queens: error: --queens 5 does not fit: a 6 x 4 board takes at most 4; "
        f"see 'queens {command} --help'\n"
    )


@pytest.mark.parametrize("algorithm", ["permutations", "pruned-permutations", "array", "sets"])
def test_the_textbook_algorithms_refuse_a_rectangle_in_one_line(
    algorithm: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("trace", "animate"):
        status, out, err = run(capsys, command, "5x4", "--algorithm", algorithm)
        assert (status, out) == (2, "")
        assert err == (
            f"queens: error: the {algorithm} algorithm takes N x N boards with N queens only "
            f"(backtracking takes any board); see 'queens {command} --help'\n"
        )


def test_no_queens_is_one_empty_placement(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "trace", "4x3", "--queens", "0")
    assert (status, out) == (0, "   1  solution 1: [-, -, -]\n")
