"""queens check: validate placements read from a file or standard input."""

from __future__ import annotations

import argparse
import re
import sys

from queens.board import Size
from queens.checking import line_limit, placements
from queens.cli.common import (
    CommandError,
    UsageError,
    add_queens_argument,
    add_rule_argument,
    board_shape,
    read_lines,
    read_text,
)
from queens.rules import parse_rule, shape_problem

PROG = "queens check"

DESCRIPTION = (
    "Check placements, one a line as 1-based columns ('[1, 5, 8, 6, 3, 7, 2, 4]', "
    "'1 5 8 ...' or '1,5,8,...'; 0 for an empty row), JSON lines "
    '(\'{"n": 8, "columns": [0, 4, ...]}\' or '
    '\'{"width": 10, "height": 8, "columns": [...]}\', 0-based, null for an '
    "empty row), letters ('aehfcgbd', - for an empty row), or boards separated by "
    "blank lines (board text, unicode or coloured): whatever 'queens solve' prints. "
    "A list or letters line is taken as a square board unless --size says otherwise. "
    "Prints 'ok' or what is wrong for each as it reads; exits 0 when all are valid, "
    "1 otherwise. With --certificate FILE, checks instead a certificate written by "
    "'queens solve --certificate': exits 0 when it proves its answer for its board, 1 when "
    "it does not."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "n",
        metavar="N",
        nargs="?",
        help="require this board size, N or WxH, as every command takes it (as --size); optional",
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="input (default: stdin); a file named like a size is given as ./8",
    )
    parser.add_argument(
        "--size",
        metavar="N|WxH",
        type=board_shape,
        help="require this board size: N (N x N) or WxH (W columns, H rows)",
    )
    parser.add_argument("--n", dest="size", metavar="N", type=board_shape, help="as --size")
    parser.add_argument(
        "--certificate",
        metavar="FILE",
        help="check the certificate FILE ('queens solve --certificate'), re-deriving the "
        "board's CNF and checking a DRAT proof with dratify (the sat extra); no N or input",
    )
    add_queens_argument(parser, "require K queens (default: as many as fit, one per row or column)")
    add_rule_argument(parser)


_SIZE = re.compile(r"[0-9]+(?:[xX][0-9]+)?")


def size_and_input(args: argparse.Namespace) -> tuple[Size | None, str]:
    """The size required (N, or --size: they must agree) and the input file (``-``:
    stdin); a lone argument that is not a size is the file (``queens check FILE``)."""
    given, path = args.n, args.file
    if path is None and given is not None and not _SIZE.fullmatch(given):
        given, path = None, given
    size = args.size
    if given is not None:
        try:
            size = board_shape(given)
        except argparse.ArgumentTypeError as error:
            raise UsageError(f"N {error}", PROG) from None
        if args.size is not None and args.size != size:
            width, height = args.size
            other = f"{width}" if width == height else f"{width}x{height}"
            raise UsageError(f"N is {given} but --size is {other}", PROG)
    return size, path or "-"


CERTIFICATE_LIMIT = 1 << 30
"""The longest certificate read, in characters (a DRAT proof can run to hundreds of MB)."""


def check_certificate(path: str, given: bool) -> int:
    """``queens check --certificate FILE``: 0 when the certificate proves its answer, 1
    when it does not (saying why); a file that is no certificate is bad input (2)."""
    from queens.certificate import Certificate, CertificateError, check  # lazy: start-up

    if given:
        raise UsageError("--certificate takes no N, size or input file", PROG)
    text = read_text(path, "certificate", CERTIFICATE_LIMIT, "the certificate limit")
    try:
        certificate = Certificate.from_json(text)
    except CertificateError as error:
        raise CommandError(f"{path}: {error}") from None
    try:
        check(certificate)
    except CertificateError as error:
        sys.stdout.write(f"{path}: refused: {error}\n")
        return 1
    except ModuleNotFoundError as error:
        raise CommandError(
            f"checking a DRAT proof needs {error.name}: install queens-toolkit[sat] "
            "(pip install 'queens-toolkit[sat]')"
        ) from None
    board = certificate.board
    answer = "a solution" if certificate.solvable else "no solution"
    sys.stdout.write(
        f"{path}: ok: {answer} for this {board.size_text} board ({certificate.argument})\n"
    )
    return 0


def run(args: argparse.Namespace) -> int:
    if args.certificate is not None:
        given = args.n is not None or args.file is not None or args.size is not None
        return check_certificate(args.certificate, given)
    args.size, path = size_and_input(args)
    if args.size is not None and args.rule != "queen":  # as count and solve: a usage error
        problem = shape_problem(parse_rule(args.rule), *args.size)
        if problem is not None:
            raise UsageError(problem, PROG)
    if args.size is not None and args.queens is not None and args.queens > min(args.size):
        width, height = args.size
        raise UsageError(
            f"--queens {args.queens} does not fit: a {width} x {height} board takes at most "
            f"{min(args.size)}",
            PROG,
        )
    lines = read_lines(path, "placement", line_limit)
    all_valid = True
    try:
        width = None if args.size is None else args.size[0]
        for placement in placements(lines, width):
            problem = placement.problem(args.size, args.queens, args.rule)
            all_valid = all_valid and problem is None
            sys.stdout.write(f"line {placement.line}: {problem or 'ok'}\n")
    except ValueError as error:
        raise CommandError(str(error)) from None
    except MemoryError:
        raise CommandError("not enough memory to check this placement") from None
    return 0 if all_valid else 1
