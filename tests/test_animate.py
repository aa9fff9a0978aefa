"""The animation: progress bookkeeping, non-terminal output, and a real pseudo-terminal."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from rich.console import Console

from queens import api
from queens.board import Board
from queens.cli import main
from queens.events import Place
from queens.show.animate import Progress, animate
from queens.tracing import trace


def test_progress_follows_the_events() -> None:
    progress = Progress(4)
    for event in trace(4):
        progress.apply(event)
        assert progress.depth <= 4
    assert progress.depth == 0
    assert progress.solutions == 2
    assert progress.last_solution == tuple(list(api.solutions(4))[-1])
    assert progress.placed == sum(isinstance(e, Place) for e in trace(4))
    assert progress.steps == len(list(trace(4)))
    assert progress.summary("backtracking") == (
        f"4 x 4 board, backtracking: 2 solutions in {progress.steps} steps (16 queens placed)"
    )


def test_animate_on_a_recording_terminal_draws_every_step() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=40, color_system="truecolor")
    progress = animate(Board.empty(4), trace(4), console)
    assert progress.solutions == 2
    text = out.getvalue()
    assert "♛" in text and f"step {progress.steps} " in text
    assert "solutions 2" in text


def test_step_mode_stops_on_q() -> None:
    console = Console(file=io.StringIO(), force_terminal=True, width=40)
    answers = iter([True, True, False])
    progress = animate(Board.empty(5), trace(5), console, wait=lambda: next(answers))
    assert progress.stopped and progress.steps == 2
    assert "stopped after 2 steps" in progress.summary("backtracking")


def test_not_a_terminal_prints_final_board_and_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["animate", "6", "--delay", "0"]) == 0
    out = capsys.readouterr().out
    last = list(api.solutions(6))[-1]
    board_text, summary = out.split("\n\n")
    assert board_text == last.board()
    assert summary.startswith("6 x 6 board, backtracking: 4 solutions in ")
    assert summary.count("\n") == 1
    assert "\x1b" not in out


def test_not_a_terminal_with_givens_and_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    board = Board.build(5, reserved=[(0, 0)], queens=[(1, 3)])
    path = tmp_path / "board.txt"
    path.write_text(str(board))
    assert main(["animate", "--board", str(path), "--first", "--algorithm", "sets"]) == 0
    out = capsys.readouterr().out
    first = next(api.solutions(board))
    assert out.splitlines()[0].startswith("*")  # the reserved corner
    assert [line.split().index("Q") for line in out.splitlines()[:5]] == first.to_list()
    assert out.splitlines()[-1].startswith("5 x 5 board, sets: 1 solution in ")


def test_no_solution_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["animate", "3", "--delay", "0"]) == 1
    captured = capsys.readouterr()
    assert "0 solutions" in captured.out
    assert captured.err == "queens: no solution exists for this 3 x 3 board\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["animate", "4", "--delay", "soon"], "--delay must be a number"),
        (["animate", "4", "--delay", "-1"], "--delay must be a number"),
        (["animate", "4", "--algorithm", "magic"], "unknown algorithm 'magic'"),
        (["animate", "65"], "N = 65 is too big: queens animate goes up to N = 64"),
    ],
)
def test_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("queens: error: ") and message in err


def run_in_pty(argv: list[str], keys: bytes = b"", timeout: float = 60) -> tuple[int, str]:
    """Run ``queens argv`` with a pseudo-terminal as stdin, stdout and stderr."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    code = "import sys; from queens.cli import main; sys.exit(main(sys.argv[1:]))"
    process = subprocess.Popen(
        [sys.executable, "-c", code, *argv], stdin=slave, stdout=slave, stderr=slave, env=env
    )
    os.close(slave)
    # Keys go one at a time once the program has drawn something (as a person
    # types, after seeing the board; on a loaded machine the start can take
    # seconds), and reads never block past the deadline, so a lost key cannot
    # hang the suite.
    pending = list(keys)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    next_key = time.monotonic() + 0.5
    while time.monotonic() < deadline:
        if pending and chunks and time.monotonic() >= next_key:
            os.write(master, bytes([pending.pop(0)]))
            next_key = time.monotonic() + 0.05
        ready, _, _ = select.select([master], [], [], 0.05)
        if not ready:
            if process.poll() is not None:
                break
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    if process.poll() is None:
        process.kill()
    status = process.wait(timeout=timeout)
    return status, b"".join(chunks).decode("utf-8", "replace")


def test_animation_in_a_pseudo_terminal() -> None:
    status, output = run_in_pty(["animate", "5", "--delay", "0"])
    assert status == 0, output
    assert "\x1b[" in output  # drawn with escape codes
    assert "♛" in output
    assert "5 x 5 board, backtracking: 10 solutions in" in output


def test_step_mode_in_a_pseudo_terminal() -> None:
    status, output = run_in_pty(["animate", "4", "--first", "--step"], keys=b" " * 40)
    assert status == 0, output
    assert "4 x 4 board, backtracking: 1 solution in" in output


def test_quit_key_in_a_pseudo_terminal() -> None:
    status, output = run_in_pty(["animate", "6", "--step"], keys=b"  q")
    assert status == 0, output
    assert "stopped after 2 steps" in output


def test_progress_on_a_rectangle_with_fewer_queens() -> None:
    board = Board(4, height=3, k=2)
    progress = Progress.of(board)
    for event in trace(board):
        progress.apply(event)
        assert progress.depth <= 3 and progress.standing <= 2
        if progress.steps == 1:  # the first step leaves row 1 empty
            assert progress.columns == [-1] and progress.standing == 0
            assert "depth 1/3  queens 0/2" in progress.status()
    total = sum(1 for _ in api.solutions(board))
    assert progress.solutions == total
    assert progress.summary("backtracking").startswith(
        f"4 x 3 board, 2 queens, backtracking: {total} solutions in {progress.steps} steps"
    )


def test_animate_a_rectangle_off_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["animate", "5x3", "--queens", "2", "--first"]) == 0
    board_text, summary = capsys.readouterr().out.split("\n\n")
    first = next(iter(api.solutions(Board(5, height=3, k=2))))
    assert board_text == first.board()
    assert summary.startswith("5 x 3 board, 2 queens, backtracking: 1 solution in ")


def test_animate_a_rectangle_on_a_recording_terminal() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=120, color_system="truecolor")
    board = Board(5, height=3, k=2)
    progress = animate(board, trace(board), console)
    assert progress.solutions == sum(1 for _ in api.solutions(board))
    text = out.getvalue()
    assert "row 1 left empty" in text and "queens 0/2" in text and "queens 2/2" in text


def test_step_keys_without_termios_fail_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where termios is missing (not POSIX: Windows), --step on a terminal says so in one
    line, exit 2, instead of a traceback."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setitem(sys.modules, "termios", None)  # import termios raises ImportError
    monkeypatch.setattr("sys.stdin", Terminal())
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich takes stdout for a terminal
    assert main(["animate", "4", "--step"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "queens: error: stepping by keys needs a POSIX terminal (termios), which this system "
        "lacks; pipe the steps in instead (each line a step), or leave out --step\n"
    )
