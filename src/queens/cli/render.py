"""queens render: solutions as a picture, SVG (standard library) or PNG (Pillow)."""

from __future__ import annotations

import argparse
from itertools import islice
from typing import Any

from queens import api
from queens.board import Board
from queens.cli.common import (
    CommandError,
    UsageError,
    add_board_arguments,
    add_old_spelling,
    add_picture_argument,
    board_of_args,
    no_solution,
    whole,
)
from queens.cli.output import picture_kind, write_picture
from queens.cli.searching import add_force_argument, watched
from queens.cli.solve import solve_one
from queens.show.svg import picture_size

PROG = "queens render"

RENDER_MAX_N = 200
"""Above this the squares of a picture are too small to see."""

RENDER_MAX_BOARDS = 400
"""Most boards one picture holds (--all stops there; --limit K picks fewer)."""

RENDER_MAX_SIZE = 4096
"""Largest --pixels: pixels across one board."""

RENDER_MAX_SIDE = 10_000
"""Largest width or height of a whole picture in pixels (a PNG that size takes 300 MB)."""

DESCRIPTION = (
    "Draw the solution 'queens solve' prints (or the first K, as a grid) as a "
    "picture. The format follows the --out name: .svg (no dependencies) or .png "
    "(needs the png extra: Pillow). Reserved squares are hatched, fixed queens drawn "
    f"in red. Up to N = {RENDER_MAX_N}; a picture is at most {RENDER_MAX_SIDE:,} "
    "pixels wide and high."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    add_picture_argument(parser)
    parser.add_argument(
        "--all",
        action="store_true",
        help=f"draw every solution as a grid (at most {RENDER_MAX_BOARDS})",
    )
    parser.add_argument(
        "--limit",
        metavar="K",
        type=whole(1, RENDER_MAX_BOARDS),
        help="draw the first K solutions (lexicographically)",
    )
    pixels = parser.add_argument(
        "--pixels",
        metavar="PX",
        type=whole(1, RENDER_MAX_SIZE),
        help=f"pixel width of one board (at most {RENDER_MAX_SIZE})",
    )
    add_old_spelling(parser, "--size", pixels)
    parser.add_argument(
        "--coordinates", action="store_true", help="number rows and columns (1-based)"
    )
    add_force_argument(parser)


def chosen_solutions(board: Board, limit: int | None, every: bool) -> list[list[int]]:
    """The solutions to draw: the one ``queens solve`` prints, or the first ``limit`` (or all)."""
    if limit is None and not every:
        one = solve_one(board, "auto", None, None)  # instant for any N, as solve is
        return [] if one is None else [one.to_list()]
    wanted = limit if limit is not None else RENDER_MAX_BOARDS
    # One extra to tell "exactly the maximum" from "more than fits".
    solutions = [s.to_list() for s in islice(api.solutions(board), wanted + 1)]
    if every and limit is None and len(solutions) > RENDER_MAX_BOARDS:
        raise UsageError(
            f"more than {RENDER_MAX_BOARDS} solutions do not fit one picture; "
            "use --limit K to draw the first K",
            PROG,
        )
    return solutions[:wanted]


def check_picture_size(board: Board, boards: int, args: argparse.Namespace) -> None:
    """A usage error when ``boards`` boards would make a picture over RENDER_MAX_SIDE."""
    width, height = picture_size(board.size, boards, args.pixels, args.coordinates)
    if max(width, height) > RENDER_MAX_SIDE:
        raise UsageError(
            f"the picture would be {width:,} x {height:,} pixels, over {RENDER_MAX_SIDE:,} "
            "a side; choose a smaller --pixels (or --limit)",
            PROG,
        )


def run(args: argparse.Namespace) -> int:
    board = board_of_args(args, PROG, RENDER_MAX_N)
    kind = picture_kind(args.out, PROG)
    check_picture_size(board, args.limit or 1, args)  # before the search: the least it holds
    with watched(board, args.force):
        solutions = chosen_solutions(board, args.limit, args.all)
    if not solutions:
        raise no_solution(board)
    check_picture_size(board, len(solutions), args)  # before anything is drawn
    options: dict[str, Any] = {"size": args.pixels, "coordinates": args.coordinates}
    if kind == "svg":
        from queens.show.svg import solutions_svg  # lazy: start-up of the CLI

        data = solutions_svg(board, solutions, **options).encode()
    else:
        from queens.show.png import MissingPillow, solutions_png  # lazy: start-up of the CLI

        try:
            data = solutions_png(board, solutions, **options)
        except MissingPillow as error:
            raise CommandError(str(error)) from None
    write_picture(data, args.out)
    return 0
