"""queens count: print the number of solutions (or of fundamental ones).

Every count, whatever its options, is one ``Plan``
(its scale options are read in cli/scaling.py).
"""

from __future__ import annotations

import argparse
import json
from contextlib import ExitStack

from queens.cli import scaling
from queens.cli.common import CommandError, add_board_arguments, board_of_args, positive
from queens.cli.progress import CountProgress
from queens.counting import estimate

PROG = "queens count"

DESCRIPTION = "Print the number of solutions alone on standard output."


def add_arguments(parser: argparse.ArgumentParser) -> None:
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


def parse_workers(workers: int | None) -> int:
    from queens.counting.run import default_workers  # lazy: start-up of the CLI

    return default_workers() if workers is None else workers


def run(args: argparse.Namespace) -> int:
    from queens.counting.resumable import Plan  # lazy: start-up of the CLI (--help)

    board = board_of_args(args, PROG)
    workers = parse_workers(args.workers)
    # --checkpoint, --shard and --scheduler are asked for long counts: no refusal.
    try:
        estimate.check(board, workers, force=args.force or scaling.for_long_counts(args))
    except estimate.CountTooLong as error:
        raise CommandError(f"{error.reason}; add --force to run it anyway") from None
    except ValueError as error:  # a board too big to count at all
        raise CommandError(str(error)) from None
    fraction = scaling.parse_fraction(args.verify, PROG)
    shard = scaling.parse_shard(args, PROG)
    with scaling.failures(args), ExitStack() as stack:
        # Checked above, with the workers asked for.
        plan = stack.enter_context(Plan(board, checkpoint=args.checkpoint, shard=shard, force=True))
        executor, workers = scaling.open_executor(stack, args, board, workers)
        progress = stack.enter_context(
            CountProgress(len(plan.subproblems), enabled=not args.quiet, done=plan.resumed)
        )
        outcome = plan.run(executor=executor, workers=workers, on_result=progress)
        verified = None if fraction is None else plan.verify(fraction)
    if args.json:
        print(json.dumps(scaling.json_record(board, outcome, verified)))
    else:
        print(outcome.counts.unique if args.unique else outcome.counts.total)
    return 0
