"""queens generate: board text out, repeatable per seed, one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens.board import Board
from queens.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["generate", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["completion", "10", "--remove", "4"],
        ["completion", "10", "--place", "4"],
        ["blocked", "10", "--density", "0.3"],
        ["diagonals", "10", "--diagonals", "5"],
    ],
)
def test_board_text_repeatable_per_seed(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, first, _ = _run(capsys, *argv, "--seed", "9")
    assert status == 0
    board = Board.parse(first)
    assert board.n == 10
    assert _run(capsys, *argv, "--seed", "9")[1] == first
    assert _run(capsys, *argv, "--seed", "10")[1] != first


def test_without_a_seed_the_seed_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "completion", "12", "--remove", "3")
    assert status == 0
    seed = err.strip().rsplit(" ", 1)[1]
    assert _run(capsys, "completion", "12", "--remove", "3", "--seed", seed)[1] == out


def test_out_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "board.txt"
    status, out, _ = _run(
        capsys, "blocked", "9", "--density", "0.5", "--seed", "1", "--out", str(target)
    )
    assert status == 0 and out == ""
    assert Board.parse(target.read_text()).n == 9


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["completion", "8", "--seed", "1"], "--remove --place is required"),
        (["completion", "8", "--remove", "1", "--place", "1"], "not allowed with"),
        (["completion", "x", "--remove", "1"], "N must be a whole number"),
        (["completion", "8", "--remove", "-1"], "--remove must be a whole number"),
        (["completion", "8", "--place", "9", "--seed", "1"], "cannot place 9"),
        (["completion", "3", "--remove", "1", "--seed", "1"], "has no solution"),
        (["blocked", "8", "--density", "1.5"], "--density must be between 0 and 1"),
        (["diagonals", "8", "--diagonals", "99", "--seed", "1"], "cannot exclude 99"),
        (["diagonals", "8", "--diagonals", "2", "--seed", "s"], "--seed must be a whole number"),
        (["squares", "8"], "invalid choice"),
        (
            ["blocked", "8", "--density", "0.5", "--seed", "1", "--out", "/nonexistent/x"],
            "cannot write",
        ),
    ],
)
def test_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.startswith("queens: error: ") and message in err
    assert err.count("\n") == 1
