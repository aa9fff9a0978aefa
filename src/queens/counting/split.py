"""Splitting a count into independent sub-problems.

The split is deterministic: it depends on the board alone (never on the
number of workers or machines, nor on whether the compiled kernel is
present), so shards counted anywhere agree and a checkpoint can name
sub-problems by index.  ``SPLIT_VERSION`` changes whenever the way of
splitting changes, so old checkpoints are refused.

Two kinds of sub-problem:

- the plain n x n board (n >= 4) is split into the sub-trees of the
  symmetric counter (:mod:`queens.engines.symmetric`), cut after the first
  rows: each counts one representative per class of solutions under all 8
  symmetries, so total and fundamental counts come from about a quarter
  of the search;
- any other board pins the queens of its first rows to each of their
  non-attacking placements and counts the rest, fundamental solutions by a
  canonical check under the board's own symmetries.

The cut is the shallowest that gives at least :func:`target` sub-problems:
enough for good load balance on many workers (and fine-grained checkpoints
for the long counts), few enough that the overhead stays small.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from queens import symmetry
from queens.board import Board
from queens.engines import Counts, kernel, reference

SPLIT_VERSION = "symmetric-1/pinned-1"


def target(n: int) -> int:
    """How many sub-problems to aim at for an n x n board."""
    return 800 if n < 18 else 10_000


@dataclass(frozen=True)
class SubProblem:
    """One piece of a count, self-contained so it can be pickled to any worker.

    ``prefix`` holds the columns of the queens of the first rows.  With
    ``allowed`` None the board is the plain n x n one, counted with the
    symmetric counter; otherwise ``allowed`` holds the board's column masks
    and ``group`` its own symmetries.
    """

    index: int
    n: int
    prefix: tuple[int, ...]
    allowed: tuple[int, ...] | None = None
    group: tuple[symmetry.Symmetry, ...] = ()


@dataclass(frozen=True)
class Split:
    board: Board
    subproblems: tuple[SubProblem, ...]

    @property
    def key(self) -> str:
        """Names the board and the way it was split (for checkpoints and shards)."""
        digest = hashlib.sha256(f"{self.board.n}\n{self.board}".encode()).hexdigest()[:16]
        return f"n={self.board.n};board={digest};split={SPLIT_VERSION}"


def split(board: Board) -> Split:
    """The board's count as a tuple of sub-problems (indexed 0..len-1)."""
    n = board.n
    if board.is_plain and n >= kernel.SYMMETRIC_MIN_N:
        prefixes = _symmetric_prefixes(n)
        parts = (SubProblem(i, n, p) for i, p in enumerate(prefixes))
    else:
        allowed = board.allowed_masks()
        group = symmetry.board_symmetries(board)
        prefixes = _pinned_prefixes(allowed, target(n))
        parts = (SubProblem(i, n, p, allowed, group) for i, p in enumerate(prefixes))
    return Split(board, tuple(parts))


def _symmetric_prefixes(n: int) -> list[tuple[int, ...]]:
    prefixes: list[tuple[int, ...]] = []
    for depth in range(2, n):
        prefixes = kernel.symmetric_prefixes(n, depth)
        if len(prefixes) >= target(n):
            break
    return prefixes


def _pinned_prefixes(allowed: tuple[int, ...], goal: int) -> list[tuple[int, ...]]:
    """Placements of the first rows (lexicographic), cut where they reach ``goal``."""
    prefixes: list[tuple[int, ...]] = [()]
    for depth in range(1, len(allowed)):
        # The first rows alone form a board of their own: its solutions are
        # the non-attacking prefixes.
        prefixes = [tuple(p) for p in reference.solutions(allowed[:depth])]
        if len(prefixes) >= goal or not prefixes:
            break
    return prefixes


def count_subproblem(subproblem: SubProblem, stop: kernel.StopFlag | None = None) -> Counts:
    """Total and fundamental counts of one sub-problem (:func:`sum_counts` adds them up).

    Raises :class:`queens.engines.kernel.Stopped` when ``stop`` is set first.
    """
    if subproblem.allowed is None:
        return kernel.count_symmetric(subproblem.n, subproblem.prefix, stop)
    pinned = tuple(1 << c for c in subproblem.prefix)
    allowed = pinned + subproblem.allowed[len(pinned) :]
    return kernel.count(allowed, subproblem.group, stop)


def sum_counts(results: Iterable[Counts]) -> Counts:
    """The counts of a board (or of a shard): the sum of its sub-problems' counts.

    The one place the sum is written; it holds because the sub-problems of a
    split partition the board's solutions (and its classes of solutions).
    """
    return sum(results, Counts(0, 0))
