"""Hostile inputs: output that cannot be written, endless input, huge sizes, odd digits.

Each row of issue 13's table for the command line is a test here; where
memory is the point, the command runs in a subprocess under an address-space
limit (``resource.setrlimit``), so reading everything before checking would
end in a MemoryError traceback instead of the one-line error.
"""

from __future__ import annotations

import errno
import io
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import BOARDS, without_engine_warning
from queens import api
from queens.cli import main

NAUCK = BOARDS / "nauck-1850-2.txt"
MEMORY_LIMIT = 1 << 30
"""Address space for the memory tests: Python, the kernel and rich fit; 3 GB of input does not."""

posix_only = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def queens(
    *argv: str,
    stdin: int | None = None,
    stdout: int | None = subprocess.PIPE,
    limit_memory: bool = False,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """``queens ARGV`` as its own process (stdout and stdin as given)."""
    return subprocess.run(
        [sys.executable, "-m", "queens", *argv],
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        preexec_fn=_limit_memory if limit_memory else None,
        cwd=cwd,
        timeout=120,
    )


def one_error_line(stderr: bytes) -> str:
    text = stderr.decode()
    assert text.startswith("queens: error: ") and text.count("\n") == 1, text
    return text


# -- output that cannot be written --------------------------------------------------


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "placements.txt").write_text("[2, 4, 1, 3]\n" * 5000)
    assert queens("count", "6", "--checkpoint", "six.db", cwd=folder).returncode == 0
    return folder


WRITING_COMMANDS = [
    ["solve", "8"],
    ["solve", "10", "--all", "--format", "list"],
    ["count", "8"],
    ["count", "8", "--json"],
    ["check", "placements.txt"],
    ["trace", "6"],
    ["generate", "blocked", "8", "--density", "0.2", "--seed", "1"],
    ["merge", "six.db"],
    ["compare", "5"],
    ["animate", "5", "--delay", "0"],
    ["tree", "4", "--out", "-"],
]


@posix_only
@pytest.mark.parametrize("argv", WRITING_COMMANDS, ids=" ".join)
def test_disk_full_is_one_line_and_exit_2(inputs: Path, argv: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        result = queens(*argv, stdout=full.fileno(), cwd=inputs)
    assert result.returncode == 2
    assert without_engine_warning(result.stderr) == (
        "queens: error: cannot write output: No space left on device\n"
    )


@posix_only
def test_closed_stdout_is_one_line_and_exit_2() -> None:
    command = f"{sys.executable} -m queens solve 8 >&-"
    result = subprocess.run(command, shell=True, capture_output=True, timeout=60)
    assert result.returncode == 2
    assert without_engine_warning(result.stderr) == (
        "queens: error: cannot write output: Bad file descriptor\n"
    )


class FailingOutput(io.StringIO):
    """A stream whose writes fail as a broken disk's do."""

    def write(self, text: str) -> int:
        raise OSError(errno.EIO, os.strerror(errno.EIO))


def test_io_error_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", FailingOutput())
    assert main(["count", "6"]) == 2
    assert capsys.readouterr().err == "queens: error: cannot write output: Input/output error\n"


# -- endless or oversized input ----------------------------------------------------


@posix_only
@pytest.mark.parametrize(
    "argv", [["count", "--board", "/dev/zero"], ["check", "/dev/zero"], ["trace", "--board", "-"]]
)
def test_dev_zero_fails_at_once_in_little_memory(argv: list[str]) -> None:
    with open("/dev/zero", "rb") as zero:
        result = queens(*argv, stdin=zero.fileno(), limit_memory=True)
    assert result.returncode == 2
    assert one_error_line(result.stderr).endswith("is not text (it holds a NUL byte)\n")


@posix_only
def test_board_from_dev_zero_on_stdin() -> None:
    with open("/dev/zero", "rb") as zero:
        result = queens("count", "--board", "-", stdin=zero.fileno(), limit_memory=True)
    assert result.returncode == 2
    assert result.stderr == b"queens: error: standard input is not text (it holds a NUL byte)\n"


def _endless(pattern: bytes) -> subprocess.Popen[bytes]:
    """A process writing ``pattern`` to its stdout for ever (until the reader goes)."""
    code = f"import sys\nwhile True: sys.stdout.buffer.write({pattern!r} * 65536)"
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)


