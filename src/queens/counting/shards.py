"""Shards: a deterministic part of a split, for batch systems without an engine.

Shard ``index`` of ``count`` (0-based) holds the sub-problems whose index is
``index`` modulo ``count``.  The split depends on the board alone, so every
machine picks the same part.  Dealing them out round-robin rather than in
blocks spreads the costly sub-problems (those near the middle columns of the
first rows) evenly over the shards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from queens.counting.split import SubProblem

MAX_SHARDS = 1_000_000
"""The most parts a count may be sharded into (as many as a split's sub-problems can be)."""


@dataclass(frozen=True)
class Shard:
    index: int  # 0-based
    count: int

    def __str__(self) -> str:
        """As a person writes it on the command line: ``2/3`` (1-based)."""
        return f"{self.index + 1}/{self.count}"

    def holds(self, subproblem_index: int) -> bool:
        return subproblem_index % self.count == self.index

    def indices(self, subproblems: int) -> range:
        """The indices of this shard among ``subproblems`` sub-problems."""
        return range(self.index, subproblems, self.count)

    def select(self, subproblems: Sequence[SubProblem]) -> list[SubProblem]:
        return [sp for sp in subproblems if self.holds(sp.index)]


WHOLE = Shard(0, 1)
"""The whole split: a run that is not sharded."""
