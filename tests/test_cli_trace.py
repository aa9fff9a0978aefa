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
