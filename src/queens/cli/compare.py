"""queens compare: the textbook algorithms side by side on one board."""

from __future__ import annotations

import argparse

from queens.cli.common import (
    CommandError,
    UsageError,
    add_board_arguments,
    add_old_spelling,
    board_of_args,
    seconds,
)
from queens.cli.output import console
from queens.cli.trace import STEP_MAX_N
from queens.engines.counting import kernel
from queens.show.compare import Row, compare, disagreement
from queens.show.durations import describe_seconds

PROG = "queens compare"
DEFAULT_LIMIT = 10.0

DESCRIPTION = (
    "Run naive permutations, permutations with pruning, backtracking with an array, "
    "with sets and with bitmasks, and the library's engine on the same board: a table "
    "of solutions found (all must agree), nodes visited (queens placed) and time. "
    f"Exits 1 if the algorithms disagree. Up to N = {STEP_MAX_N}; N x N boards with "
    "N queens only (reserved squares and fixed queens allowed)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    timeout = parser.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=seconds,
        default=DEFAULT_LIMIT,
        help="skip an algorithm estimated to take longer than SECONDS "
        f"(default: {DEFAULT_LIMIT:g})",
    )
    add_old_spelling(parser, "--limit-seconds", timeout)


def _cells(row: Row) -> tuple[str, str, str, str]:
    if row.skipped is not None:
        return (row.name, "—", "—", row.skipped)
    nodes = "—" if row.nodes is None else f"{row.nodes:,}"
    seconds = "—" if row.seconds is None else describe_seconds(row.seconds)
    return (row.name, f"{row.solutions:,}", nodes, seconds)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console  # lazy: start-up of the CLI (rich, for the table)
    from rich.table import Table  # lazy: as above

    board = board_of_args(args, PROG, STEP_MAX_N, queen_rule_only=True)
    if not (board.is_square and board.is_full):  # the textbook algorithms' own limit
        raise UsageError(f"{PROG} supports N x N boards with N queens only", PROG)
    limit = args.timeout
    table = Table(title=f"{board.size_text} board", title_justify="left")
    # The numbers never wrap: on a narrow console the name of the engine does.
    table.add_column("algorithm")
    table.add_column("solutions", justify="right", no_wrap=True)
    table.add_column("nodes", justify="right", no_wrap=True)
    table.add_column("time", justify="right", no_wrap=True)
    err = Console(stderr=True)
    rows: list[Row] = []
    with err.status("running the algorithms…"):
        for row in compare(board, limit, kernel.description()):
            rows.append(row)
            table.add_row(*_cells(row))
    table.caption = (
        "nodes: queens placed (the place steps of queens trace); "
        "skipped: estimated time over --timeout"
    )
    out = console(soft_wrap=False)  # a closed pipe: exit 0
    out.print(table)
    problem = disagreement(rows)
    if problem is not None:
        raise CommandError(f"WRONG ANSWER, {problem} (a bug: please report it)", status=1)
    agreed = next((row.solutions for row in rows if row.solutions is not None), None)
    ran = sum(row.solutions is not None for row in rows)
    if agreed is not None:
        out.print(f"all {ran} algorithms that ran agree: {agreed:,} solutions")
    return 0
