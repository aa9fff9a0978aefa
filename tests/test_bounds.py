"""Issue 26's classes, pinned: sizes checked before memory is spent (F), impossible
stored counts refused (G), exit statuses by convention (H), and the smaller ones (I)."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import queens
from queens.board import MAX_TEXT_N, BoardError
from queens.counting.checkpoint import checksum
from queens.engines import Counts
from queens.puzzle.grid import GridError, parse_grid

RUNAWAY = 120  # seconds: proves "did not run away", nothing about speed
MEMORY = 1 << 30  # bytes of address space: far below what the inputs would cost unchecked


def _bounded(code: str) -> subprocess.CompletedProcess[str]:
    """Python ``code`` in a process limited to MEMORY bytes of address space."""
    limit = f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({MEMORY}, {MEMORY}))\n"
    return subprocess.run(
        [sys.executable, "-c", limit + code], capture_output=True, text=True, timeout=RUNAWAY
    )


@pytest.mark.parametrize(
    ("code", "error"),
    [
        ("next(queens.trace(10**9))", "ValueError"),
        ("queens.Board.parse('.' * 5 * 10**7)", "BoardError"),
        ("parse_grid('A' * 10**7)", "GridError"),
        ("next(queens.solutions(10**6))", "TooBigToSearch"),
        ("queens.solve(10**6, method='search')", "TooBigToSearch"),
        # The engines for hard boards: a bitmask a row, 10**7 bits each (900 MB in 2 s).
        ("queens.solve(queens.Board(10**7, k=5))", "TooBigForMethod"),
        ("queens.solve(queens.Board(10**6, height=10**6 - 1))", "TooBigForMethod"),
        ("queens.solve(10**6, method='propagate')", "TooBigForMethod"),
    ],
)
def test_sizes_are_checked_before_memory_is_spent(code: str, error: str) -> None:
    # Class F: these cost 1 to 8 GB (or a RecursionError) before their checks.
    done = _bounded(
        "import queens\nfrom queens.puzzle.grid import parse_grid\n"
        f"try:\n    {code}\nexcept Exception as error:\n    print(type(error).__name__)\n"
    )
    assert done.stdout.strip() == error, done.stderr


def test_long_text_is_refused_by_its_length() -> None:
    with pytest.raises(BoardError, match="over the"):
        queens.Board.parse("." * 10**7)
    with pytest.raises(BoardError, match="line 1: 2,001 characters"):
        queens.Board.parse("." * (2 * MAX_TEXT_N + 1))
    with pytest.raises(GridError, match="line 1: 200 characters"):
        parse_grid("A" * 200)


def test_text_that_is_not_a_string_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="board text must be a str, got NoneType"):
        queens.Board.parse(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="grid text must be a str, got bytes"):
        parse_grid(b"AB\nBA")  # type: ignore[arg-type]


# -- G: stored counts checked for plausibility on every read -------------------


@pytest.fixture(scope="module")
def checkpoint_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from queens.cli import main

    path = tmp_path_factory.mktemp("g") / "c10.db"
    assert main(["count", "10", "--checkpoint", str(path), "--quiet"]) == 0
    return path


def _copy(path: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "edited.db"
    shutil.copy(path, copy)
    return copy


def _refused_everywhere(path: Path, capsys: pytest.CaptureFixture[str], words: str) -> None:
    """Both readers refuse the file: exit 2, one line, nothing on stdout, without --verify."""
    from queens.cli import main

    for argv in (["merge", str(path)], ["count", "10", "--checkpoint", str(path)]):
        status = main(argv)
        out, err = capsys.readouterr()
        assert (status, out, err.count("\n")) == (2, "", 1), (argv, err)
        assert words in err, err


def _set_record(path: Path, index: int, total: int, unique: int) -> None:
    """Store counts with their right checksum, as a faulty or hostile writer would."""
    with sqlite3.connect(path) as connection:
        key = connection.execute("SELECT value FROM meta WHERE key = 'split_key'").fetchone()[0]
        counts = Counts(total, unique)
        connection.execute(
            "UPDATE results SET total = ?, uniq = ?, checksum = ? WHERE subproblem = ?",
            (total, unique, checksum(key, index, counts), index),
        )


@pytest.mark.parametrize(("total", "unique"), [(-985808, 0), (2**62, 0), (3, 4), (5, -1)], ids=str)
def test_impossible_records_are_refused(
    checkpoint_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    total: int,
    unique: int,
) -> None:
    edited = _copy(checkpoint_file, tmp_path)
    _set_record(edited, 3, total, unique)
    _refused_everywhere(edited, capsys, "sub-problem 4 has")


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("rule", "bogus", "names the rule 'bogus'"),
        ("width", "13", "says 13 x 10 but its board is 10 x 10"),
        ("height", "0", "cannot be"),
        ("queens", "99", "cannot be"),
        ("package_version", "0.0.1", "written by queens 0.0.1"),
        ("board", "Q" + "." * 9 + ("\n" + "." * 10) * 9, "does not give its split key"),
        ("board", "\0" * 10 + ("\n" + "." * 10) * 9, "does not read"),
    ],
)
def test_headers_that_do_not_hold_together_are_refused(
    checkpoint_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    key: str,
    value: str,
    words: str,
) -> None:
    edited = _copy(checkpoint_file, tmp_path)
    with sqlite3.connect(edited) as connection:
        connection.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key))
    _refused_everywhere(edited, capsys, words)


def test_an_untouched_checkpoint_still_reads(
    checkpoint_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from queens.cli import main

    assert main(["merge", str(checkpoint_file)]) == 0
    assert capsys.readouterr().out == "724\n"


# -- H and I: exit statuses and messages by convention ---------------------------


class _ClosedPipe:
    """A standard output whose reader has gone (``| head -c 10``)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError

    def flush(self) -> None:
        raise BrokenPipeError

    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize("argv", [["compare", "6"], ["animate", "6", "--delay", "0"]])
