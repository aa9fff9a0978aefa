"""Reading a grid from a picture: ``queens.puzzle.read.read_picture`` on the project's own
rendering of a 20 x 20 grid (regions grown around a random placement) at 1000 and 4000
pixels a side, as PNG and as JPEG (quality 85).

For each picture: the time of one read (in-process wall clock and CPU time, the
interpreter and its imports already loaded; median and largest of ``--repeats``), and the
peak resident memory of a whole ``queens puzzle read`` process reading it (its
``ru_maxrss``, a fresh process each, so the decoder's buffers count). Every read must give
back the grid drawn. The machine is shared: the load average is printed with the numbers.

Usage: python benchmarks/read.py [--repeats K] [--sides 1000,4000]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

from queens.puzzle.generate import grow_regions, random_solution
from queens.puzzle.grid import Grid
from queens.puzzle.read import read_picture
from queens.show.puzzle import puzzle_png

PEAK = (
    "import resource, sys\n"
    "from queens.cli import main\n"
    "status = main(['puzzle', 'read', sys.argv[1]])\n"
    "sys.stderr.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))\n"
    "sys.exit(status)\n"
)
"""A process that reads a picture and writes its peak resident memory (KB) last."""


def grid_of(n: int, seed: int) -> Grid:
    rng = random.Random(seed)
    return Grid.from_regions(grow_regions(n, list(enumerate(random_solution(n, rng))), rng))


def pictures(grid: Grid, side: int) -> dict[str, bytes]:
    png = puzzle_png(grid, None, size=side)
    out = io.BytesIO()
    Image.open(io.BytesIO(png)).convert("RGB").save(out, format="JPEG", quality=85)
    return {"png": png, "jpeg": out.getvalue()}


def peak_mb(data: bytes, grid: Grid) -> float:
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "picture"
        path.write_bytes(data)
        done = subprocess.run(
            [sys.executable, "-c", PEAK, str(path)], capture_output=True, text=True, check=False
        )
    assert done.returncode == 0 and done.stdout == f"{grid}\n", done.stderr
    return int(done.stderr.strip().splitlines()[-1]) / 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--sides", default="1000,4000")
    args = parser.parse_args()
    grid = grid_of(20, 36)
    print(f"load average before: {os.getloadavg()}")
    print("| picture | bytes | wall median | wall largest | CPU median | peak memory |")
    print("|---|---|---|---|---|---|")
    for side in (int(text) for text in args.sides.split(",")):
        for kind, data in pictures(grid, side).items():
            walls, cpus = [], []
            for _ in range(args.repeats):
                wall, cpu = time.perf_counter(), time.process_time()
                reading = read_picture(data)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
                assert reading.grid is not None and str(reading.grid) == str(grid), reading.error
            print(
                f"| {side} x {side} {kind} | {len(data):,} | {statistics.median(walls):.3f} s"
                f" | {max(walls):.3f} s | {statistics.median(cpus):.3f} s"
                f" | {peak_mb(data, grid):.0f} MB |"
            )
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
