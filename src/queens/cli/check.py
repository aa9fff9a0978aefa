"""queens check: validate placements read from a file or standard input."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from queens.checking import read_placements
from queens.cli.common import CommandError, parse_n, read_text

PROG = "queens check"


def add_parser(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check",
        description=(
            "Check placements, one a line as 1-based columns ('[1, 5, 8, 6, 3, 7, 2, 4]', "
            "'1 5 8 ...' or '1,5,8,...'), or boards in board text separated by blank lines. "
            "Prints 'ok' or what is wrong for each; exits 0 when all are valid, 1 otherwise."
        ),
    )
    parser.add_argument(
        "file", metavar="FILE", nargs="?", default="-", help="input (default: stdin)"
    )
    parser.add_argument("--n", metavar="N", help="require this board size")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    n = None if args.n is None else parse_n(args.n, "--n", PROG)
    try:
        placements = read_placements(read_text(args.file, "placement"))
    except ValueError as error:
        raise CommandError(str(error)) from None
    all_valid = True
    for placement in placements:
        problem = placement.problem(n)
        all_valid = all_valid and problem is None
        sys.stdout.write(f"line {placement.line}: {problem or 'ok'}\n")
    return 0 if all_valid else 1