@pytest.mark.parametrize(
    ("argv", "pattern", "message"),
    [
        (["count", "--board", "-"], b".", r"standard input is too long: over 4,002,003 characters"),
        (["count", "--board", "-"], b"..\n", r"is too long: over 4,002,003 characters"),
        (
            ["trace", "--board", "-"],
            b".",
            r"over 16,515 characters \(boards here go up to N = 64\)",
        ),
        (["check"], b"x", r"line 1: too long for a placement \(over 48,000 characters\)"),
    ],
)
def test_endless_text_stops_at_the_limit(argv: list[str], pattern: bytes, message: str) -> None:
    writer = _endless(pattern)
    assert writer.stdout is not None
    try:
        result = queens(*argv, stdin=writer.stdout.fileno(), limit_memory=True)
    finally:
        writer.kill()
        writer.wait()
        writer.stdout.close()
    assert result.returncode == 2
    assert re.search(message, one_error_line(result.stderr))


def test_board_wider_than_the_command_takes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "wide.txt"
    path.write_text("." * 201 + "\n")
    status, out, err = run(capsys, "render", "--board", str(path), "--out", str(tmp_path / "x.svg"))
    assert (status, out) == (2, "")
    assert (
        err == "queens: error: board line 1: 201 cells, but boards here are limited to N <= 200\n"
    )


@pytest.mark.slow  # 8 s on a 2-core machine: CI's slow step
def test_check_streams_a_long_input(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text("[2, 4, 1, 3]\n" * 200_000)
    result = queens("check", str(path), limit_memory=True)
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.count(b": ok\n") == 200_000


# -- sizes ---------------------------------------------------------------------------


def test_render_shows_the_solution_solve_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # N = 200 by lexicographic search would run for hours; solve's own way is instant.
    out = tmp_path / "x.svg"
    assert run(capsys, "render", "200", "--out", str(out)) == (0, "", "")
    squares = re.findall(r'href="#queen" transform="translate\((\d+),(\d+)\)', out.read_text())
    expected = api.solve(200)
    assert expected is not None
    assert sorted((int(y) // 45, int(x) // 45) for x, y in squares) == list(enumerate(expected))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["render", "8", "--pixels", "100000"], "--pixels must be a whole number from 1 to 4,096"),
        (
            ["render", "8", "--all", "--pixels", "1000"],
            "the picture would be 10,375 x 10,375 pixels",
        ),
        (["render", "201"], "N = 201 is too big: queens render goes up to N = 200"),
        (["render", "8", "--limit", "401"], "--limit must be a whole number from 1 to 400"),
        (["trace", "1000", "--first"], "N = 1,000 is too big: queens trace goes up to N = 64"),
        (["animate", "65"], "N = 65 is too big: queens animate goes up to N = 64"),
        (["compare", "65"], "N = 65 is too big: queens compare goes up to N = 64"),
    ],
)
def test_sizes_over_the_caps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    if argv[0] == "render":
        argv = [*argv, "--out", str(tmp_path / "x.png")]
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1 and f"see 'queens {argv[0]}" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["generate", "completion", "1000000", "--remove", "10"],  # was 10 GB in 6 s
        ["generate", "blocked", "100000", "--density", "0.5"],  # was a 20 GB file
    ],
)
def test_generate_sizes_are_capped_in_little_memory(argv: list[str]) -> None:
    result = queens(*argv, limit_memory=True)
    assert (result.returncode, result.stdout) == (2, b"")
    message = one_error_line(result.stderr)
    assert "N must be a whole number from 1 to 1,000" in message
    assert message.endswith(f"; see 'queens generate {argv[1]} --help'\n")


# -- digits that are not ASCII ---------------------------------------------------------