def test_a_closed_pipe_ends_quietly_with_0(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Class H: rich turned the closed pipe into SystemExit(1), the "disagree" status.
    from queens.cli import main

    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert main(argv) == 0


def _usage(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> str:
    """The one line a usage error (exit 2) prints."""
    from queens.cli import main

    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1, err
    return err


def test_a_huge_column_number_is_one_line_of_ours(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"[" + b"1" * 5000 + b", 2]")))
    err = _usage(["check"], capsys)
    assert "a column number of 5,000 digits" in err and "sys.set_int_max_str_digits" not in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["count", "12", "--checkpoint", ""], "--checkpoint must not be empty"),
        (["count", "12", "--scheduler", ""], "--scheduler must not be empty"),
        (["serve", "--host", ""], "--host must not be empty"),
        (["solve", "--board", ""], "--board must not be empty"),
        (["merge", ""], "FILE must not be empty"),
        (["check", "--size", "8", "--n", "9"], "--size and --n give different values"),
        (["count", "8", "--queens", "3", "--queens", "4"], "--queens given twice"),
        (["check", "--size", "10x8", "--rule", "toroidal"], "needs a square board"),
    ],
)
def test_usage_errors(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert words in _usage(argv, capsys)


def test_the_same_value_twice_is_no_error(capsys: pytest.CaptureFixture[str]) -> None:
    from queens.cli import main

    assert main(["count", "8", "--queens", "8", "--queens", "8"]) == 0
    assert capsys.readouterr().out == "92\n"


def test_a_rectangle_too_long_for_counting_says_which_side(
    capsys: pytest.CaptureFixture[str],
) -> None:
    err = _usage(["count", "1000x1"], capsys)
    assert "at most 900 columns and 900 rows, got 1000 x 1 (1000 columns, 1 row)" in err


def test_library_inputs_that_cannot_be_are_value_errors() -> None:
    from queens.puzzle.generate import generate

    with pytest.raises(ValueError, match="unknown difficulty 'expert'"):
        generate(5, 1, "expert")
    with pytest.raises(ValueError, match="column 5 is off a board of 2 columns"):
        queens.Solution([0, 5], width=2)
    with pytest.raises(ValueError, match="at least 1 column wide"):
        queens.Solution([0, 1], width=-1)
    with pytest.raises(ValueError, match="column -2 is off"):
        queens.Solution([0, -2])
    assert queens.Solution([0, -1, 2], width=4).queen_count == 2


def test_local_search_never_hands_the_kernel_a_board_without_solutions() -> None:
    from queens.engines.anyn import local
    from queens.rules import Rule

    for n in range(2, 12):  # the kernel's local_fill would search forever on 2..9
        found = local.local_search(n, 0, rule=Rule.SUPERQUEEN)
        assert (found is None) == (n < 10)


def test_the_torus_definition_of_fundamental_with_fewer_queens() -> None:
    # Decided for issue 26: translations only with a queen in every row (README, rules).
    torus = queens.Board(5, rule="toroidal")
    assert queens.counts(torus) == (10, 1)  # the 8 symmetries and the 25 translations
    assert queens.count(torus.with_queens(1), unique=True) == 6  # the 8 symmetries alone
