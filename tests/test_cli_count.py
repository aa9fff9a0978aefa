"""queens count: workers, the refusal of very long counts, JSON, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import children, known_counts, wait_until_at_work, without_engine_warning
from queens.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("n", [1, 4, 8, 13])
def test_counts(capsys: pytest.CaptureFixture[str], n: int) -> None:
    total, unique = known_counts()[n]
    assert run(capsys, "count", str(n)) == (0, f"{total}\n", "")
    assert run(capsys, "count", str(n), "--unique", "--quiet") == (0, f"{unique}\n", "")


def test_workers_give_the_same_answer(capsys: pytest.CaptureFixture[str]) -> None:
    # 14 is big enough to be split over processes.
    expected = f"{known_counts()[14][0]}\n"
    assert run(capsys, "count", "14", "--workers", "2") == (0, expected, "")
    assert run(capsys, "count", "14", "--workers", "1") == (0, expected, "")


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    # count --json always has both counts (and the fields pinned in tests/test_scaling.py)
    for argv in (["--json"], ["--json", "--unique"]):
        out = run(capsys, "count", "10", *argv)[1]
        assert json.loads(out).items() >= {"n": 10, "total": 724, "unique": 92}.items()


@pytest.mark.parametrize("workers", ["0", "x", "-1", "1.5"])
def test_bad_workers(capsys: pytest.CaptureFixture[str], workers: str) -> None:
    status, out, err = run(capsys, "count", "8", "--workers", workers)
    assert status == 2 and out == ""
    assert (
        err.startswith("queens: error: --workers must be a whole number") and err.count("\n") == 1
    )


def test_refuses_counts_of_hours(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "count", "24", "--workers", "2")
    assert status == 2 and out == ""
    assert "would take about" in err and "--force" in err and err.count("\n") == 1
    status, out, err = run(capsys, "count", "400")
    assert (status, out) == (2, "")
    assert "longer than the age of the universe" in err and err.count("\n") == 1


def test_ctrl_c_stops_workers_and_exits_130() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "queens", "count", "19", "--force", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        wait_until_at_work(process)  # not a fixed sleep: see at_work
        time.sleep(0.5)  # the pool's other workers too (the fallback's; the kernel's are threads)
        workers = children(process.pid)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)  # (closes the pipes: no ResourceWarning)
    finally:  # a Ctrl-C not obeyed: no count of N = 19 left running for the rest of the suite
        if process.poll() is None:
            process.kill()  # its worker processes, if any, exit when they see it gone
            process.communicate()
    assert process.returncode == 130
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]  # joined
    assert out == b""
    assert without_engine_warning(err).strip().splitlines() == ["queens: interrupted"]


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
def test_workers_exit_when_the_parent_is_killed() -> None:
    # Worker processes are the fallback's (the compiled kernel counts in
    # threads, which die with their process).
    process = subprocess.Popen(
        [sys.executable, "-m", "queens", "count", "19", "--force", "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "QUEENS_PURE_PYTHON": "1"},
    )
    # Until the workers are up (no fixed sleep: on a busy machine starting takes seconds).
    deadline = time.monotonic() + 60
    workers = children(process.pid)
    while not workers and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
        workers = children(process.pid)
    time.sleep(0.5)  # the pool's other workers too
    workers = sorted({*workers, *children(process.pid)})
    process.kill()  # before any assertion: no busy count is left behind
    process.wait(timeout=10)
    assert workers, "the count started no worker processes"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in workers):
        time.sleep(0.1)
    alive = [p for p in workers if Path(f"/proc/{p}").exists()]
    for pid in alive:  # leave no busy orphan behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not alive


def test_missing_kernel_warns_in_one_line() -> None:
    env = {**os.environ, "QUEENS_PURE_PYTHON": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "queens", "count", "6"], env=env, capture_output=True, text=True
    )
    assert (result.returncode, result.stdout) == (0, "4\n")
    assert result.stderr.splitlines() == [
        "queens: warning: the compiled kernel is not available; queens uses its slow "
        "pure-Python engine (forced by QUEENS_PURE_PYTHON)"
    ]


# -- boards of any shape ----------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        # published totals (A269133, A047659), for checking only
        (["10x8"], "7828"),
        (["8x10"], "7828"),
        (["5", "--queens", "3"], "204"),
        (["8", "--queens", "8"], "92"),
        (["8", "--queens", "0"], "1"),
        (["3x1"], "3"),
    ],
)
def test_shaped_counts(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    assert run(capsys, "count", *argv, "--quiet") == (0, f"{expected}\n", "")


def test_shaped_unique_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    from queens import symmetry
    from queens.board import Board
    from queens.engines.counting import reference

    board = Board(8, height=6, k=4)
    found = list(reference.solutions(board.allowed_masks(), 4, 0))
    group = symmetry.board_symmetries(board)
    orbits = len({frozenset(tuple(s.columns(c, 8)) for s in group) for c in found})
    status, out, err = run(capsys, "count", "8x6", "--queens", "4", "--unique", "--quiet")
    assert (status, out, err) == (0, f"{orbits}\n", "")
    record = json.loads(run(capsys, "count", "8x6", "--queens", "4", "--json", "--quiet")[1])
    assert record.items() >= {"width": 8, "height": 6, "queens": 4}.items()
    assert (record["total"], record["unique"]) == (len(found), orbits) and "n" not in record
    record = json.loads(run(capsys, "count", "8", "--queens", "8", "--json", "--quiet")[1])
    assert record["n"] == 8 and "width" not in record  # the classic record as it was


def test_shaped_board_file_workers_and_checkpoint(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rect.txt"
    path.write_text(". . . . . *\n. Q . . . .\n. . . . . .\n. . . . . .\n")  # 6 x 4, a fixed queen
    from queens.board import Board
    from queens.engines.counting import reference

    board = Board.parse(path.read_text())
    expected = reference.count(board.allowed_masks(), board.k, board.required_rows())
    for extra in ([], ["--queens", "3"]):
        k = board.k if not extra else 3
        total = reference.count(board.allowed_masks(), k, board.with_queens(k).required_rows())
        assert run(capsys, "count", "--board", str(path), *extra, "--workers", "2") == (
            0,
            f"{total if extra else expected}\n",
            "",
        )
    checkpoint = str(tmp_path / "c.db")
    assert (
        run(capsys, "count", "7x6", "--queens", "4", "--checkpoint", checkpoint, "--quiet")[0] == 0
    )
    first = capsys.readouterr()
    again = run(capsys, "count", "7x6", "--queens", "4", "--checkpoint", checkpoint, "--json")
    assert json.loads(again[1])["provenance"] == "resumed"
    del first
    status, out, err = run(capsys, "count", "7x6", "--queens", "3", "--checkpoint", checkpoint)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert "7 x 6 with 4 queens" in err and "7 x 6 with 3 queens" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["0x5"],
        ["8x"],
        ["x8"],
        ["axb"],
        ["8x8x8"],
        ["-3"],
        ["8", "--queens", "9"],
        ["10x8", "--queens", "9"],
        ["8", "--queens", "-1"],
        ["8", "--queens", "x"],
        ["100x100"],
        ["65x2000"],
    ],
)
def test_bad_sizes_are_one_line_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, "count", *argv, "--quiet")
    assert (status, out) == (2, "")
    assert err.startswith("queens: error:") and err.count("\n") == 1 and "Traceback" not in err


def test_bad_board_texts_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name, text in (
        ("ragged", ". . .\n. .\n"),
        ("bad", ". x .\n. . .\n"),
        ("empty", ""),
        ("wide", ". " * 1001 + "\n"),
    ):
        path = tmp_path / f"{name}.txt"
        path.write_text(text)
        status, _, err = run(capsys, "count", "--board", str(path), "--quiet")
        assert status in (1, 2) and err.count("\n") <= 1 and "Traceback" not in err, name
        if status == 2:
            assert err.startswith("queens: error:")
    status, _, err = run(capsys, "count", "5x4", "--board", str(tmp_path / "ragged.txt"))
    assert status == 2 and err.count("\n") == 1
    two = tmp_path / "two.txt"  # two fixed queens in a row: no solution, a count of 0
    two.write_text("Q Q .\n. . .\n")
    assert run(capsys, "count", "--board", str(two), "--quiet") == (0, "0\n", "")


def test_the_fallback_is_announced_once_whatever_the_workers() -> None:
    # Pure-Python counts run in worker processes: the parent says it, the workers do not.
    env = {**os.environ, "QUEENS_PURE_PYTHON": "1"}
    command = [sys.executable, "-m", "queens", "count", "8", "--queens", "5", "--workers", "2"]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0 and result.stdout == "46736\n"
    assert result.stderr.count("the compiled kernel is not available") == 1
