"""queens solve on hard boards (--method, --timeout, exit 3) and count's refusal of huge boards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hardboards import honours
from queens import generate
from queens.board import Board
from queens.cli import main
from queens.engines import estimate, reference, sat

BOARDS = Path(__file__).parent / "data" / "boards"
NAUCK = str(BOARDS / "nauck-1850-2.txt")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _write(tmp_path: Path, board: Board) -> str:
    path = tmp_path / "board.txt"
    path.write_text(str(board) + "\n")
    return str(path)


@pytest.mark.parametrize("method", ["auto", "propagate", "sat", "search"])
def test_nauck_puzzle(capsys: pytest.CaptureFixture[str], method: str) -> None:
    if method == "sat" and not sat.available():
        pytest.skip("python-sat is not installed: pip install 'queens[sat]'")
    status, out, _ = _run(capsys, "solve", "--board", NAUCK, "--method", method, "--format", "json")
    assert status == 0
    board = Board.parse(Path(NAUCK).read_text())
    assert honours(json.loads(out)["columns"], board)


def test_search_gives_the_lexicographically_first(capsys: pytest.CaptureFixture[str]) -> None:
    board = generate.blocked(9, 0.3, seed=2)
    first = next(reference.solutions(board.allowed_masks()))
    argv = ("solve", "--board", "-", "--method", "search", "--format", "json")
    import io
    import sys

    sys.stdin = io.TextIOWrapper(io.BytesIO(str(board).encode()))
    try:
        status, out, _ = _run(capsys, *argv)
    finally:
        sys.stdin = sys.__stdin__
    assert status == 0
    assert json.loads(out)["columns"] == first


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (Board.build(8, queens=[(0, 0), (4, 4)]), "share a diagonal"),
        (Board.build(8, reserved=[(5, c) for c in range(8)]), "no solution exists"),
    ],
)
@pytest.mark.parametrize("method", ["auto", "propagate"])
def test_no_solution_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, board: Board, message: str, method: str
) -> None:
    status, out, err = _run(capsys, "solve", "--board", _write(tmp_path, board), "--method", method)
    assert status == 1
    assert out == ""
    assert message in err


@pytest.mark.parametrize("method", ["auto", "propagate"])
def test_timeout_exits_3(capsys: pytest.CaptureFixture[str], tmp_path: Path, method: str) -> None:
    path = _write(tmp_path, generate.diagonals(22, 20, seed=1))
    status, out, err = _run(
        capsys, "solve", "--board", path, "--method", method, "--timeout", "0.1"
    )
    assert status == 3
    assert out == ""
    assert err == "queens: undecided: no answer within 0.1 s\n"


def test_hard_board_solved_any_valid_solution(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    board = generate.removed(120, 25, seed=4)
    status, out, _ = _run(
        capsys, "solve", "--board", _write(tmp_path, board), "--format", "json", "--timeout", "60"
    )
    assert status == 0
    assert honours(json.loads(out)["columns"], board)


def test_missing_sat_solver(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sat, "available", lambda: False)
    status, _, err = _run(capsys, "solve", "--board", NAUCK, "--method", "sat")
    assert status == 2
    assert "install queens[sat]" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["8", "--method", "propagate", "--all"], "finds one solution"),
        (["8", "--method", "sat", "--unique"], "finds one solution"),
        (["8", "--method", "search", "--timeout", "1"], "--timeout works only"),
        (["8", "--all", "--timeout", "1"], "--timeout works only"),
        (["8", "--timeout", "0"], "positive number of seconds"),
        (["8", "--timeout", "nan"], "positive number of seconds"),
        (["8", "--method", "magic"], "invalid choice"),
    ],
)
def test_meaningless_combinations_are_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = _run(capsys, "solve", *argv)
    assert status == 2
    assert out == ""
    assert message in err


def test_count_refuses_a_board_too_big_unless_forced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = _write(tmp_path, Board.empty(30))
    status, out, err = _run(capsys, "count", "--board", big)
    assert status == 2 and out == ""
    assert "too big to count" in err and "--force" in err
    small = str(BOARDS / "empty-8-92.txt")
    assert _run(capsys, "count", "--board", small)[:2] == (0, "92\n")
    monkeypatch.setattr(estimate, "REASONABLE_NODES", 10)
    assert _run(capsys, "count", "--board", small)[0] == 2
    assert _run(capsys, "count", "--board", small, "--force")[:2] == (0, "92\n")
