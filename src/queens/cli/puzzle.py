"""queens puzzle: the "Queens" region puzzle: solve, explain, generate and draw grids."""

from __future__ import annotations

import argparse
import json
import random
import sys
from datetime import date
from pathlib import Path

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
from queens.formats import format_problem, write_solution
from queens.puzzle import generate as maker
from queens.puzzle import levels, schema
from queens.puzzle import read as pictures
from queens.puzzle.explain import DIFFICULTIES, NotUnique, Stuck, explain, level_reason
from queens.puzzle.generate import GenerateError
from queens.puzzle.grid import MAX_N, Grid, GridError, text_limit
from queens.puzzle.json_level import json_text_limit, parse_puzzle
from queens.puzzle.sbn import MAX_SBN_CHARS, looks_like_sbn, parse_sbn
from queens.puzzle.solve import (
    MAX_STARS,
    MAX_STARS_N,
    CountTooLong,
    Rows,
    StarsError,
    board,
    check_limits,
    count,
    impossible,
    precount,
    solution_rows,
    solve,
)
from queens.show.text import resolve_style
from queens.solution import Solution

PROG = "queens puzzle"

FORMATS = ("board", "list", "letters", "json")
STAR_FORMATS = ("board", "json")
"""The formats of solutions with more than one star a row (list and letters name one
column a row)."""
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
    "guessing, as grid text (same seed, same grid). --look background (one star) grows one "
    "large region the others sit in, with fewer 2-cell regions, as many published levels "
    "have; even (the default) grows the regions evenly, as the daily levels are.",
    "daily": "Write the grid of the day as grid text: the same for everyone on a "
    f"date, one of {levels.CYCLE} shipped levels, small and easy on Mondays, bigger and harder "
    "towards Sunday. Its level, size and difficulty go to stderr. With --stars 2: "
    "a 2-star grid made from the date (8 x 8 on Mondays to 10 x 10 on Sundays), solved "
    "without a case split; with --stars 3: a 14 x 14 3-star grid made from the date "
    "(seconds; mostly expert), with no level number in --json.",
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
        help='grid text file, a JSON level {"size": n, "colorRegions": [[...], ...]}, '
        "a Star Battle Notation (SBN) code in a file or given itself, such as "
        "661WYCXEYFQkbW (- for standard input)",
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
        help="easy, medium or hard (default: drawn for the size like published levels)",
    )
    offer(difficulty, DIFFICULTIES)
    look = parser.add_argument(
        "--look",
        metavar="LOOK",
        default="even",
        help="even or background (one star; default: even)",
    )
    offer(look, maker.LOOKS)
    add_out_argument(parser)
    _add_stars(parser)
    measured = ", ".join(f"{k} stars {n} x {n}" for k, n in maker.PLANTED_UP_TO.items())
    parser.add_argument(
        "--force", action="store_true", help=f"make even a grid larger than {measured}"
    )


def _daily_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "date", metavar="DATE", nargs="?", type=day, help="YYYY-MM-DD (default: today)"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="one JSON object: date, stars, level (one star: the archive's number), n, "
        "difficulty, seed, grid (a list of rows)",
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


def _read_puzzle(path: str) -> tuple[Grid, int | None]:
    """A grid file read and checked, and the stars an SBN code gives (None for grid text
    and JSON levels, which give none); a one-line error if it is bad."""
    limit = max(text_limit(), json_text_limit(), MAX_SBN_CHARS)
    if _sbn_argument(path):
        text = path
    else:
        text = read_text(path, "grid", limit, f"grids here go up to n = {MAX_N}")
    try:
        if looks_like_sbn(text):
            puzzle = parse_sbn(text)
            return puzzle.grid, puzzle.stars
        return parse_puzzle(text), None
    except GridError as error:
        raise CommandError(str(error)) from None


def _sbn_argument(path: str) -> bool:
    """Whether the FILE argument is an SBN code itself (copied from a site) rather than a
    file's name: it looks like one and no file has that name (a file of that name wins)."""
    return path != "-" and looks_like_sbn(path) and not Path(path).exists()


def read_grid(path: str) -> Grid:
    """A grid file (``-``: standard input): grid text, a JSON level or an SBN code, read and
    checked; a one-line error if it is bad."""
    return _read_puzzle(path)[0]


def _read_for(path: str, stars: int) -> Grid:
    """``read_grid``, then the grid checked against the limits of ``stars`` (and against the
    stars an SBN code names: a 2-star code solved as one star would answer another puzzle)."""
    grid, named = _read_puzzle(path)
    if named is not None and named != stars:
        raise CommandError(
            f"the SBN code is a {named}-star puzzle, but --stars is {stars}: "
            f"run with --stars {named}"
        )
    try:
        check_limits(grid, stars)
    except StarsError as error:
        raise CommandError(str(error)) from None
    return grid


