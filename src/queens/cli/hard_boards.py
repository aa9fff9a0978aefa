"""queens generate: puzzle boards for tests and benchmarks, as board text."""

from __future__ import annotations

import argparse
import random
import sys

from queens import hard_boards
from queens.board import MAX_TEXT_N, Board
from queens.cli.common import (
    CommandError,
    Parser,
    UsageError,
    add_old_spelling,
    add_out_argument,
    add_seed_argument,
    add_size_argument,
    fraction,
    whole,
)
from queens.cli.output import write_text

PROG = "queens generate"

DESCRIPTION = (
    "Write a generated puzzle board as board text (same seed, same board), "
    f"up to N = {MAX_TEXT_N} (the largest board text queens reads)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
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
    how.add_argument(
        "--remove", metavar="D", type=whole(0), help="queens removed from a random solution"
    )
    how.add_argument(
        "--place", metavar="M", type=whole(0), help="random non-attacking queens placed"
    )
    blocked = families.add_parser(
        "blocked", help="randomly reserved squares", description="Reserve each square at random."
    )
    blocked.add_argument(
        "--density",
        metavar="P",
        type=fraction,
        required=True,
        help="chance of each square being reserved",
    )
    diagonals = families.add_parser(
        "diagonals",
        help="whole diagonals reserved",
        description="Reserve every square of K distinct diagonals chosen at random.",
    )
    reserved = diagonals.add_argument(
        "--diagonals", metavar="K", type=whole(0), help="diagonals reserved (required)"
    )
    add_old_spelling(diagonals, "--count", reserved)
    for family in (completion, blocked, diagonals):
        add_size_argument(family, 1, MAX_TEXT_N, f"board size (at most {MAX_TEXT_N})")
        add_seed_argument(family)
        add_out_argument(family)


def build(args: argparse.Namespace, seed: int) -> Board:
    n = args.n
    try:
        if args.family == "completion":
            if args.remove is not None:
                return hard_boards.removed(n, args.remove, seed)
            return hard_boards.placed(n, args.place, seed)
        if args.family == "blocked":
            return hard_boards.blocked(n, args.density, seed)
        if args.diagonals is None:  # not argparse's required: --count still gives it
            raise UsageError(
                "the following arguments are required: --diagonals", "queens generate diagonals"
            )
        return hard_boards.diagonals(n, args.diagonals, seed)
    except ValueError as error:
        raise CommandError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    seed = random.SystemRandom().randrange(2**32) if args.seed is None else args.seed
    text = str(build(args, seed)) + "\n"
    if args.seed is None:
        print(f"queens: generated with --seed {seed}", file=sys.stderr)
    write_text(text, args.out)
    return 0
