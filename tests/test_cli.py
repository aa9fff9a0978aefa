"""The command line through main(argv), plus real processes for pipes and Ctrl-C."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BOARDS, known_counts, without_engine_warning
from queens.board import parse_board
from queens.cli import main

SAMPLE = BOARDS / "sample-65.txt"
NAUCK = BOARDS / "nauck-1850-2.txt"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_prints_first_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", "8")
    assert status == 0 and err == ""
    assert out.splitlines()[0] == "Q . . . . . . ."
    assert len(out.splitlines()) == 8


def test_board_output_reads_back_in(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = run(capsys, "solve", "--board", str(NAUCK))
    solved = tmp_path / "solved.txt"
    solved.write_text(out)
    board = parse_board(out)
    assert len(board.queens) == 8 and {(3, 3), (4, 1)} <= board.queens
    assert run(capsys, "count", "--board", str(solved))[1] == "1\n"


def test_solve_all_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "8", "--all", "--format", "list")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 92
    assert lines[0] == "[1, 5, 8, 6, 3, 7, 2, 4]"
    assert lines == sorted(lines, key=lambda s: json.loads(s))


def test_solve_formats_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", "8", "--format", "letters")[1] == "aehfcgbd\n"
    _, out, _ = run(capsys, "solve", "8", "--limit", "2", "--format", "json")
    assert [json.loads(line) for line in out.splitlines()] == [
        {"n": 8, "columns": [0, 4, 7, 5, 2, 6, 1, 3]},
        {"n": 8, "columns": [0, 5, 7, 2, 6, 3, 1, 4]},
    ]
    _, out, _ = run(capsys, "solve", "4", "--all")
    assert out.count("\n\n") == 1


def test_solve_unique(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "8", "--all", "--unique", "--format", "list")
    assert len(out.splitlines()) == known_counts()[8][1]


def test_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "count", "8") == (0, "92\n", "")
    assert run(capsys, "count", "8", "--unique") == (0, "12\n", "")
    assert run(capsys, "count", "3") == (0, "0\n", "")
    assert run(capsys, "count", "--board", str(SAMPLE)) == (0, "65\n", "")
    assert run(capsys, "count", "8", "--board", str(SAMPLE)) == (0, "65\n", "")
    _, out, _ = run(capsys, "count", "8", "--unique", "--json")
    # (the scale fields of count --json are pinned in tests/test_scaling.py)
    assert json.loads(out).items() >= {"n": 8, "total": 92, "unique": 12}.items()


def test_board_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(SAMPLE.read_bytes()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert run(capsys, "count", "--board", "-") == (0, "65\n", "")


def test_no_solution_is_exit_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(capsys, "solve", "3") == (
        1,
        "",
        "queens: no solution exists for this 3 x 3 board\n",
    )
    clash = tmp_path / "clash.txt"
    clash.write_text("Q...\n.Q..\n....\n....\n")
    assert run(capsys, "solve", "--board", str(clash), "--all") == (
        1,
        "",
        "queens: no solution: the queens at row 1, column 1 and row 2, column 2 share a diagonal\n",
    )
    assert run(capsys, "count", "--board", str(clash)) == (0, "0\n", "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "abc"], "N must be a whole number of at least 1, got 'abc'"),
        (["solve", "0"], "N must be a whole number of at least 1, got '0'"),
        (["solve", "-3"], "N must be a whole number of at least 1, got '-3'"),
        (["count", "+8"], "N must be a whole number of at least 1, got '+8'"),
        (["count", "9" * 5000], "N is far too big (5000 digits)"),
        (["count", "0" * 5000], "N must be a whole number of at least 1"),
        (["solve"], "give N or --board FILE"),
        (["solve", "8", "--format", "xml"], "unknown format 'xml'"),
        (
            ["solve", "27", "--format", "letters"],
            "the letters format takes at most 26 columns, got 27",
        ),
        (["solve", "1001"], "the board format is limited to 1000 rows and columns"),
        (["solve", "8", "--limit", "0"], "--limit must be a whole number of at least 1"),
        (["solve", "7", "--board", str(SAMPLE)], "N is 7 but the board is 8 x 8"),
        (["solve", "8", "--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["bogus"], "invalid choice: 'bogus'"),
        (["check", "--n", "y"], "--n must be a whole number of at least 1, got 'y'"),
        (
            ["check", "--size", "8x"],
            "--size must be N or WxH (width x height, e.g. 10x8), got '8x'",
        ),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("queens: error: ") and message in err
    assert err.count("\n") == 1 and "--help" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            b"........\n..x.....\n",
            "queens: error: board line 2, column 3: unexpected 'x' (expected '.', '*' or 'Q')\n",
        ),
        (b"", "queens: error: board: no board (the input is empty)\n"),
        (b"...\n..\n", "board line 2: 2 cells, but line 1 has 3\n"),  # a ragged rectangle
        (b"Q . .\n. . . .\n", "board line 2: 4 cells, but line 1 has 3\n"),
        (b"..\x00.\n", "is not text (it holds a NUL byte)\n"),
        (b"..\xff\n", "is not UTF-8 text (byte 3)\n"),
    ],
)
def test_bad_board_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "board.txt"
    path.write_bytes(content)
    status, out, err = run(capsys, "solve", "--board", str(path))
    assert (status, out) == (2, "")
    assert err.endswith(message) and err.count("\n") == 1


def test_missing_board_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "count", "--board", str(tmp_path / "nope.txt"))
    assert status == 2
    missing = tmp_path / "nope.txt"
    assert err == f"queens: error: cannot read board file '{missing}': No such file or directory\n"


def test_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("[1, 5, 8, 6, 3, 7, 2, 4]\n2 4 1 3\n")
    assert run(capsys, "check", str(good)) == (0, "line 1: ok\nline 2: ok\n", "")
    bad = tmp_path / "bad.txt"
    bad.write_text("2 4 1 3\n1 2 3 4\n")
    assert run(capsys, "check", str(bad)) == (
        1,
        "line 1: ok\nline 2: queens at row 1, column 1 and row 2, column 2 share a diagonal\n",
        "",
    )
    status, out, _ = run(capsys, "check", str(good), "--n", "8")
    assert (
        status == 1
        and out.splitlines()[1] == "line 2: a placement for a board of size 4, expected 8"
    )
    unreadable = tmp_path / "unreadable.txt"
    unreadable.write_text("1 2 3\n1 two 3\n")
    # Placements are checked as they are read: what came before the bad line is printed.
    assert run(capsys, "check", str(unreadable)) == (
        2,
        "line 1: queens at row 1, column 1 and row 2, column 2 share a diagonal\n",
        "queens: error: line 2: 'two' is not a column number\n",
    )


def test_check_reads_solve_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = run(capsys, "solve", "6", "--all")
    boards = tmp_path / "boards.txt"
    boards.write_text(out)
    status, out, _ = run(capsys, "check", str(boards))
    assert status == 0 and out.count(": ok") == known_counts()[6][0]


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--version")
    assert status == 0 and out.startswith("queens 0.") and "(" in out
    status, out, _ = run(capsys, "--help")
    assert status == 0 and "solve" in out and "count" in out and "check" in out
    for command in ("solve", "count", "check"):
        status, out, _ = run(capsys, command, "--help")
        assert status == 0 and out.startswith(f"usage: queens {command}")
    assert run(capsys)[0] == 2


def _queens(*args: str) -> list[str]:
    return [sys.executable, "-m", "queens", *args]


def test_closed_pipe_ends_quietly() -> None:
    process = subprocess.Popen(
        _queens("solve", "14", "--all", "--format", "list"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    first = [process.stdout.readline() for _ in range(3)]
    assert first[0] == b"[1, 3, 5, 7, 12, 10, 13, 4, 14, 9, 2, 6, 8, 11]\n"
    process.stdout.close()
    assert process.wait(timeout=60) == 0
    assert without_engine_warning(process.stderr.read()) == ""


def test_ctrl_c_exits_130() -> None:
    process = subprocess.Popen(
        _queens("solve", "40", "--all", "--format", "list"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    # Into the search (its notice), not a fixed sleep: on a loaded machine the imports can
    # take longer, and a Ctrl-C among them is Python's (a traceback, killed by SIGINT).
    for line in process.stderr:
        if b"Ctrl-C stops it" in line:
            break
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=30) == 130
    assert process.stderr.read().decode().strip().splitlines()[-1] == "queens: interrupted"


@pytest.mark.skipif(os.name != "posix", reason="needs a POSIX shell")
def test_head_in_a_shell_returns_at_once() -> None:
    result = subprocess.run(
        f"set -o pipefail; {sys.executable} -m queens solve 14 --all | head -n 2",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert without_engine_warning(result.stderr) == "" and len(result.stdout.splitlines()) == 2


def modules_loaded_by(arguments: list[str], prefixes: tuple[str, ...]) -> set[str]:
    """The modules named with one of ``prefixes`` that a fresh process holds after
    running the command ``arguments``."""
    code = (
        f"import json, sys; from queens.cli import main; main({arguments!r}); "
        f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({prefixes!r}))))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return set(json.loads(result.stdout.splitlines()[-1]))


def test_only_the_chosen_command_is_imported() -> None:
    loaded = modules_loaded_by(["count", "6"], ("queens.cli.", "queens.show"))
    assert "queens.cli.count" in loaded
    for other in ("queens.cli.animate", "queens.cli.serve", "queens.cli.render", "queens.show"):
        assert other not in loaded


def test_a_plain_count_starts_without_the_scale_options_modules() -> None:
    # Checkpoints (sqlite3), clusters, --verify and the thread pool are imported when used.
    prefixes = ("queens.counting", "sqlite3", "hashlib", "concurrent", "difflib")
    loaded = modules_loaded_by(["count", "8", "--quiet"], prefixes)
    assert "queens.counting.resumable" in loaded
    for other in ("checkpoint", "cluster", "verify"):
        assert f"queens.counting.{other}" not in loaded
    assert not loaded & {"sqlite3", "hashlib", "concurrent.futures", "difflib"}
