"""queens check on big placements: every kind of problem, through queens.cli.main(argv)."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens.cli import main

N = 100_000  # N mod 6 == 4: evens then odds (1-based) is a solution


def solution() -> list[int]:
    """1-based columns of a valid placement, built here without the package."""
    return list(range(2, N + 1, 2)) + list(range(1, N + 1, 2))


def check(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    columns: list[int],
    *extra: str,
    sep: str = ", ",
) -> tuple[int, str, str]:
    path = tmp_path / "placement.txt"
    path.write_text("[" + sep.join(map(str, columns)) + "]\n")
    status = main(["check", str(path), *extra])
    out, err = capsys.readouterr()
    return status, out, err


def test_valid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert check(capsys, tmp_path, solution()) == (0, "line 1: ok\n", "")
    assert check(capsys, tmp_path, solution(), sep=",") == (0, "line 1: ok\n", "")
    assert check(capsys, tmp_path, solution(), "--n", str(N)) == (0, "line 1: ok\n", "")


def test_column_clash(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    columns = solution()
    columns[N - 1] = columns[N // 2]  # the last row copies the first odd row's column
    status, out, _ = check(capsys, tmp_path, columns)
    assert status == 1
    assert out == (
        f"line 1: queens at row {N // 2 + 1}, column 1 and row {N}, column 1 share a column\n"
    )


@pytest.mark.parametrize("step", [1, -1])
def test_both_diagonals(capsys: pytest.CaptureFixture[str], tmp_path: Path, step: int) -> None:
    columns = solution()
    row = 1000  # 0-based; move the next row's queen one step along a diagonal from this one
    columns[row + 1] = columns[row] + step
    status, out, _ = check(capsys, tmp_path, columns)
    assert status == 1
    assert out == (
        f"line 1: queens at row {row + 1}, column {columns[row]} and "
        f"row {row + 2}, column {columns[row] + step} share a diagonal\n"
    )


def test_wrong_length(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = check(capsys, tmp_path, solution(), "--n", str(N + 1))
    assert (status, out) == (1, f"line 1: a placement for a board of size {N}, expected {N + 1}\n")


def test_out_of_range(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    columns = solution()
    columns[77] = N + 1
    status, out, _ = check(capsys, tmp_path, columns)
    assert status == 1
    assert out == f"line 1: the queen in row 78 is in column {N + 1}, off the board (1..{N})\n"


def test_an_empty_row_is_a_missing_queen_on_the_classic_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    columns = solution()
    columns[77] = 0  # the list format's empty row
    status, out, _ = check(capsys, tmp_path, columns)
    assert status == 1
    assert out == f"line 1: row 78 has no queen ({N} queens are to be placed)\n"


def test_unreadable_item_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "placement.txt"
    path.write_text("[" + ", ".join(map(str, solution()[:500])) + ", 7x]\n")
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "queens: error: line 1: '7x' is not a column number\n"
