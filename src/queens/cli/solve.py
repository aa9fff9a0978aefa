"""queens solve: print the first solution, or all of them, in a format."""

from __future__ import annotations

import argparse
import sys
from itertools import islice
from typing import Any

from queens import api
from queens.board import Board
from queens.cli.common import (
    CommandError,
    NoSolution,
    Undecided,
    UsageError,
    add_board_arguments,
    board_from_args,
)
from queens.formats import FORMATS, format_problem, write_solutions
from queens.show.text import STYLES, resolve_style

PROG = "queens solve"


def add_parser(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "solve",
        help="print a solution, or all of them",
        description="Print one solution, or all of them in order. The first solution "
        "(lexicographically) with --method search and, by default, on boards without "
        "reserved squares or fixed queens; any valid one on hard boards.",
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
        "--method",
        default="auto",
        choices=api.METHODS,
        metavar="METHOD",
        help=f"how to find one solution: {', '.join(api.METHODS)} (default: auto; "
        "search gives the lexicographically first)",
    )
    parser.add_argument(
        "--timeout",
        metavar="SECONDS",
        help="give up after SECONDS and exit 3 (undecided); for auto, propagate and sat",
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
    timeout = parse_timeout(args.timeout)
    if args.method not in ("auto", "search") and (many or args.unique):
        raise UsageError(
            f"--method {args.method} finds one solution: drop --all, --limit, --unique", PROG
        )
    if timeout is not None and (many or args.unique or args.method == "search"):
        raise UsageError("--timeout works only for one solution by auto, propagate or sat", PROG)
    if not many and not args.unique and args.method != "search":
        return solve_one(board, args, style)
    found = api.solutions(board, unique=args.unique)
    if not many:
        limit = 1
    written = write_solutions(
        sys.stdout, islice(found, limit), args.format, style=style, board=board
    )
    if written == 0:
        raise no_solution(board)
    return 0


def parse_timeout(text: str | None) -> float | None:
    if text is None:
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        raise UsageError(f"--timeout must be a positive number of seconds, got {text!r}", PROG)
    return seconds


def solve_one(board: Board, args: argparse.Namespace, style: str) -> int:
    """One solution by the chosen method (any valid one unless ``search``)."""
    from queens.engines.sat import SolverMissing

    try:
        found = api.solve(board, method=args.method, timeout=parse_timeout(args.timeout))
    except ValueError as error:
        raise UsageError(str(error), PROG) from None
    except api.Undecided as error:
        raise Undecided(str(error)) from None
    except SolverMissing as error:
        raise CommandError(str(error)) from None
    if found is None:
        raise no_solution(board)
    write_solutions(sys.stdout, [found], args.format, style=style, board=board)
    return 0


def no_solution(board: Board) -> NoSolution:
    """The exit-1 answer for a board without solutions, naming clashing fixed queens."""
    reason = board.conflict()
    if reason is not None:
        return NoSolution(f"no solution: {reason}")
    return NoSolution(f"no solution exists for this {board.n} x {board.n} board")
