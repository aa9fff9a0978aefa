"""Any-N benchmark: whole `queens` processes, medians of repeated runs.

Measures, each as a complete process (interpreter start, import, work, output):

* ``queens solve N --method construct --format list`` for N = 10^6 and 10^7,
  written to a file;
* ``queens solve 1000000 --method local --seed S --format list`` to a file;
* the same with ``--rule superqueen`` (knight moves attack too), and
  ``queens check --rule superqueen`` on what it wrote;
* the biggest N that ``--method local`` finishes within 10 s (N doubled from
  10^6, then refined by halves of the last step; one run per size, so a
  noisy machine can move it either way);
* ``queens check`` on the 10^6-queen placement that local search wrote.

Usage: ``python benchmarks/anyn.py [--repeat K] [--budget SECONDS] [--quick]``
(``--quick`` skips 10^7 and the 10 s search).  Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

QUEENS = [sys.executable, "-c", "from queens.cli import entry_point; entry_point()"]


def run_once(args: Sequence[str], output: Path | None) -> float:
    """Seconds for one whole process; stdout to ``output`` (or discarded)."""
    with open(output or os.devnull, "wb") as out:
        start = time.perf_counter()
        done = subprocess.run([*QUEENS, *args], stdout=out, stderr=subprocess.PIPE, check=False)
        seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"queens {' '.join(args)} failed: {done.stderr.decode().strip()}")
    return seconds


def median_of(args: Sequence[str], output: Path | None, repeat: int) -> float:
    return statistics.median(run_once(args, output) for _ in range(repeat))


def biggest_local_n(budget: float, scratch: Path) -> tuple[int, float]:
    """The biggest N (to 2 significant steps) local search solves and writes within budget."""

    def seconds(n: int) -> float:
        args = ["solve", str(n), "--method", "local", "--seed", "1", "--format", "list"]
        return run_once(args, scratch)

    best, best_time = 0, 0.0
    n = 1_000_000
    while True:
        took = seconds(n)
        if took > budget:
            break
        best, best_time = n, took
        n *= 2
    step = (n - best) // 2
    while step >= max(best // 8, 250_000):
        candidate = best + step
        took = seconds(candidate)
        if took <= budget:
            best, best_time = candidate, took
        step //= 2
    return best, best_time


def engine() -> str:
    from queens.engines.anyn import local

    return "compiled C" if local.compiled_available() else "pure-Python fallback"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds for the biggest N")
    parser.add_argument("--quick", action="store_true", help="skip 10^7 and the biggest-N search")
    args = parser.parse_args(argv)
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.txt"
        placement = Path(tmp) / "local.txt"

        def measure(label: str, command: list[str], target: Path | None = out) -> None:
            seconds = median_of(command, target, args.repeat)
            rows.append((label, f"{seconds:.2f} s"))
            print(f"  {label}: {seconds:.2f} s", file=sys.stderr)

        def construct(n: str) -> list[str]:
            return ["solve", n, "--method", "construct", "--format", "list"]

        measure("construct N = 10^6, list to a file", construct("1000000"))
        if not args.quick:
            measure("construct N = 10^7, list to a file", construct("10000000"))
        local = ["solve", "1000000", "--method", "local", "--seed", "1", "--format", "list"]
        measure("local search N = 10^6, list to a file", local, placement)
        measure("check N = 10^6 (the local search output)", ["check", str(placement)], None)
        superqueens = [*local, "--rule", "superqueen"]
        measure("local search superqueens N = 10^6, list to a file", superqueens, placement)
        check = ["check", str(placement), "--rule", "superqueen"]
        measure("check --rule superqueen N = 10^6 (that output)", check, None)
        if not args.quick:
            n, seconds = biggest_local_n(args.budget, out)
            rows.append(
                (
                    f"biggest local search N within {args.budget:g} s (one run each)",
                    f"N = {n:,} in {seconds:.2f} s",
                )
            )
    print(
        f"Any N, whole processes, median of {args.repeat} runs; local search engine: {engine()}; "
        f"{os.cpu_count()} CPUs"
    )
    print()
    print("| measurement | time |")
    print("|---|---|")
    for label, value in rows:
        print(f"| {label} | {value} |")


if __name__ == "__main__":
    main()
