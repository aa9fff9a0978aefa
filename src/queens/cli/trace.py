"""queens trace: the search as a numbered log, one event a line (or JSON)."""

from __future__ import annotations

import argparse
import json
import sys

from queens import tracing
from queens.board import Board
from queens.cli.common import (
    UsageError,
    add_board_arguments,
    board_of_args,
    no_solution,
    offer,
)
from queens.events import Found, event_json
from queens.show.steps import event_text, numbered, until_first_solution
from queens.tracing import TRACERS, AlgorithmName, trace

PROG = "queens trace"

STEP_MAX_N = 64
"""The largest board the step-by-step commands follow (trace, animate, tree): the
textbook algorithms take far too long beyond it, even to a first solution."""


def add_algorithm_argument(parser: argparse.ArgumentParser) -> None:
    algorithm = parser.add_argument(
        "--algorithm",
        default="backtracking",
        metavar="A",
        help=f"the search to follow: {', '.join(TRACERS)} (default: backtracking)",
    )
    offer(algorithm, list(TRACERS))


def check_algorithm(name: str, prog: str, board: Board | None = None) -> AlgorithmName:
    """--algorithm, checked by the library, also against the board if given (a usage error)."""
    try:
        algorithm = tracing.check_algorithm(name)
    except tracing.UnknownAlgorithm as error:
        raise UsageError(str(error), prog) from None
    if board is not None and not tracing.takes(algorithm, board):
        raise UsageError(str(tracing.UnsupportedBoard(algorithm)), prog)
    return algorithm


DESCRIPTION = (
    "Print every step of the search, numbered: queens placed and removed, rows left "
    "empty (with fewer queens than rows), dead ends (no free square in a row) and "
    "solutions, with 1-based rows and columns. "
    "--json prints one 0-based JSON object per event instead. "
    f"Up to N = {STEP_MAX_N}."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    parser.add_argument("--first", action="store_true", help="stop at the first solution")
    parser.add_argument("--json", action="store_true", help="one JSON object per event")
    add_algorithm_argument(parser)


def run(args: argparse.Namespace) -> int:
    board = board_of_args(args, PROG, STEP_MAX_N, queen_rule_only=True)
    events = trace(board, check_algorithm(args.algorithm, PROG, board))
    if args.first:
        events = until_first_solution(events)
    found = 0
    write = sys.stdout.write
    for step, event in enumerate(events, 1):
        found += isinstance(event, Found)
        if args.json:
            write(json.dumps(event_json(event)) + "\n")
        else:
            write(numbered(step, event_text(event)) + "\n")
    if not found:
        raise no_solution(board)
    return 0
