"""queens animate: watch the search redraw the board at every step."""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext

from queens.cli.common import CommandError, add_board_arguments, board_of_args, no_solution, pause
from queens.cli.output import console as stdout_console
from queens.cli.searching import add_force_argument, ticking, watched
from queens.cli.trace import STEP_MAX_N, add_algorithm_argument, check_algorithm
from queens.show.animate import KeysUnavailable, animate, key_reader
from queens.show.steps import until_first_solution
from queens.show.text import plain_board
from queens.tracing import trace

PROG = "queens animate"
DEFAULT_DELAY = 0.05

DESCRIPTION = (
    "Redraw the board at every step of the search: queens ♛ (fixed ones in red), "
    "attacked squares tinted, reserved squares crossed, and a status line. When standard "
    "output is not a terminal, print only the final board and a summary line. "
    f"Up to N = {STEP_MAX_N}."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    parser.add_argument(
        "--delay",
        metavar="S",
        type=pause,
        default=DEFAULT_DELAY,
        help=f"seconds between steps (default: {DEFAULT_DELAY:g})",
    )
    parser.add_argument(
        "--step", action="store_true", help="wait for a key (Enter) between steps; q stops"
    )
    parser.add_argument("--first", action="store_true", help="stop at the first solution")
    add_algorithm_argument(parser)
    add_force_argument(parser)


def run(args: argparse.Namespace) -> int:
    board = board_of_args(args, PROG, STEP_MAX_N, queen_rule_only=True)
    delay = args.delay
    algorithm = check_algorithm(args.algorithm, PROG, board)
    events = trace(board, algorithm)
    if args.first:
        events = until_first_solution(events)
    console = stdout_console()  # a closed pipe: exit 0
    stepping = args.step and console.is_terminal
    # On a terminal the animation shows the search go on; else it is watched.
    search = nullcontext() if console.is_terminal else watched(board, args.force)
    try:
        with search, key_reader() if stepping else nullcontext() as wait:
            progress = animate(board, ticking(events), console, delay=delay, wait=wait)
    except KeysUnavailable as error:
        raise CommandError(str(error)) from None
    if not console.is_terminal:
        shown = progress.last_solution
        sys.stdout.write(plain_board(board, shown) + "\n\n")
    sys.stdout.write(progress.summary(algorithm) + "\n")
    if progress.solutions == 0 and not progress.stopped:
        raise no_solution(board)
    return 0
