"""queens count: print the number of solutions (or of fundamental ones)."""

from __future__ import annotations

import argparse
from typing import Any

from queens.cli import scaling
from queens.cli.common import CommandError, add_board_arguments, board_from_args, positive

PROG = "queens count"


def add_parser(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "count",
        description="Print the number of solutions alone on standard output.",
    )
    add_board_arguments(parser)
    parser.add_argument(
        "--unique",
        action="store_true",
        help="count fundamental solutions (distinct under the board's symmetries)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--workers",
        metavar="K",
        type=positive,
        help="workers (threads) for long counts (default: all cores)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--force", action="store_true", help="run even a count estimated to take over an hour"
    )
    scaling.add_arguments(parser)  # --checkpoint, --shard, --scheduler
    parser.set_defaults(run=run)


def parse_workers(workers: int | None) -> int:
    from queens.counting.run import default_workers

    return default_workers() if workers is None else workers


def run(args: argparse.Namespace) -> int:
    from queens.cli.progress import CountProgress
    from queens.counting import estimate
    from queens.counting.run import count_split, workers_for
    from queens.counting.split import split

    board = board_from_args(args.n, args.board, PROG)
    workers = parse_workers(args.workers)
    # --checkpoint, --shard and --scheduler are asked for long counts: no refusal.
    try:
        estimate.check(board, workers, force=args.force or scaling.for_long_counts(args))
    except estimate.CountTooLong as error:
        raise CommandError(f"{error.reason}; add --force to run it anyway") from None
    except ValueError as error:  # a board too big to count at all
        raise CommandError(str(error)) from None
    if scaling.requested(args):  # --json, --checkpoint, --shard, --scheduler
        return scaling.run(args, board, workers, PROG)
    parts = split(board)
    with CountProgress(len(parts.subproblems), enabled=not args.quiet) as progress:
        counts = count_split(parts, workers=workers_for(board, workers), on_result=progress)
    print(counts.unique if args.unique else counts.total)
    return 0
