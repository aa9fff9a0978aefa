"""queens check: validate placements read from a file or standard input."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from queens.checking import line_limit, placements
from queens.cli.common import CommandError, board_size, read_lines

PROG = "queens check"


def add_parser(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check",
        description=(
            "Check placements, one a line as 1-based columns ('[1, 5, 8, 6, 3, 7, 2, 4]', "
            "'1 5 8 ...' or '1,5,8,...'), JSON lines ('{\"n\": 8, \"columns\": [0, 4, ...]}', "
            "0-based), letters ('aehfcgbd'), or boards separated by blank lines (board text, "
            "unicode or coloured): whatever 'queens solve' prints. Prints 'ok' or what is "
            "wrong for each as it reads; exits 0 when all are valid, 1 otherwise."
        ),
    )
    parser.add_argument(
        "file", metavar="FILE", nargs="?", default="-", help="input (default: stdin)"
    )
    parser.add_argument("--n", metavar="N", type=board_size, help="require this board size")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lines = read_lines(args.file, "placement", line_limit)
    all_valid = True
    try:
        for placement in placements(lines):
            problem = placement.problem(args.n)
            all_valid = all_valid and problem is None
            sys.stdout.write(f"line {placement.line}: {problem or 'ok'}\n")
    except ValueError as error:
        raise CommandError(str(error)) from None
    except MemoryError:
        raise CommandError("not enough memory to check this placement") from None
    return 0 if all_valid else 1
