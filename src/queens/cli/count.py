"""queens count: print the number of solutions (or of fundamental ones)."""

from __future__ import annotations

import argparse
from typing import Any

from queens import api
from queens.cli import scaling
from queens.cli.common import add_board_arguments, board_from_args

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
    scaling.add_arguments(parser)  # --checkpoint, --shard, --scheduler
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    board = board_from_args(args.n, args.board, PROG)
    if scaling.requested(args):  # --json, --checkpoint, --shard, --scheduler
        return scaling.run(args, board, PROG)
    print(api.count(board, unique=args.unique))
    return 0
