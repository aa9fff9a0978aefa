"""Make the level archive (src/queens/puzzle/levels.json): level k is the grid generated at
its weekday's size and difficulty (queens.puzzle.levels.WEEK) from the first of the seeds
k, k + 364, k + 2 * 364, ... whose largest region has at most BALANCE * n cells (the
generator's grids sometimes have one region over a third of the board, dull to play);
each is checked to have exactly one solution and that difficulty.

    python scripts/make_puzzle_levels.py            # keeps the shipped levels still right
    python scripts/make_puzzle_levels.py --check    # exit 1 if the shipped file differs
    python scripts/make_puzzle_levels.py --fresh    # every level made anew (a few minutes)

By default a shipped level is kept while its grid still has exactly one solution and its
weekday's difficulty under today's explainer; only the others are made anew (and listed
on stderr with their dates), so a change of grading replaces the days it regrades and no
other: the shipped grids are data, and the daily puzzle of a date is the same for everyone
only while they stay.  (The grading of a line of three as a 2 x 2 block regraded 29 hard
levels medium: those, and only those, were made anew.)
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from datetime import timedelta
from pathlib import Path

from queens.puzzle.explain import explain
from queens.puzzle.generate import generate
from queens.puzzle.levels import (
    CYCLE,
    EPOCH,
    Level,
    LevelsError,
    archive_text,
    read_levels,
    schedule,
)
from queens.puzzle.solve import solve

OUT = Path(__file__).resolve().parent.parent / "src" / "queens" / "puzzle" / "levels.json"


BALANCE = 2.75
"""The largest region a level may have, in multiples of n (the average region's size)."""

TRIES = 100
"""Seeds tried for a level before giving up."""


def make_level(number: int) -> Level:
    n, difficulty = schedule(number)
    for seed in range(number, number + TRIES * CYCLE, CYCLE):
        grid = generate(n, seed, difficulty)
        if max(Counter(grid.cells).values()) <= BALANCE * n:
            break
    else:
        raise SystemExit(f"level {number}: no balanced {n} x {n} {difficulty} grid found")
    if not still_right(Level(grid, difficulty, seed, number=number)):
        raise SystemExit(f"level {number}: generate({n}, {seed}, {difficulty!r}) is not that")
    return Level(grid, difficulty, seed, number=number)


def still_right(level: Level) -> bool:
    """Whether a level's grid has exactly one solution and its weekday's difficulty."""
    return solve(level.grid).unique and explain(level.grid).difficulty == level.difficulty


def shipped() -> dict[int, Level]:
    """The shipped levels by number (none if the file is missing or fails its check)."""
    try:
        return {level.number: level for level in read_levels(OUT.read_text(encoding="utf-8"))}
    except (OSError, LevelsError):
        return {}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    parser.add_argument("--fresh", action="store_true", help="make every level anew")
    args = parser.parse_args()
    kept = {} if args.fresh else shipped()
    levels = []
    for number in range(1, CYCLE + 1):
        old = kept.get(number)
        if old is not None and still_right(old):
            levels.append(old)
        else:
            levels.append(make_level(number))
            if old is not None:
                day = EPOCH + timedelta(days=number - 1)
                print(f"\rlevel {number} ({day}): made anew", file=sys.stderr)
        print(f"\rlevel {number}/{CYCLE}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    text = archive_text(levels)
    if args.check:
        same = OUT.read_text(encoding="utf-8") == text
        print("the same" if same else "different", file=sys.stderr)
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
