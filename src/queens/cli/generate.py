"""queens generate: puzzle boards for tests and benchmarks, as board text."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from queens import generate
from queens.board import Board
from queens.cli.common import CommandError, Parser, UsageError, parse_n

PROG = "queens generate"


def add_parser(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "generate",
        description="Write a generated puzzle board as board text (same seed, same board).",
    )
    families = parser.add_subparsers(
        dest="family", metavar="FAMILY", parser_class=Parser, required=True
    )
    completion = families.add_parser(
        "completion",
        help="fixed queens to complete",
        description="A random solution with D queens removed (always solvable), "
        "or M random mutually non-attacking queens (solvable or not).",
    )
    how = completion.add_mutually_exclusive_group(required=True)
    how.add_argument("--remove", metavar="D", help="queens removed from a random solution")
    how.add_argument("--place", metavar="M", help="random non-attacking queens placed")
    blocked = families.add_parser(
        "blocked", help="randomly reserved squares", description="Reserve each square at random."
    )
    blocked.add_argument(
        "--density", metavar="P", required=True, help="chance of each square being reserved"
    )
    diagonals = families.add_parser(
        "diagonals",
        help="whole diagonals reserved",
        description="Reserve every square of K distinct diagonals chosen at random.",
    )
    diagonals.add_argument("--count", metavar="K", required=True, help="diagonals reserved")
    for family in (completion, blocked, diagonals):
        family.add_argument("n", metavar="N", help="board size")
        family.add_argument("--seed", metavar="S", help="random seed (default: a random one)")
        family.add_argument("--out", metavar="FILE", help="write to FILE instead of stdout")
        family.set_defaults(run=run)


def _whole(text: str, option: str, prog: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise UsageError(f"{option} must be a whole number, got {text!r}", prog)
    return int(text)


def build(args: argparse.Namespace, seed: int) -> Board:
    prog = f"{PROG} {args.family}"
    n = parse_n(args.n)
    try:
        if args.family == "completion":
            if args.remove is not None:
                return generate.removed(n, _whole(args.remove, "--remove", prog), seed)
            return generate.placed(n, _whole(args.place, "--place", prog), seed)
        if args.family == "blocked":
            try:
                density = float(args.density)
            except ValueError:
                density = -1.0
            if not 0.0 <= density <= 1.0:
                raise UsageError(f"--density must be between 0 and 1, got {args.density!r}", prog)
            return generate.blocked(n, density, seed)
        return generate.diagonals(n, _whole(args.count, "--count", prog), seed)
    except ValueError as error:
        raise CommandError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    if args.seed is None:
        seed = random.SystemRandom().randrange(2**32)
    else:
        seed = _whole(args.seed, "--seed", f"{PROG} {args.family}")
    text = str(build(args, seed)) + "\n"
    if args.seed is None:
        print(f"queens: generated with --seed {seed}", file=sys.stderr)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    try:
        with open(args.out, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise CommandError(f"cannot write {args.out!r}: {error.strerror}") from None
    return 0
