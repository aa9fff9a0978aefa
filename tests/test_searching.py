"""Long searches on the command line and in the library (issue 26, classes C and D):
a time limit for every method, a notice, a refusal naming --force, Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import queens
from conftest import wait_until_at_work
from queens.board import Board
from queens.cli import main, searching
from queens.engines import watch
from queens.engines.counting import kernel

QUEENS = [sys.executable, "-m", "queens"]
RUNAWAY = 120  # seconds: a bound that only proves "did not run away"


@pytest.mark.parametrize(
    "board",
    [
        Board(40),
        Board(41, rule="toroidal"),
        Board(40, rule="superqueen"),
        Board(40, height=39),
        Board(kernel.SHAPE_MAX_WIDTH + 6),  # the Python search
    ],
    ids=str,
)
def test_search_honours_the_timeout(board: Board) -> None:
    with pytest.raises(queens.Undecided):
        queens.solve(board, method="search", timeout=0.2)


def test_watchers_nest_and_both_hear() -> None:
    heard: list[str] = []
    outer, inner = (
        watch.watching(lambda _: heard.append("outer")),
        watch.watching(lambda _: heard.append("inner")),
    )
    with outer, inner:
        watch.tick()
    watch.tick()  # no watcher: nothing
    assert heard == ["inner", "outer"]


def test_an_idle_search_is_refused_naming_force(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(searching, "NOTICE_SECONDS", 0.0)
    monkeypatch.setattr(searching, "REFUSE_SECONDS", 0.2)
    assert main(["solve", "40", "--limit", "1", "--format", "list"]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert out == "" and len(lines) == 2
    assert "Ctrl-C stops it" in lines[0]
    assert lines[1].startswith("queens: error: no solution within 0.2 s") and "--force" in lines[1]


def test_solutions_that_keep_coming_are_never_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    watch = searching.SearchWatch(Board(40), force=False)
    watch.last -= searching.REFUSE_SECONDS  # as if the search had found nothing for that long
    watch(1)  # a solution: the clock starts again
    watch(0)
    watch.last -= searching.REFUSE_SECONDS
    with pytest.raises(searching.SearchTooLong):
        watch(0)
    assert "Ctrl-C stops it" in capsys.readouterr().err


def test_enumeration_timeout_exits_3_keeping_what_was_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "40", "--limit", "1", "--timeout", "0.2", "--force"]) == 3
    assert capsys.readouterr().err.endswith("queens: undecided: no answer within 0.2 s\n")


def _await_notice(process: subprocess.Popen[str]) -> None:
    """Read stderr up to the notice that the search is under way (after a warning, perhaps)."""
    assert process.stderr is not None
    for line in process.stderr:
        if "Ctrl-C stops it" in line:
            return
    raise AssertionError("no notice")


@pytest.mark.parametrize(
    "argv",
    [
        ["render", "40", "--limit", "3", "--out", "{tmp}/x.svg"],
        ["animate", "64", "--delay", "0", "--first"],
        ["solve", "40", "--limit", "1", "--format", "list"],
    ],
)
def test_long_searches_are_interrupted(argv: list[str], tmp_path: object) -> None:
    """Ctrl-C: exit 130 and one line (the bound only proves it did not run away)."""
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    process = subprocess.Popen(
        [*QUEENS, *args, "--force"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + RUNAWAY
    _await_notice(process)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
    assert process.returncode == 130
    assert err == "queens: interrupted\n"


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_ctrl_c_stops_a_count_of_a_board_too_wide_for_the_kernel() -> None:
    process = subprocess.Popen(
        [*QUEENS, "count", "65", "--queens", "3", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    wait_until_at_work(process)  # a second of CPU: past the imports, into the search
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=RUNAWAY)
    assert process.returncode == 130
    assert err.endswith("queens: interrupted\n")


def _rows_grid(n: int) -> str:
    """The grid whose regions are its rows: every arrangement of non-touching queens counts."""
    return "\n".join("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[row] * n for row in range(n)) + "\n"


def test_a_region_count_of_centuries_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Class B of issue 26: 20 x 20 would take years and ignored Ctrl-C.
    path = tmp_path / "rows20.txt"
    path.write_text(_rows_grid(20))
    assert main(["puzzle", "solve", "--count", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "years" in err and "--force" in err


def test_region_count_estimate_and_result_for_a_small_grid() -> None:
    from queens.puzzle.grid import parse_grid
    from queens.puzzle.solve import count, estimated_seconds

    grid = parse_grid(_rows_grid(9))
    assert estimated_seconds(grid) < 1
    assert count(grid) == count(grid, force=True) > 0


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_ctrl_c_stops_a_region_count(tmp_path: Path) -> None:
    # 11,661,506,218 solutions: minutes in C; 63,779,034 (n = 12): minutes in Python
    path = tmp_path / "rows.txt"
    path.write_text(_rows_grid(14 if kernel.compiled() else 12))
    process = subprocess.Popen(
        [*QUEENS, "puzzle", "solve", "--count", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _await_notice(process)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=RUNAWAY)
    assert (process.returncode, out, err) == (130, "", "queens: interrupted\n")
