"""queens count: print the number of solutions (or of fundamental ones)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from queens import api
from queens.cli.common import CommandError, add_board_arguments, board_from_args

PROG = "queens count"


def add_parser(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "count",
        help="count the solutions",
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
        "--force", action="store_true", help="count even a board estimated to take too long"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    board = board_from_args(args.n, args.board, PROG)
    if args.board is not None and not args.force:
        from queens.engines.estimate import refusal

        reason = refusal(board.allowed_masks())
        if reason is not None:
            raise CommandError(reason)
    if args.json:
        record: dict[str, int] = {"n": board.n}
        if args.unique:
            counts = api.counts(board)
            record.update(total=counts.total, unique=counts.unique)
        else:
            record["total"] = api.count(board)
        print(json.dumps(record))
    else:
        print(api.count(board, unique=args.unique))
    return 0
