"""A count of a board's sub-problems: plain, or resumed, sharded, run anywhere.

``Plan`` ties the pieces together: the board's split, the shard of it
this run does (all of it by default), the checkpoint that records each
finished sub-problem (none by default), and the executor that runs the rest
(local threads by default, or any ``concurrent.futures.Executor``, such
as a Dask cluster's).  Every ``queens count`` runs through one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from queens.board import Board
from queens.counting import estimate
from queens.counting.closing import Closing
from queens.counting.run import OnResult, count_subproblems, default_workers
from queens.counting.shards import WHOLE, Shard
from queens.counting.split import split
from queens.engines import Counts

# Checkpoints (sqlite3, hashlib) and --verify are imported where they are used: a plain
# count starts without them.
if TYPE_CHECKING:
    import concurrent.futures
    import random

    from queens.counting.checkpoint import Checkpoint


@dataclass(frozen=True)
class PlanOutcome:
    """What ``Plan.run`` counted.

    >>> outcome = Plan(10).run(workers=1)
    >>> outcome.counts, outcome.resumed
    (Counts(total=724, unique=92), 0)
    """

    counts: Counts  # of the shard (of the whole board when not sharded)
    subproblems: int  # in the shard
    resumed: int  # of them, finished before this run and read from the checkpoint
    elapsed: float  # seconds this run took
    shard: Shard


class Plan(Closing):
    """A count about to run: which sub-problems, and which are done already.

    Opening the checkpoint happens here, so a file from another run is
    refused (CheckpointError) before any work starts.  So is a count estimated
    to take longer than an hour on this machine's cores, as ``queens count``
    refuses it (``CountTooLong``), unless
    ``force`` or a ``checkpoint`` or ``shard`` says it is meant to be long;
    a board too big to count at all is a ValueError, forced or not.

    >>> with Plan(10) as plan:
    ...     outcome = plan.run(workers=1)
    >>> outcome.counts.total, outcome.subproblems > 1
    (724, True)
    """

    def __init__(
        self,
        board: Board | int,
        *,
        checkpoint: str | None = None,
        shard: Shard = WHOLE,
        force: bool = False,
    ) -> None:
        board = Board.of(board)  # a size stands for the empty board, as everywhere
        long_count = force or checkpoint is not None or shard != WHOLE
        estimate.check(board, default_workers(), force=long_count)  # before the split
        self.split = split(board)
        self.shard = shard
        self.subproblems = shard.select(self.split.subproblems)
        self.checkpoint: Checkpoint | None = None
        self.done: dict[int, Counts] = {}
        if checkpoint is not None:
            from queens.counting.checkpoint import Checkpoint, Header  # lazy: see above

            header = Header(
                self.split.key,
                len(self.split.subproblems),
                shard,
                board=board.text(),
                width=board.width,
                height=board.height,
                queens=board.k,
                rule=board.rule.value,  # its name in the file
            )
            self.checkpoint = Checkpoint.open(checkpoint, header)
            self.done = self.checkpoint.done()
        self.results: dict[int, Counts] = dict(self.done)  # done, then this run's too

    @property
    def resumed(self) -> int:
        """How many sub-problems were done before this run (read from the checkpoint).

        >>> Plan(8).resumed
        0
        """
        return len(self.done)

    def run(
        self,
        *,
        executor: concurrent.futures.Executor | None = None,
        workers: int | None = None,
        on_result: OnResult | None = None,
    ) -> PlanOutcome:
        """Count what is not done yet, recording each result before reporting it.

        >>> Plan(8).run(workers=1).counts
        Counts(total=92, unique=12)
        """
        start = time.perf_counter()

        def record(index: int, counts: Counts) -> None:
            if self.checkpoint is not None:
                self.checkpoint.record(index, counts)
            self.results[index] = counts
            if on_result is not None:
                on_result(index, counts)

        total = count_subproblems(
            self.subproblems, executor=executor, workers=workers, done=self.done, on_result=record
        )
        elapsed = time.perf_counter() - start
        return PlanOutcome(total, len(self.subproblems), self.resumed, elapsed, self.shard)

    def verify(
        self, fraction: float, *, rng: random.Random | None = None, workers: int | None = None
    ) -> int:
        """Recount a random ``fraction`` of the stored results (at least one); how many.

        Stored: what the checkpoint holds, read back from the file (so its
        checksums are checked again), or this run's results without one.
        Raises ``Disagreement`` naming the
        first sub-problem a recount contradicts (see ``queens.counting.verify``).

        >>> plan = Plan(10)
        >>> outcome = plan.run(workers=1)
        >>> plan.verify(0.5, workers=1) >= 1
        True
        """
        from queens.counting import verify  # lazy: see above

        if self.checkpoint is not None:
            shard = (f"checkpoint {self.checkpoint.path!r}", self.checkpoint.done())
        else:
            shard = ("this run", self.results)
        return verify.verify(self.split, [shard], fraction, rng=rng, workers=workers)

    def close(self) -> None:
        """Close the checkpoint, if any (``with Plan(...) as plan`` does it).

        >>> plan = Plan(8)
        >>> plan.close()
        """
        if self.checkpoint is not None:
            self.checkpoint.close()


__all__ = [
    "Plan",
    "PlanOutcome",
]
"""A count's plan and what it counted (the API page shows these)."""
