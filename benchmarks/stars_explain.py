"""K-star explanations: how many generated grids are explained without a case split.

For each size of ``--sizes`` (default 8 and 10) and seeds 0 to ``--seeds`` - 1, the grid
``queens.puzzle.stars_generate.generate(n, --stars, seed)`` is explained
(``queens.puzzle.explain.explain``); printed: the grids explained without a case
split, the difficulties, the steps of each kind, and the explanation's time (median and
largest, in-process wall clock, and the median CPU time, steadier on a shared machine).

Usage: python benchmarks/stars_explain.py [--stars 2] [--seeds 20] [--sizes 8,10]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from queens.puzzle.explain import explain
from queens.puzzle.stars_generate import generate


def measure(n: int, stars: int, seeds: int) -> None:
    kinds: Counter[str] = Counter()
    difficulties: Counter[str] = Counter()
    times = []
    cpu = []
    plain = 0
    for seed in range(seeds):
        grid = generate(n, stars, seed)
        start, start_cpu = time.perf_counter(), time.process_time()
        explanation = explain(grid, stars)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        found = Counter(step.kind for step in explanation.steps)
        kinds += found
        difficulties[explanation.difficulty] += 1
        plain += not found["split"]
    print(
        f"{n} x {n}, {stars} stars: {plain}/{seeds} without a case split; "
        f"{dict(sorted(difficulties.items()))}; steps {dict(sorted(kinds.items()))}; "
        f"explain median {statistics.median(times):.2f} s, largest {max(times):.2f} s "
        f"(CPU median {statistics.median(cpu):.2f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stars", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--sizes", default="8,10")
    args = parser.parse_args()
    for n in map(int, args.sizes.split(",")):
        measure(n, args.stars, args.seeds)


if __name__ == "__main__":
    main()
