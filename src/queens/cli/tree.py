"""queens tree: the recursion tree of the backtracking search, as an SVG picture."""

from __future__ import annotations

import argparse

from queens.cli.common import UsageError, add_board_arguments, board_of_args, nonempty
from queens.cli.output import picture_kind, write_picture
from queens.cli.trace import STEP_MAX_N, add_algorithm_argument, check_algorithm
from queens.show.tree import TREE_MAX_NODES, TreeTooBig, tree_svg
from queens.tracing import trace

PROG = "queens tree"

DESCRIPTION = (
    "Draw the recursion tree of the search as SVG: each node a partial placement "
    "(a small board), dead ends marked with a red frame and a cross, solutions with a "
    f"green frame and their number. Refused above {TREE_MAX_NODES} nodes "
    "(an empty board up to N = 6)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    parser.add_argument(
        "--out", metavar="FILE", type=nonempty, required=True, help="FILE.svg, or - for stdout"
    )
    add_algorithm_argument(parser)


def run(args: argparse.Namespace) -> int:
    board = board_of_args(args, PROG, STEP_MAX_N, queen_rule_only=True)
    picture_kind(args.out, PROG, kinds=("svg",))
    algorithm = check_algorithm(args.algorithm, PROG, board)
    try:
        svg = tree_svg(trace(board, algorithm), board)
    except TreeTooBig:
        raise UsageError(
            f"the {algorithm} search of this {board.size_text} board has more than "
            f"{TREE_MAX_NODES} nodes, too many to draw readably "
            "(backtracking on an empty board fits up to N = 6)",
            PROG,
        ) from None
    write_picture(f"{svg}\n".encode(), args.out)
    return 0
