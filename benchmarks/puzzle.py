"""The region puzzle: solving (with the proof of uniqueness) and generating, in the library.

- solve: ``queens.puzzle.solve.solve`` (the first solution and the search for a second)
  on generated puzzles (exactly one solution) of sizes 8, 10, 12 and 14, and on
  25 x 25 grids whose regions are grown around a random placement (not checked for
  uniqueness: the solver proves whatever there is to prove), ``--seeds`` of each;
- generate: ``queens.puzzle.maker.generate`` for 9 x 9 (any difficulty and each one)
  and 12 x 12 over the same seeds.

Times are in-process wall clock, median and largest over the seeds (a shared machine is
noisy).  Every solution is checked by the puzzle's checker and every generated grid
re-solved to exactly one solution.

Usage: python benchmarks/puzzle.py [--seeds K]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from queens.puzzle.grid import Grid
from queens.puzzle.maker import generate, grow_regions, random_solution
from queens.puzzle.solve import count, problem, solve


def timed(work: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def grown(n: int, seed: int) -> Grid:
    rng = random.Random(seed)
    truth = random_solution(n, rng)
    return Grid.from_regions(grow_regions(n, list(enumerate(truth)), rng))


def row(label: str, seconds: list[float], unit: str = "ms") -> None:
    scale = 1000 if unit == "ms" else 1
    median = statistics.median(seconds) * scale
    digits = 1 if unit == "ms" else 2
    largest = max(seconds) * scale
    shown = [f"{value:.{digits}f} {unit}" for value in (median, largest)]
    print(f"| {label} | {len(seconds)} | {shown[0]} | {shown[1]} |")


def bench_solve(seeds: int) -> None:
    print("| solve + uniqueness | grids | median | largest |")
    print("|---|---|---|---|")
    for n in (8, 10, 12, 14):
        times = []
        for seed in range(seeds):
            grid = generate(n, seed)
            seconds, verdict = timed(lambda grid=grid: solve(grid))
            assert verdict.unique and problem(grid, verdict.solution) is None  # type: ignore[attr-defined]
            times.append(seconds)
        row(f"{n} x {n}, generated (one solution)", times)
    times = []
    for seed in range(seeds):
        grid = grown(25, seed)
        seconds, verdict = timed(lambda grid=grid: solve(grid))
        assert verdict.solution is not None and problem(grid, verdict.solution) is None  # type: ignore[attr-defined]
        times.append(seconds)
    row("25 x 25, grown regions", times)


def bench_generate(seeds: int) -> None:
    print()
    print("| generate | grids | median | largest |")
    print("|---|---|---|---|")
    for n, difficulty in ((9, None), (9, "easy"), (9, "medium"), (9, "hard"), (12, None)):
        times = []
        for seed in range(seeds):
            seconds, grid = timed(lambda n=n, seed=seed, d=difficulty: generate(n, seed, d))
            assert count(grid, limit=2) == 1  # type: ignore[arg-type]
            times.append(seconds)
        row(f"{n} x {n}, {difficulty or 'any difficulty'}", times, "s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="grids of each kind (default 20)")
    args = parser.parse_args()
    bench_solve(args.seeds)
    bench_generate(args.seeds)


if __name__ == "__main__":
    main()
