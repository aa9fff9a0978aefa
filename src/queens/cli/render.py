"""queens render: solutions as a picture, SVG (standard library) or PNG (Pillow)."""

from __future__ import annotations

import argparse
from itertools import islice
from typing import Any

from queens import api
from queens.cli.common import (
    CommandError,
    UsageError,
    add_board_arguments,
    board_from_args,
    no_solution,
)

PROG = "queens render"

RENDER_MAX_N = 200
"""Above this the squares of a picture are too small to see."""

RENDER_MAX_BOARDS = 400
"""Most boards one picture holds (--all stops there; --limit K picks fewer)."""


def add_parser(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "render",
        description=(
            "Draw the first solution (or several, as a grid) as a picture. The format follows "
            "the --out name: .svg (no dependencies) or .png (needs the png extra: Pillow). "
            "Reserved squares are hatched, fixed queens drawn in red."
        ),
    )
    add_board_arguments(parser)
    parser.add_argument("--out", metavar="FILE", required=True, help="FILE.svg or FILE.png")
    parser.add_argument(
        "--all",
        action="store_true",
        help=f"draw every solution as a grid (at most {RENDER_MAX_BOARDS})",
    )
    parser.add_argument("--limit", metavar="K", help="draw the first K solutions")
    parser.add_argument("--size", metavar="PX", help="pixel width of one board")
    parser.add_argument(
        "--coordinates", action="store_true", help="number rows and columns (1-based)"
    )
    parser.set_defaults(run=run)


def _positive(text: str | None, name: str) -> int | None:
    if text is None:
        return None
    if not text.isdigit() or not text.isascii() or int(text) < 1:
        raise UsageError(f"{name} must be a whole number of at least 1, got {text!r}", PROG)
    return int(text)


def picture_kind(path: str) -> str:
    """``svg`` or ``png`` from the output file name; a usage error for anything else."""
    kind = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if kind not in ("svg", "png"):
        raise UsageError(f"--out must name a .svg or .png file, got {path!r}", PROG)
    return kind


def run(args: argparse.Namespace) -> int:
    board = board_from_args(args.n, args.board, PROG)
    kind = picture_kind(args.out)
    limit = _positive(args.limit, "--limit")
    size = _positive(args.size, "--size")
    if board.n > RENDER_MAX_N:
        raise UsageError(f"pictures are limited to N <= {RENDER_MAX_N}, got {board.n}", PROG)
    if limit is not None and limit > RENDER_MAX_BOARDS:
        raise UsageError(f"--limit is at most {RENDER_MAX_BOARDS} boards a picture", PROG)
    wanted = limit if limit is not None else RENDER_MAX_BOARDS if args.all else 1
    # One extra to tell "exactly the maximum" from "more than fits".
    solutions = [s.to_list() for s in islice(api.solutions(board), wanted + 1)]
    if args.all and limit is None and len(solutions) > RENDER_MAX_BOARDS:
        raise UsageError(
            f"more than {RENDER_MAX_BOARDS} solutions do not fit one picture; "
            "use --limit K to draw the first K",
            PROG,
        )
    solutions = solutions[:wanted]
    if not solutions:
        raise no_solution(board)
    options: dict[str, Any] = {"size": size, "coordinates": args.coordinates}
    if kind == "svg":
        from queens.show.svg import solutions_svg

        data = solutions_svg(board, solutions, **options).encode()
    else:
        from queens.show.png import MissingPillow, solutions_png

        try:
            data = solutions_png(board, solutions, **options)
        except MissingPillow as error:
            raise CommandError(str(error)) from None
    try:
        with open(args.out, "wb") as file:
            file.write(data)
    except OSError as error:
        raise CommandError(f"cannot write picture file {args.out!r}: {error.strerror}") from None
    return 0
