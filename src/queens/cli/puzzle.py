"""queens puzzle: the "Queens" region puzzle: solve, explain, generate and draw grids."""

from __future__ import annotations

import argparse
import json
import random
import sys
from datetime import date

from queens.cli.common import (
    CommandError,
    NoSolution,
    Parser,
    UsageError,
    add_old_spelling,
    add_out_argument,
    add_picture_argument,
    add_seed_argument,
    add_size_argument,
    nonempty,
    offer,
    read_text,
    whole,
)
from queens.cli.output import (
    not_unique,
    picture_kind,
    print_explanation,
    write_picture,
    write_text,
)
from queens.cli.puzzle_stars import (
    daily_stars_puzzle,
    generated_stars,
    run_explain_stars,
    run_solve_stars,
    solved_rows,
)
from queens.formats import format_problem, write_solution
from queens.puzzle import generate as maker
from queens.puzzle import levels
from queens.puzzle import read as pictures
from queens.puzzle.explain import DIFFICULTIES, NotUnique, Stuck, explain, level_reason
from queens.puzzle.grid import MAX_N, Grid, GridError, text_limit
from queens.puzzle.json_level import json_text_limit, parse_puzzle
from queens.puzzle.solve import CountTooLong, count, solutions, solve
from queens.puzzle.stars import MAX_STARS, MAX_STARS_N
from queens.show.text import resolve_style
from queens.solution import Solution

PROG = "queens puzzle"

FORMATS = ("board", "list", "letters", "json")
STYLES = ("auto", "plain", "color")

RENDER_MAX_SIZE = 4096
"""Largest --size of a picture, in pixels across."""

DESCRIPTION = (
    "The 'Queens' region puzzle (LinkedIn's daily grid, Star Battle with one star): "
    "an n x n grid cut into n regions, one letter a cell naming its region; place n "
    "queens, one in every row, column and region, no two touching (not even "
    f"diagonally). Grids up to n = {MAX_N}."
)

SUBCOMMANDS = {
    "solve": "solve a grid",
    "explain": "the solution step by step, as a person finds it",
    "generate": "a new grid with exactly one solution",
    "daily": "the day's grid (the same for everyone on a date)",
    "render": "draw a grid and its solution as SVG or PNG",
    "read": "the grid of a picture (a screenshot or a rendering)",
}
"""Each sub-command, in the order of ``queens puzzle --help``, with its one-line summary."""

