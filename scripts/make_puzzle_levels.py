"""Make the level archive (src/queens/puzzle/levels.json): level k is the grid generated at
its weekday's size and difficulty (queens.puzzle.levels.WEEK) from the first of the seeds
k, k + 364, k + 2 * 364, ... whose largest region has at most BALANCE * n cells (the
generator's grids sometimes have one region over a third of the board, dull to play);
each is checked to have exactly one solution and that difficulty.

    python scripts/make_puzzle_levels.py            # writes the archive (a few minutes)
    python scripts/make_puzzle_levels.py --check    # exit 1 if the shipped file differs

Run it again when the generator changes only if the levels should change too: the shipped
grids are data, and the daily puzzle of a date is the same for everyone only while they stay.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from queens.puzzle.explain import explain
from queens.puzzle.generate import generate
from queens.puzzle.levels import CYCLE, Level, archive_text, schedule
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
    if not solve(grid).unique or explain(grid).difficulty != difficulty:
        raise SystemExit(f"level {number}: generate({n}, {seed}, {difficulty!r}) is not that")
    return Level(grid, difficulty, seed, number=number)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args()
    levels = []
    for number in range(1, CYCLE + 1):
        levels.append(make_level(number))
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
