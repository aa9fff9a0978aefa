"""The runaway paths of issue 39: each gives an answer, a refusal naming the estimate and
``--force``, or progress it can be stopped from with Ctrl-C (exit 130).

Wide boards (``count 65x8``), ``puzzle solve --count --stars K``, ``puzzle explain`` of
a grid with many solutions, and integers too long to convert in JSON input.  The
``--force`` paths run end to end: refused, then forced, showing progress, interrupted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from queens import counts
from queens.board import Board
from queens.cli import main
from queens.counting import estimate
from queens.counting.split import split
from queens.engines.counting import kernel
from runaway_support import interrupted_after, rows_grid

needs_kernel = pytest.mark.skipif(not kernel.compiled(), reason="the compiled kernel's paths")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- count: wide boards -------------------------------------------------------------


@pytest.mark.parametrize("size", ["65x8", "8x65", "100x8", "900x8"])
def test_wide_boards_are_refused_naming_force(
    capsys: pytest.CaptureFixture[str], size: str
) -> None:
    status, out, err = run(capsys, "count", size, "--workers", "2")
    assert (status, out) == (2, "")
    assert "would take about" in err and "--force" in err and err.count("\n") == 1


def test_a_board_and_its_transpose_have_one_estimate() -> None:
    for width, height in ((65, 8), (65, 4), (100, 5), (20, 6)):
        wide, tall = Board(width, height=height), Board(height, height=width)
        assert estimate.core_seconds(wide) == estimate.core_seconds(tall)


def test_the_estimate_sees_the_empty_rows_of_the_orientation_counted() -> None:
    # 65 rows of 8 columns (the kernel's shaped search takes no 65 columns): Knuth's
    # paths place the 8 queens in the first rows and see a small tree; 64 x 8, counted
    # as 8 rows of 64, is rightly estimated at weeks, and 65 x 8 has more solutions.
    assert estimate.core_seconds(Board(65, height=8)) > estimate.core_seconds(Board(64, height=8))
    assert estimate.core_seconds(Board(65, height=8)) > estimate.REFUSE_SECONDS


def test_a_wide_board_is_split_as_its_transpose() -> None:
    wide, tall = split(Board(65, height=4)), split(Board(4, height=65))
    assert wide.subproblems == tall.subproblems  # 11,489, not 238,514 over 65 columns
    assert wide.key != tall.key  # each board's checkpoints its own
    # Narrower boards keep their own split (and their checkpoints).
    assert split(Board(10, height=4)).subproblems != split(Board(4, height=10)).subproblems


def test_a_wide_board_counts_as_its_transpose(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "count", "65x3", "--json")  # split as 3 x 65
    record = json.loads(out)
    assert status == 0
    assert (record["total"], record["unique"]) == tuple(counts(Board(3, height=65)))


@pytest.mark.slow  # a child process and Ctrl-C: seconds
@needs_kernel
def test_forced_wide_count_shows_progress_and_stops_on_ctrl_c(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(capsys, "count", "65x8")[0] == 2  # refused first
    status, written = interrupted_after(["count", "65x8", "--force"], b"counting", terminal=True)
    assert status == 130, written
    assert b"sub-problems" in written and b"queens: interrupted" in written
    assert b"Traceback" not in written


# -- puzzle solve --count --stars K, puzzle explain -------------------------------------


@pytest.mark.slow  # a child process and Ctrl-C: seconds
@needs_kernel
def test_star_count_says_it_runs_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    grid = tmp_path / "rows.txt"
    grid.write_text(rows_grid(11))  # 31,197,434 solutions of 2 stars
    argv = ["puzzle", "solve", "--count", "--stars", "2", str(grid)]
    status, written = interrupted_after(argv, b"Ctrl-C stops it", terminal=False)
    assert status == 130
    lines = written.decode().splitlines()
    assert lines == [
        "queens: counting the solutions of the 11 x 11 grid with 2 stars; Ctrl-C stops it",
        "queens: interrupted",
    ]


@pytest.mark.skipif(
    not kernel.compiled(), reason="the quick answer is the kernel's capped two-solution search"
)
def test_explain_of_a_big_grid_with_many_solutions_is_not_unique(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    grid = tmp_path / "rows.txt"
    grid.write_text(rows_grid(40))  # minutes of deductions before the check came first
    status, out, err = run(capsys, "puzzle", "explain", str(grid))
    assert (status, out) == (1, "")
    assert err.startswith("queens: not unique:") and err.count("\n") == 1


# -- integers too long to convert --------------------------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize(
    "level",
    [
        f'{{"size": {HUGE}, "colorRegions": []}}',
        f'{{"size": 2, "colorRegions": [[0, {HUGE}], [1, 1]]}}',
        f'{{"size": -{HUGE}, "colorRegions": []}}',
    ],
)
@pytest.mark.parametrize("command", ["solve", "explain", "render"])
def test_a_level_with_a_huge_integer_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, level: str, command: str
) -> None:
    path = tmp_path / "level.json"
    path.write_text(level)
    extra = ["--out", str(tmp_path / "out.svg")] if command == "render" else []
    status, out, err = run(capsys, "puzzle", command, *extra, str(path))
    assert (status, out) == (2, "")
    assert err.startswith("queens: error:") and err.count("\n") == 1
    assert "5,000 digits" in err


def test_a_placement_with_a_huge_integer_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "placements.txt"
    path.write_text(f'{{"n": 2, "columns": [{HUGE}, 1]}}\n')
    status, out, err = run(capsys, "check", "2", str(path))
    assert (status, out) == (2, "") and err.startswith("queens: error:") and err.count("\n") == 1
