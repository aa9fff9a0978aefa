"""The looks of one-star grids: generated (``--look even`` and ``background``) against
published levels, at 8 x 8 and 10 x 10.

For each kind and size: the grids, the largest region's share of the board (median and
largest), the share of grids with a 2-cell region, the mean over grids of the regions'
mean perimeter / area (4 for single cells, lower for rounder regions; from
``queens.puzzle._shapes``), the spread of ``queens.puzzle.explain``'s difficulty, and for
the generated grids the CPU time to make one (median).  Every generated grid is checked:
exactly one solution by the independent counter, every region connected.

Published levels are read from the paths given with ``--published`` (files or folders):
grid text (``.txt``), JSON levels (``.json``, ``{"size": n, "colorRegions": [...]}``) or
the web clone's level modules (``.ts`` / ``.js``, the same two keys); none ship with the
project (their licence does not allow it; docs/guides/region-puzzle.md says where to get
them).  A level carrying its publisher's difficulty (a ``difficulty`` key) is counted in
a confusion table: our grade against the publisher's label.

Usage: python benchmarks/looks.py [--seeds K] [--sizes 8,10] [--published PATH ...]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import time
from collections import Counter
from pathlib import Path

from queens.puzzle import _shapes
from queens.puzzle.explain import explain
from queens.puzzle.generate import LOOKS, generate
from queens.puzzle.grid import Grid
from queens.puzzle.json_level import parse_json_level, parse_puzzle
from queens.puzzle.solve import count

GRADES = ("easy", "medium", "hard")

Level = tuple[Grid, str | None]
"""A published grid and its publisher's difficulty label (None: none given)."""


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes (2 cores here)."""
    return " / ".join(f"{value:.1f}" for value in os.getloadavg())


def module_level(text: str) -> tuple[str, str | None]:
    """A level module of the web clone (``size: n, colorRegions: [[...], ...]``, maybe a
    ``difficulty: "..."``) as JSON level text, and its difficulty label."""
    size = re.search(r"size:\s*(\d+)", text)
    block = re.search(r"colorRegions:\s*(\[.*?\])\s*,?\s*\n\s*\w+:", text, re.S)
    if size is None or block is None:
        raise ValueError("no size and colorRegions")
    label = re.search(r"difficulty:\s*[\"']([^\"']+)[\"']", text)
    rows = json.loads(re.sub(r",\s*\]", "]", block.group(1)))
    level = json.dumps({"size": int(size.group(1)), "colorRegions": rows})
    return level, None if label is None else label.group(1).lower()


def read_level(path: Path) -> Level:
    """One published level file: its grid and its publisher's label, if any."""
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".ts", ".js"):
        level, label = module_level(text)
        return parse_json_level(level), label
    if path.suffix == ".json":
        data = json.loads(text)
        label = data.get("difficulty") if isinstance(data, dict) else None
        return parse_puzzle(text), None if label is None else str(label).lower()
    return parse_puzzle(text), None


def published(paths: list[Path]) -> list[Level]:
    """The levels in the files and folders given (a file that is no level is skipped,
    and said so on stderr's behalf in the count printed)."""
    files = [f for p in paths for f in (sorted(p.iterdir()) if p.is_dir() else [p])]
    levels, skipped = [], 0
    for file in files:
        if file.suffix not in (".txt", ".json", ".ts", ".js"):
            continue
        try:
            levels.append(read_level(file))
        except (ValueError, OSError):
            skipped += 1
    print(f"published levels read: {len(levels)} ({skipped} files skipped as no level)")
    return levels


def made(n: int, look: str, seeds: int) -> tuple[list[Grid], list[float]]:
    """``seeds`` grids of ``look`` (seeds 0, 1, ...), checked, and their CPU times."""
    grids, times = [], []
    for seed in range(seeds):
        start = time.process_time()
        grid = generate(n, seed, look=look)
        times.append(time.process_time() - start)
        assert count(grid) == 1, f"not exactly one solution:\n{grid}"
        assert all(grid.connected(g) for g in range(n)), f"a region not connected:\n{grid}"
        grids.append(grid)
    return grids, times


def row(label: str, n: int, grids: list[Grid], times: list[float] | None) -> None:
    shares = [_shapes.largest_share(g) for g in grids]
    pairs = sum(_shapes.has_pair(g) for g in grids)
    ratio = statistics.mean(_shapes.perimeter_per_area(g) for g in grids)
    grades = Counter(explain(g).difficulty for g in grids)
    spread = " / ".join(f"{grades[d]}" for d in GRADES)
    cpu = "" if times is None else f"{statistics.median(times) * 1000:.0f} ms"
    print(
        f"| {label} | {n} x {n} | {len(grids)} | {statistics.median(shares):.2f} / "
        f"{max(shares):.2f} | {pairs} ({pairs / len(grids):.0%}) | {ratio:.2f} | {spread} "
        f"| {cpu} |"
    )


def confusion(levels: list[Level]) -> None:
    """Our grade against the publisher's label, for the levels that carry one."""
    labelled = [(explain(grid).difficulty, label) for grid, label in levels if label]
    if not labelled:
        print("\nno published level carries its publisher's difficulty: no confusion table")
        return
    labels = sorted({label for _, label in labelled})
    table = Counter(labelled)
    print("\n| publisher's label | " + " | ".join(f"graded {d}" for d in GRADES) + " |")
    print("|---|" + "---|" * len(GRADES))
    for label in labels:
        print(f"| {label} | " + " | ".join(str(table[(d, label)]) for d in GRADES) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=40, help="grids of each look (default 40)")
    parser.add_argument("--sizes", type=lambda t: [int(x) for x in t.split(",")], default=[8, 10])
    parser.add_argument("--published", type=Path, nargs="*", default=[], help="level files")
    args = parser.parse_args()
    print(f"load average before: {load()}\n")
    levels = published(args.published)
    print()
    print(
        "| grids | size | count | largest region, median / max | with a 2-cell region "
        "| perimeter / area | easy / medium / hard | CPU a grid, median |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for n in args.sizes:
        for look in LOOKS:
            grids, times = made(n, look, args.seeds)
            row(f"generated, {look}", n, grids, times)
        same_size = [grid for grid, _ in levels if grid.n == n]
        if same_size:
            row("published", n, same_size, None)
    confusion(levels)
    print(f"\nload average after: {load()}")


if __name__ == "__main__":
    main()
