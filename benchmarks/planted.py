"""Where the 4- to 6-star generation (``queens.puzzle._planted``) spends its time, step by
step: for each size asked, attempts run for ``--seconds`` CPU seconds and each one's
outcome is printed (its CPU time, the repairs it took, the load average beside it):

- ``ran out``: the repairs (``REPAIRS`` times n) ended with CaDiCaL still finding other
  solutions; ``no way out``: a second solution had no star off the placement that could
  leave its region;
- ``unique by CaDiCaL``: then the engines ``_planted.confirmed`` may ask, timed apart:
  the kernel's propagating search within ``--nodes`` nodes (default ``QUICK_NODES``,
  what ``confirmed`` gives it), Gluecard (``queens.puzzle._cardinality``, within
  ``CONFLICTS``), and with ``--rows`` the kernel's row-by-row counter on the grid's four
  images within ``ROWS_BUDGET``; ``over`` when an engine gives up.

Times are CPU seconds of this process (CaDiCaL and the kernel run in it; the machine is
shared).  Needs the ``sat`` extra and the compiled kernel.

Usage: python benchmarks/planted.py 19:4 20:4 [--seconds 120] [--nodes N] [--seed S] [--rows]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from functools import partial

from queens.engines.counting import kernel
from queens.puzzle import _cardinality, _planted, _sat
from queens.puzzle.generate import grow_star_regions
from queens.puzzle.grid import Grid
from queens.puzzle.solve import ROWS_BUDGET


def load() -> str:
    return " / ".join(f"{value:.1f}" for value in os.getloadavg())


def repaired(n: int, stars: int, rng: random.Random) -> tuple[str, int, list[int] | None]:
    """One attempt's steps 1 to 3 as ``_planted.attempt`` takes them: its outcome, the
    repairs made, and the grid's cells when CaDiCaL finds it unique."""
    truth = _sat.random_placement(n, stars, rng)
    cells = None
    for _ in range(_planted.CORE_TRIES):
        cells = grow_star_regions(n, stars, truth or (), rng)
        if cells is not None:
            break
    if truth is None or cells is None:
        return "no regions", 0, None
    truth_cells = {r * n + c for r, row in enumerate(truth) for c in row}
    regions = _planted._Regions(n, stars, cells, truth)
    try:
        for repairs in range(_planted.REPAIRS * n):
            others = regions.others(_planted.OTHERS)
            if not others:
                return "unique by CaDiCaL", repairs, cells
            move = _planted.repair(n, cells, truth_cells, others, rng)
            if move is None:
                return "no way out", repairs, None
            regions.move(*move)
        return "ran out", _planted.REPAIRS * n, None
    finally:
        regions.close()


def by_search(n: int, stars: int, cells: list[int], nodes: int) -> str:
    try:
        searched = kernel.search_stars(n, stars, bytes(cells), 2, None, budget=nodes)
    except kernel.OverBudget:
        return "over"
    assert searched is not None
    return f"{searched[0][0]} solution(s), {searched[1]} nodes"


def by_gluecard(n: int, stars: int, cells: list[int]) -> str:
    grid = Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])
    found = _cardinality.solutions(grid, stars)
    return "over" if found is None else f"{len(found)} solution(s)"


def by_rows(n: int, stars: int, cells: list[int]) -> str:
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]
    images = (rows, rows[::-1], list(zip(*rows, strict=True)), list(zip(*rows[::-1], strict=True)))
    verdicts = []
    for image in images:
        flat = bytes(v for row in image for v in row)
        try:
            found = kernel.count_stars_rows(n, stars, flat, 2, None, ROWS_BUDGET)
        except kernel.OverBudget:
            verdicts.append("over")
            continue
        verdicts.append("?" if found is None else str(found[0]))
    return " ".join(verdicts)


def timed(work: Callable[[], str]) -> tuple[str, float]:
    start = time.process_time()
    verdict = work()
    return verdict, time.process_time() - start


def report(n: int, stars: int, seconds: float, nodes: int, seed: int, rows_too: bool) -> None:
    print(f"\n{n} x {n}, {stars} stars (seed {seed}, {seconds:g} CPU s)")
    print(
        "| attempt | outcome | repairs | CPU | search | CPU | Gluecard | CPU "
        "| rows (4 images) | CPU | load |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    rng = random.Random(seed)
    start = time.process_time()
    number = 0
    while time.process_time() - start < seconds:
        number += 1
        began = time.process_time()
        outcome, repairs, cells = repaired(n, stars, rng)
        spent = time.process_time() - began
        search = gluecard = rows = ("", 0.0)
        if cells is not None:
            search = timed(partial(by_search, n, stars, cells, nodes))
            gluecard = timed(partial(by_gluecard, n, stars, cells))
            if rows_too:
                rows = timed(partial(by_rows, n, stars, cells))
        print(
            f"| {number} | {outcome} | {repairs} | {spent:.1f} s | {search[0]} | "
            f"{search[1]:.1f} s | {gluecard[0]} | {gluecard[1]:.2f} s | {rows[0]} | "
            f"{rows[1]:.1f} s | {load()} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="+", help="N:K, e.g. 19:4")
    parser.add_argument("--seconds", type=float, default=120, help="CPU s a size (120)")
    parser.add_argument("--nodes", type=int, default=_planted.QUICK_NODES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rows", action="store_true", help="the row-by-row counter too")
    args = parser.parse_args()
    for size in args.sizes:
        n, stars = (int(part) for part in size.split(":"))
        report(n, stars, args.seconds, args.nodes, args.seed, args.rows)


if __name__ == "__main__":
    main()