def _no_solution(grid: Grid, stars: int) -> NoSolution:
    reason = impossible(grid, stars) if stars > 1 else None
    why = f": {reason}" if reason else ""
    what = "a queen" if stars == 1 else f"{stars} stars"
    return NoSolution(
        f"no solution: no way to put {what} in every row, column and region "
        f"without two touching{why}"
    )


def _with_stars(stars: int) -> str:
    """The ``--stars K`` a command suggested to the user needs ('' for one star)."""
    return "" if stars == 1 else f" --stars {stars}"


def _formats(stars: int) -> tuple[str, ...]:
    """The solution formats for ``stars``: list and letters name one column a row."""
    return FORMATS if stars == 1 else STAR_FORMATS


def _style(args: argparse.Namespace, grid: Grid) -> str:
    stars = args.stars
    if args.format not in FORMATS:
        raise UsageError(
            f"unknown format {args.format!r} (choose from {', '.join(FORMATS)})", PROG + " solve"
        )
    if args.format not in _formats(stars):
        raise UsageError(
            f"--format {args.format} with --stars {stars}: choose from "
            f"{', '.join(_formats(stars))}",
            PROG + " solve",
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
    if stars > 1:
        if args.style not in ("auto", "plain"):
            raise UsageError(f"--style {args.style} with --stars: only plain", PROG + " solve")
        return "plain"
    return resolve_style(args.style, sys.stdout)


def _write(grid: Grid, stars: int, rows: Rows, fmt: str, style: str) -> None:
    if fmt == "json":
        print(json.dumps(schema.solution(grid.n, stars, rows)))
    elif fmt == "board" and style == "color":
        from queens.show.puzzle import ansi_puzzle  # lazy: display (rich)

        sys.stdout.write(ansi_puzzle(grid, _columns(rows)) + "\n")
    elif fmt == "board":
        sys.stdout.write(board(grid, rows) + "\n")
    else:
        write_solution(sys.stdout, Solution(_columns(rows)), fmt)


def _columns(rows: Rows) -> list[int]:
    """A one-star solution's column a row."""
    return [columns[0] for columns in rows]


def _count(grid: Grid, stars: int, force: bool) -> int:
    """The whole count: estimated first (a second or two) and refused past an hour unless
    ``force``, then a notice after a second saying what runs and that Ctrl-C stops it (the
    kernel's count sees a Ctrl-C: ``engines.counting.kernel.interruptible``)."""
    from queens.cli.searching import noticed  # lazy: start-up of the CLI

    try:
        quick = None if force else precount(grid, stars)
    except CountTooLong as error:
        raise CommandError(f"{error.reason}; add --force to run it anyway") from None
    if quick is not None:
        return quick
    with_stars = "" if stars == 1 else f" with {stars} stars"
    with noticed(f"counting the solutions of the {grid.n} x {grid.n} grid{with_stars}"):
        return count(grid, stars, force=True)


def run_solve(args: argparse.Namespace) -> int:
    stars = args.stars
    grid = _read_for(args.grid, stars)
    if args.count:
        print(_count(grid, stars, args.force))
        return 0
    style = _style(args, grid)
    if args.all:
        written = 0
        for rows in solution_rows(grid, stars):
            if written and args.format == "board":
                sys.stdout.write("\n")
            _write(grid, stars, rows, args.format, style)
            written += 1
        if not written:
            raise _no_solution(grid, stars)
        return 0
    verdict = solve(grid, stars)
    if verdict.rows is None:
        raise _no_solution(grid, stars)
    _write(grid, stars, verdict.rows, args.format, style)
    if not verdict.unique:
        sys.stdout.flush()
        print(
            "queens: note: this solution is not the only one "
            f"('queens puzzle solve{_with_stars(stars)} --count' counts them)",
            file=sys.stderr,
        )
    return 0


def run_explain(args: argparse.Namespace) -> int:
    stars = args.stars
    grid = _read_for(args.grid, stars)
    from queens.cli.searching import noticed  # lazy: start-up of the CLI

    with_stars = "" if stars == 1 else f" with {stars} stars"
    try:
        with noticed(f"explaining the {grid.n} x {grid.n} grid{with_stars}"):
            found = explain(grid, stars)
    except Stuck:
        raise _no_solution(grid, stars) from None
    except NotUnique:
        raise not_unique(f"queens puzzle solve{_with_stars(stars)} --count") from None
    assert found.rows is not None  # explain raises when there is no solution
    steps = [step.to_json() for step in found.steps]
    record = schema.explanation(grid.n, stars, found.rows, found.level, found.difficulty, steps)
    why = f" ({found.level}: {level_reason(found.level)})" if stars == 1 else ""
    return print_explanation(args.json, record, board(grid, found.rows), found.difficulty + why)


def run_generate(args: argparse.Namespace) -> int:
    if args.difficulty is not None and args.difficulty not in DIFFICULTIES:
        raise UsageError(
            f"unknown difficulty {args.difficulty!r} (choose from {', '.join(DIFFICULTIES)})",
            PROG + " generate",
        )
    stars = args.stars
    _check_look(args.look, stars)
    _check_size(args.n, stars)
    chosen = random.SystemRandom().randrange(2**32) if args.seed is None else args.seed
    try:
        grid = _generated(args.n, stars, chosen, args.difficulty, args.look, args.force)
    except maker.GenerateTooLong as error:
        raise CommandError(f"{error.reason}; add --force to run it anyway") from None
    except GenerateError as error:
        raise CommandError(str(error)) from None
    if args.seed is None:
        print(f"queens: generated with --seed {chosen}", file=sys.stderr)
    write_text(str(grid) + "\n", args.out)
    return 0


def _check_look(look: str, stars: int) -> None:
    """A usage error unless ``generate`` takes ``look`` with ``stars``."""
    if look not in maker.LOOKS:
        message = f"unknown look {look!r} (choose from {', '.join(maker.LOOKS)})"
        raise UsageError(message, PROG + " generate")
    if look != "even" and stars != 1:
        raise UsageError(f"--look {look} is for one-star grids", PROG + " generate")


def _generated(
    n: int, stars: int, seed: int, difficulty: str | None, look: str, force: bool
) -> Grid:
    """``generate``; from 4 stars (seconds to minutes) a notice after a second saying what
    runs and that Ctrl-C stops it (the generator sees a Ctrl-C through
    ``engines.counting.kernel.interruptible``)."""
    if stars not in maker.PLANTED_UP_TO:
        return maker.generate(n, seed, difficulty, stars=stars, look=look, force=force)
    from queens.cli.searching import noticed  # lazy: start-up of the CLI

    maker.check_planted(n, stars, force)  # refused before the notice
    with noticed(f"generating a {n} x {n} grid with {stars} stars"):
        return maker.generate(n, seed, difficulty, stars=stars, look=look, force=force)


def _check_size(n: int, stars: int) -> None:
    """A usage error unless ``generate`` makes ``n`` x ``n`` grids with ``stars``."""
    low, largest = maker.SIZES[stars]
    if low <= n <= largest:
        return
    if stars == 1:
        message = f"N must be a whole number from {low} to {largest} with one star"
    else:
        message = (
            f"{n} x {n} with --stars {stars}: {stars}-star grids are generated from "
            f"{low} x {low} to {largest} x {largest}"
        )
    raise UsageError(message, PROG + " generate")


def run_daily(args: argparse.Namespace) -> int:
    when: date = args.date or date.today()
    stars = args.stars
    try:
        puzzle = levels.daily_puzzle(when, stars)
    except levels.LevelsError as error:
        raise CommandError(str(error)) from None
    record = schema.daily(when, stars, puzzle.to_json())
    if args.json:
        print(json.dumps(record))
        return 0
    what = f"level {record['level']}" if "level" in record else f"{stars} stars"
    print(
        f"queens: {when.isoformat()} ({when:%A}): {what}, {puzzle.n} x {puzzle.n}, "
        f"{puzzle.difficulty}",
        file=sys.stderr,
    )
    sys.stdout.write(str(puzzle.grid) + "\n")
    return 0


def _solved_rows(grid: Grid, stars: int) -> Rows:
    """The first solution, or the command's 'no solution' (exit 1)."""
    verdict = solve(grid, stars)
    if verdict.rows is None:
        raise _no_solution(grid, stars)
    return verdict.rows


def run_render(args: argparse.Namespace) -> int:
    kind = picture_kind(args.out, PROG + " render")
    stars = args.stars
    grid = _read_for(args.grid, stars)
    rows = None if args.empty else _solved_rows(grid, stars)
    if kind == "svg":
        from queens.show.puzzle import puzzle_svg  # lazy: start-up of the CLI (pictures)

        data = puzzle_svg(grid, size=args.pixels, stars=rows).encode()
    else:
        from queens.show.png import MissingPillow  # lazy: start-up of the CLI (pictures)
        from queens.show.puzzle import puzzle_png

        try:
            data = puzzle_png(grid, size=args.pixels, stars=rows)
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
    verdict = solve(grid, stars)
    if verdict.rows is None:
        raise _no_solution(grid, stars)
    sys.stdout.write("\n" + board(grid, verdict.rows) + "\n")
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
