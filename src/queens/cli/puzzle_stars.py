"""queens puzzle ... --stars K (K > 1): Star Battle's solve, explain, generate and render.

The one-star commands in ``queens.cli.puzzle`` hand over here when ``--stars`` is above
1; the work is ``queens.puzzle.stars`` and its siblings'."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date

from queens.cli.common import CommandError, NoSolution, UsageError
from queens.cli.output import not_unique, print_explanation
from queens.puzzle.generate import STARS_MIN_N as MIN_N
from queens.puzzle.generate import GenerateError, generate
from queens.puzzle.grid import Grid
from queens.puzzle.levels import DailyError, daily_stars
from queens.puzzle.stars import Rows, StarsError, board, count, impossible, solutions, solve
from queens.puzzle.stars_explain import NotUnique, Stuck, explain

PROG = "queens puzzle"

STAR_FORMATS = ("board", "json")


def _no_solution(grid: Grid, stars: int) -> NoSolution:
    reason = impossible(grid, stars)
    why = f": {reason}" if reason else ""
    return NoSolution(
        f"no solution: no way to put {stars} stars in every row, column and region "
        f"without two touching{why}"
    )


def solved_rows(grid: Grid, stars: int) -> Rows:
    """The first solution, or the command's 'no solution' (exit 1)."""
    try:
        verdict = solve(grid, stars)
    except StarsError as error:
        raise CommandError(str(error)) from None
    if verdict.rows is None:
        raise _no_solution(grid, stars)
    return verdict.rows


def _write(grid: Grid, stars: int, rows: Rows, fmt: str) -> None:
    if fmt == "json":
        print(json.dumps({"n": grid.n, "stars": stars, "rows": [list(r) for r in rows]}))
    else:
        print(board(grid, rows))


def _count(grid: Grid, stars: int) -> int:
    """The whole count: a notice after a second saying what runs and that Ctrl-C stops it
    (the kernel's count sees a Ctrl-C: ``engines.counting.kernel.interruptible``).  It has
    no time model yet (an 11 x 11 grid whose regions are its rows has 31,197,434
    solutions, each found by the propagating search), so nothing is refused."""
    from queens.cli.searching import noticed  # lazy: start-up of the CLI

    with noticed(f"counting the solutions of the {grid.n} x {grid.n} grid with {stars} stars"):
        return count(grid, stars)


def run_solve_stars(args: argparse.Namespace, grid: Grid) -> int:
    stars = args.stars
    try:
        if args.count:
            print(_count(grid, stars))
            return 0
        if args.format not in STAR_FORMATS:
            raise UsageError(
                f"--format {args.format} with --stars {stars}: choose from "
                f"{', '.join(STAR_FORMATS)}",
                PROG + " solve",
            )
        if args.style not in ("auto", "plain"):
            raise UsageError(f"--style {args.style} with --stars: only plain", PROG + " solve")
        if args.all:
            written = 0
            for rows in solutions(grid, stars):
                if written and args.format == "board":
                    sys.stdout.write("\n")
                _write(grid, stars, rows, args.format)
                written += 1
            if not written:
                raise _no_solution(grid, stars)
            return 0
        verdict = solve(grid, stars)
    except StarsError as error:
        raise CommandError(str(error)) from None
    if verdict.rows is None:
        raise _no_solution(grid, stars)
    _write(grid, stars, verdict.rows, args.format)
    if not verdict.unique:
        sys.stdout.flush()
        print(
            "queens: note: this solution is not the only one "
            f"('queens puzzle solve --stars {stars} --count' counts them)",
            file=sys.stderr,
        )
    return 0


def run_explain_stars(args: argparse.Namespace, grid: Grid) -> int:
    stars = args.stars
    from queens.cli.searching import noticed  # lazy: start-up of the CLI

    try:
        with noticed(f"explaining the {grid.n} x {grid.n} grid with {stars} stars"):
            explanation = explain(grid, stars)
    except StarsError as error:
        raise CommandError(str(error)) from None
    except Stuck:
        raise _no_solution(grid, stars) from None
    except NotUnique:
        raise not_unique(f"queens puzzle solve --stars {stars} --count") from None
    assert explanation.rows is not None
    record = {
        "n": grid.n,
        "stars": stars,
        "rows": [list(r) for r in explanation.rows],
        "level": explanation.level,
        "difficulty": explanation.difficulty,
    }
    return print_explanation(
        args.json, record, explanation.steps, board(grid, explanation.rows), explanation.difficulty
    )


def generated_stars(n: int, stars: int, seed: int, difficulty: str | None, largest: int) -> Grid:
    """A new grid with one K-star solution (of ``difficulty`` when given), or the
    command's one-line error (the command makes grids up to ``largest`` a side)."""
    low = MIN_N[stars]
    if low > largest:
        raise UsageError(
            f"--stars {stars}: its grids start at {low} x {low}, past this command's "
            f"{largest} x {largest} (queens.puzzle.generate.generate makes them, in "
            "many minutes)",
            PROG + " generate",
        )
    if n < low:
        raise UsageError(
            f"{n} x {n} with --stars {stars}: {stars}-star grids are generated from "
            f"{low} x {low} to {largest} x {largest}",
            PROG + " generate",
        )
    try:
        return generate(n, seed, difficulty, stars=stars)
    except GenerateError as error:
        raise CommandError(str(error)) from None


def daily_stars_puzzle(when: date, stars: int) -> tuple[Grid, str, dict[str, object]]:
    """The day's K-star grid, its description for people (stars and size) and its JSON
    record, or the command's one-line error."""
    try:
        puzzle = daily_stars(when, stars)
    except DailyError as error:
        raise CommandError(str(error)) from None
    return puzzle.grid, f"{stars} stars, {puzzle.n} x {puzzle.n}", puzzle.to_json()
