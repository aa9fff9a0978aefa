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


# -- boards of any shape and queen count -------------------------------------------------------


def check_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, *extra: str
) -> tuple[int, str, str]:
    path = tmp_path / "placements.txt"
    path.write_text(text)
    status = main(["check", str(path), *extra])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--size", "0x5"], "--size must be at least 1 on each side, got '0x5'"),
        (["--size", "8x"], "--size must be N or WxH (width x height, e.g. 10x8), got '8x'"),
        (["--size", "axb"], "--size must be N or WxH"),
        (["--n", "axb"], "--n must be N or WxH"),
        (["--n", "0"], "--n must be a whole number of at least 1, got '0'"),
        (["--size", "10x8", "--queens", "9"], "--queens 9 does not fit: a 10 x 8 board takes"),
        (["--queens", "x"], "--queens must be a whole number"),
    ],
)
def test_bad_sizes_are_one_line_usage_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    status, out, err = check_text(capsys, tmp_path, "[1]\n", *argv)
    assert (status, out) == (2, "")
    assert err.startswith("queens: error: ") and err.count("\n") == 1 and message in err, err


@pytest.mark.parametrize(
    ("text", "extra", "expected"),
    [
        # Empty rows: 0 in a list, - in letters, null in JSON, a row of dots on a board.
        ("[0, 1, 0, 4]\n", ["--queens", "2"], "ok"),
        ("-a-d\n", ["--queens", "2"], "ok"),
        ('{"n": 4, "columns": [null, 0, null, 3]}\n', ["--queens", "2"], "ok"),
        (". . . .\nQ . . .\n. . . .\n. . . Q\n", ["--queens", "2"], "ok"),
        ("[0, 1, 0, 4]\n", [], "row 1 has no queen (4 queens are to be placed)"),
        ("[0, 1, 0, 4]\n", ["--queens", "3"], "2 queens placed, but 3 are to be placed"),
        ("[1, 3, 0, 0]\n", ["--queens", "2"], "ok"),
        ("[1, 2, 0, 0]\n", ["--queens", "2"], "share a diagonal"),
        # Rectangles: the JSON and board text say their shape, lists need --size.
        ('{"width": 5, "height": 3, "columns": [0, 2, 4]}\n', [], "ok"),
        ('{"width": 5, "height": 3, "columns": [0, null, 4]}\n', ["--queens", "2"], "ok"),
        ('{"width": 5, "height": 3, "columns": [0, 2, 4]}\n', ["--size", "5x3"], "ok"),
        (
            '{"width": 5, "height": 3, "columns": [0, 2, 4]}\n',
            ["--size", "3x5"],
            "a placement for a 5 x 3 board, expected 3 x 5",
        ),
        ('{"width": 5, "height": 3, "columns": [0, 2]}\n', [], "2 rows given for a 5 x 3 board"),
        ("Q . . . .\n. . Q . .\n. . . . Q\n", [], "ok"),
        ("Q . . . .\n. . Q . .\n. . . . Q\n", ["--n", "5"], "expected 5 x 5"),
        ("[1, 3, 5]\n", [], "off the board (1..3)"),
        ("[1, 3, 5]\n", ["--size", "5x3"], "ok"),
        ("ace\n", ["--size", "5x3"], "ok"),
        # 'q' alone: a 1 x 1 board, or letters when --size makes column 17 fit.
        ("q\n", [], "ok"),
        ("q\n", ["--size", "17x1"], "ok"),
        ("q\n", ["--size", "16x1"], "a placement for a 1 x 1 board, expected 16 x 1"),
        ("[1, 3, 5]\n", ["--size", "5x4"], "a placement for a 3 x 3 board, expected 5 x 4"),
        ("[1, 3, 5]\n", ["--n", "4"], "a placement for a board of size 3, expected 4"),
    ],
)
def test_shapes_and_queen_counts(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    text: str,
    extra: list[str],
    expected: str,
) -> None:
    status, out, _ = check_text(capsys, tmp_path, text, *extra)
    assert out.startswith("line 1: ") and out.count("\n") == 1
    assert expected in out, out
    assert status == (0 if expected == "ok" else 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"width": 5, "columns": [0]}\n', 'a JSON placement is {"n": N'),
        ('{"width": 0, "height": 3, "columns": []}\n', 'a JSON placement is {"n": N'),
        ('{"width": 5, "height": 1, "columns": ["a"]}\n', "whole numbers or null"),
        ("Q . .\n. Q\n", "board line 2: 2 cells, but line 1 has 3"),
    ],
)
def test_unreadable_shapes_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    status, out, err = check_text(capsys, tmp_path, text)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and message in err and "Traceback" not in err, err
