"""``--force`` end to end: a run refused as too long, then the same forced, which starts
(its notice or progress shown) and stops on Ctrl-C with exit 130; and the library's
``force=True`` the same way (issue 39: no test ran a forced path before)."""

from __future__ import annotations

from pathlib import Path

import pytest

from queens.board import Board
from queens.cli import main, searching
from queens.counting import estimate
from queens.engines.counting import kernel
from queens.puzzle.grid import parse_grid
from queens.puzzle.solve import CountTooLong, count, estimated_seconds
from runaway_support import interrupted_after, rows_grid
from stopping import assert_the_flag_stops

needs_kernel = pytest.mark.skipif(not kernel.compiled(), reason="the compiled kernel's paths")

CENTURIES = rows_grid(20)  # a region count estimated at centuries (queens.puzzle.solve)


def test_a_forced_count_estimate_is_returned_not_refused() -> None:
    board = Board(24)
    with pytest.raises(estimate.CountTooLong):
        estimate.check(board, 2)
    assert estimate.check(board, 2, force=True) > estimate.REFUSE_SECONDS


def test_a_forced_region_count_runs_and_stops_on_its_flag() -> None:
    grid = parse_grid(CENTURIES)
    assert estimated_seconds(grid) > 3600
    with pytest.raises(CountTooLong):
        count(grid)
    assert_the_flag_stops(lambda stop: count(grid, stop=stop, force=True))


def test_a_forced_search_is_never_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for force in (False, True):
        watch = searching.SearchWatch(Board(40), force=force)
        watch.last -= searching.REFUSE_SECONDS  # as if nothing was found for that long
        if force:
            watch(0)  # searches on
        else:
            with pytest.raises(searching.SearchTooLong, match="--force"):
                watch(0)
    assert capsys.readouterr().err.count("Ctrl-C stops it") == 2


@pytest.mark.slow  # a child process and Ctrl-C: seconds
@needs_kernel
@pytest.mark.parametrize(
    ("text", "stars", "counting"),
    [
        (CENTURIES, [], "the 20 x 20 grid"),
        # K stars (issue 40): estimated at some 16 hours, shown on a terminal
        (rows_grid(12), ["--stars", "2"], "the 12 x 12 grid with 2 stars"),
    ],
)
def test_puzzle_solve_count_refused_then_forced_then_stopped(
    text: str,
    stars: list[str],
    counting: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    grid = tmp_path / "rows.txt"
    grid.write_text(text)
    assert main(["puzzle", "solve", "--count", *stars, str(grid)]) == 2
    err = capsys.readouterr().err
    assert "would take" in err and "--force" in err and err.count("\n") == 1
    argv = ["puzzle", "solve", "--count", *stars, "--force", str(grid)]
    status, written = interrupted_after(argv, b"Ctrl-C stops it", terminal=bool(stars))
    assert status == 130
    assert written.decode().replace("\r", "").splitlines() == [
        f"queens: counting the solutions of {counting}; Ctrl-C stops it",
        "queens: interrupted",
    ]


def test_a_forced_lexicographic_search_searches_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Refused after REFUSE_SECONDS without a solution; forced, it finds one.
    monkeypatch.setattr(searching, "NOTICE_SECONDS", 0.0)
    monkeypatch.setattr(searching, "REFUSE_SECONDS", 0.0)
    argv = ["solve", "30", "--limit", "1", "--format", "list"]
    assert main(argv) == 2
    assert "--force" in capsys.readouterr().err
    assert main([*argv, "--force"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("[") and len(out.split(",")) == 30
