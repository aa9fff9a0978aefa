"""Issue 26's classes, pinned: sizes checked before memory is spent (F), impossible
stored counts refused (G), exit statuses by convention (H), and the smaller ones (I)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import queens
from queens.board import MAX_TEXT_N, BoardError
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
