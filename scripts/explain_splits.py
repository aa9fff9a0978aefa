"""How many shipped levels the explainer needs a case split for, and how many a supposition
(issue 41): every one-star level of the archive (``levels.json``) and every shipped K-star
daily (``star_dailies.json``), explained in full.

    python scripts/explain_splits.py            # all of them (a few minutes on 2 busy cores)
    python scripts/explain_splits.py --limit 20 # the first 20 of each kind

Prints one line a kind of level: how many were explained, how many needed a case split,
how many a supposition, and the CPU seconds spent.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterable

from queens.puzzle.explain import explain
from queens.puzzle.grid import Grid
from queens.puzzle.levels import levels, star_dailies


def tally(name: str, grids: Iterable[tuple[Grid, int]]) -> None:
    started = time.process_time()
    done = split = supposed = 0
    for grid, stars in grids:
        kinds = {step.kind for step in explain(grid, stars).steps}
        done += 1
        split += "split" in kinds
        supposed += "suppose" in kinds
    seconds = time.process_time() - started
    print(f"{name}: {done} explained, {split} with a case split, {supposed} with a supposition"
          f" ({seconds:.1f} s CPU)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="the first LIMIT of each kind")
    limit = parser.parse_args().limit
    archive = [(level.grid, 1) for level in levels()][:limit]
    tally("one-star archive", archive)
    dailies = star_dailies()
    for stars in (2, 3):
        chosen = [(daily.grid, stars) for (k, _), daily in sorted(dailies.items()) if k == stars]
        tally(f"{stars}-star dailies", chosen[:limit])


if __name__ == "__main__":
    main()