DESCRIPTIONS = {
    "solve": "Print the solution of a grid (and say when it is not the only one), "
    "or all of them, or how many.",
    "explain": "The solution as a sequence of deductions, each naming its reason, "
    "and the difficulty of the hardest one: easy (a line or region with one cell left; "
    "a region within one line), medium (k regions within k lines), hard (a queen that "
    "would leave a line or region empty), expert (a case split).",
    "generate": "Write a new grid with exactly one solution, solvable without "
    "guessing, as grid text (same seed, same grid).",
    "daily": "Write the grid of the day as grid text: the same for everyone on a "
    f"date, one of {levels.CYCLE} shipped levels, small and easy on Mondays, bigger and harder "
    "towards Sunday. Its level, size and difficulty go to stderr. With --stars 2: "
    "a 2-star grid made from the date (8 x 8 on Mondays to 10 x 10 on Sundays), solved "
    "without a case split; with --stars 3: a 14 x 14 3-star grid made from the date "
    "(seconds; mostly expert); --json then has stars and seed instead of level.",
    "render": "Draw the grid in region colours with region letters and the queens "
    "of its solution (--empty: the bare grid). SVG needs nothing; PNG the png extra.",
    "read": "Print the grid text of a picture of a grid (PNG, JPEG, ...): the board "
    "is found by its evenly spaced cell lines (on a light or dark page, with titles or a "
    "phone's screen around it, turned by up to 3 degrees), the cells' colours (sampled "
    "near their edges, so queens, crosses and letters drawn on them do not count) and "
    "the border lines between them make the regions. The grid is printed only when it "
    "is checked: n x n cells in n regions, and a solution; else exit 1 saying what was "
    "uncertain (--debug-image shows what was found). Needs the read extra (Pillow and "
    "numpy).",
}
"""What each sub-command's ``--help`` says of it."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(
        dest="puzzle_command", metavar="COMMAND", parser_class=Parser, required=True
    )
    for name, summary in SUBCOMMANDS.items():
        command = commands.add_parser(name, help=summary, description=DESCRIPTIONS[name])
        add_its_arguments, run = _PARTS[name]
        add_its_arguments(command)
        command.set_defaults(run=run)


def _add_grid(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "grid",
        metavar="FILE",
        type=nonempty,
        help='grid text file, or a JSON level {"size": n, "colorRegions": [[...], ...]} '
        "(- for standard input)",
    )


def _add_stars(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--stars",
        metavar="K",
        type=whole(1, MAX_STARS),
        default=1,
        help=f"Star Battle: K stars (queens) in every row, column and region, none touching, "
        f"1 to {MAX_STARS} (default 1; above 1, grids up to n = {MAX_STARS_N})",
    )


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    _add_grid(parser)
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--all", action="store_true", help="print every solution")
    how.add_argument("--count", action="store_true", help="print how many solutions")
    parser.add_argument(
        "--force", action="store_true", help="run even a count estimated to take over an hour"
    )
    formats = parser.add_argument(
        "--format",
        default="board",
        metavar="FORMAT",
        help="board (region letters, '*' for a queen), list, letters or json, "
        "the last three as 'queens solve' writes them",
    )
    offer(formats, FORMATS)
    style = parser.add_argument(
        "--style",
        default="auto",
        metavar="STYLE",
        help="for --format board: plain or color (default: color on a terminal, unless "
        "NO_COLOR is set)",
    )
    offer(style, STYLES)
    _add_stars(parser)


def _explain_arguments(parser: argparse.ArgumentParser) -> None:
    _add_grid(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object")
    _add_stars(parser)


def _generate_arguments(parser: argparse.ArgumentParser) -> None:
    largest = max(high for _, high in maker.SIZES.values())
    add_size_argument(
        parser,
        1,
        largest,
        f"grid size, {maker.MIN_N} to {maker.MAX_N} (with --stars K, up to {largest})",
    )
    add_seed_argument(parser)
    difficulty = parser.add_argument(
        "--difficulty",
        metavar="LEVEL",
        help="easy, medium or hard (default: any)",
    )
    offer(difficulty, DIFFICULTIES)
    add_out_argument(parser)
    _add_stars(parser)


def _daily_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "date", metavar="DATE", nargs="?", type=day, help="YYYY-MM-DD (default: today)"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON object: date, level, n, difficulty, grid (a list of rows)",
    )
    _add_stars(parser)


def day(text: str) -> date:
    """DATE on the command line (YYYY-MM-DD)."""
    try:
        return levels.parse_day(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _render_arguments(parser: argparse.ArgumentParser) -> None:
    _add_grid(parser)
    add_picture_argument(parser)
    parser.add_argument("--empty", action="store_true", help="draw the grid without queens")
    pixels = parser.add_argument(
        "--pixels",
        metavar="PX",
        type=whole(16, RENDER_MAX_SIZE),
        help=f"picture width in pixels (16 to {RENDER_MAX_SIZE})",
    )
    add_old_spelling(parser, "--size", pixels)
    _add_stars(parser)


def _read_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("image", metavar="IMAGE", help="picture file (- for standard input)")
    parser.add_argument(
        "--size",
        metavar="N",
        type=whole(pictures.MIN_N, pictures.MAX_N),
        help=f"cells a side the grid must have ({pictures.MIN_N} to {pictures.MAX_N}; "
        "default: any)",
    )
    parser.add_argument(
        "--solve", action="store_true", help="also print the solution ('puzzle solve' board)"
    )
    parser.add_argument(
        "--marks",
        action="store_true",
        help="also print the queens and crosses drawn in the cells, as the puzzle page's "
        "link (#grid=...&marks=...: q a queen, x a cross, . empty, row by row)",
    )
    parser.add_argument(
        "--debug-image",
        metavar="OUT.png",
        type=nonempty,
        help="draw the cells and regions found on the picture, even when the read fails",
    )
    _add_stars(parser)


def read_grid(path: str) -> Grid:
    """A grid file (``-``: standard input), grid text or a JSON level, read and checked; a
    one-line error if it is bad."""
    limit = max(text_limit(), json_text_limit())
    text = read_text(path, "grid", limit, f"grids here go up to n = {MAX_N}")
    try:
        return parse_puzzle(text)
    except GridError as error:
        raise CommandError(str(error)) from None


def _no_solution() -> NoSolution:
    return NoSolution(
        "no solution: no way to put a queen in every row, column and region without two touching"
    )


def _style(args: argparse.Namespace, grid: Grid) -> str:
    if args.format not in FORMATS:
        raise UsageError(
            f"unknown format {args.format!r} (choose from {', '.join(FORMATS)})", PROG + " solve"
        )
    problem = format_problem(args.format, grid.n)
    if problem is not None:
        raise UsageError(problem, PROG + " solve")
    if args.style not in STYLES:
        raise UsageError(
            f"unknown style {args.style!r} (choose from {', '.join(STYLES)})", PROG + " solve"
        )
    if args.style != "auto" and args.format != "board":
        raise UsageError("--style applies to --format board only", PROG + " solve")
    return resolve_style(args.style, sys.stdout)


def _write(grid: Grid, columns: list[int], fmt: str, style: str) -> None:
    if fmt == "board":
        if style == "color":
            from queens.show.puzzle import ansi_puzzle  # lazy: display (rich)

            sys.stdout.write(ansi_puzzle(grid, columns) + "\n")
        else:
            sys.stdout.write(grid.board(columns) + "\n")
        return
    write_solution(sys.stdout, Solution(columns), fmt)


def _count(grid: Grid, force: bool) -> int:
    """The whole count: refused when estimated over an hour (unless ``force``); Ctrl-C stops it."""
    from queens.cli.searching import noticed  # lazy: start-up of the CLI

    try:  # the kernel's count sees a Ctrl-C (engines.counting.kernel.interruptible)
        with noticed(f"counting the solutions of the {grid.n} x {grid.n} grid"):
            return count(grid, force=force)
    except CountTooLong as error:
        raise CommandError(f"{error.reason}; add --force to run it anyway") from None


def run_solve(args: argparse.Namespace) -> int:
    grid = read_grid(args.grid)
    if args.stars > 1:
        return run_solve_stars(args, grid)
    if args.count:
        print(_count(grid, args.force))
        return 0
    style = _style(args, grid)
    if args.all:
        written = 0
        for columns in solutions(grid):
            if written and args.format == "board":
                sys.stdout.write("\n")
            _write(grid, columns, args.format, style)
            written += 1
        if not written:
            raise _no_solution()
        return 0
    verdict = solve(grid)
    if verdict.solution is None:
        raise _no_solution()
    _write(grid, list(verdict.solution), args.format, style)
    if not verdict.unique:
        sys.stdout.flush()
        print(
            "queens: note: this solution is not the only one "
            "('queens puzzle solve --count' counts them)",
            file=sys.stderr,
        )
    return 0


def run_explain(args: argparse.Namespace) -> int:
    grid = read_grid(args.grid)
    if args.stars > 1:
        return run_explain_stars(args, grid)
    from queens.cli.searching import noticed  # lazy: start-up of the CLI

    try:
        with noticed(f"explaining the {grid.n} x {grid.n} grid"):
            explanation = explain(grid)
    except Stuck:
        raise _no_solution() from None
    except NotUnique:
        raise not_unique("queens puzzle solve --count") from None
    assert explanation.solution is not None
    columns = list(explanation.solution)
    level = explanation.level
    record = {
        "n": grid.n,
        "columns": columns,
        "level": level,
        "difficulty": explanation.difficulty,
    }
    return print_explanation(
        args.json,
        record,
        explanation.steps,
        grid.board(columns),
        f"{explanation.difficulty} ({level}: {level_reason(level)})",
    )


def run_generate(args: argparse.Namespace) -> int:
    if args.difficulty is not None and args.difficulty not in DIFFICULTIES:
        raise UsageError(
            f"unknown difficulty {args.difficulty!r} (choose from {', '.join(DIFFICULTIES)})",
            PROG + " generate",
        )
    chosen = random.SystemRandom().randrange(2**32) if args.seed is None else args.seed
    if args.stars > 1:
        grid = generated_stars(
            args.n, args.stars, chosen, args.difficulty, maker.SIZES.get(args.stars, (0, 0))[1]
        )
    else:
        if not maker.MIN_N <= args.n <= maker.MAX_N:
            raise UsageError(
                f"N must be a whole number from {maker.MIN_N} to {maker.MAX_N} with one star",
                PROG + " generate",
            )
        try:
            grid = maker.generate(args.n, chosen, args.difficulty)
        except maker.GenerateError as error:
            raise CommandError(str(error)) from None
    if args.seed is None:
        print(f"queens: generated with --seed {chosen}", file=sys.stderr)
    text = str(grid) + "\n"
    write_text(text, args.out)
    return 0


def run_daily(args: argparse.Namespace) -> int:
    when: date = args.date or date.today()
    if args.stars > 1:
        grid, which, record = daily_stars_puzzle(when, args.stars)
    else:
        try:
            puzzle = levels.daily(when)
        except levels.LevelsError as error:
            raise CommandError(str(error)) from None
        grid, which = puzzle.grid, f"level {puzzle.number}, {puzzle.n} x {puzzle.n}"
        record = {"date": when.isoformat(), **puzzle.to_json()}
    if args.json:
        print(json.dumps(record))
        return 0
    print(
        f"queens: {when.isoformat()} ({when:%A}): {which}, {record['difficulty']}", file=sys.stderr
    )
    sys.stdout.write(str(grid) + "\n")
    return 0


def run_render(args: argparse.Namespace) -> int:
    kind = picture_kind(args.out, PROG + " render")
    grid = read_grid(args.grid)
    columns: list[int] | None = None
    rows = None
    if args.stars > 1:
        rows = None if args.empty else solved_rows(grid, args.stars)
    elif not args.empty:
        verdict = solve(grid)
        if verdict.solution is None:
            raise _no_solution()
        columns = list(verdict.solution)
    if kind == "svg":
        from queens.show.puzzle import puzzle_svg  # lazy: start-up of the CLI (pictures)

        data = puzzle_svg(grid, columns, size=args.pixels, stars=rows).encode()
    else:
        from queens.show.png import MissingPillow  # lazy: start-up of the CLI (pictures)
        from queens.show.puzzle import puzzle_png

        try:
            data = puzzle_png(grid, columns, size=args.pixels, stars=rows)
        except MissingPillow as error:
            raise CommandError(str(error)) from None
    write_picture(data, args.out)
    return 0


def _picture_bytes(path: str) -> bytes:
    try:
        if path == "-":
            data = sys.stdin.buffer.read(pictures.MAX_BYTES + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(pictures.MAX_BYTES + 1)
    except OSError as error:
        raise CommandError(f"cannot read picture file {path!r}: {error.strerror}") from None
    if len(data) > pictures.MAX_BYTES:
        raise CommandError(f"picture {path!r}: over {pictures.MAX_BYTES // 1_000_000} MB")
    return data


def run_read(args: argparse.Namespace) -> int:
    if args.debug_image == "-":
        raise UsageError("--debug-image needs a file name (a PNG), not -", PROG + " read")
    data = _picture_bytes(args.image)
    try:
        reading = pictures.read_picture(data, args.size, args.stars)
    except pictures.BadPicture as error:  # not a picture, or over the limits: bad input
        raise CommandError(f"picture {args.image!r}: {error}") from None
    if args.debug_image is not None:
        write_picture(reading.debug_png(), args.debug_image)
    if reading.error is not None or reading.grid is None:  # uncertain: no grid printed
        raise CommandError(f"picture {args.image!r}: {reading.error}", status=1)
    grid = reading.grid
    sys.stdout.write(str(grid) + "\n")
    if args.marks:
        sys.stdout.write(pictures.marks_link(grid, reading.marks or "", args.stars) + "\n")
    if args.solve:
        _print_read_solution(grid, args.stars)
    return 0


def _print_read_solution(grid: Grid, stars: int) -> None:
    if stars > 1:
        from queens.puzzle.stars import board as stars_board  # lazy: Star Battle only

        sys.stdout.write("\n" + stars_board(grid, solved_rows(grid, stars)) + "\n")
        return
    verdict = solve(grid)
    if verdict.solution is None:
        raise _no_solution()
    sys.stdout.write("\n" + grid.board(list(verdict.solution)) + "\n")
    if not verdict.unique:
        sys.stdout.flush()
        print("queens: note: this solution is not the only one", file=sys.stderr)


_PARTS = {
    "solve": (_solve_arguments, run_solve),
    "explain": (_explain_arguments, run_explain),
    "generate": (_generate_arguments, run_generate),
    "daily": (_daily_arguments, run_daily),
    "render": (_render_arguments, run_render),
    "read": (_read_arguments, run_read),
}
"""What each sub-command adds to its parser, and runs."""
