"""Shared test helpers: the known counts table and an independent validator.

The validator is deliberately written apart from the package (plain pairwise
comparisons, O(N^2)) so that a bug in queens.validate cannot hide one in a
solver.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence
from itertools import permutations
from pathlib import Path

from queens.board import Board

try:
    from hypothesis import settings
except ImportError:  # the README's tests run against an installed wheel with pytest alone
    pass
else:
    # No deadline on any example: a test never asserts on wall-clock time, and an example can
    # take over the default 200 ms on a busy machine (or beside another test worker) without
    # anything being wrong.  pytest-timeout still fails a test that runs away.
    settings.register_profile("queens", deadline=None)
    settings.load_profile("queens")

DATA = Path(__file__).parent / "data"
BOARDS = DATA / "boards"


# What queens says once on stderr on a machine without the compiled kernel (no C compiler,
# or QUEENS_PURE_PYTHON=1): tests of a command's exact stderr leave it out.
ENGINE_WARNING = re.compile(
    r"^queens: warning: the compiled kernel is not available; .*\n", flags=re.MULTILINE
)


def without_engine_warning(stderr: str | bytes) -> str:
    """``stderr`` (decoded) less the compiled kernel's absence, said once when it is missing."""
    text = stderr.decode() if isinstance(stderr, bytes) else stderr
    return ENGINE_WARNING.sub("", text, count=1)


def known_counts() -> dict[int, tuple[int, int]]:
    """n -> (total, unique) from OEIS A000170 / A002562 (for checking only)."""
    with (DATA / "oeis-queens.tsv").open() as file:
        rows = csv.DictReader(file, delimiter="\t")
        return {int(r["n"]): (int(r["total"]), int(r["unique"])) for r in rows}


def sample_boards() -> list[tuple[Path, int]]:
    """The sample boards with the count their file name gives (``name-8-65.txt``)."""
    return [(p, int(p.stem.rsplit("-", 1)[1])) for p in sorted(BOARDS.glob("*.txt"))]


def is_solution(columns: Sequence[int], board: Board) -> bool:
    """True when ``columns`` places n mutually non-attacking queens honouring ``board``."""
    n = board.n
    if len(columns) != n or any(not 0 <= c < n for c in columns):
        return False
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            c1, c2 = columns[r1], columns[r2]
            if c1 == c2 or abs(c1 - c2) == r2 - r1:
                return False
    squares = set(enumerate(columns))
    return not (squares & board.reserved) and board.queens <= squares


def brute_force(board: Board) -> list[tuple[int, ...]]:
    """All solutions by trying every permutation (tiny boards only)."""
    return [p for p in permutations(range(board.n)) if is_solution(p, board)]