NUMBER_OPTIONS = [
    (["solve", "{}"], "N"),
    (["solve", "8", "--limit", "{}"], "--limit"),
    (["solve", "30", "--method", "local", "--seed", "{}"], "--seed"),
    (["count", "8", "--workers", "{}"], "--workers"),
    (["count", "8", "--shard", "{}/3", "--checkpoint", "x.db"], "--shard"),
    (["check", "--n", "{}"], "--n"),
    (["serve", "--port", "{}"], "--port"),
    (["render", "8", "--pixels", "{}", "--out", "x.svg"], "--pixels"),
    (["render", "8", "--limit", "{}", "--out", "x.svg"], "--limit"),
    (["generate", "completion", "8", "--remove", "{}"], "--remove"),
    (["generate", "completion", "8", "--place", "{}"], "--place"),
    (["generate", "diagonals", "8", "--diagonals", "{}"], "--diagonals"),
    (["generate", "blocked", "8", "--density", "0.5", "--seed", "{}"], "--seed"),
    (["generate", "blocked", "{}", "--density", "0.5"], "N"),
    (["trace", "{}"], "N"),
    (["solve", "8", "--timeout", "{}"], "--timeout"),
    (["animate", "4", "--delay", "{}"], "--delay"),
    (["compare", "4", "--timeout", "{}"], "--timeout"),
    (["generate", "blocked", "8", "--density", "0.{}"], "--density"),
]


@pytest.mark.parametrize("digit", ["²", "٣", "\uff18"])  # str.isdigit takes all three
@pytest.mark.parametrize(("template", "name"), NUMBER_OPTIONS, ids=lambda v: str(v))
def test_non_ascii_digits_are_usage_errors(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    template: list[str],
    name: str,
    digit: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = [part.replace("{}", digit) for part in template]
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"queens: error: {name} must ") and err.count("\n") == 1
    command = " ".join(argv[:2]) if argv[0] == "generate" else argv[0]
    assert err.endswith(f"; see 'queens {command} --help'\n")


# -- usage hints name the command ---------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["solve", "8", "--frobnicate"], "queens solve"),
        (["count", "8", "extra"], "queens count"),
        (["generate", "completion", "8", "--remove", "1", "--frob"], "queens generate completion"),
        (["generate", "completion", "x", "--remove", "1"], "queens generate completion"),
        (["generate", "nope"], "queens generate"),
        (["nope"], "queens"),
    ],
)
def test_usage_errors_point_to_the_command_help(
    capsys: pytest.CaptureFixture[str], argv: list[str], hint: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and err.endswith(f"; see '{hint} --help'\n") and err.count("\n") == 1


# -- check decides on every line --------------------------------------------------------


def test_check_fails_when_only_the_first_line_is_bad(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "placements.txt"
    path.write_text("1 2 3 4\n2 4 1 3\n[3, 1, 4, 2]\n")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 1
    assert out.splitlines()[1:] == ["line 2: ok", "line 3: ok"]


# -- whatever queens prints, queens can check ------------------------------------------

FORMATS = [
    ["--format", "board"],
    ["--format", "board", "--style", "plain"],
    ["--format", "board", "--style", "unicode"],
    ["--format", "board", "--style", "color"],
    ["--format", "list"],
    ["--format", "letters"],
    ["--format", "json"],
]


def _solve_then_check(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    solve: list[str],
    check: Callable[[], list[str]] = lambda: [],
) -> tuple[int, list[str], int]:
    status, printed, _ = run(capsys, "solve", *solve)
    assert status == 0
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(printed.encode())))
    status, out, err = run(capsys, "check", *check())
    assert err == ""
    return status, out.splitlines(), printed.count("\n")


@pytest.mark.parametrize("style", FORMATS, ids=" ".join)
@pytest.mark.parametrize(
    ("board", "solutions"), [(["6"], 4), (["--board", str(NAUCK)], 2), (["1"], 1)]
)
def test_solve_output_checks_ok(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    style: list[str],
    board: list[str],
    solutions: int,
) -> None:
    status, lines, _ = _solve_then_check(capsys, monkeypatch, [*board, "--all", *style])
    assert status == 0 and len(lines) == solutions
    assert all(line.endswith(": ok") for line in lines)


@pytest.mark.parametrize("fmt", ["list", "json"])
def test_big_solve_output_checks_ok(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    status, lines, _ = _solve_then_check(capsys, monkeypatch, ["100000", "--format", fmt])
    assert (status, lines) == (0, ["line 1: ok"])
