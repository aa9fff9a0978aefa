"""queens solve: print the first solution, or all of them, in a format."""

from __future__ import annotations

import argparse
import sys
from itertools import islice
from typing import Any

from queens import api
from queens.board import Board
from queens.cli.common import NoSolution, UsageError, add_board_arguments, board_from_args
from queens.formats import FORMATS, format_problem, write_board_solutions, write_solutions
from queens.show.text import STYLES, resolve_style

PROG = "queens solve"


def add_parser(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "solve",
        help="print a solution, or all of them",
        description="Print the first solution (lexicographically), or all of them in order.",
    )
    add_board_arguments(parser)
    parser.add_argument("--all", action="store_true", help="print every solution, streamed")
    parser.add_argument(
        "--unique",
        action="store_true",
        help="only fundamental solutions (one per class under the board's symmetries)",
    )
    parser.add_argument("--limit", metavar="K", help="stop after K solutions (implies --all)")
    parser.add_argument(
        "--format", default="board", metavar="FORMAT", help=f"one of {', '.join(FORMATS)}"
    )
    parser.add_argument(
        "--style",
        default="auto",
        metavar="STYLE",
        help="for --format board: plain, unicode or color "
        "(default: color on a terminal unless NO_COLOR is set, else plain)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    board = board_from_args(args.n, args.board, PROG)
    problem = format_problem(args.format, board.n)
    if problem is not None:
        raise UsageError(problem, PROG)
    if args.style not in STYLES:
        raise UsageError(f"unknown style {args.style!r} (choose from {', '.join(STYLES)})", PROG)
    if args.style != "auto" and args.format != "board":
        raise UsageError("--style applies to --format board only", PROG)
    style = resolve_style(args.style, sys.stdout)
    limit: int | None = None
    if args.limit is not None:
        if not args.limit.isdigit() or int(args.limit) < 1:
            raise UsageError(
                f"--limit must be a whole number of at least 1, got {args.limit!r}", PROG
            )
        limit = int(args.limit)
    many = args.all or limit is not None
    if many:
        written = write_board_solutions(
            sys.stdout, board, args.format, unique=args.unique, limit=limit, style=style
        )
    else:
        found = api.solutions(board, unique=args.unique)
        written = write_solutions(
            sys.stdout, islice(found, 1), args.format, style=style, board=board
        )
    if written == 0:
        raise no_solution(board)
    return 0


def no_solution(board: Board) -> NoSolution:
    """The exit-1 answer for a board without solutions, naming clashing fixed queens."""
    reason = board.conflict()
    if reason is not None:
        return NoSolution(f"no solution: {reason}")
    return NoSolution(f"no solution exists for this {board.n} x {board.n} board")
