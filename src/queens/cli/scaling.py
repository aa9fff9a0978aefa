"""The scale options of ``queens count``: --checkpoint, --shard, --scheduler, --verify, --json.

Their arguments, how they are read, the executor and errors they bring, and
the ``--json`` record; cli/count.py runs every count, with or without them,
through one ``Plan``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

from queens.board import Board
from queens.cli.common import CommandError, UsageError, nonempty
from queens.counting.run import workers_for
from queens.counting.shards import MAX_SHARDS, WHOLE, Shard

# The modules of checkpoints, clusters and --verify (sqlite3, hashlib, logging, ...) are
# imported where those options are used: a plain ``queens count`` starts without them.
if TYPE_CHECKING:
    import concurrent.futures

    from queens.counting.resumable import PlanOutcome
from queens.rules import Rule

_SHARD = re.compile(r"([0-9]{1,9})/([0-9]{1,9})")  # ASCII digits, then MAX_SHARDS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("counting at scale")
    group.add_argument(
        "--checkpoint",
        metavar="FILE",
        type=nonempty,
        help="record each finished sub-problem in FILE; a rerun with it resumes",
    )
    group.add_argument(
        "--shard",
        metavar="I/K",
        type=shard_part,
        help="count only the I-th of K parts (1-based; needs --checkpoint; see 'queens merge')",
    )
    group.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        type=nonempty,
        help="run on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:PORT)",
    )
    add_verify_argument(group)


def add_verify_argument(parser: Any) -> None:
    """--verify FRACTION, for ``queens count`` and ``queens merge``."""
    parser.add_argument(
        "--verify",
        metavar="FRACTION",
        help="recount a random FRACTION (0 < FRACTION <= 1) of the stored sub-problems, "
        "at least one per shard, here; exit 2 naming the first that disagrees",
    )


def parse_fraction(text: str | None, prog: str) -> float | None:
    """--verify FRACTION as a number (None when not given); usage errors."""
    if text is None:
        return None
    try:
        from queens.counting.verify import check_fraction  # lazy: start-up of the CLI

        return check_fraction(float(text))
    except ValueError:
        raise UsageError(
            f"--verify must be a fraction above 0 and at most 1 (such as 0.01), got {text!r}",
            prog,
        ) from None


def for_long_counts(args: argparse.Namespace) -> bool:
    """Options only asked for long counts (so no refusal of a count as too long)."""
    return bool(args.checkpoint or args.shard or args.scheduler)


def shard_part(text: str) -> Shard:
    """``--shard I/K`` (argparse ``type=``): the I-th of K parts, 1-based on the command line."""
    match = _SHARD.fullmatch(text)
    if not match:
        raise argparse.ArgumentTypeError(f"must look like I/K (such as 2/3), got {text!r}")
    i, k = int(match[1]), int(match[2])
    if not 1 <= i <= k:
        raise argparse.ArgumentTypeError(f"must be I/K with I between 1 and K, got {text!r}")
    if k > MAX_SHARDS:
        raise argparse.ArgumentTypeError(f"must be I/K with K at most {MAX_SHARDS:,}, got {text!r}")
    return Shard(i - 1, k)


def parse_shard(args: argparse.Namespace, prog: str) -> Shard:
    """The part of the count this run does: ``--shard``, which needs ``--checkpoint``."""
    if args.shard is None:
        return WHOLE
    if not args.checkpoint:
        raise UsageError("--shard needs --checkpoint FILE (merge the files later)", prog)
    shard: Shard = args.shard
    return shard


def open_executor(
    stack: ExitStack, args: argparse.Namespace, board: Board, workers: int
) -> tuple[concurrent.futures.Executor | None, int]:
    """The executor (None: local workers) and how many workers it has, kept open by ``stack``."""
    if args.scheduler:
        from queens.counting.cluster import dask_executor  # lazy: start-up of the CLI

        cluster = stack.enter_context(dask_executor(args.scheduler, quiet=True))
        return cluster.executor, cluster.threads
    return None, workers_for(board, workers)


@contextmanager
def failures(args: argparse.Namespace) -> Iterator[None]:
    """A failed checkpoint, cluster or ``--verify`` ends the count in one line (exit 2)."""
    try:
        yield
    except Exception as error:
        if _scale_failure(error):
            raise CommandError(str(error)) from None
        if not args.scheduler:
            raise
        # Whatever a remote cluster reports (a scheduler gone, a worker that
        # cannot import queens, ...) ends in one line, not a traceback.
        raise CommandError(_cluster_failure(args, error)) from None


def _scale_failure(error: Exception) -> bool:
    """A failed checkpoint, cluster or ``--verify`` (their modules imported only now)."""
    from queens.counting.checkpoint import CheckpointError  # lazy: start-up of the CLI
    from queens.counting.cluster import ClusterError  # lazy: start-up of the CLI
    from queens.counting.verify import Disagreement  # lazy: start-up of the CLI

    return isinstance(error, (CheckpointError, ClusterError, Disagreement))


def _cluster_failure(args: argparse.Namespace, error: Exception) -> str:
    import concurrent.futures  # lazy: start-up of the CLI

    if isinstance(error, concurrent.futures.CancelledError):
        what = "its tasks were cancelled (scheduler gone?)"
    else:
        what = f"{type(error).__name__}: {error}".splitlines()[0]
    message = f"the count on the Dask cluster at {args.scheduler} failed: {what}"
    if args.checkpoint:
        message += f"; finished sub-problems are kept in {args.checkpoint}, rerun to resume"
    return message


def json_record(board: Board, outcome: PlanOutcome, verified: int | None = None) -> dict[str, Any]:
    # The n x n board with n queens keeps its record as it was; other shapes say theirs.
    size: dict[str, int | str] = {"n": board.width}
    if not (board.is_square and board.is_full):
        size = {"width": board.width, "height": board.height, "queens": board.k}
    if board.rule is not Rule.QUEEN:
        size["rule"] = board.rule.value
    record: dict[str, Any] = {
        **size,
        "total": outcome.counts.total,
        "unique": outcome.counts.unique,
        "elapsed": round(outcome.elapsed, 3),
        "subproblems": outcome.subproblems,
        "provenance": "resumed" if outcome.resumed else "fresh",
        "resumed": outcome.resumed,
    }
    if outcome.shard != WHOLE:
        record["shard_index"] = outcome.shard.index  # 0-based, as everywhere in JSON
        record["shards"] = outcome.shard.count
    if verified is not None:
        record["verified"] = verified  # sub-problems recounted and found equal
    return record
