"""Splitting a count into independent sub-problems.

The split is deterministic: it depends on the board alone (never on the
number of workers or machines), so shards counted anywhere agree and a
checkpoint can name sub-problems by index.  ``SPLIT_VERSION`` changes
whenever the way of splitting changes, so old checkpoints are refused.

This first version pre-places the queens of the first two rows and counts
each prefix with the reference engine.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from queens import symmetry
from queens.board import Board
from queens.engines import Counts, reference

SPLIT_VERSION = "prefix-2/reference-1"


@dataclass(frozen=True)
class SubProblem:
    """One piece of a count, self-contained so it can be pickled to any worker."""

    index: int
    allowed: tuple[int, ...]  # the board's masks with the prefix rows pinned
    group: tuple[symmetry.Symmetry, ...]  # the board's symmetries, for unique counts


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
    allowed = board.allowed_masks()
    group = symmetry.board_symmetries(board)
    depth = min(2, board.n)
    # The first rows alone form a small board of their own: its solutions
    # are the non-attacking prefixes, in lexicographic order.
    prefixes = list(reference.solutions(allowed[:depth]))
    subproblems = []
    for index, prefix in enumerate(prefixes):
        pinned = tuple(1 << prefix[r] if r < depth else allowed[r] for r in range(board.n))
        subproblems.append(SubProblem(index, pinned, group))
    return Split(board, tuple(subproblems))


def count_subproblem(subproblem: SubProblem) -> Counts:
    """Total and fundamental counts of one sub-problem (sum them over the split)."""
    total = unique = 0
    for columns in reference.solutions(subproblem.allowed):
        total += 1
        unique += symmetry.is_canonical(columns, subproblem.group)
    return Counts(total, unique)
